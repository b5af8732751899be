DROP INDEX "romaneio_itens_romaneio_idx";--> statement-breakpoint
CREATE INDEX "romaneio_itens_romaneio_idx" ON "romaneio_itens" USING btree ("romaneio_id","produto_id");
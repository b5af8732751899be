DROP INDEX "romaneio_itens_romaneio_idx";--> statement-breakpoint
CREATE INDEX "boletim_itens_fim_colheita_idx" ON "boletim_itens" USING btree ("fim_colheita","boletim_id");--> statement-breakpoint
CREATE INDEX "romaneio_itens_romaneio_idx" ON "romaneio_itens" USING btree ("romaneio_id","produto_id");
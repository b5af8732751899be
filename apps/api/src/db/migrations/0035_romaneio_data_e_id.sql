DROP INDEX "romaneio_data_idx";--> statement-breakpoint
CREATE INDEX "romaneio_data_idx" ON "romaneio" USING btree ("data_emissao","id");
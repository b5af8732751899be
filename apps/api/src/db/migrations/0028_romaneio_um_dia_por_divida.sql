ALTER TABLE "romaneio_divida" ADD COLUMN "datas" date[];--> statement-breakpoint
ALTER TABLE "romaneio" ADD CONSTRAINT "romaneio_divida_data_uq" UNIQUE("divida","data_emissao");--> statement-breakpoint
UPDATE "romaneio_divida" d SET "datas" = (SELECT array_agg(r."data_emissao" ORDER BY r."data_emissao") FROM "romaneio" r WHERE r."divida" = d."divida");

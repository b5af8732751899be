CREATE TABLE "cotacao" (
	"id" serial PRIMARY KEY NOT NULL,
	"pessoa_id" integer NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cotacao" ADD CONSTRAINT "cotacao_pessoa_id_pessoa_id_fk" FOREIGN KEY ("pessoa_id") REFERENCES "public"."pessoa"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cotacao_pessoa_idx" ON "cotacao" USING btree ("pessoa_id");--> statement-breakpoint
CREATE TABLE "romaneio_divida" (
	"divida" bigint PRIMARY KEY NOT NULL
);
--> statement-breakpoint
-- Romaneios saved before this migration: each debt they hold becomes a batch.
INSERT INTO "romaneio_divida" ("divida") SELECT DISTINCT "divida" FROM "romaneio";--> statement-breakpoint
ALTER TABLE "romaneio" ADD CONSTRAINT "romaneio_divida_romaneio_divida_divida_fk" FOREIGN KEY ("divida") REFERENCES "public"."romaneio_divida"("divida") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "romaneio" DROP COLUMN "lote";--> statement-breakpoint
ALTER TABLE "romaneio" ADD CONSTRAINT "romaneio_id_data_uq" UNIQUE("id","data_emissao");--> statement-breakpoint
ALTER TABLE "romaneio_pedras" DROP CONSTRAINT "romaneio_pedras_romaneio_id_romaneio_id_fk";--> statement-breakpoint
ALTER TABLE "romaneio_pedras" ADD CONSTRAINT "romaneio_pedras_romaneio_data_fk" FOREIGN KEY ("romaneio_id","data") REFERENCES "public"."romaneio"("id","data_emissao") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "romaneio_pessoa_idx" ON "romaneio" USING btree ("pessoa_id");--> statement-breakpoint
CREATE INDEX "romaneio_pedras_romaneio_idx" ON "romaneio_pedras" USING btree ("romaneio_id");--> statement-breakpoint
CREATE INDEX "romaneio_pedras_data_idx" ON "romaneio_pedras" USING btree ("data");--> statement-breakpoint
CREATE INDEX "loja_data_idx" ON "loja" USING btree ("data_emissao");--> statement-breakpoint
CREATE INDEX "loja_lojista_idx" ON "loja" USING btree ("lojista_id");--> statement-breakpoint
ALTER TABLE "loja_itens" ADD CONSTRAINT "loja_itens_quantidade_ck" CHECK ("loja_itens"."quantidade" > 0 AND "loja_itens"."quantidade" <= 10000);--> statement-breakpoint
ALTER TABLE "romaneio_itens" ADD CONSTRAINT "romaneio_itens_quantidade_ck" CHECK ("romaneio_itens"."quantidade" > 0 AND "romaneio_itens"."quantidade" <= 10000);

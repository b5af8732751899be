CREATE TABLE "romaneio_nfe" (
	"id" serial PRIMARY KEY NOT NULL,
	"romaneio_id" integer NOT NULL,
	"chave" varchar(44) NOT NULL,
	"emitente_confere" boolean NOT NULL,
	CONSTRAINT "romaneio_nfe_chave_uq" UNIQUE("chave"),
	CONSTRAINT "romaneio_nfe_chave_ck" CHECK ("romaneio_nfe"."chave" ~ '^[0-9]{44}$')
);
--> statement-breakpoint
ALTER TABLE "romaneio_nfe" ADD CONSTRAINT "romaneio_nfe_romaneio_id_romaneio_id_fk" FOREIGN KEY ("romaneio_id") REFERENCES "public"."romaneio"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "romaneio_nfe_romaneio_idx" ON "romaneio_nfe" USING btree ("romaneio_id");
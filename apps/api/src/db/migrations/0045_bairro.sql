CREATE TABLE "bairro" (
	"id" serial PRIMARY KEY NOT NULL,
	"versao" integer DEFAULT 1 NOT NULL,
	"nome" varchar(200) NOT NULL,
	"municipio_id" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bairro" ADD CONSTRAINT "bairro_municipio_id_municipio_id_fk" FOREIGN KEY ("municipio_id") REFERENCES "public"."municipio"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bairro_nome_municipio_uq" ON "bairro" USING btree ("nome","municipio_id");
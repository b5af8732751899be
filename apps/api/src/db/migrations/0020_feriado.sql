CREATE TABLE "feriado" (
	"id" serial PRIMARY KEY NOT NULL,
	"versao" integer DEFAULT 1 NOT NULL,
	"data" date NOT NULL,
	"nome" varchar(200) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "feriado_data_uq" ON "feriado" USING btree ("data");
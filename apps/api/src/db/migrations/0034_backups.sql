CREATE TABLE "backups" (
	"id" serial PRIMARY KEY NOT NULL,
	"agendado_para" timestamp with time zone NOT NULL,
	"servidor" text NOT NULL,
	"inicio" timestamp with time zone DEFAULT now() NOT NULL,
	"fim" timestamp with time zone,
	"arquivo" text,
	"bytes" bigint,
	"erro" text
);
--> statement-breakpoint
CREATE UNIQUE INDEX "backups_agendado_para_uq" ON "backups" USING btree ("agendado_para");
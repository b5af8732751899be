CREATE TABLE "registros_por_endereco" (
	"id" serial PRIMARY KEY NOT NULL,
	"endereco" text NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "registros_por_endereco_idx" ON "registros_por_endereco" USING btree ("endereco","criado_em");
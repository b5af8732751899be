CREATE TABLE "segredos" (
	"nome" text PRIMARY KEY NOT NULL,
	"valor" jsonb NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL
);

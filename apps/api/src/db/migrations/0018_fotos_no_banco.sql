CREATE TABLE "foto_pessoa" (
	"nome" varchar(40) PRIMARY KEY NOT NULL,
	"dados" "bytea" NOT NULL,
	"alterada_em" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "foto_pessoa_nome_ck" CHECK ("foto_pessoa"."nome" ~ '^[0-9]{1,30}\.png$')
);

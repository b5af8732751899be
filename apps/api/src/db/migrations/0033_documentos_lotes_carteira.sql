CREATE TABLE "loja_item_lotes" (
	"id" serial PRIMARY KEY NOT NULL,
	"loja_item_id" integer NOT NULL,
	"romaneio_item_id" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "foto_pessoa" DROP CONSTRAINT "foto_pessoa_nome_ck";--> statement-breakpoint
DROP INDEX "pessoa_cpfcnpj_uq";--> statement-breakpoint
-- Documents are kept bare and upper case (decision 0180): '123.456.789-09' → '12345678909', '12.abc.345/01de-35' → '12ABC34501DE35'.
-- The old unique index compared digits only, so no two rows become equal here.
UPDATE "pessoa" SET "cpfcnpj" = upper(regexp_replace("cpfcnpj", '[^0-9A-Za-z]', '', 'g'))
  WHERE "cpfcnpj" <> upper(regexp_replace("cpfcnpj", '[^0-9A-Za-z]', '', 'g')) AND length(regexp_replace("cpfcnpj", '[^0-9A-Za-z]', '', 'g')) >= 11;--> statement-breakpoint
ALTER TABLE "pessoa" ADD COLUMN "carteira_valida_ate" date;--> statement-breakpoint
ALTER TABLE "loja_item_lotes" ADD CONSTRAINT "loja_item_lotes_loja_item_id_loja_itens_id_fk" FOREIGN KEY ("loja_item_id") REFERENCES "public"."loja_itens"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loja_item_lotes" ADD CONSTRAINT "loja_item_lotes_romaneio_item_id_romaneio_itens_id_fk" FOREIGN KEY ("romaneio_item_id") REFERENCES "public"."romaneio_itens"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "loja_item_lotes_uq" ON "loja_item_lotes" USING btree ("loja_item_id","romaneio_item_id");--> statement-breakpoint
CREATE INDEX "loja_item_lotes_romaneio_item_idx" ON "loja_item_lotes" USING btree ("romaneio_item_id");--> statement-breakpoint
CREATE INDEX "pessoa_carteira_idx" ON "pessoa" USING btree ("carteira_valida_ate");--> statement-breakpoint
CREATE UNIQUE INDEX "pessoa_cpfcnpj_uq" ON "pessoa" USING btree (upper(regexp_replace("cpfcnpj", '[^0-9A-Za-z]', '', 'g')));--> statement-breakpoint
ALTER TABLE "foto_pessoa" ADD CONSTRAINT "foto_pessoa_nome_ck" CHECK ("foto_pessoa"."nome" ~ '^[0-9A-Z]{1,30}\.png$');--> statement-breakpoint
-- Check digit of a CPF (weights n+1 … 2) or a CNPJ (weights 2 … 9 from the right, cycling), module 11 over each
-- character's ASCII code minus 48: the same rule as cpf-cnpj-validator in packages/shared/src/documento.ts, for the
-- list filter 'Documento inválido' on /pessoa (decision 0180).
CREATE OR REPLACE FUNCTION documento_dv(s text, cnpj boolean) RETURNS integer LANGUAGE sql IMMUTABLE STRICT AS $$
  SELECT CASE WHEN r < 2 THEN 0 ELSE 11 - r END FROM (
    SELECT (sum((ascii(substr(s, i, 1)) - 48) * CASE WHEN cnpj THEN 2 + ((length(s) - i) % 8) ELSE length(s) + 2 - i END) % 11)::int AS r
    FROM generate_series(1, length(s)) AS i) x
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION documento_valido(doc text) RETURNS boolean LANGUAGE sql IMMUTABLE STRICT AS $$
  SELECT CASE
    WHEN d ~ '^[0-9]{11}$' THEN d !~ '^(.)\1*$' AND d <> '12345678909'
      AND documento_dv(left(d, 9), false) = substr(d, 10, 1)::int AND documento_dv(left(d, 10), false) = substr(d, 11, 1)::int
    WHEN d ~ '^[0-9A-Z]{12}[0-9]{2}$' THEN d !~ '^(.)\1*$'
      AND documento_dv(left(d, 12), true) = substr(d, 13, 1)::int AND documento_dv(left(d, 13), true) = substr(d, 14, 1)::int
    ELSE false END
  FROM (SELECT upper(regexp_replace(doc, '[^0-9A-Za-z]', '', 'g')) AS d) x
$$;
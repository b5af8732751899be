-- Custom SQL migration (drizzle-kit generate --custom). A "contains" filter on a number (a price's
-- code or value, a quotation's values) of one to three characters ("1", "12", ",5", "777") matches
-- many rows, so counting its matches for the page total meant reading every row (~150,000 prices)
-- or hundreds scattered over the table. These counts are kept here instead: for each table and
-- column, how many rows' text (the column ::text, as the filter reads it) contains each piece of
-- one to three characters. Longer pieces are rare and are counted through the trigram indexes. Only the triggers below write this table; the
-- application only reads it (like precos_resumo_total, not in the Drizzle schema).
CREATE TABLE contagem_trecho (
  tabela text NOT NULL,
  campo text NOT NULL,
  trecho text NOT NULL,
  total bigint NOT NULL,
  PRIMARY KEY (tabela, campo, trecho)
);
--> statement-breakpoint
-- The distinct pieces of one to three characters of a text (none for NULL).
CREATE OR REPLACE FUNCTION trechos_curtos(texto text) RETURNS SETOF text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT DISTINCT substr(texto, i, n)
  FROM generate_series(1, length(texto)) AS i, (VALUES (1), (2), (3)) AS v(n)
  WHERE i + n - 1 <= length(texto)
$$;
--> statement-breakpoint
-- Adds `sinal` (1 or -1) for each row given as (campo, texto) to the table's counts, grouped, so
-- one statement touches each count once, in key order (writers of precos and precos_resumo already
-- run one at a time: see precos_resumo_atualizar).
CREATE OR REPLACE FUNCTION contagem_trecho_somar(nome_tabela text, campos text[], textos text[], sinal int) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO contagem_trecho AS c (tabela, campo, trecho, total)
  SELECT nome_tabela, x.campo, t.trecho, sinal * count(*)
  FROM unnest(campos, textos) AS x(campo, texto), trechos_curtos(x.texto) AS t(trecho)
  GROUP BY x.campo, t.trecho
  ORDER BY x.campo, t.trecho
  ON CONFLICT (tabela, campo, trecho) DO UPDATE SET total = c.total + excluded.total
$$;
--> statement-breakpoint
-- precos: code and value. Statement triggers with transition tables, so a bulk insert counts once.
CREATE OR REPLACE FUNCTION contagem_trecho_precos_trg() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  campos text[];
  textos text[];
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    SELECT array_agg(c.campo), array_agg(c.texto) INTO campos, textos
    FROM antigos a, LATERAL (VALUES ('id', a.id::text), ('valor', a.valor::text)) AS c(campo, texto);
    PERFORM contagem_trecho_somar(TG_TABLE_NAME, campos, textos, -1);
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    SELECT array_agg(c.campo), array_agg(c.texto) INTO campos, textos
    FROM novos n, LATERAL (VALUES ('id', n.id::text), ('valor', n.valor::text)) AS c(campo, texto);
    PERFORM contagem_trecho_somar(TG_TABLE_NAME, campos, textos, 1);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- precos_resumo: the quotation's six values, named as the API's fields.
CREATE OR REPLACE FUNCTION contagem_trecho_resumo_trg() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  campos text[];
  textos text[];
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    SELECT array_agg(c.campo), array_agg(c.texto) INTO campos, textos
    FROM antigos a, LATERAL (VALUES ('valorMinimo', a.valor_minimo::text), ('valorMedio', a.valor_medio::text),
      ('valorMaximo', a.valor_maximo::text), ('valorKgMinimo', a.valor_kg_minimo::text), ('valorKgMedio', a.valor_kg_medio::text),
      ('valorKgMaximo', a.valor_kg_maximo::text)) AS c(campo, texto);
    PERFORM contagem_trecho_somar(TG_TABLE_NAME, campos, textos, -1);
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    SELECT array_agg(c.campo), array_agg(c.texto) INTO campos, textos
    FROM novos n, LATERAL (VALUES ('valorMinimo', n.valor_minimo::text), ('valorMedio', n.valor_medio::text),
      ('valorMaximo', n.valor_maximo::text), ('valorKgMinimo', n.valor_kg_minimo::text), ('valorKgMedio', n.valor_kg_medio::text),
      ('valorKgMaximo', n.valor_kg_maximo::text)) AS c(campo, texto);
    PERFORM contagem_trecho_somar(TG_TABLE_NAME, campos, textos, 1);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION contagem_trecho_truncate_trg() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM contagem_trecho WHERE tabela = TG_TABLE_NAME;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER contagem_trecho_ins AFTER INSERT ON precos REFERENCING NEW TABLE AS novos
  FOR EACH STATEMENT EXECUTE FUNCTION contagem_trecho_precos_trg();
--> statement-breakpoint
CREATE TRIGGER contagem_trecho_upd AFTER UPDATE ON precos REFERENCING OLD TABLE AS antigos NEW TABLE AS novos
  FOR EACH STATEMENT EXECUTE FUNCTION contagem_trecho_precos_trg();
--> statement-breakpoint
CREATE TRIGGER contagem_trecho_del AFTER DELETE ON precos REFERENCING OLD TABLE AS antigos
  FOR EACH STATEMENT EXECUTE FUNCTION contagem_trecho_precos_trg();
--> statement-breakpoint
CREATE TRIGGER contagem_trecho_trunc AFTER TRUNCATE ON precos
  FOR EACH STATEMENT EXECUTE FUNCTION contagem_trecho_truncate_trg();
--> statement-breakpoint
CREATE TRIGGER contagem_trecho_ins AFTER INSERT ON precos_resumo REFERENCING NEW TABLE AS novos
  FOR EACH STATEMENT EXECUTE FUNCTION contagem_trecho_resumo_trg();
--> statement-breakpoint
CREATE TRIGGER contagem_trecho_upd AFTER UPDATE ON precos_resumo REFERENCING OLD TABLE AS antigos NEW TABLE AS novos
  FOR EACH STATEMENT EXECUTE FUNCTION contagem_trecho_resumo_trg();
--> statement-breakpoint
CREATE TRIGGER contagem_trecho_del AFTER DELETE ON precos_resumo REFERENCING OLD TABLE AS antigos
  FOR EACH STATEMENT EXECUTE FUNCTION contagem_trecho_resumo_trg();
--> statement-breakpoint
CREATE TRIGGER contagem_trecho_trunc AFTER TRUNCATE ON precos_resumo
  FOR EACH STATEMENT EXECUTE FUNCTION contagem_trecho_truncate_trg();
--> statement-breakpoint
-- The rows already there.
INSERT INTO contagem_trecho (tabela, campo, trecho, total)
SELECT 'precos', c.campo, t.trecho, count(*)
FROM precos p, LATERAL (VALUES ('id', p.id::text), ('valor', p.valor::text)) AS c(campo, texto), trechos_curtos(c.texto) AS t(trecho)
GROUP BY c.campo, t.trecho;
--> statement-breakpoint
INSERT INTO contagem_trecho (tabela, campo, trecho, total)
SELECT 'precos_resumo', c.campo, t.trecho, count(*)
FROM precos_resumo r, LATERAL (VALUES ('valorMinimo', r.valor_minimo::text), ('valorMedio', r.valor_medio::text),
  ('valorMaximo', r.valor_maximo::text), ('valorKgMinimo', r.valor_kg_minimo::text), ('valorKgMedio', r.valor_kg_medio::text),
  ('valorKgMaximo', r.valor_kg_maximo::text)) AS c(campo, texto), trechos_curtos(c.texto) AS t(trecho)
GROUP BY c.campo, t.trecho;

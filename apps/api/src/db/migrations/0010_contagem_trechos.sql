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
-- The columns counted, once: each (table, API field name, column).
CREATE TABLE contagem_trecho_campo (
  tabela text NOT NULL,
  campo text NOT NULL,
  coluna text NOT NULL,
  PRIMARY KEY (tabela, campo)
);
--> statement-breakpoint
INSERT INTO contagem_trecho_campo (tabela, campo, coluna) VALUES
  ('precos', 'id', 'id'), ('precos', 'valor', 'valor'),
  ('precos_resumo', 'valorMinimo', 'valor_minimo'), ('precos_resumo', 'valorMedio', 'valor_medio'),
  ('precos_resumo', 'valorMaximo', 'valor_maximo'), ('precos_resumo', 'valorKgMinimo', 'valor_kg_minimo'),
  ('precos_resumo', 'valorKgMedio', 'valor_kg_medio'), ('precos_resumo', 'valorKgMaximo', 'valor_kg_maximo');
--> statement-breakpoint
-- The query giving, for the rows of `relacao` (the table, or a trigger's transition table), the
-- arrays of (field, column as text) of `nome_tabela`'s counted columns.
CREATE OR REPLACE FUNCTION contagem_trecho_textos(relacao text, nome_tabela text) RETURNS text
LANGUAGE sql STABLE AS $$
  SELECT format('SELECT array_agg(c.campo), array_agg(c.texto) FROM %I AS r, LATERAL (VALUES %s) AS c(campo, texto)',
    relacao, string_agg(format('(%L, r.%I::text)', campo, coluna), ', ' ORDER BY campo))
  FROM contagem_trecho_campo WHERE tabela = nome_tabela
$$;
--> statement-breakpoint
-- Statement triggers with transition tables, so a bulk insert counts once.
CREATE OR REPLACE FUNCTION contagem_trecho_trg() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  campos text[];
  textos text[];
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    EXECUTE contagem_trecho_textos('antigos', TG_TABLE_NAME) INTO campos, textos;
    PERFORM contagem_trecho_somar(TG_TABLE_NAME, campos, textos, -1);
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    EXECUTE contagem_trecho_textos('novos', TG_TABLE_NAME) INTO campos, textos;
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
  FOR EACH STATEMENT EXECUTE FUNCTION contagem_trecho_trg();
--> statement-breakpoint
CREATE TRIGGER contagem_trecho_upd AFTER UPDATE ON precos REFERENCING OLD TABLE AS antigos NEW TABLE AS novos
  FOR EACH STATEMENT EXECUTE FUNCTION contagem_trecho_trg();
--> statement-breakpoint
CREATE TRIGGER contagem_trecho_del AFTER DELETE ON precos REFERENCING OLD TABLE AS antigos
  FOR EACH STATEMENT EXECUTE FUNCTION contagem_trecho_trg();
--> statement-breakpoint
CREATE TRIGGER contagem_trecho_trunc AFTER TRUNCATE ON precos
  FOR EACH STATEMENT EXECUTE FUNCTION contagem_trecho_truncate_trg();
--> statement-breakpoint
CREATE TRIGGER contagem_trecho_ins AFTER INSERT ON precos_resumo REFERENCING NEW TABLE AS novos
  FOR EACH STATEMENT EXECUTE FUNCTION contagem_trecho_trg();
--> statement-breakpoint
CREATE TRIGGER contagem_trecho_upd AFTER UPDATE ON precos_resumo REFERENCING OLD TABLE AS antigos NEW TABLE AS novos
  FOR EACH STATEMENT EXECUTE FUNCTION contagem_trecho_trg();
--> statement-breakpoint
CREATE TRIGGER contagem_trecho_del AFTER DELETE ON precos_resumo REFERENCING OLD TABLE AS antigos
  FOR EACH STATEMENT EXECUTE FUNCTION contagem_trecho_trg();
--> statement-breakpoint
CREATE TRIGGER contagem_trecho_trunc AFTER TRUNCATE ON precos_resumo
  FOR EACH STATEMENT EXECUTE FUNCTION contagem_trecho_truncate_trg();
--> statement-breakpoint
-- The rows already there.
DO $$
DECLARE
  t text;
  campos text[];
  textos text[];
BEGIN
  FOR t IN SELECT DISTINCT tabela FROM contagem_trecho_campo LOOP
    EXECUTE contagem_trecho_textos(t, t) INTO campos, textos;
    PERFORM contagem_trecho_somar(t, campos, textos, 1);
  END LOOP;
END $$;

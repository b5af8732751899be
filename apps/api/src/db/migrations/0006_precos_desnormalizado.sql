-- Custom SQL migration (drizzle-kit generate --custom). The price list and the public quotation
-- read ONE table each, with no join, so every page is a single indexed scan (bench/run.ts):
--   * precos carries a copy of its product's name, packaging, weight and group (id and name);
--   * precos_resumo carries its group's name and standard unit;
--   * precos_produto_total counts each product's prices, so a list filtered by product columns
--     (name, packaging, group) is counted from ~150 rows instead of ~150,000.
-- Only the triggers below write these columns and this table; the application only reads them
-- (they are deliberately not in the Drizzle schema, like precos_resumo_total).

ALTER TABLE precos
  ADD COLUMN produto_nome varchar(200),
  ADD COLUMN produto_embalagem varchar(200),
  ADD COLUMN produto_peso_em_kg numeric(12, 2),
  ADD COLUMN produto_grupo_id integer,
  ADD COLUMN produto_grupo_nome varchar(200);
--> statement-breakpoint
ALTER TABLE precos_resumo
  ADD COLUMN produto_grupo_nome varchar(200),
  ADD COLUMN produto_grupo_un varchar(200);
--> statement-breakpoint
-- A new price, or a price moved to another product: copy the product's columns (BEFORE, so the
-- row is written once). A missing product leaves them empty and the foreign key refuses the row.
CREATE OR REPLACE FUNCTION precos_produto_copiar_trg() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' OR NEW.produto_id IS DISTINCT FROM OLD.produto_id THEN
    SELECT pr.nome, pr.embalagem, pr.peso_em_kg, pr.produto_grupo_id, g.nome
      INTO NEW.produto_nome, NEW.produto_embalagem, NEW.produto_peso_em_kg, NEW.produto_grupo_id, NEW.produto_grupo_nome
      FROM produto pr JOIN produto_grupo g ON g.id = pr.produto_grupo_id
      WHERE pr.id = NEW.produto_id;
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER precos_produto_copiar BEFORE INSERT OR UPDATE ON precos
  FOR EACH ROW EXECUTE FUNCTION precos_produto_copiar_trg();
--> statement-breakpoint
-- A product renamed, repackaged, reweighed or moved to another group: its prices follow.
CREATE OR REPLACE FUNCTION precos_produto_propagar_trg() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE precos p
  SET produto_nome = NEW.nome, produto_embalagem = NEW.embalagem, produto_peso_em_kg = NEW.peso_em_kg,
      produto_grupo_id = NEW.produto_grupo_id,
      produto_grupo_nome = (SELECT g.nome FROM produto_grupo g WHERE g.id = NEW.produto_grupo_id)
  WHERE p.produto_id = NEW.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER precos_produto_propagar AFTER UPDATE OF nome, embalagem, peso_em_kg, produto_grupo_id ON produto
  FOR EACH ROW WHEN (OLD.nome IS DISTINCT FROM NEW.nome OR OLD.embalagem IS DISTINCT FROM NEW.embalagem
    OR OLD.peso_em_kg IS DISTINCT FROM NEW.peso_em_kg OR OLD.produto_grupo_id IS DISTINCT FROM NEW.produto_grupo_id)
  EXECUTE FUNCTION precos_produto_propagar_trg();
--> statement-breakpoint
-- A group renamed or with a new standard unit: its prices and its quotation rows follow.
CREATE OR REPLACE FUNCTION precos_grupo_propagar_trg() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE precos SET produto_grupo_nome = NEW.nome
  WHERE produto_grupo_id = NEW.id AND produto_grupo_nome IS DISTINCT FROM NEW.nome;
  UPDATE precos_resumo SET produto_grupo_nome = NEW.nome, produto_grupo_un = NEW.un_padrao
  WHERE produto_grupo_id = NEW.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER precos_grupo_propagar AFTER UPDATE OF nome, un_padrao ON produto_grupo
  FOR EACH ROW WHEN (OLD.nome IS DISTINCT FROM NEW.nome OR OLD.un_padrao IS DISTINCT FROM NEW.un_padrao)
  EXECUTE FUNCTION precos_grupo_propagar_trg();
--> statement-breakpoint
-- The quotation's rows now carry the group's name and unit (the rest as in 0004).
CREATE OR REPLACE FUNCTION precos_resumo_atualizar(grupos integer[], datas date[]) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  linhas_antes bigint;
  precos_antes bigint;
  linhas_depois bigint;
  precos_depois bigint;
BEGIN
  IF grupos IS NULL OR cardinality(grupos) = 0 THEN
    RETURN;
  END IF;
  -- One writer at a time: each recomputation then sees the rows committed before it.
  PERFORM pg_advisory_xact_lock(hashtext('precos_resumo'));
  WITH apagadas AS (
    DELETE FROM precos_resumo r USING unnest(grupos, datas) AS k(g, d)
    WHERE r.produto_grupo_id = k.g AND r.data = k.d
    RETURNING r.quantidade)
  SELECT count(*), coalesce(sum(quantidade), 0) INTO linhas_antes, precos_antes FROM apagadas;
  WITH novas AS (
    INSERT INTO precos_resumo (produto_grupo_id, data, quantidade, valor_minimo, valor_medio, valor_maximo,
                               valor_kg_minimo, valor_kg_medio, valor_kg_maximo, produto_grupo_nome, produto_grupo_un)
    SELECT s.*, g.nome, g.un_padrao
    FROM (
      SELECT pr.produto_grupo_id, p.data, count(*),
             round(min(p.valor), 2), round(avg(p.valor), 2), round(max(p.valor), 2),
             round(min(p.valor / pr.peso_em_kg), 2), round(avg(p.valor / pr.peso_em_kg), 2), round(max(p.valor / pr.peso_em_kg), 2)
      FROM precos p JOIN produto pr ON pr.id = p.produto_id
      WHERE p.data IN (SELECT DISTINCT k.d FROM unnest(datas) AS k(d))
        AND (pr.produto_grupo_id, p.data) IN (SELECT k.g, k.d FROM unnest(grupos, datas) AS k(g, d))
      GROUP BY pr.produto_grupo_id, p.data) s
    JOIN produto_grupo g ON g.id = s.produto_grupo_id
    RETURNING quantidade)
  SELECT count(*), coalesce(sum(quantidade), 0) INTO linhas_depois, precos_depois FROM novas;
  UPDATE precos_resumo_total
  SET linhas = linhas - linhas_antes + linhas_depois, precos = precos - precos_antes + precos_depois;
END $$;
--> statement-breakpoint
-- An UPDATE of precos recomputes the quotation only for rows whose value, date or product
-- changed (the copies above update precos without touching any of them).
CREATE OR REPLACE FUNCTION precos_resumo_precos_trg() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  gs integer[];
  ds date[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(g), array_agg(d) INTO gs, ds FROM (
      SELECT DISTINCT pr.produto_grupo_id AS g, n.data AS d FROM novos n JOIN produto pr ON pr.id = n.produto_id) k;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(g), array_agg(d) INTO gs, ds FROM (
      SELECT DISTINCT pr.produto_grupo_id AS g, a.data AS d FROM antigos a JOIN produto pr ON pr.id = a.produto_id) k;
  ELSE
    SELECT array_agg(g), array_agg(d) INTO gs, ds FROM (
      SELECT pr.produto_grupo_id AS g, x.data AS d
      FROM novos n JOIN antigos a ON a.id = n.id
      CROSS JOIN LATERAL (VALUES (n.produto_id, n.data), (a.produto_id, a.data)) AS x(produto_id, data)
      JOIN produto pr ON pr.id = x.produto_id
      WHERE (n.valor, n.data, n.produto_id) IS DISTINCT FROM (a.valor, a.data, a.produto_id)
      UNION
      -- rows whose id changed (never done by the application) count as deleted and inserted
      SELECT pr.produto_grupo_id, n.data FROM novos n JOIN produto pr ON pr.id = n.produto_id
      WHERE NOT EXISTS (SELECT 1 FROM antigos a WHERE a.id = n.id)
      UNION
      SELECT pr.produto_grupo_id, a.data FROM antigos a JOIN produto pr ON pr.id = a.produto_id
      WHERE NOT EXISTS (SELECT 1 FROM novos n WHERE n.id = a.id)) k;
  END IF;
  PERFORM precos_resumo_atualizar(gs, ds);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TABLE precos_produto_total (
  produto_id integer PRIMARY KEY REFERENCES produto(id) ON DELETE CASCADE,
  precos bigint NOT NULL DEFAULT 0
);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION precos_produto_total_trg() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  -- The quotation's writers' lock: concurrent writers never take product rows in opposite orders.
  PERFORM pg_advisory_xact_lock(hashtext('precos_resumo'));
  IF TG_OP = 'INSERT' THEN
    INSERT INTO precos_produto_total AS t (produto_id, precos)
    SELECT produto_id, count(*) FROM novos GROUP BY produto_id
    ON CONFLICT (produto_id) DO UPDATE SET precos = t.precos + excluded.precos;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE precos_produto_total t SET precos = t.precos - a.n
    FROM (SELECT produto_id, count(*) AS n FROM antigos GROUP BY produto_id) a
    WHERE t.produto_id = a.produto_id;
  ELSE
    -- Only prices moved to another product (or whose id changed) change the counts.
    INSERT INTO precos_produto_total AS t (produto_id, precos)
    SELECT d.produto_id, sum(d.n) FROM (
      SELECT n.produto_id, 1 AS n FROM novos n LEFT JOIN antigos a ON a.id = n.id
      WHERE a.id IS NULL OR a.produto_id IS DISTINCT FROM n.produto_id
      UNION ALL
      SELECT a.produto_id, -1 FROM antigos a LEFT JOIN novos n ON n.id = a.id
      WHERE n.id IS NULL OR a.produto_id IS DISTINCT FROM n.produto_id) d
    GROUP BY d.produto_id
    ON CONFLICT (produto_id) DO UPDATE SET precos = t.precos + excluded.precos;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER precos_total_produto_ins AFTER INSERT ON precos REFERENCING NEW TABLE AS novos
  FOR EACH STATEMENT EXECUTE FUNCTION precos_produto_total_trg();
--> statement-breakpoint
CREATE TRIGGER precos_total_produto_upd AFTER UPDATE ON precos REFERENCING OLD TABLE AS antigos NEW TABLE AS novos
  FOR EACH STATEMENT EXECUTE FUNCTION precos_produto_total_trg();
--> statement-breakpoint
CREATE TRIGGER precos_total_produto_del AFTER DELETE ON precos REFERENCING OLD TABLE AS antigos
  FOR EACH STATEMENT EXECUTE FUNCTION precos_produto_total_trg();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION precos_resumo_truncate_trg() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM precos_resumo;
  UPDATE precos_resumo_total SET linhas = 0, precos = 0;
  DELETE FROM precos_produto_total;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- What already exists.
UPDATE precos p
SET produto_nome = pr.nome, produto_embalagem = pr.embalagem, produto_peso_em_kg = pr.peso_em_kg,
    produto_grupo_id = pr.produto_grupo_id, produto_grupo_nome = g.nome
FROM produto pr JOIN produto_grupo g ON g.id = pr.produto_grupo_id
WHERE pr.id = p.produto_id;
--> statement-breakpoint
UPDATE precos_resumo r SET produto_grupo_nome = g.nome, produto_grupo_un = g.un_padrao
FROM produto_grupo g WHERE g.id = r.produto_grupo_id;
--> statement-breakpoint
INSERT INTO precos_produto_total (produto_id, precos)
SELECT produto_id, count(*) FROM precos GROUP BY produto_id;
--> statement-breakpoint
-- The price list sorted by a product column (then id), filtered by group in date order, and
-- "contains" filters on the code and the value (trigram indexes answer LIKE '%…%').
CREATE INDEX precos_produto_nome_idx ON precos (produto_nome, id);
--> statement-breakpoint
CREATE INDEX precos_produto_embalagem_idx ON precos (produto_embalagem, id);
--> statement-breakpoint
CREATE INDEX precos_produto_grupo_nome_idx ON precos (produto_grupo_nome, id);
--> statement-breakpoint
CREATE INDEX precos_produto_grupo_data_idx ON precos (produto_grupo_id, data, id);
--> statement-breakpoint
CREATE INDEX precos_id_trgm_idx ON precos USING gin ((id::text) gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX precos_valor_trgm_idx ON precos USING gin ((valor::text) gin_trgm_ops);
--> statement-breakpoint
-- The quotation's default order (newest date, then group name) and its group columns' orders.
CREATE INDEX precos_resumo_padrao_idx ON precos_resumo (data DESC, produto_grupo_nome, produto_grupo_id);
--> statement-breakpoint
CREATE INDEX precos_resumo_grupo_nome_idx ON precos_resumo (produto_grupo_nome, produto_grupo_id, data DESC);
--> statement-breakpoint
CREATE INDEX precos_resumo_grupo_nome_desc_idx ON precos_resumo (produto_grupo_nome DESC, produto_grupo_id DESC, data DESC);
--> statement-breakpoint
CREATE INDEX precos_resumo_grupo_un_idx ON precos_resumo (produto_grupo_un, produto_grupo_id, data DESC);
--> statement-breakpoint
CREATE INDEX precos_resumo_grupo_un_desc_idx ON precos_resumo (produto_grupo_un DESC, produto_grupo_id DESC, data DESC);
--> statement-breakpoint
-- A list filtered by product columns is gathered product by product, each in the page's order.
CREATE INDEX precos_produto_valor_idx ON precos (produto_id, valor, id);
--> statement-breakpoint
-- "Contains" filters on the quotation's values.
CREATE INDEX precos_resumo_valores_trgm_idx ON precos_resumo USING gin (
  (valor_minimo::text) gin_trgm_ops, (valor_medio::text) gin_trgm_ops, (valor_maximo::text) gin_trgm_ops,
  (valor_kg_minimo::text) gin_trgm_ops, (valor_kg_medio::text) gin_trgm_ops, (valor_kg_maximo::text) gin_trgm_ops);

-- Custom SQL migration (drizzle-kit generate --custom): functions and triggers keep precos_resumo
-- (the table comes with 0002_precos_indices) in step with precos and produto.
-- The public quotation's aggregate (precos_resumo), kept by the database itself so every writer
-- (the API, seeds, bulk loads) keeps it right: one row per (product group, price date) with the
-- min/avg/max of that day's prices of the group's products, and the same per kg.
CREATE OR REPLACE FUNCTION precos_resumo_atualizar(grupos integer[], datas date[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF grupos IS NULL OR cardinality(grupos) = 0 THEN
    RETURN;
  END IF;
  -- One writer at a time: each recomputation then sees the rows committed before it.
  PERFORM pg_advisory_xact_lock(hashtext('precos_resumo'));
  DELETE FROM precos_resumo r USING unnest(grupos, datas) AS k(g, d) WHERE r.produto_grupo_id = k.g AND r.data = k.d;
  INSERT INTO precos_resumo (produto_grupo_id, data, quantidade, valor_minimo, valor_medio, valor_maximo, valor_kg_minimo, valor_kg_medio, valor_kg_maximo)
  SELECT pr.produto_grupo_id, p.data, count(*),
         round(min(p.valor), 2), round(avg(p.valor), 2), round(max(p.valor), 2),
         round(min(p.valor / pr.peso_em_kg), 2), round(avg(p.valor / pr.peso_em_kg), 2), round(max(p.valor / pr.peso_em_kg), 2)
  FROM precos p JOIN produto pr ON pr.id = p.produto_id
  WHERE p.data IN (SELECT DISTINCT k.d FROM unnest(datas) AS k(d))
    AND (pr.produto_grupo_id, p.data) IN (SELECT k.g, k.d FROM unnest(grupos, datas) AS k(g, d))
  GROUP BY pr.produto_grupo_id, p.data;
END $$;
--> statement-breakpoint
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
      SELECT pr.produto_grupo_id AS g, n.data AS d FROM novos n JOIN produto pr ON pr.id = n.produto_id
      UNION
      SELECT pr.produto_grupo_id, a.data FROM antigos a JOIN produto pr ON pr.id = a.produto_id) k;
  END IF;
  PERFORM precos_resumo_atualizar(gs, ds);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER precos_resumo_ins AFTER INSERT ON precos REFERENCING NEW TABLE AS novos
  FOR EACH STATEMENT EXECUTE FUNCTION precos_resumo_precos_trg();
--> statement-breakpoint
CREATE TRIGGER precos_resumo_upd AFTER UPDATE ON precos REFERENCING OLD TABLE AS antigos NEW TABLE AS novos
  FOR EACH STATEMENT EXECUTE FUNCTION precos_resumo_precos_trg();
--> statement-breakpoint
CREATE TRIGGER precos_resumo_del AFTER DELETE ON precos REFERENCING OLD TABLE AS antigos
  FOR EACH STATEMENT EXECUTE FUNCTION precos_resumo_precos_trg();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION precos_resumo_truncate_trg() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM precos_resumo;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER precos_resumo_trunc AFTER TRUNCATE ON precos
  FOR EACH STATEMENT EXECUTE FUNCTION precos_resumo_truncate_trg();
--> statement-breakpoint
-- A product moved to another group or with a new weight: its dates, in the old and the new group.
CREATE OR REPLACE FUNCTION precos_resumo_produto_trg() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  gs integer[];
  ds date[];
BEGIN
  SELECT array_agg(g), array_agg(d) INTO gs, ds FROM (
    SELECT DISTINCT x.g, p.data AS d
    FROM precos p CROSS JOIN (VALUES (OLD.produto_grupo_id), (NEW.produto_grupo_id)) AS x(g)
    WHERE p.produto_id = NEW.id) k;
  PERFORM precos_resumo_atualizar(gs, ds);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER precos_resumo_produto AFTER UPDATE OF produto_grupo_id, peso_em_kg ON produto
  FOR EACH ROW WHEN (OLD.produto_grupo_id IS DISTINCT FROM NEW.produto_grupo_id OR OLD.peso_em_kg IS DISTINCT FROM NEW.peso_em_kg)
  EXECUTE FUNCTION precos_resumo_produto_trg();
--> statement-breakpoint
-- Prices that already exist.
SELECT precos_resumo_atualizar(array_agg(g), array_agg(d))
FROM (SELECT DISTINCT pr.produto_grupo_id AS g, p.data AS d FROM precos p JOIN produto pr ON pr.id = p.produto_id) k;

-- Custom SQL migration (drizzle-kit generate --custom). The unfiltered public quotation and
-- price list need exact totals (paging) on every visit: a one-row counter kept by the same
-- triggers as precos_resumo (0003) answers them without counting ~15k / ~150k rows.
-- Internal to the triggers (not in the Drizzle schema); the application only reads it.
CREATE TABLE precos_resumo_total (
  unico boolean PRIMARY KEY DEFAULT true CHECK (unico),
  -- rows of precos_resumo (one per product group and price date)
  linhas bigint NOT NULL DEFAULT 0,
  -- rows of precos (the sum of precos_resumo.quantidade)
  precos bigint NOT NULL DEFAULT 0
);
--> statement-breakpoint
INSERT INTO precos_resumo_total (unico, linhas, precos)
SELECT true, count(*), coalesce(sum(quantidade), 0) FROM precos_resumo;
--> statement-breakpoint
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
    INSERT INTO precos_resumo (produto_grupo_id, data, quantidade, valor_minimo, valor_medio, valor_maximo, valor_kg_minimo, valor_kg_medio, valor_kg_maximo)
    SELECT pr.produto_grupo_id, p.data, count(*),
           round(min(p.valor), 2), round(avg(p.valor), 2), round(max(p.valor), 2),
           round(min(p.valor / pr.peso_em_kg), 2), round(avg(p.valor / pr.peso_em_kg), 2), round(max(p.valor / pr.peso_em_kg), 2)
    FROM precos p JOIN produto pr ON pr.id = p.produto_id
    WHERE p.data IN (SELECT DISTINCT k.d FROM unnest(datas) AS k(d))
      AND (pr.produto_grupo_id, p.data) IN (SELECT k.g, k.d FROM unnest(grupos, datas) AS k(g, d))
    GROUP BY pr.produto_grupo_id, p.data
    RETURNING quantidade)
  SELECT count(*), coalesce(sum(quantidade), 0) INTO linhas_depois, precos_depois FROM novas;
  UPDATE precos_resumo_total
  SET linhas = linhas - linhas_antes + linhas_depois, precos = precos - precos_antes + precos_depois;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION precos_resumo_truncate_trg() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM precos_resumo;
  UPDATE precos_resumo_total SET linhas = 0, precos = 0;
  RETURN NULL;
END $$;

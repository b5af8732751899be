-- Issue 28 point 2 (docs/decisions/0135-publicacao-da-cotacao.md): a price is a draft until published.
-- Every existing price is public (the automatic mode of SPEC.md), so the column defaults to true.
ALTER TABLE precos ADD COLUMN publicado boolean NOT NULL DEFAULT true;
--> statement-breakpoint
-- The day's drafts (few: one day's prices at most) are found by this small index, for 'Publicar cotação'.
CREATE INDEX precos_rascunho_idx ON precos (data) WHERE NOT publicado;
--> statement-breakpoint
-- The public quotation (precos_resumo, and everything public read from it) summarises published prices only.
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
      WHERE p.publicado
        AND p.data IN (SELECT DISTINCT k.d FROM unnest(datas) AS k(d))
        AND (pr.produto_grupo_id, p.data) IN (SELECT k.g, k.d FROM unnest(grupos, datas) AS k(g, d))
      GROUP BY pr.produto_grupo_id, p.data) s
    JOIN produto_grupo g ON g.id = s.produto_grupo_id
    RETURNING quantidade)
  SELECT count(*), coalesce(sum(quantidade), 0) INTO linhas_depois, precos_depois FROM novas;
  UPDATE precos_resumo_total
  SET linhas = linhas - linhas_antes + linhas_depois, precos = precos - precos_antes + precos_depois;
END $$;
--> statement-breakpoint
-- An UPDATE of precos recomputes the quotation for rows whose value, date, product or publication changed.
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
      WHERE (n.valor, n.data, n.produto_id, n.publicado) IS DISTINCT FROM (a.valor, a.data, a.produto_id, a.publicado)
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

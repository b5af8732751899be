import { sql } from 'drizzle-orm';
import type { CotacaoAbertaLinha, MovimentoAbertoLinha } from '@ceasa/shared';
import type { Db } from '../../db/client';
import { chaveDeOrdem } from '../../lib/list';

/** The open data files (decision 0109), read from the tables on every call: never a stale copy. */
export function dadosAbertosRepository(db: Db) {
  return {
    /**
     * One day's quotation per product group: the public quotation's rows (precos_resumo, kept by the
     * database's triggers on every price and product write, so a new or changed price is in the next answer).
     */
    async cotacao(data: string): Promise<CotacaoAbertaLinha[]> {
      const r = await db.execute(sql`
        SELECT r.produto_grupo_id AS "produtoGrupoId", r.produto_grupo_nome AS "produtoGrupoNome", r.produto_grupo_un AS "produtoGrupoUn",
          r.valor_minimo::float8 AS "valorMinimo", r.valor_medio::float8 AS "valorMedio", r.valor_maximo::float8 AS "valorMaximo",
          r.data::text AS "precoData", r.valor_kg_minimo::float8 AS "valorKgMinimo", r.valor_kg_medio::float8 AS "valorKgMedio",
          r.valor_kg_maximo::float8 AS "valorKgMaximo"
        FROM precos_resumo r
        WHERE r.data = ${data}::date
        ORDER BY ${chaveDeOrdem(sql`r.produto_grupo_nome`)}, r.produto_grupo_id`);
      return r.rows as CotacaoAbertaLinha[];
    },

    /**
     * One month's arrivals (`mes` 'yyyy-mm') by product and municipality of origin, as the VAF counts
     * them: romaneio items (origin: their bulletin's property's municipality, none without a bulletin
     * item) and shop sheet items (their own municipality); kg = packages × pesoEmKg; beside them the
     * minimum, average and maximum of the month's published prices of the product's group (null when none).
     */
    async movimento(mes: string): Promise<MovimentoAbertoLinha[]> {
      const inicio = `${mes}-01`;
      const r = await db.execute(sql`
        WITH movimento AS (
          SELECT ri.produto_id, pp.municipio_id, ri.quantidade
          FROM romaneio ro
          JOIN romaneio_itens ri ON ri.romaneio_id = ro.id
          LEFT JOIN boletim_itens bi ON bi.id = ri.boletim_itens_id
          LEFT JOIN boletim b ON b.id = bi.boletim_id
          LEFT JOIN propriedade pp ON pp.id = b.propriedade_id
          WHERE ro.data_emissao >= ${inicio}::date AND ro.data_emissao < ${inicio}::date + interval '1 month'
          UNION ALL
          SELECT li.produto_id, li.municipio_id, li.quantidade
          FROM loja l
          JOIN loja_itens li ON li.loja_id = l.id
          WHERE l.data_emissao >= ${inicio}::date AND l.data_emissao < ${inicio}::date + interval '1 month'
        ),
        precos_do_mes AS (
          SELECT pr.produto_grupo_id, min(p.valor) AS minimo, round(avg(p.valor), 2) AS medio, max(p.valor) AS maximo
          FROM precos p
          JOIN produto pr ON pr.id = p.produto_id
          WHERE p.data >= ${inicio}::date AND p.data < ${inicio}::date + interval '1 month' AND p.publicado
          GROUP BY pr.produto_grupo_id
        )
        SELECT ${mes} AS mes, pr.id AS "produtoId", pr.nome AS "produtoNome", g.nome AS "produtoGrupoNome", g.un_padrao AS "produtoGrupoUn",
          m.nome AS "municipioNome", m.sigla AS "municipioUf",
          sum(mv.quantidade)::float8 AS quantidade, round(sum(mv.quantidade * pr.peso_em_kg), 2)::float8 AS "quantidadeKg",
          pm.minimo::float8 AS "valorMinimo", pm.medio::float8 AS "valorMedio", pm.maximo::float8 AS "valorMaximo"
        FROM movimento mv
        JOIN produto pr ON pr.id = mv.produto_id
        JOIN produto_grupo g ON g.id = pr.produto_grupo_id
        LEFT JOIN municipio m ON m.id = mv.municipio_id
        LEFT JOIN precos_do_mes pm ON pm.produto_grupo_id = g.id
        GROUP BY pr.id, pr.nome, g.nome, g.un_padrao, m.id, m.nome, m.sigla, pm.minimo, pm.medio, pm.maximo
        ORDER BY ${chaveDeOrdem(sql`pr.nome`)}, pr.id, ${chaveDeOrdem(sql`m.nome`)} NULLS LAST, m.id`);
      return r.rows as MovimentoAbertoLinha[];
    },
  };
}

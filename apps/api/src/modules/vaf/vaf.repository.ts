import { sql } from 'drizzle-orm';
import type { VafRow } from '@ceasa/shared';
import type { Db } from '../../db/client';
import { chaveDeOrdem } from '../../lib/list';

/**
 * VAF over [dataInicial, dataFinal] (docs/produto/dados.md): per product and municipality of origin, the kg
 * that entered the market (quantity × pesoEmKg) and the product's average price in the period.
 * Origin: a romaneio item's bulletin property's municipality (null when the item has no bulletin
 * item); a loja item's own municipality.
 */
export function vafRepository(db: Db) {
  return {
    async relatorio(dataInicial: string, dataFinal: string): Promise<VafRow[]> {
      const r = await db.execute(sql`
        WITH itens AS (
          -- The period's romaneio items through their romaneios' ids (read from the items' index: a
          -- year's rows, however many years the table holds), summed per product and bulletin item first.
          SELECT ri.produto_id, ri.boletim_itens_id, sum(ri.quantidade) AS quantidade
          FROM romaneio_itens ri
          WHERE ri.romaneio_id = ANY(ARRAY(SELECT ro.id FROM romaneio ro WHERE ro.data_emissao BETWEEN ${dataInicial}::date AND ${dataFinal}::date))
          GROUP BY ri.produto_id, ri.boletim_itens_id
        ),
        movimento AS (
          SELECT i.produto_id, pp.municipio_id, i.quantidade
          FROM itens i
          LEFT JOIN boletim_itens bi ON bi.id = i.boletim_itens_id
          LEFT JOIN boletim b ON b.id = bi.boletim_id
          LEFT JOIN propriedade pp ON pp.id = b.propriedade_id
          UNION ALL
          SELECT li.produto_id, li.municipio_id, li.quantidade
          FROM loja_itens li
          WHERE li.loja_id = ANY(ARRAY(SELECT l.id FROM loja l WHERE l.data_emissao BETWEEN ${dataInicial}::date AND ${dataFinal}::date))
        ),
        preco_medio AS (
          SELECT p.produto_id, round(avg(p.valor), 2) AS valor
          FROM precos p
          WHERE p.data BETWEEN ${dataInicial}::date AND ${dataFinal}::date
            AND p.produto_id IN (SELECT produto_id FROM movimento)
          GROUP BY p.produto_id
        )
        SELECT pr.id, pr.nome, g.un_padrao AS "unPadrao", pm.valor::float8 AS "valorUn", m.nome AS municipio,
               round(sum(mv.quantidade * pr.peso_em_kg), 2)::float8 AS total
        FROM movimento mv
        JOIN produto pr ON pr.id = mv.produto_id
        JOIN produto_grupo g ON g.id = pr.produto_grupo_id
        LEFT JOIN municipio m ON m.id = mv.municipio_id
        LEFT JOIN preco_medio pm ON pm.produto_id = pr.id
        GROUP BY pr.id, pr.nome, g.un_padrao, pm.valor, m.id, m.nome
        ORDER BY ${chaveDeOrdem(sql`pr.nome`)}, pr.id, ${chaveDeOrdem(sql`m.nome`)} NULLS LAST, m.id`);
      return r.rows as VafRow[];
    },
  };
}

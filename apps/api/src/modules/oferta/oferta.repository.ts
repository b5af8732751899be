import { sql } from 'drizzle-orm';
import type { OfertaPrevisaoLinha } from '@ceasa/shared';
import type { Db } from '../../db/client';
import { chaveDeOrdem } from '../../lib/list';
import { comercializadaDoItem } from '../boletim/boletim.repository';

/**
 * The supply outlook (decision 0110), per product and week of `semanas` weeks from `inicio` (a Monday):
 * - previstoKg: for every bulletin item whose harvest window meets the period, its balance in kg
 *   (producaoEstimada minus what its romaneios sold, packages × pesoEmKg, never below 0) spread evenly
 *   over the days from the later of `inicio` and inicioColheita to fimColheita, the week getting the
 *   share of its days inside that span;
 * - chegadoAnoAnteriorKg: the kg that arrived in romaneios (packages × pesoEmKg) in the same week
 *   52 weeks earlier (Monday to Sunday, like the week it sits beside).
 * Every product with either figure gets a row for every week (0 where it has none).
 */
export async function previsaoDaOferta(db: Db, inicio: string, semanas: number): Promise<OfertaPrevisaoLinha[]> {
  const r = await db.execute(sql`
    WITH semanas AS (
      SELECT ${inicio}::date + 7 * k AS ini FROM generate_series(0, ${semanas}::int - 1) AS k
    ),
    itens AS (
      SELECT bi.produto_id, greatest(${inicio}::date, bi.inicio_colheita) AS de, bi.fim_colheita AS ate,
             greatest(bi.producao_estimada - ${comercializadaDoItem}, 0) AS saldo
      FROM boletim_itens bi
      WHERE bi.fim_colheita >= ${inicio}::date AND bi.inicio_colheita <= ${inicio}::date + 7 * ${semanas}::int - 1
    ),
    previsto AS (
      SELECT i.produto_id, s.ini, sum(i.saldo * (least(i.ate, s.ini + 6) - greatest(i.de, s.ini) + 1) / (i.ate - i.de + 1)) AS kg
      FROM itens i JOIN semanas s ON i.de <= s.ini + 6 AND i.ate >= s.ini
      GROUP BY i.produto_id, s.ini
    ),
    chegado AS (
      SELECT ri.produto_id, s.ini, sum(ri.quantidade * pr.peso_em_kg) AS kg
      FROM semanas s
      JOIN romaneio ro ON ro.data_emissao BETWEEN s.ini - 364 AND s.ini - 358
      JOIN romaneio_itens ri ON ri.romaneio_id = ro.id
      JOIN produto pr ON pr.id = ri.produto_id
      GROUP BY ri.produto_id, s.ini
    ),
    produtos AS (SELECT produto_id FROM previsto UNION SELECT produto_id FROM chegado)
    SELECT p.id AS "produtoId", p.nome AS "produtoNome", to_char(s.ini, 'YYYY-MM-DD') AS semana,
           round(coalesce(pv.kg, 0), 2)::float8 AS "previstoKg", round(coalesce(c.kg, 0), 2)::float8 AS "chegadoAnoAnteriorKg"
    FROM produtos ps
    JOIN produto p ON p.id = ps.produto_id
    CROSS JOIN semanas s
    LEFT JOIN previsto pv ON pv.produto_id = p.id AND pv.ini = s.ini
    LEFT JOIN chegado c ON c.produto_id = p.id AND c.ini = s.ini
    ORDER BY ${chaveDeOrdem(sql`p.nome`)}, p.id, s.ini`);
  return r.rows as OfertaPrevisaoLinha[];
}

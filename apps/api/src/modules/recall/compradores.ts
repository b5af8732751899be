import { sql } from 'drizzle-orm';
import type { RecallComprador } from '@ceasa/shared';
import type { Db } from '../../db/client';

/**
 * Who bought each lot (decision 0181): for each romaneio item, the shop sheets whose items named it as sold
 * (loja_item_lotes), with the shop owner and the item's quantity (packages of the product on that sheet's item;
 * an item that names several lots counts its whole quantity under each). Kept apart from the recall's search.
 */
export async function compradoresDosItens(db: Db, itemIds: number[]): Promise<Map<number, RecallComprador[]>> {
  const porItem = new Map<number, RecallComprador[]>();
  if (!itemIds.length) return porItem;
  const r = await db.execute(sql`
    SELECT ll.romaneio_item_id AS "itemId", l.id AS "lojaId", l.data_emissao::text AS "dataEmissao", pe.nome AS "lojistaNome",
           pe.cpfcnpj AS "lojistaCpfcnpj", pe.celular AS "lojistaCelular", li.quantidade::float8 AS quantidade
    FROM loja_item_lotes ll
    JOIN loja_itens li ON li.id = ll.loja_item_id
    JOIN loja l ON l.id = li.loja_id
    JOIN pessoa pe ON pe.id = l.lojista_id
    WHERE ll.romaneio_item_id IN (${sql.join(
      itemIds.map((id) => sql`${id}`),
      sql`, `,
    )})
    ORDER BY l.id, li.id`);
  for (const { itemId, ...c } of r.rows as (RecallComprador & { itemId: number })[]) porItem.set(itemId, [...(porItem.get(itemId) ?? []), c]);
  return porItem;
}

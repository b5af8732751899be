import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';

/** Product names in pt-BR order (Açúcar before Alface, abóbora among the A's), as every public product list sorts them. */
export const COLACAO_PT_BR = new Intl.Collator('pt-BR');

export interface ProdutoPublico {
  id: number;
  nome: string;
  embalagem: string;
}

/**
 * Every public product, the one list behind every public choice of a product (the subscription page, the price
 * reference): each active product and each with a published price (an inactive product still priced is public),
 * sorted by name, then package, with `Intl.Collator('pt-BR')` (the database's text order is not the language's).
 */
export async function produtosPublicos(db: Db | Tx): Promise<ProdutoPublico[]> {
  const r = await db.execute(
    sql`SELECT pr.id, pr.nome, pr.embalagem FROM produto pr
        WHERE upper(trim(pr.status)) = 'ATIVO' OR EXISTS (SELECT 1 FROM precos p WHERE p.produto_id = pr.id AND p.publicado)`,
  );
  return (r.rows as unknown as ProdutoPublico[])
    .map((p) => ({ id: Number(p.id), nome: p.nome, embalagem: p.embalagem }))
    .sort((a, b) => COLACAO_PT_BR.compare(a.nome, b.nome) || COLACAO_PT_BR.compare(a.embalagem, b.embalagem) || a.id - b.id);
}

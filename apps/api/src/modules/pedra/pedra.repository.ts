import { and, ne, sql } from 'drizzle-orm';
import type { Pedra, PedraInput } from '@ceasa/shared';
import type { Db, Tx } from '../../db/client';
import { pedras } from '../../db/schema';
import { auditedCrud } from '../../lib/crud';
import { conflict } from '../../lib/errors';
import type { ListSpec } from '../../lib/list';

/** Stalls sort by the numeric value of their number ('2' before '10'); `numero` filters as text. */
export const pedraList: ListSpec<Pedra> = {
  select: sql`pd.id, pd.numero`,
  from: sql`pedras pd`,
  fields: {
    id: { expr: sql`pd.id`, filter: 'contains' },
    numero: { expr: sql`pd.numero`, filter: 'text', order: sql`lpad(trim(pd.numero), 200, '0')` },
  },
  defaultSort: { field: 'numero', dir: 'asc' },
};

export function pedraRepository(db: Db) {
  const crud = auditedCrud(pedras, 'Pedras', 'Pedra não encontrada', {
    emUso: () => 'A pedra não pode ser removida porque já foi ocupada em romaneios.',
  });

  async function checarNumero(t: Tx, numero: string, exceto?: number) {
    const [outra] = await t
      .select({ id: pedras.id })
      .from(pedras)
      .where(and(sql`trim(${pedras.numero}) = ${numero}`, exceto ? ne(pedras.id, exceto) : undefined))
      .limit(1);
    if (outra) throw conflict(`Já existe uma pedra com o número ${numero}.`);
  }

  return {
    get: (id: number): Promise<Pedra> => crud.getOrThrow(db, id),
    create: (usuario: string, input: PedraInput): Promise<Pedra> =>
      crud.salvar(db, usuario, null, async (t) => {
        await checarNumero(t, input.numero);
        return { numero: input.numero };
      }),
    update: (usuario: string, id: number, input: PedraInput): Promise<Pedra> =>
      crud.salvar(db, usuario, id, async (t) => {
        await checarNumero(t, input.numero, id);
        return { numero: input.numero };
      }),
    remove: (usuario: string, id: number) => crud.remove(db, usuario, id),
  };
}

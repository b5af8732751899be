import { sql } from 'drizzle-orm';
import type { Pedra, PedraInput } from '@ceasa/shared';
import type { Db } from '../../db/client';
import { pedras } from '../../db/schema';
import { auditedCrud } from '../../lib/crud';
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
    // One stall per number: the unique index decides, also between two saves at the same moment.
    unicos: { pedras_numero_uq: { mensagem: (v) => `Já existe uma pedra com o número ${String(v.numero).trim()}.`, campos: ['numero'] } },
  });

  return {
    get: (id: number): Promise<Pedra> => crud.getOrThrow(db, id),
    create: (usuario: string, input: PedraInput): Promise<Pedra> => crud.salvar(db, usuario, null, () => ({ numero: input.numero })),
    update: (usuario: string, id: number, input: PedraInput): Promise<Pedra> => crud.salvar(db, usuario, id, () => ({ numero: input.numero })),
    remove: (usuario: string, id: number) => crud.remove(db, usuario, id),
  };
}

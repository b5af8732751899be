import { asc, sql } from 'drizzle-orm';
import type { Rota, RotaInput } from '@ceasa/shared';
import type { Db } from '../../db/client';
import { rotas } from '../../db/schema';
import { auditedCrud } from '../../lib/crud';
import type { ListSpec } from '../../lib/list';

export const rotasList: ListSpec<Rota> = {
  select: sql`r.id, r.nome`,
  from: sql`rotas r`,
  fields: { id: { expr: sql`r.id`, filter: 'contains' }, nome: { expr: sql`r.nome`, filter: 'text' } },
  defaultSort: { field: 'id', dir: 'asc' },
};

export function rotasRepository(db: Db, aoMudar: () => void) {
  const crud = auditedCrud(rotas, 'Rotas', 'Rota não encontrada');
  const depois = <T>(p: Promise<T>) => p.finally(aoMudar);
  return {
    ler: (id: number): Promise<Rota> => crud.ler(db, id),
    inserir: (usuario: string, input: RotaInput): Promise<Rota> => depois(crud.inserir(db, usuario, { nome: input.nome })),
    alterar: (usuario: string, id: number, input: RotaInput): Promise<Rota> => depois(crud.alterar(db, usuario, id, { nome: input.nome })),
    remover: (usuario: string, id: number) => depois(crud.remover(db, usuario, id)),
    all: () => db.select().from(rotas).orderBy(asc(rotas.id)),
  };
}

import { asc, eq, sql } from 'drizzle-orm';
import type { Rota, RotaInput } from '@ceasa/shared';
import type { Db } from '../../db/client';
import { permissoes, rotas } from '../../db/schema';
import { repositorioPadrao, type Colecao } from '../../lib/crud';
import { badRequest } from '../../lib/errors';
import { ROTAS_PROTEGIDAS } from '../../plugins/auth';
import { colunas, type ListSpec } from '../../lib/list';

export const rotasList: ListSpec<Rota> = {
  select: sql`r.id, r.nome`,
  from: sql`rotas r`,
  fields: colunas('r', { id: 'contains', nome: 'text' }),
  defaultSort: { field: 'id', dir: 'asc' },
};

/**
 * A route's permission rows (one per group): removed with the route, one audit row each, never by the
 * foreign key's cascade alone (decision 0078). Saving a route does not touch them.
 */
const colecaoPermissoes = {
  campo: 'permissoes',
  table: permissoes,
  cadastro: 'Permissoes',
  pai: permissoes.rotaId,
  item: 'Permissão',
} satisfies Colecao;

export function rotasRepository(db: Db, aoMudar: () => void) {
  const generico = repositorioPadrao<typeof rotas, Rota, RotaInput>(db, {
    table: rotas,
    cadastro: 'Rotas',
    naoEncontrado: 'Rota não encontrada',
    colecoes: [colecaoPermissoes],
    valores: (_t, input) => ({ nome: input.nome }),
  });
  // Every write changes what the permission checks read: they forget their cache afterwards.
  const depois = <T>(p: Promise<T>) => p.finally(aoMudar);
  return {
    ler: generico.ler,
    inserir: (usuario: string, input: RotaInput): Promise<Rota> => depois(generico.inserir(usuario, input)),
    alterar: (usuario: string, id: number, input: RotaInput): Promise<Rota> => depois(generico.alterar(usuario, id, input)),
    remover: async (usuario: string, id: number) => {
      const [r] = await db.select({ nome: rotas.nome, chave: rotas.chave }).from(rotas).where(eq(rotas.id, id));
      if (r && (ROTAS_PROTEGIDAS as readonly string[]).includes(r.chave))
        throw badRequest(`A rota ${r.nome} controla o acesso ao sistema (usuários, permissões, rotas e logs) e não pode ser removida.`);
      return depois(generico.remover(usuario, id));
    },
    /** Every route, by id (the permission checklist). */
    opcoes: () => db.select().from(rotas).orderBy(asc(rotas.id)),
  };
}

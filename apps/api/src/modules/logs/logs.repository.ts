import { sql } from 'drizzle-orm';
import type { Log } from '@ceasa/shared';
import type { Db } from '../../db/client';
import { colunas, listRowOrThrow, type ListSpec } from '../../lib/list';

export const logsList: ListSpec<Log> = {
  select: sql`l.id::float8 AS id, l.usuario, l.updated, l.cadastro_id AS "cadastroId", l.cadastro, l.acao, l.conteudo, l.conteudo_anterior AS "conteudoAnterior"`,
  from: sql`logs l`,
  fields: colunas('l', { id: 'contains', usuario: 'text', updated: 'timestamp', cadastroId: 'eq', cadastro: 'text', acao: 'text' }),
  defaultSort: { field: 'id', dir: 'desc' },
  // Counted up to 1,000 and newest first, as the pages read it: the count of an entity's rows reads the newest
  // ones, not the oldest part of a log of millions (decision 0096).
  contagem: { maximo: 1000, naOrdem: true },
};

export function logsRepository(db: Db) {
  return {
    ler: (id: number): Promise<Log> => listRowOrThrow(db, logsList, id, 'Log não encontrado'),
  };
}

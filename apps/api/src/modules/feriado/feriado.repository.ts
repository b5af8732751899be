import { sql } from 'drizzle-orm';
import { feriadoRecurso, type Feriado } from '@ceasa/shared';
import type { Db } from '../../db/client';
import { feriado } from '../../db/schema';
import { repositorioPadrao } from '../../lib/crud';
import { listRowOrThrow, type ListSpec } from '../../lib/list';

export const feriadoList: ListSpec<Feriado> = {
  select: sql`f.id, f.versao, f.data, f.nome`,
  from: sql`feriado f`,
  fields: {
    id: { expr: sql`f.id`, filter: 'contains' },
    data: { expr: sql`f.data`, filter: 'date' },
    nome: { expr: sql`f.nome`, filter: 'text' },
  },
  defaultSort: { field: 'data', dir: 'desc' },
};

const { naoEncontrado } = feriadoRecurso.rotulos;

export const feriadoRepository = (db: Db) =>
  repositorioPadrao(db, {
    table: feriado,
    cadastro: 'Feriado',
    naoEncontrado,
    unicos: { feriado_data_uq: { mensagem: 'Já existe um feriado nesta data.', campos: ['data'] } },
    ler: (t, id): Promise<Feriado> => listRowOrThrow(t, feriadoList, id, naoEncontrado),
  });

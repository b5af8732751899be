import { asc, sql } from 'drizzle-orm';
import type { Municipio, MunicipioInput } from '@ceasa/shared';
import type { Db } from '../../db/client';
import { municipio } from '../../db/schema';
import { repositorioPadrao } from '../../lib/crud';
import { chaveDeOrdem, type ListSpec } from '../../lib/list';

export const municipioList: ListSpec<Municipio> = {
  select: sql`m.id, m.nome, m.sigla`,
  from: sql`municipio m`,
  fields: {
    id: { expr: sql`m.id`, filter: 'contains' },
    nome: { expr: sql`m.nome`, filter: 'text' },
    sigla: { expr: sql`m.sigla`, filter: 'text' },
  },
  defaultSort: { field: 'nome', dir: 'asc' },
};

export function municipioRepository(db: Db) {
  // No remover: the spec has no delete of a municipality (municipio.routes.ts answers 405).
  const {
    crud: _crud,
    remover: _remover,
    ...generico
  } = repositorioPadrao<typeof municipio, Municipio, MunicipioInput>(db, {
    table: municipio,
    cadastro: 'Municipio',
    naoEncontrado: 'Município não encontrado',
    unicos: { municipio_nome_sigla_uq: { mensagem: 'Já existe um município com este nome neste estado.', campos: ['nome', 'sigla'] } },
    valores: (_t, input) => ({ nome: input.nome, sigla: input.sigla.toUpperCase() }),
  });
  return {
    ...generico,
    /** Every municipality, id and name (dropdowns). */
    opcoes: () =>
      db
        .select({ id: municipio.id, nome: municipio.nome, sigla: municipio.sigla })
        .from(municipio)
        .orderBy(asc(chaveDeOrdem(municipio.nome)), asc(municipio.id)),
  };
}

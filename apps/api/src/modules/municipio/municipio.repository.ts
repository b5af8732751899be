import { asc, sql } from 'drizzle-orm';
import { INFORMACAO_MSG, type Municipio, type MunicipioInput } from '@ceasa/shared';
import type { Db } from '../../db/client';
import { municipio } from '../../db/schema';
import { repositorioPadrao } from '../../lib/crud';
import { chaveDeOrdem, colunas, type ListSpec } from '../../lib/list';

export const municipioList: ListSpec<Municipio> = {
  select: sql`m.id, m.nome, m.sigla, m.codigo_ibge AS "codigoIbge"`,
  from: sql`municipio m`,
  fields: colunas('m', { id: 'contains', nome: 'text', sigla: 'text', codigoIbge: 'contains' }),
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
    unicos: {
      municipio_nome_sigla_uq: { mensagem: 'Já existe um município com este nome neste estado.', campos: ['nome', 'sigla'] },
      municipio_codigo_ibge_uq: { mensagem: INFORMACAO_MSG.codigoIbgeRepetido, campos: ['codigoIbge'] },
    },
    valores: (_t, input) => ({ nome: input.nome, sigla: input.sigla.toUpperCase(), codigoIbge: input.codigoIbge ?? null }),
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

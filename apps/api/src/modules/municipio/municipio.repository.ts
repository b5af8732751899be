import { asc, sql } from 'drizzle-orm';
import type { Municipio, MunicipioInput } from '@ceasa/shared';
import type { Db } from '../../db/client';
import { municipio } from '../../db/schema';
import { auditedCrud } from '../../lib/crud';
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
  const crud = auditedCrud(municipio, 'Municipio', 'Município não encontrado', {
    unicos: { municipio_nome_sigla_uq: { mensagem: 'Já existe um município com este nome neste estado.', campos: ['nome', 'sigla'] } },
  });
  return {
    ler: (id: number): Promise<Municipio> => crud.ler(db, id),
    inserir: (usuario: string, input: MunicipioInput): Promise<Municipio> => crud.inserir(db, usuario, { nome: input.nome, sigla: input.sigla.toUpperCase() }),
    alterar: (usuario: string, id: number, input: MunicipioInput): Promise<Municipio> =>
      crud.alterar(db, usuario, id, { nome: input.nome, sigla: input.sigla.toUpperCase() }, undefined, input.versao),
    /** Every municipality, id and name (dropdowns). */
    findAllBasic: () =>
      db
        .select({ id: municipio.id, nome: municipio.nome, sigla: municipio.sigla })
        .from(municipio)
        .orderBy(asc(chaveDeOrdem(municipio.nome)), asc(municipio.id)),
  };
}

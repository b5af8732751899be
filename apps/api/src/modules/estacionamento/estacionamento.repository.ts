import { asc, sql } from 'drizzle-orm';
import type { Estacionamento, EstacionamentoDados, VeiculoTipo } from '@ceasa/shared';
import type { Db, Tx } from '../../db/client';
import { estacionamento, pessoa, veiculoTipo } from '../../db/schema';
import { checarReferencias, repositorioPadrao } from '../../lib/crud';
import { colunas, listRowOrThrow, nomes, type ListSpec } from '../../lib/list';

export const estacionamentoList: ListSpec<Estacionamento> = {
  select: sql`e.id, e.versao, e.data, e.placa, e.valor::float8 AS valor, e.divida::float8 AS divida, e.pessoa_id AS "pessoaId", p.nome AS "pessoaNome",
    e.veiculo_tipo_id AS "veiculoTipoId", vt.nome AS "veiculoTipoNome"`,
  from: sql`estacionamento e JOIN pessoa p ON p.id = e.pessoa_id JOIN veiculo_tipo vt ON vt.id = e.veiculo_tipo_id`,
  fields: {
    ...colunas('e', { id: 'contains', data: 'date', placa: 'text', valor: 'contains', divida: 'contains', pessoaId: 'id', veiculoTipoId: 'id' }),
    ...nomes({ pessoaNome: 'p', veiculoTipoNome: 'vt' }),
  },
  aliases: { 'pessoa.nome': 'pessoaNome', veiculoTipo: 'veiculoTipoNome', 'veiculoTipo.nome': 'veiculoTipoNome' },
  defaultSort: { field: 'id', dir: 'asc' },
  // Tickets every market day: the total stops at 1,000, so the list costs the same after ten years (decision 0098).
  contagem: { maximo: 1000 },
  map: ({ veiculoTipoNome, ...r }) => ({
    ...(r as Omit<Estacionamento, 'pessoa' | 'veiculoTipo'>),
    pessoa: { nome: r.pessoaNome as string },
    veiculoTipo: { id: r.veiculoTipoId as number, nome: veiculoTipoNome as string },
  }),
};

const NAO_ENCONTRADO = 'Estacionamento não encontrado';

export function estacionamentoRepository(db: Db) {
  /** The person and the vehicle type must exist; then the columns. */
  const valores = async (t: Tx, i: EstacionamentoDados) => {
    await checarReferencias(t, [
      { coluna: pessoa.id, valor: i.pessoaId, campo: 'pessoaId', mensagem: 'A pessoa deve estar na lista' },
      { coluna: veiculoTipo.id, valor: i.veiculoTipoId, campo: 'veiculoTipoId', mensagem: 'O tipo de veículo deve estar na lista' },
    ]);
    return {
      data: i.data,
      placa: i.placa.toUpperCase(),
      valor: i.valor.toFixed(2),
      divida: i.divida,
      pessoaId: i.pessoaId,
      veiculoTipoId: i.veiculoTipoId,
    };
  };

  const { crud: _crud, ...generico } = repositorioPadrao(db, {
    table: estacionamento,
    cadastro: 'Estacionamento',
    naoEncontrado: NAO_ENCONTRADO,
    vinculo: 'estacionamentos',
    ler: (t, id): Promise<Estacionamento> => listRowOrThrow(t, estacionamentoList, id, NAO_ENCONTRADO),
    valores,
  });

  return {
    ...generico,
    opcoesDeVeiculoTipo: (): Promise<VeiculoTipo[]> => db.select({ id: veiculoTipo.id, nome: veiculoTipo.nome }).from(veiculoTipo).orderBy(asc(veiculoTipo.id)),
  };
}

import { eq, sql } from 'drizzle-orm';
import type { Propriedade, PropriedadeDados, PropriedadeOpcao } from '@ceasa/shared';
import type { Db, Tx } from '../../db/client';
import { municipio, pessoa, propriedade } from '../../db/schema';
import { checarReferencias, repositorioPadrao, vinculos } from '../../lib/crud';
import { colunas, listRowOrThrow, nomes, opcoesPorNome, type ListSpec } from '../../lib/list';

export const propriedadeList: ListSpec<Propriedade> = {
  select: sql`pr.id, pr.versao, pr.nome, pr.endereco, pr.numero, pr.complemento, pr.cep, pr.municipio_id AS "municipioId", m.nome AS "municipioNome",
    pr.area_total::float8 AS "areaTotal", pr.area_explorada::float8 AS "areaExplorada", pr.area_cultivada::float8 AS "areaCultivada",
    pr.geo_localizacao AS "geoLocalizacao", pr.pronaf, pr.tipo_posse AS "tipoPosse", pr.proprietario_id AS "proprietarioId", pe.nome AS "proprietarioNome"`,
  from: sql`propriedade pr JOIN municipio m ON m.id = pr.municipio_id JOIN pessoa pe ON pe.id = pr.proprietario_id`,
  fields: {
    ...colunas('pr', { id: 'contains', nome: 'text', proprietarioId: 'id', municipioId: 'id', tipoPosse: 'text', pronaf: 'bool' }),
    ...colunas('pr', { areaTotal: 'contains', areaExplorada: 'contains', areaCultivada: 'contains' }),
    ...nomes({ proprietarioNome: 'pe', municipioNome: 'm' }),
  },
  aliases: { proprietario: 'proprietarioNome', 'proprietario.nome': 'proprietarioNome', 'municipio.nome': 'municipioNome' },
  defaultSort: { field: 'nome', dir: 'asc' },
  map: (r) => ({ ...(r as Omit<Propriedade, 'proprietario'>), proprietario: { id: r.proprietarioId as number, nome: r.proprietarioNome as string } }),
};

const NAO_ENCONTRADA = 'Propriedade não encontrada';

export function propriedadeRepository(db: Db) {
  /** The owner and the municipality must exist; then the columns. */
  const valores = async (t: Tx, i: PropriedadeDados) => {
    await checarReferencias(t, [
      { coluna: pessoa.id, valor: i.proprietarioId, campo: 'proprietarioId', mensagem: 'A pessoa deve estar na lista' },
      { coluna: municipio.id, valor: i.municipioId, campo: 'municipioId', mensagem: 'O município deve estar na lista' },
    ]);
    return {
      nome: i.nome,
      endereco: i.endereco,
      numero: i.numero,
      complemento: i.complemento,
      cep: i.cep,
      municipioId: i.municipioId,
      areaTotal: String(i.areaTotal),
      areaExplorada: String(i.areaExplorada),
      areaCultivada: String(i.areaCultivada),
      geoLocalizacao: i.geoLocalizacao,
      pronaf: i.pronaf,
      tipoPosse: i.tipoPosse,
      proprietarioId: i.proprietarioId,
    };
  };

  const { crud: _crud, ...generico } = repositorioPadrao(db, {
    table: propriedade,
    cadastro: 'Propriedade',
    naoEncontrado: NAO_ENCONTRADA,
    emUso: (tabela) => `A propriedade não pode ser removida porque está vinculada a ${vinculos(tabela)}.`,
    vinculo: 'propriedades',
    ler: (t, id): Promise<Propriedade> => listRowOrThrow(t, propriedadeList, id, NAO_ENCONTRADA),
    valores,
  });

  return {
    ...generico,
    /** Every property, id and name (dropdowns). */
    opcoes: (): Promise<PropriedadeOpcao[]> => opcoesPorNome(db, propriedade),
    /** A producer's properties (the bulletin form). */
    opcoesDoProprietario: (proprietarioId: number): Promise<PropriedadeOpcao[]> =>
      opcoesPorNome(db, propriedade, eq(propriedade.proprietarioId, proprietarioId)),
  };
}

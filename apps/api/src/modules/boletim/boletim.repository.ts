import { eq, inArray, sql } from 'drizzle-orm';
import {
  boletimComCaderno,
  caminhoDoCampo,
  itemComCaderno,
  NAO_PRODUTOR,
  NAO_TECNICO,
  PESSOA_TIPO,
  type Boletim,
  type BoletimDados,
  type BoletimItem,
  type BoletimLinha,
} from '@ceasa/shared';
import type { Db, Tx } from '../../db/client';
import { boletim, boletimItens, pessoa, produto, propriedade } from '../../db/schema';
import { checarReferencias, repositorioPadrao, type Colecao } from '../../lib/crud';
import { badRequest, naoEncontrado } from '../../lib/errors';
import { colunas, listRow, nomes, type ListSpec } from '../../lib/list';

/**
 * The bulletin list. dataVigencia (the latest fimColheita of the items) is computed here, from the
 * items as they are, so it can never be stale (docs/produto/dados.md 'Derived values').
 */
export const boletimList: ListSpec<BoletimLinha> = {
  select: sql`b.id, b.versao, b.data_visita AS "dataVisita", b.data_emissao AS "dataEmissao", v.data_vigencia AS "dataVigencia",
    b.produtor_id AS "produtorId", pr.nome AS "produtorNome", b.propriedade_id AS "propriedadeId", pp.nome AS "propriedadeNome",
    m.nome AS "propriedadeMunicipioNome", b.tecnico_id AS "tecnicoId", tc.nome AS "tecnicoNome"`,
  from: sql`boletim b
    JOIN pessoa pr ON pr.id = b.produtor_id
    JOIN propriedade pp ON pp.id = b.propriedade_id
    JOIN municipio m ON m.id = pp.municipio_id
    JOIN pessoa tc ON tc.id = b.tecnico_id
    LEFT JOIN LATERAL (SELECT max(bi.fim_colheita) AS data_vigencia FROM boletim_itens bi WHERE bi.boletim_id = b.id) v ON true`,
  fields: {
    ...colunas('b', { id: 'contains', dataVisita: 'date', dataEmissao: 'date', produtorId: 'id', propriedadeId: 'id', tecnicoId: 'id' }),
    ...colunas('v', { dataVigencia: 'date' }),
    ...nomes({ produtorNome: 'pr', propriedadeNome: 'pp', tecnicoNome: 'tc' }),
    // Bulletins with an item of a product whose name contains the text.
    produtoNome: {
      expr: sql`b.id`,
      sort: false,
      via: { key: sql`b.id`, from: sql`boletim_itens bi JOIN produto p ON p.id = bi.produto_id`, id: sql`bi.boletim_id`, expr: sql`p.nome`, filter: 'text' },
    },
  },
  aliases: {
    produtor: 'produtorNome',
    'produtor.nome': 'produtorNome',
    propriedade: 'propriedadeNome',
    'propriedade.nome': 'propriedadeNome',
    tecnico: 'tecnicoNome',
    'tecnico.nome': 'tecnicoNome',
  },
  defaultSort: { field: 'id', dir: 'asc' },
  // Bulletins every quarter of every producer: the total stops at 1,000, so the list costs the same after ten years (decision 0098).
  contagem: { maximo: 1000 },
};

const NAO_ENCONTRADO = 'Boletim não encontrado';
export const ITEM_NAO_ENCONTRADO = 'Item do boletim não encontrado';
const EM_USO = 'O boletim não pode ser removido porque seus itens já estão vinculados a romaneios.';
const ITEM_EM_USO = 'já está vinculado a romaneios e não pode ser removido do boletim.';

/** The database's word when a notebook appeared meanwhile (caderno → boletim_itens has no cascade since migration 0015). */
const ITEM_TEM_CADERNO = 'tem caderno de campo: remova o caderno antes de remover o item.';

/** The product name of each of these bulletin items that has a field notebook (by item id). */
async function itensComCaderno(t: Tx, where: ReturnType<typeof sql>): Promise<{ id: number; produto: string }[]> {
  const r = await t.execute(sql`
    SELECT bi.id, p.nome AS produto FROM boletim_itens bi JOIN produto p ON p.id = bi.produto_id
    WHERE ${where} AND EXISTS (SELECT 1 FROM caderno c WHERE c.boletim_item_id = bi.id) ORDER BY bi.id`);
  return r.rows as { id: number; produto: string }[];
}

/**
 * A bulletin's items: saved with it by the shared master-detail save (diffed by id, one audit row each).
 * An item with a field notebook is not removed: 409 naming it (decision 0078); its notebook goes first.
 */
export const colecaoItens = {
  campo: 'itens',
  table: boletimItens,
  cadastro: 'BoletimItens',
  pai: boletimItens.boletimId,
  item: 'Item',
  vinculo: 'itens de boletim',
  emUso: (tabela) => (tabela === 'caderno' ? ITEM_TEM_CADERNO : ITEM_EM_USO),
  podeRemover: async (t, row) => {
    const [c] = await itensComCaderno(t, sql`bi.id = ${row.id}`);
    return c ? itemComCaderno(c.produto) : null;
  },
} satisfies Colecao;

/**
 * What a bulletin item `bi` has been commercialised, in kg (docs/produto/dados.md 'Derived values', docs/decisions
 * 0081): a romaneio item's quantity counts packages, so each weighs quantity × its product's pesoEmKg
 * before it is summed and compared with the estimate (index romaneio_itens_boletim_itens_idx).
 */
export const comercializadaDoItem = sql`(SELECT coalesce(sum(ri.quantidade * rk.peso_em_kg), 0)
  FROM romaneio_itens ri JOIN produto rk ON rk.id = ri.produto_id WHERE ri.boletim_itens_id = bi.id)`;

/**
 * A bulletin's items with their derived values, in kg: producaoComercializada (comercializadaDoItem),
 * saldoQtde = producaoEstimada - producaoComercializada.
 */
const itensSql = (where: ReturnType<typeof sql>) => sql`
  SELECT bi.id, bi.boletim_id AS "boletimId", bi.produto_id AS "produtoId", p.nome AS "produtoNome", p.embalagem AS "produtoEmbalagem", p.peso_em_kg::float8 AS "produtoPesoEmKg",
         bi.area_producao::float8 AS "areaProducao", bi.producao_estimada::float8 AS "producaoEstimada", bi.producao_embalada::float8 AS "producaoEmbalada",
         bi.inicio_colheita AS "inicioColheita", bi.fim_colheita AS "fimColheita",
         ${comercializadaDoItem}::float8 AS "producaoComercializada", (bi.producao_estimada - ${comercializadaDoItem})::float8 AS "saldoQtde",
         EXISTS (SELECT 1 FROM caderno c WHERE c.boletim_item_id = bi.id) AS "temCaderno"
  FROM boletim_itens bi
  JOIN produto p ON p.id = bi.produto_id
  WHERE ${where}
  ORDER BY bi.id`;

export async function lerItens(t: Tx, boletimId: number): Promise<BoletimItem[]> {
  return (await t.execute(itensSql(sql`bi.boletim_id = ${boletimId}`))).rows as BoletimItem[];
}

export async function lerItem(t: Tx, itemId: number): Promise<BoletimItem | undefined> {
  return (await t.execute(itensSql(sql`bi.id = ${itemId}`))).rows[0] as BoletimItem | undefined;
}

/** A bulletin as the list shows it, with its items; 404 when there is none. */
async function dto(t: Tx, id: number): Promise<Boletim> {
  const linha = await listRow(t, boletimList, id);
  if (!linha) throw naoEncontrado(NAO_ENCONTRADO);
  return { ...linha, itens: await lerItens(t, id) };
}

/** Producer (of type producer), property (the producer's own), technician (of type technician) and every item's product must exist. */
async function valores(t: Tx, i: BoletimDados) {
  await checarReferencias(t, [
    { coluna: pessoa.id, valor: i.produtorId, campo: 'produtorId', mensagem: 'O produtor deve ser selecionado' },
    { coluna: propriedade.id, valor: i.propriedadeId, campo: 'propriedadeId', mensagem: 'A propriedade deve estar na lista' },
    { coluna: pessoa.id, valor: i.tecnicoId, campo: 'tecnicoId', mensagem: 'O técnico deve estar na lista' },
    ...i.itens.map((it, n) => ({
      coluna: produto.id,
      valor: it.produtoId,
      campo: caminhoDoCampo(['itens', n, 'produtoId']),
      mensagem: 'O produto deve estar na lista',
    })),
  ]);
  // The form offers only producers (type 1) and technicians (type 2): another type is refused here too.
  const tipos = new Map(
    (
      await t
        .select({ id: pessoa.id, tipoId: pessoa.tipoId })
        .from(pessoa)
        .where(inArray(pessoa.id, [i.produtorId, i.tecnicoId]))
    ).map((p) => [p.id, p.tipoId]),
  );
  const erros = [
    ...(tipos.get(i.produtorId) === PESSOA_TIPO.PRODUTOR ? [] : [{ field: 'produtorId', message: NAO_PRODUTOR }]),
    ...(tipos.get(i.tecnicoId) === PESSOA_TIPO.TECNICO ? [] : [{ field: 'tecnicoId', message: NAO_TECNICO }]),
  ];
  if (erros.length) throw badRequest(erros[0].message, erros);
  const [dono] = await t.select({ id: propriedade.proprietarioId }).from(propriedade).where(eq(propriedade.id, i.propriedadeId));
  if (dono.id !== i.produtorId) {
    const message = 'A propriedade deve ser do produtor selecionado';
    throw badRequest(message, [{ field: 'propriedadeId', message }]);
  }
  return {
    dataVisita: i.dataVisita,
    dataEmissao: i.dataEmissao,
    produtorId: i.produtorId,
    propriedadeId: i.propriedadeId,
    tecnicoId: i.tecnicoId,
    itens: i.itens.map((it) => ({
      id: it.id,
      produtoId: it.produtoId,
      // Numbers, not text: the save compares them with the stored numeric ('1.50' = 1.5) to audit only real changes.
      areaProducao: it.areaProducao,
      producaoEstimada: it.producaoEstimada,
      producaoEmbalada: it.producaoEmbalada,
      inicioColheita: it.inicioColheita,
      fimColheita: it.fimColheita,
    })),
  };
}

export function boletimRepository(db: Db) {
  /**
   * The bulletin and its items in one transaction (the shared master-detail save); items sent with
   * an id keep it. A delete removes the items first (one audit row each), unless an item is already
   * linked to romaneio items or has a field notebook: then 409 and nothing changes (the market's
   * history and the notebooks stay whole; a notebook is removed on its own first, decision 0078).
   * The database refuses too if a romaneio links an item or a notebook is written meanwhile.
   */
  const generico = repositorioPadrao(db, {
    table: boletim,
    cadastro: 'Boletim',
    naoEncontrado: NAO_ENCONTRADO,
    emUso: () => EM_USO,
    colecoes: [colecaoItens],
    vinculo: 'boletins',
    ler: dto,
    valores: (t, input: BoletimDados) => valores(t, input),
    async podeRemover(t, b) {
      const usados = await t.execute(
        sql`SELECT 1 FROM romaneio_itens ri JOIN boletim_itens bi ON bi.id = ri.boletim_itens_id WHERE bi.boletim_id = ${b.id} LIMIT 1`,
      );
      if (usados.rows.length) return EM_USO;
      const [comCaderno] = await itensComCaderno(t, sql`bi.boletim_id = ${b.id}`);
      return comCaderno ? boletimComCaderno(comCaderno.produto) : null;
    },
  });

  return {
    ler: generico.ler,
    inserir: generico.inserir,
    alterar: generico.alterar,
    remover: generico.remover,
    /** GET boletim/saldo/{id}: the bulletin with each item's estimated, commercialised and balance quantities and the property's municipality. */
    saldo: (id: number) => dto(db, id),
    item: async (itemId: number) => {
      const it = await lerItem(db, itemId);
      if (!it) throw naoEncontrado(ITEM_NAO_ENCONTRADO);
      return it;
    },
  };
}

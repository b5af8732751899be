import { asc, eq, sql } from 'drizzle-orm';
import { caminhoDoCampo, LOJA_SEM_ITENS, PESSOA_TIPO, type Loja, type LojaDados, type LojaItem, type LojaLinha } from '@ceasa/shared';
import type { Db, Tx } from '../../db/client';
import { loja, lojaItens, municipio, pessoa, produto } from '../../db/schema';
import { registrarLog } from '../../lib/audit';
import { auditedCrud, checarReferencias, novaVersao, type Colecao, repositorioPadrao } from '../../lib/crud';
import { badRequest, conflict, naoEncontrado } from '../../lib/errors';
import { listRow, type ListSpec } from '../../lib/list';

export const lojaList: ListSpec<LojaLinha> = {
  select: sql`l.id, l.versao, l.lojista_id AS "lojistaId", p.nome AS "lojistaNome", l.data_emissao AS "dataEmissao"`,
  from: sql`loja l JOIN pessoa p ON p.id = l.lojista_id`,
  fields: {
    id: { expr: sql`l.id`, filter: 'contains' },
    lojistaId: { expr: sql`l.lojista_id`, filter: 'id' },
    lojistaNome: { expr: sql`p.nome`, filter: 'text' },
    dataEmissao: { expr: sql`l.data_emissao`, filter: 'date' },
  },
  aliases: { lojista: 'lojistaNome', 'lojista.nome': 'lojistaNome' },
  defaultSort: { field: 'id', dir: 'asc' },
  map: (r) => ({ ...(r as Omit<LojaLinha, 'lojista'>), lojista: { nome: r.lojistaNome as string } }),
};

const NAO_ENCONTRADO = 'Loja não encontrada';
export const ITEM_NAO_ENCONTRADO = 'Item da loja não encontrado';
/** DELETE lojaitens/{id} of a shop's only product (docs/decisions 'loja-ultimo-item'). */
export const ULTIMO_ITEM = 'A loja precisa de ao menos um produto: para tirar este, remova a loja inteira.';
const NAO_LOJISTA = 'A pessoa selecionada não é um lojista';

/** A shop's items: saved with it by the shared master-detail save (diffed by id, one audit row each). */
const colecaoItens = {
  campo: 'itens',
  table: lojaItens,
  cadastro: 'LojaItens',
  pai: lojaItens.lojaId,
  item: 'Item',
  vinculo: 'itens de loja',
} satisfies Colecao;

const itensSql = (where: ReturnType<typeof sql>) => sql`
  SELECT li.id, li.loja_id AS "lojaId", li.produto_id AS "produtoId", pr.nome AS "produtoNome", pr.embalagem AS "produtoEmbalagem", pr.peso_em_kg::float8 AS "produtoPesoEmKg",
         li.quantidade::float8 AS quantidade, li.municipio_id AS "municipioId", m.nome AS "municipioNome"
  FROM loja_itens li
  JOIN produto pr ON pr.id = li.produto_id
  JOIN municipio m ON m.id = li.municipio_id
  WHERE ${where}
  ORDER BY li.id`;

const lerItem = async (t: Tx, id: number) => (await t.execute(itensSql(sql`li.id = ${id}`))).rows[0] as LojaItem | undefined;

export function lojaRepository(db: Db) {
  const itemCrud = auditedCrud(lojaItens, 'LojaItens', ITEM_NAO_ENCONTRADO);

  async function dto(t: Tx, id: number): Promise<Loja> {
    const linha = await listRow(t, lojaList, id);
    if (!linha) throw naoEncontrado(NAO_ENCONTRADO);
    return { ...linha, itens: (await t.execute(itensSql(sql`li.loja_id = ${id}`))).rows as LojaItem[] };
  }

  /** The shop owner (a person of type 'Lojista'), every item's product and municipality must exist. */
  async function valores(t: Tx, i: LojaDados, antes?: { lojistaId: number }) {
    const itens = i.itens ?? [];
    await checarReferencias(t, [
      { coluna: pessoa.id, valor: i.lojistaId, campo: 'lojistaId', mensagem: 'O lojista deve estar na lista' },
      ...itens.flatMap((it, n) => [
        { coluna: produto.id, valor: it.produtoId, campo: caminhoDoCampo(['itens', n, 'produtoId']), mensagem: 'O produto deve estar na lista' },
        { coluna: municipio.id, valor: it.municipioId, campo: caminhoDoCampo(['itens', n, 'municipioId']), mensagem: 'O municipio deve estar na lista' },
      ]),
    ]);
    // A sheet keeps its owner even if the person's type changed since; a new owner must be a shop owner.
    if (antes?.lojistaId !== i.lojistaId) {
      const [p] = await t.select({ tipoId: pessoa.tipoId }).from(pessoa).where(eq(pessoa.id, i.lojistaId));
      if (p.tipoId !== PESSOA_TIPO.LOJISTA) throw badRequest(NAO_LOJISTA, [{ field: 'lojistaId', message: NAO_LOJISTA }]);
    }
    return {
      lojistaId: i.lojistaId,
      dataEmissao: i.dataEmissao,
      // Left out on an edit that does not send them: the items stay as they are.
      ...(i.itens && {
        itens: i.itens.map((it) => ({ id: it.id, produtoId: it.produtoId, municipioId: it.municipioId, quantidade: it.quantidade.toFixed(2) })),
      }),
    };
  }

  const { crud: _crud, ...generico } = repositorioPadrao(db, {
    table: loja,
    cadastro: 'Loja',
    naoEncontrado: NAO_ENCONTRADO,
    colecoes: [colecaoItens],
    vinculo: 'lojas',
    ler: dto,
    valores,
  });

  return {
    ...generico,
    /** A new shop sheet has at least one item. */
    inserir: (usuario: string, input: LojaDados) => {
      if (!input.itens?.length) throw badRequest(LOJA_SEM_ITENS, [{ field: 'itens', message: LOJA_SEM_ITENS }]);
      return generico.inserir(usuario, input);
    },

    /** PUT lojaitens/updateQtde: one item's quantity, at once (audited). */
    alterarQuantidade: (usuario: string, id: number, quantidade: number): Promise<LojaItem> =>
      db.transaction(async (t) => {
        const item = await itemCrud.alterar(db, usuario, id, { quantidade: quantidade.toFixed(2) }, t);
        // The shop sheet's versao covers its items (decision 0085).
        await novaVersao(t, loja, item.lojaId);
        return (await lerItem(t, id))!;
      }),

    /**
     * DELETE lojaitens/{id}: removes one item, unless it is the shop's last (409, nothing changes).
     * The shop row is locked first, so two removals of its last two items take turns and the second is refused.
     */
    removerItem: (usuario: string, id: number) =>
      db.transaction(async (t) => {
        const [item] = await t.select({ lojaId: lojaItens.lojaId }).from(lojaItens).where(eq(lojaItens.id, id));
        if (!item) throw naoEncontrado(ITEM_NAO_ENCONTRADO);
        await t.select({ id: loja.id }).from(loja).where(eq(loja.id, item.lojaId)).for('update');
        const itens = await t.select().from(lojaItens).where(eq(lojaItens.lojaId, item.lojaId)).orderBy(asc(lojaItens.id));
        const este = itens.find((i) => i.id === id);
        if (!este) throw naoEncontrado(ITEM_NAO_ENCONTRADO);
        if (itens.length <= 1) throw conflict(ULTIMO_ITEM);
        await t.delete(lojaItens).where(eq(lojaItens.id, id));
        await registrarLog(t, usuario, 'LojaItens', id, 'DELETE', este);
        await novaVersao(t, loja, item.lojaId);
      }),
  };
}

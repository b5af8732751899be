import { asc, eq, inArray, sql } from 'drizzle-orm';
import {
  caminhoDoCampo,
  LOJA_LOTE_MSG,
  LOJA_SEM_ITENS,
  lerCodigoAleatorio,
  lerCodigoDoLote,
  PESSOA_TIPO,
  type Loja,
  type LojaDados,
  type LojaItem,
  type LojaLinha,
  type LojaLoteOpcao,
} from '@ceasa/shared';
import type { Db, Tx } from '../../db/client';
import { loja, lojaItemLotes, lojaItens, municipio, pessoa, produto } from '../../db/schema';
import { registrarLog } from '../../lib/audit';
import { checarReferencias, novaVersao, type Colecao, repositorioPadrao } from '../../lib/crud';
import { badRequest, conflict, naoEncontrado } from '../../lib/errors';
import { colunas, listRow, nomes, type ListSpec } from '../../lib/list';

export const lojaList: ListSpec<LojaLinha> = {
  select: sql`l.id, l.versao, l.lojista_id AS "lojistaId", p.nome AS "lojistaNome", l.data_emissao AS "dataEmissao"`,
  from: sql`loja l JOIN pessoa p ON p.id = l.lojista_id`,
  fields: { ...colunas('l', { id: 'contains', lojistaId: 'id', dataEmissao: 'date' }), ...nomes({ lojistaNome: 'p' }) },
  aliases: { lojista: 'lojistaNome', 'lojista.nome': 'lojistaNome' },
  defaultSort: { field: 'id', dir: 'asc' },
  map: (r) => ({ ...(r as Omit<LojaLinha, 'lojista'>), lojista: { nome: r.lojistaNome as string } }),
};

const NAO_ENCONTRADO = 'Loja não encontrada';
export const ITEM_NAO_ENCONTRADO = 'Item da loja não encontrado';
/** DELETE lojaitens/{id} of a shop's only product (docs/decisions 'loja-ultimo-item'). */
export const ULTIMO_ITEM = 'A loja precisa de ao menos um produto: para tirar este, remova a loja inteira.';
const NAO_LOJISTA = 'A pessoa selecionada não é um lojista';

/** The lots an item sold (decision 0181): rows of the item, one per romaneio item. */
const colecaoLotes = { campo: 'lotes', table: lojaItemLotes, cadastro: 'LojaItemLotes', pai: lojaItemLotes.lojaItemId, item: 'Lote' } satisfies Colecao;

/** A shop's items: saved with it by the shared master-detail save (diffed by id, one audit row each). */
const colecaoItens = {
  campo: 'itens',
  table: lojaItens,
  cadastro: 'LojaItens',
  pai: lojaItens.lojaId,
  item: 'Item',
  vinculo: 'itens de loja',
  colecoes: [colecaoLotes],
} satisfies Colecao;

/** A romaneio item's lot code as its label prints it (its random code, or an older item's 'romaneioIdRitemId'). */
const codigoSql = (ri: string) => sql.raw(`coalesce(${ri}.codigo_lote, ${ri}.romaneio_id || 'R' || ${ri}.id)`);

/**
 * GET loja/lotes: the lots of romaneios of a day (of one product when given), with their product, producer and
 * quantity, by product and code: what a shop item of that day can name as sold.
 */
export async function lotesDoDia(db: Db, data: string, produtoId?: number): Promise<LojaLoteOpcao[]> {
  const r = await db.execute(sql`
    SELECT ${codigoSql('ri')} AS lote, ri.produto_id AS "produtoId", pr.nome AS "produtoNome", pe.nome AS "produtorNome", ri.quantidade::float8 AS quantidade
    FROM romaneio_itens ri JOIN romaneio ro ON ro.id = ri.romaneio_id JOIN produto pr ON pr.id = ri.produto_id JOIN pessoa pe ON pe.id = ro.pessoa_id
    WHERE ro.data_emissao = ${data}::date ${produtoId === undefined ? sql`` : sql`AND ri.produto_id = ${produtoId}`}
    ORDER BY pr.nome, pe.nome, ri.id
    LIMIT 2000`);
  return r.rows as LojaLoteOpcao[];
}

/**
 * The romaneio items the lot codes of each item name, checked: of the item's product, from a romaneio of the sheet's
 * day (400 on itens[n].lotes naming the code otherwise). Each item's rows keep the ids of its rows already saved.
 */
async function linhasDosLotes(t: Tx, i: LojaDados): Promise<({ id?: number; romaneioItemId: number }[] | undefined)[]> {
  const itens = i.itens ?? [];
  const codigos = [...new Set(itens.flatMap((it) => it.lotes ?? []))];
  if (!codigos.length) return itens.map((it) => (it.lotes ? [] : undefined));
  const aleatorios = codigos.map(lerCodigoAleatorio).filter((c): c is string => !!c);
  const antigos = codigos.map(lerCodigoDoLote).filter((c) => !!c);
  const achados = (
    await t.execute(sql`
      SELECT ri.id, ri.produto_id AS "produtoId", ro.data_emissao::text AS data, ri.codigo_lote AS codigo, ri.romaneio_id AS "romaneioId"
      FROM romaneio_itens ri JOIN romaneio ro ON ro.id = ri.romaneio_id
      WHERE ${sql.join(
        [
          ...(aleatorios.length
            ? [
                sql`ri.codigo_lote IN (${sql.join(
                  aleatorios.map((c) => sql`${c}`),
                  sql`, `,
                )})`,
              ]
            : []),
          ...antigos.map((c) => sql`(ri.id = ${c!.itemId} AND ri.romaneio_id = ${c!.romaneioId} AND ri.codigo_lote IS NULL)`),
          sql`false`,
        ],
        sql` OR `,
      )}`)
  ).rows as { id: number; produtoId: number; data: string; codigo: string | null; romaneioId: number }[];
  const doCodigo = (c: string) => {
    const a = lerCodigoAleatorio(c);
    const o = lerCodigoDoLote(c);
    return achados.find((x) => (a && x.codigo === a) || (o && !x.codigo && x.id === o.itemId && x.romaneioId === o.romaneioId));
  };
  const ids = itens.flatMap((it) => (it.id ? [it.id] : []));
  const salvos = ids.length
    ? await t
        .select({ id: lojaItemLotes.id, lojaItemId: lojaItemLotes.lojaItemId, romaneioItemId: lojaItemLotes.romaneioItemId })
        .from(lojaItemLotes)
        .where(inArray(lojaItemLotes.lojaItemId, ids))
    : [];
  const erros: { field: string; message: string }[] = [];
  const linhas = itens.map((it, n) => {
    if (!it.lotes) return undefined;
    const vistos = new Set<number>();
    return it.lotes.flatMap((c) => {
      const ri = doCodigo(c);
      if (!ri || ri.produtoId !== it.produtoId || ri.data !== i.dataEmissao) {
        erros.push({ field: caminhoDoCampo(['itens', n, 'lotes']), message: LOJA_LOTE_MSG.naoDoDia(c) });
        return [];
      }
      if (vistos.has(ri.id)) return [];
      vistos.add(ri.id);
      return [{ id: salvos.find((s) => s.lojaItemId === it.id && s.romaneioItemId === ri.id)?.id, romaneioItemId: ri.id }];
    });
  });
  if (erros.length) throw badRequest(erros[0].message, erros);
  return linhas;
}

const itensSql = (where: ReturnType<typeof sql>) => sql`
  SELECT li.id, li.loja_id AS "lojaId", li.produto_id AS "produtoId", pr.nome AS "produtoNome", pr.embalagem AS "produtoEmbalagem", pr.peso_em_kg::float8 AS "produtoPesoEmKg",
         li.quantidade::float8 AS quantidade, li.municipio_id AS "municipioId", m.nome AS "municipioNome",
         coalesce((SELECT json_agg(${codigoSql('ri')} ORDER BY ri.id) FROM loja_item_lotes ll JOIN romaneio_itens ri ON ri.id = ll.romaneio_item_id
                   WHERE ll.loja_item_id = li.id), '[]'::json) AS lotes
  FROM loja_itens li
  JOIN produto pr ON pr.id = li.produto_id
  JOIN municipio m ON m.id = li.municipio_id
  WHERE ${where}
  ORDER BY li.id`;

/** The items as the API answers them (the lots' JSON parsed where the driver gives text). */
const lerItens = async (t: Tx, where: ReturnType<typeof sql>) =>
  ((await t.execute(itensSql(where))).rows as (LojaItem & { lotes: string[] | string })[]).map((i) => ({
    ...i,
    lotes: typeof i.lotes === 'string' ? (JSON.parse(i.lotes) as string[]) : i.lotes,
  }));
const lerItem = async (t: Tx, id: number) => (await lerItens(t, sql`li.id = ${id}`))[0] as LojaItem | undefined;

/** A shop sheet as the list shows it, with its items; 404 when there is none. */
async function dto(t: Tx, id: number): Promise<Loja> {
  const linha = await listRow(t, lojaList, id);
  if (!linha) throw naoEncontrado(NAO_ENCONTRADO);
  return { ...linha, itens: await lerItens(t, sql`li.loja_id = ${id}`) };
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
  const lotes = await linhasDosLotes(t, i);
  return {
    lojistaId: i.lojistaId,
    dataEmissao: i.dataEmissao,
    // Left out on an edit that does not send them: the items stay as they are (and an item's lots, without 'lotes').
    ...(i.itens && {
      itens: i.itens.map((it, n) => ({
        id: it.id,
        produtoId: it.produtoId,
        municipioId: it.municipioId,
        quantidade: it.quantidade.toFixed(2),
        ...(lotes[n] && { lotes: lotes[n] }),
      })),
    }),
  };
}

export function lojaRepository(db: Db) {
  const itemCrud = repositorioPadrao(db, { table: lojaItens, cadastro: 'LojaItens', naoEncontrado: ITEM_NAO_ENCONTRADO }).crud;

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
        const item = await itemCrud.alterarNa(t, usuario, id, { quantidade: quantidade.toFixed(2) });
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

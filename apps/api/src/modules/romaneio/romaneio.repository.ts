import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import {
  caminhoDoCampo,
  DIVIDA_EM_USO,
  dataJaNaDivida,
  type BoletimItemProduto,
  type ModoCarteira,
  type MunicipiosDoProdutor,
  PedraLivre,
  Romaneio,
  RomaneioItem,
  RomaneioLinha,
  RomaneioPedra,
  type RomaneioDados,
  nfeEmOutroRomaneio,
} from '@ceasa/shared';
import type { Tx } from '../../db/client';
import { pedras, pessoa, romaneioDivida, romaneioItens, romaneioNfe, romaneioPedras } from '../../db/schema';
import { registrarLog } from '../../lib/audit';
import type { Colecao } from '../../lib/crud';
import { HttpError, naoEncontrado } from '../../lib/errors';
import { colunas, condition, executar, limitOffset, nomes, type ListSpec } from '../../lib/list';
import { comercializadaDoItem } from '../boletim/boletim.repository';
import { diasDoCalendario } from '../calendario/calendario.repository';
import { suspensoesDosProdutores } from '../inspecao/inspecao.repository';
import { ordemDoNumero } from '../pedra/pedra.repository';
import { type Fatos, type ItemDeBoletim, pedraOcupada } from './regras';

export const NAO_ENCONTRADO = 'Romaneio não encontrado';
export const ITEM_NAO_ENCONTRADO = 'Item do romaneio não encontrado';

/**
 * 'Quantidade zerado?' (docs/produto/dados.md): over the distinct bulletin items the romaneio's items are
 * taken from, SIM when every one's balance in kg (estimated - the kg of all romaneio items linked to it) is ≤ 0,
 * PARCIAL when some are, NÃO when none are (also when no item is linked to a bulletin).
 */
const tipoQuantidade = sql`CASE WHEN tq.total > 0 AND tq.zerados = tq.total THEN 'SIM' WHEN tq.zerados > 0 THEN 'PARCIAL' ELSE 'NÃO' END`;

/** The romaneio list: one row per romaneio with its producer and tipoQuantidade. */
export const romaneioList: ListSpec<RomaneioLinha> = {
  select: sql`r.id, r.versao, r.data_emissao AS "dataEmissao", r.divida::float8 AS "divida", r.pessoa_id AS "pessoaId", pr.nome AS "produtorNome",
    ${tipoQuantidade} AS "tipoQuantidade",
    (SELECT string_agg(substring(rn.chave from 26 for 9)::int || '/' || substring(rn.chave from 23 for 3)::int, ', ' ORDER BY rn.id)
      FROM romaneio_nfe rn WHERE rn.romaneio_id = r.id) AS "notasFiscais"`,
  from: sql`romaneio r
    JOIN pessoa pr ON pr.id = r.pessoa_id
    LEFT JOIN LATERAL (
      SELECT count(*) AS total, count(*) FILTER (WHERE s.saldo <= 0) AS zerados
      FROM (
        SELECT bi.id, bi.producao_estimada - ${comercializadaDoItem} AS saldo
        FROM boletim_itens bi
        WHERE bi.id IN (SELECT ri.boletim_itens_id FROM romaneio_itens ri WHERE ri.romaneio_id = r.id)
      ) s
    ) tq ON true`,
  fields: {
    ...colunas('r', { id: 'contains', dataEmissao: 'date', divida: 'contains', pessoaId: 'id' }),
    produtorId: { expr: sql`r.pessoa_id`, filter: 'id' },
    ...nomes({ produtorNome: 'pr' }),
    tipoQuantidade: { expr: tipoQuantidade, filter: 'eq' },
    // Romaneios with an NF-e key containing the digits typed: the key's unique index answers a whole key.
    chaveNfe: {
      expr: sql`r.id`,
      sort: false,
      via: { key: sql`r.id`, from: sql`romaneio_nfe rn`, id: sql`rn.romaneio_id`, expr: sql`rn.chave`, filter: 'contains', existe: true },
    },
    // Romaneios with an item of a product whose name contains the text.
    produtoNome: {
      expr: sql`r.id`,
      sort: false,
      via: {
        key: sql`r.id`,
        from: sql`romaneio_itens ri`,
        id: sql`ri.romaneio_id`,
        expr: sql`ri.produto_id`,
        filter: 'text',
        // Row by row: the newest page stops after its 20 romaneios however many years match.
        existe: true,
        // The item's product among those whose name contains the text (found once): each romaneio is checked from
        // the items' (romaneio_id, produto_id) index alone, and the capped total hashes those products' item keys.
        campo: {
          expr: sql`ri.produto_id`,
          filter: 'text',
          via: { key: sql`ri.produto_id`, from: sql`produto p`, id: sql`p.id`, expr: sql`p.nome`, filter: 'text' },
        },
      },
    },
  },
  aliases: { produtor: 'produtorNome', 'pessoa.nome': 'produtorNome', 'pessoa.id': 'pessoaId' },
  // The newest first (issue date, then id; romaneioRecurso.ordem declares the same).
  defaultSort: { field: 'dataEmissao', dir: 'desc' },
  // About a hundred romaneios every market day: the total stops at 1,000, so a filter costs the same
  // after ten years (decision 0098). Not counted in order: with a product filter that would sort every match.
  // Filtered only by a product name: counted from the products' items, newest first (decision 0127).
  contagem: {
    maximo: 1000,
    propria: (filtros) =>
      filtros.length === 1 && filtros[0].key === 'produtoNome' ? (db, limite) => romaneiosComProdutoDoNome(db, filtros[0].raw, limite) : null,
  },
};

/**
 * How many romaneios have an item of a product whose name contains the text, up to `limite` (decision 0127): the
 * products are found first (their name's trigram index), then their items' (produto_id, romaneio_id) index entries
 * are merged newest romaneio first, one branch per product (a Merge Append), and the count stops at `limite`
 * distinct romaneios: about `limite` index entries read whether the table holds one year or ten (a hash of every
 * item of those products, the ordinary count's plan, grew with the years). Every item's romaneio exists and has
 * its producer (foreign keys), so this is the list's own count with that filter alone.
 */
export async function romaneiosComProdutoDoNome(db: Tx, nome: unknown, limite: number): Promise<number> {
  const filtro = condition({ expr: sql`p.nome`, filter: 'text' }, nome);
  if (!filtro) return 0;
  const produtos = (await executar(db, sql`SELECT p.id FROM produto p WHERE ${filtro} ORDER BY p.id`)).rows.map((r) => Number(r.id));
  if (!produtos.length) return 0;
  const ramos = sql.join(
    produtos.map((id) => sql`(SELECT ri.romaneio_id FROM romaneio_itens ri WHERE ri.produto_id = ${id} ORDER BY ri.romaneio_id DESC)`),
    sql` UNION ALL `,
  );
  const r = await executar(
    db,
    sql`SELECT count(*)::int AS n FROM (SELECT DISTINCT ON (u.romaneio_id) u.romaneio_id FROM (${ramos}) u ORDER BY u.romaneio_id DESC ${limitOffset(limite)}) c`,
  );
  return Number(r.rows[0].n);
}

/** A romaneio's items: saved with it by the shared master-detail save (diffed by id, one audit row each). */
export const colecaoItens = {
  campo: 'itens',
  table: romaneioItens,
  cadastro: 'RomaneioItens',
  pai: romaneioItens.romaneioId,
  item: 'Item',
  vinculo: 'itens de romaneio',
} satisfies Colecao;

/**
 * A romaneio's stall bookings on its own date (unique per stall and date): written in stall order (two batches
 * booking the same stalls lock them in the same order, one waits instead of deadlocking); a stall another save
 * booked meanwhile is the gate's 409 on the body's `pedrasId` (each row carries its stall's `numero` for it).
 */
export const colecaoPedras = {
  campo: 'pedras',
  table: romaneioPedras,
  cadastro: 'RomaneioPedras',
  pai: romaneioPedras.romaneioId,
  item: 'Pedra',
  ordem: (a, b) => Number(a.pedraId) - Number(b.pedraId),
  unicos: {
    romaneio_pedras_pedra_data_uq: { mensagem: (l) => pedraOcupada(String(l.numero ?? l.pedraId), String(l.data)), campos: ['pedrasId'] },
  },
} satisfies Colecao;

/** A romaneio's NF-e keys: one romaneio per key, the unique key's 409 on the key's own field. */
export const colecaoNfe = {
  campo: 'chavesNfe',
  table: romaneioNfe,
  cadastro: 'RomaneioNfe',
  pai: romaneioNfe.romaneioId,
  item: 'Chave de acesso',
  unicos: {
    romaneio_nfe_chave_uq: { mensagem: (l) => nfeEmOutroRomaneio(String(l.chave)), campos: [''] },
  },
} satisfies Colecao;

/**
 * Where a romaneio item `ri` came from: its bulletin item `bi`, that item's bulletin `b`, the bulletin's property `pp` and
 * the property's municipality `m` (left joins: all null for an item sold without a bulletin).
 */
export const origemDoItem = sql`LEFT JOIN boletim_itens bi ON bi.id = ri.boletim_itens_id
  LEFT JOIN boletim b ON b.id = bi.boletim_id
  LEFT JOIN propriedade pp ON pp.id = b.propriedade_id
  LEFT JOIN municipio m ON m.id = pp.municipio_id`;

const itensSql = (where: ReturnType<typeof sql>) => sql`
  SELECT ri.id, ri.romaneio_id AS "romaneioId", ri.produto_id AS "produtoId", p.nome AS "produtoNome", p.embalagem AS "produtoEmbalagem", p.peso_em_kg::float8 AS "produtoPesoEmKg",
         ri.quantidade::float8 AS "quantidade", ri.boletim_itens_id AS "boletimItensId",
         bi.inicio_colheita AS "boletimItensInicioColheita", bi.fim_colheita AS "boletimItensFimColheita",
         pp.nome AS "boletimItensBoletimPropriedadeNome", m.nome AS "boletimItensBoletimPropriedadeMunicipioNome",
         coalesce(ri.codigo_lote, ri.romaneio_id || 'R' || ri.id) AS lote,
         EXISTS (SELECT 1 FROM caderno c WHERE c.boletim_item_id = ri.boletim_itens_id) AS "temCaderno"
  FROM romaneio_itens ri
  JOIN produto p ON p.id = ri.produto_id
  ${origemDoItem}
  WHERE ${where}
  ORDER BY ri.id`;

export async function lerItem(t: Tx, id: number): Promise<RomaneioItem | undefined> {
  return (await t.execute(itensSql(sql`ri.id = ${id}`))).rows[0] as RomaneioItem | undefined;
}

/**
 * The romaneios `onde` picks (a condition on `romaneio r`) as the API answers them (docs/produto/dados.md),
 * by date then id: three queries however many romaneios (a debt's batch reads as one).
 */
export async function lerRomaneios(t: Tx, onde: SQL): Promise<Romaneio[]> {
  const linhas = (
    await t.execute(sql`SELECT ${romaneioList.select}, pr.cpfcnpj AS "pessoaCpfcnpj", r.chegada_id AS "chegadaId",
        (SELECT bi.boletim_id FROM romaneio_itens ri JOIN boletim_itens bi ON bi.id = ri.boletim_itens_id
          WHERE ri.romaneio_id = r.id ORDER BY ri.id LIMIT 1) AS "boletimId"
      FROM ${romaneioList.from} WHERE ${onde} ORDER BY r.data_emissao, r.id`)
  ).rows as (RomaneioLinha & { pessoaCpfcnpj: string; boletimId: number | null })[];
  if (!linhas.length) return [];
  const ids = sql.join(
    linhas.map((l) => sql`${l.id}`),
    sql`, `,
  );
  const itens = (await t.execute(itensSql(sql`ri.romaneio_id IN (${ids})`))).rows as RomaneioItem[];
  const pedras = (
    await t.execute(sql`SELECT rp.id, rp.romaneio_id AS "romaneioId", rp.pedra_id AS "pedrasId", pd.numero AS "pedrasNumero", rp.ocupacao
      FROM romaneio_pedras rp JOIN pedras pd ON pd.id = rp.pedra_id WHERE rp.romaneio_id IN (${ids}) ORDER BY ${ordemDoNumero}, rp.id`)
  ).rows as RomaneioPedra[];
  const chaves = (
    await t.execute(sql`SELECT rn.romaneio_id AS "romaneioId", rn.chave, rn.emitente_confere AS "emitenteConfere"
      FROM romaneio_nfe rn WHERE rn.romaneio_id IN (${ids}) ORDER BY rn.id`)
  ).rows as { romaneioId: number; chave: string; emitenteConfere: boolean }[];
  return linhas.map(({ pessoaCpfcnpj, boletimId, ...linha }) => ({
    ...linha,
    pessoa: { id: linha.pessoaId, nome: linha.produtorNome, cpfcnpj: pessoaCpfcnpj },
    boletimId: boletimId ?? null,
    pedras: pedras.filter((p) => p.romaneioId === linha.id),
    itens: itens.filter((i) => i.romaneioId === linha.id),
    chavesNfe: chaves.filter((c) => c.romaneioId === linha.id).map((c) => c.chave),
    nfe: chaves.filter((c) => c.romaneioId === linha.id).map(({ chave, emitenteConfere }) => ({ chave, emitenteConfere })),
  }));
}

/** A romaneio as the API answers it (docs/produto/dados.md), or 404. */
export async function lerRomaneio(t: Tx, id: number): Promise<Romaneio> {
  const [r] = await lerRomaneios(t, sql`r.id = ${id}`);
  if (!r) throw naoEncontrado(NAO_ENCONTRADO);
  return r;
}

/** Every romaneio of one debt (its batch), by date then id (none: an empty list). */
export const romaneiosDaDivida = (t: Tx, divida: number) => lerRomaneios(t, sql`r.divida = ${divida}`);

/** The ids of the romaneios of one debt (its batch), by date then id. */
export async function idsDaDivida(t: Tx, divida: number): Promise<number[]> {
  const r = await t.execute(sql`SELECT id FROM romaneio WHERE divida = ${divida} ORDER BY data_emissao, id`);
  return (r.rows as { id: number }[]).map((x) => x.id);
}

/** Stalls free on every one of the dates (none when a date list is empty: all), ordered by number. */
export async function pedrasLivres(t: Tx, datas: string[]): Promise<PedraLivre[]> {
  const ocupada = datas.length
    ? sql`EXISTS (SELECT 1 FROM romaneio_pedras rp WHERE rp.pedra_id = pd.id AND rp.data IN (${sql.join(
        datas.map((d) => sql`${d}::date`),
        sql`, `,
      )}))`
    : sql`false`;
  const r = await t.execute(sql`SELECT pd.id, pd.numero FROM pedras pd WHERE NOT ${ocupada} ORDER BY ${ordemDoNumero}, pd.id`);
  return r.rows as PedraLivre[];
}

/**
 * The chemical applications of the notebook of bulletin item `bi` (json: nomeProduto, data, periodoCarencia;
 * the 'não necessárias' rows left out), null when it has no notebook: what the withdrawal-period rule reads.
 */
export const aplicacoesDoItem = sql`(SELECT coalesce(json_agg(json_build_object('nomeProduto', a.nome_produto, 'data', a.data, 'periodoCarencia', a.periodo_carencia)
      ORDER BY a.id) FILTER (WHERE a.id IS NOT NULL), '[]'::json)
    FROM caderno c LEFT JOIN aplicacao_produtos_quimicos a ON a.caderno_id = c.id AND NOT a.nao_necessarias
    WHERE c.boletim_item_id = bi.id GROUP BY c.id)`;

/**
 * A producer's bulletin items with their balance (what the romaneio form offers), by product name then id;
 * `ids`: only these; `colheitaEm`: only those whose harvest window contains one of these days (decision 0125).
 */
export async function itensDoProdutor(t: Tx, pessoaId: number, ids?: number[], colheitaEm?: string[]): Promise<BoletimItemProduto[]> {
  let filtro = ids ? (ids.length ? sql`AND bi.id IN (${sql.join(ids, sql`, `)})` : sql`AND false`) : sql``;
  if (colheitaEm?.length)
    filtro = sql`${filtro} AND (${sql.join(
      colheitaEm.map((d) => sql`${d}::date BETWEEN bi.inicio_colheita AND bi.fim_colheita`),
      sql` OR `,
    )})`;
  const r = await t.execute(sql`
    SELECT bi.id, bi.boletim_id AS "boletimId", bi.produto_id AS "produtoId", p.nome AS "produtoNome", p.embalagem AS "produtoEmbalagem", p.peso_em_kg::float8 AS "produtoPesoEmKg",
           bi.inicio_colheita AS "inicioColheita", bi.fim_colheita AS "fimColheita",
           (bi.producao_estimada - ${comercializadaDoItem})::float8 AS "saldoQtde",
           ${aplicacoesDoItem} AS aplicacoes
    FROM boletim_itens bi
    JOIN boletim b ON b.id = bi.boletim_id
    JOIN produto p ON p.id = bi.produto_id
    WHERE b.produtor_id = ${pessoaId} ${filtro}
    ORDER BY f_unaccent(p.nome) COLLATE "C", bi.id`);
  return r.rows as BoletimItemProduto[];
}

/** The municipalities of each producer's bulletins' properties (only bulletins with a harvest ending on `ativosDesde` or later). */
export async function municipiosDosProdutores(t: Tx, ativosDesde?: string): Promise<MunicipiosDoProdutor[]> {
  const ativo = ativosDesde ? sql`WHERE EXISTS (SELECT 1 FROM boletim_itens bi WHERE bi.boletim_id = b.id AND bi.fim_colheita >= ${ativosDesde}::date)` : sql``;
  const r = await t.execute(sql`SELECT b.produtor_id AS id, string_agg(DISTINCT m.nome, ', ' ORDER BY m.nome) AS municipios
    FROM boletim b JOIN propriedade pr ON pr.id = b.propriedade_id JOIN municipio m ON m.id = pr.municipio_id
    ${ativo} GROUP BY b.produtor_id ORDER BY b.produtor_id`);
  return r.rows as MunicipiosDoProdutor[];
}

/** The type, name, document and card's last day of each of these people (a batch's producers), by id; a missing id is absent. */
async function dadosDasPessoas(t: Tx, ids: number[]): Promise<Fatos['pessoas']> {
  const pessoas = await t
    .select({ id: pessoa.id, tipoId: pessoa.tipoId, nome: pessoa.nome, cpfcnpj: pessoa.cpfcnpj, carteiraValidaAte: pessoa.carteiraValidaAte })
    .from(pessoa)
    .where(inArray(pessoa.id, ids));
  return new Map(pessoas.map(({ id, ...p }) => [id, p]));
}

/** The key rows of a romaneio, by key (a correction keeps the rows of the keys it sends again). */
export async function idsDasChaves(t: Tx, romaneioId: number): Promise<Map<string, number>> {
  const r = await t.select({ id: romaneioNfe.id, chave: romaneioNfe.chave }).from(romaneioNfe).where(eq(romaneioNfe.romaneioId, romaneioId));
  return new Map(r.map((x) => [x.chave, x.id]));
}

/** Which of these NF-e keys another romaneio than `exceto` holds: key → that romaneio. */
async function chavesEmUso(t: Tx, chaves: string[], exceto?: number): Promise<Map<string, number>> {
  if (!chaves.length) return new Map();
  const r = await t.execute(sql`SELECT chave, romaneio_id AS "romaneioId" FROM romaneio_nfe
    WHERE chave IN (${sql.join(chaves, sql`, `)}) ${exceto ? sql`AND romaneio_id <> ${exceto}` : sql``}`);
  return new Map((r.rows as { chave: string; romaneioId: number }[]).map((x) => [x.chave, x.romaneioId]));
}

/** The romaneios of these producers on these dates, but `exceto` (a correction's own). */
async function romaneiosNoDia(t: Tx, pessoas: number[], datas: string[], exceto?: number): Promise<Fatos['noDia']> {
  const r = await t.execute(sql`SELECT id, pessoa_id AS "pessoaId", data_emissao AS "dataEmissao" FROM romaneio
    WHERE pessoa_id IN (${sql.join(pessoas, sql`, `)}) AND data_emissao IN (${sql.join(
      datas.map((d) => sql`${d}::date`),
      sql`, `,
    )}) ${exceto ? sql`AND id <> ${exceto}` : sql``} ORDER BY data_emissao, id`);
  return (r.rows as { id: number; pessoaId: number; dataEmissao: unknown }[]).map((x) => ({ ...x, dataEmissao: String(x.dataEmissao) }));
}

/**
 * What the gate's rules read of the database about a batch (regras.ts `Fatos`): the calendar of its dates, its
 * producers (with their cards and suspensions) and their other romaneios on its dates, bulletin items (with their
 * balances), stalls and their bookings, its NF-e keys in other romaneios; `contribuinte` is the debt's taxpayer the
 * service looked up (before its transaction: the lookup may be the tax system over HTTP). `exceto`: a correction's own
 * romaneio (its bookings and keys are free to it, it is no other romaneio of the day).
 */
export async function lerFatos(
  t: Tx,
  lote: readonly RomaneioDados[],
  o: {
    diasDeMercado: readonly number[];
    nfeObrigatoria: boolean;
    carteira: ModoCarteira;
    contribuinte: Fatos['contribuinte'];
    exceto?: number;
  },
): Promise<Fatos> {
  const datas = [...new Set(lote.map((r) => r.dataEmissao))];
  const ids = [...new Set(lote.flatMap((r) => r.itens.map((i) => i.boletimItensId)))];
  const pessoas = [...new Set(lote.map((r) => r.pessoaId))];
  const pedraIds = [...new Set(lote.flatMap((r) => r.pedras.map((p) => p.pedrasId)))];
  const ocupadas = pedraIds.length ? await pedrasOcupadas(t, pedraIds, datas, o.exceto) : [];
  const suspensoes = new Map<number, { inicio: string; fim: string }[]>();
  for (const s of await suspensoesDosProdutores(t, pessoas)) suspensoes.set(s.pessoaId, [...(suspensoes.get(s.pessoaId) ?? []), s]);
  return {
    diasDeMercado: o.diasDeMercado,
    calendario: await diasDoCalendario(t, { datas }),
    pessoas: await dadosDasPessoas(t, pessoas),
    carteira: o.carteira,
    suspensoes,
    noDia: await romaneiosNoDia(t, pessoas, datas, o.exceto),
    contribuinte: o.contribuinte,
    itens: new Map((ids.length ? await itensDeBoletim(t, ids) : []).map((i) => [i.id, i])),
    numeros: await numerosDasPedras(t, pedraIds),
    ocupadas: new Set(ocupadas.map((x) => `${x.pedraId}|${String(x.data)}`)),
    chavesEmUso: await chavesEmUso(t, [...new Set(lote.flatMap((r) => r.chavesNfe ?? []))], o.exceto),
    nfeObrigatoria: o.nfeObrigatoria,
    chegadas: await chegadasDoLote(t, [...new Set(lote.flatMap((r) => (r.chegadaId ? [r.chegadaId] : [])))], o.exceto),
  };
}

/**
 * The announced loads a batch names, locked until its transaction ends (a load's change or withdrawal, and another
 * clerk's receipt of it, wait for this one), then the romaneio that received each one but `exceto` (a correction's
 * own): read AFTER the lock, in a statement of its own, so a receipt committed while this one waited is seen.
 */
async function chegadasDoLote(t: Tx, ids: number[], exceto?: number): Promise<Fatos['chegadas']> {
  const chegadas: Fatos['chegadas'] = new Map();
  if (!ids.length) return chegadas;
  const lista = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  const linhas = (await t.execute(sql`SELECT id, pessoa_id AS "pessoaId", data::text AS data FROM chegadas WHERE id IN (${lista}) ORDER BY id FOR UPDATE`))
    .rows as { id: number; pessoaId: number; data: string }[];
  const recebidas = (
    await t.execute(sql`SELECT id, chegada_id AS "chegadaId" FROM romaneio WHERE chegada_id IN (${lista}) ${exceto ? sql`AND id <> ${exceto}` : sql``}`)
  ).rows as { id: number; chegadaId: number }[];
  for (const c of linhas) chegadas.set(c.id, { pessoaId: c.pessoaId, data: c.data, romaneioId: recebidas.find((r) => r.chegadaId === c.id)?.id ?? null });
  return chegadas;
}

/** These bulletin items as the gate's rules read them (regras.ts ItemDeBoletim), their balance included. */
async function itensDeBoletim(t: Tx, ids: number[]): Promise<ItemDeBoletim[]> {
  return (
    await t.execute(sql`SELECT bi.id, bi.produto_id AS "produtoId", bi.inicio_colheita AS "inicioColheita", bi.fim_colheita AS "fimColheita",
        b.produtor_id AS "produtorId", ${aplicacoesDoItem} AS aplicacoes, p.nome AS "produtoNome", p.peso_em_kg::float8 AS "pesoEmKg",
        (bi.producao_estimada - ${comercializadaDoItem})::float8 AS saldo
        FROM boletim_itens bi JOIN boletim b ON b.id = bi.boletim_id JOIN produto p ON p.id = bi.produto_id
        WHERE bi.id IN (${sql.join(ids, sql`, `)})`)
  ).rows as ItemDeBoletim[];
}

/** The number of each of these stalls, by id; a missing id is absent. */
export async function numerosDasPedras(t: Tx, ids: number[]): Promise<Map<number, string>> {
  const numeros = new Map<number, string>();
  if (ids.length) for (const p of await t.select().from(pedras).where(inArray(pedras.id, ids))) numeros.set(p.id, p.numero);
  return numeros;
}

/** Which of these stalls are already booked on which of these dates (by another romaneio than `exceto`, a correction's own). */
export async function pedrasOcupadas(t: Tx, pedraIds: number[], datas: string[], exceto?: number): Promise<{ pedraId: number; data: string }[]> {
  return (
    await t.execute(sql`SELECT rp.pedra_id AS "pedraId", rp.data FROM romaneio_pedras rp
          WHERE rp.pedra_id IN (${sql.join(pedraIds, sql`, `)}) AND rp.data IN (${sql.join(
            datas.map((d) => sql`${d}::date`),
            sql`, `,
          )}) ${exceto ? sql`AND rp.romaneio_id <> ${exceto}` : sql``}`)
  ).rows as { pedraId: number; data: string }[];
}

/**
 * A batch takes its debt: its row with the batch's dates, audited. A debt another batch holds is a 409, unless
 * this is a day of that batch deleted and entered again: by the batch's producer, on one of the dates
 * the batch was entered with and no longer has (its row locked, so two such saves take turns; the
 * (divida, data_emissao) key decides the rest).
 */
export async function reservarDivida(t: Tx, usuario: string, divida: number, lote: { pessoaId: number; dataEmissao: string }[]): Promise<void> {
  const datas = lote.map((r) => r.dataEmissao).sort();
  const nova = await t.insert(romaneioDivida).values({ divida, datas }).onConflictDoNothing().returning();
  if (nova.length) return registrarLog(t, usuario, 'RomaneioDivida', divida, 'INSERT', { divida, datas });
  const emUso = () => new HttpError(409, DIVIDA_EM_USO, [{ field: 'divida', message: DIVIDA_EM_USO }]);
  const [dono] = (await t.execute(sql`SELECT datas::text[] AS datas FROM romaneio_divida WHERE divida = ${divida} FOR UPDATE`)).rows as {
    datas: string[] | null;
  }[];
  const doLote = (await t.execute(sql`SELECT pessoa_id AS "pessoaId", data_emissao::text AS "dataEmissao" FROM romaneio WHERE divida = ${divida}`)).rows as {
    pessoaId: number;
    dataEmissao: string;
  }[];
  const doProdutor = doLote.length > 0 && lote.every((r) => doLote.every((d) => d.pessoaId === r.pessoaId));
  if (!doProdutor || !lote.every((r) => dono?.datas?.includes(r.dataEmissao))) throw emUso();
  const presentes = new Set(doLote.map((d) => d.dataEmissao));
  // A date the batch still has: the debt is in use (the message of docs/produto/validacao.md), each such date named on its field.
  const repetidas = lote.flatMap((r, k) =>
    presentes.has(r.dataEmissao) ? [{ field: caminhoDoCampo([k, 'dataEmissao']), message: dataJaNaDivida(r.dataEmissao) }] : [],
  );
  if (repetidas.length) throw new HttpError(409, DIVIDA_EM_USO, [{ field: 'divida', message: DIVIDA_EM_USO }, ...repetidas]);
}

/** The debt's batch row goes (when its last romaneio went), audited: the debt may be used again. */
export async function liberarDivida(t: Tx, usuario: string, divida: number): Promise<void> {
  await t.delete(romaneioDivida).where(eq(romaneioDivida.divida, divida));
  await registrarLog(t, usuario, 'RomaneioDivida', divida, 'DELETE', { divida });
}

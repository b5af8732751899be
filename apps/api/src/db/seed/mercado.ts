/**
 * The demo's market days: a year (or `anos` years) of romaneios with their stall
 * bookings, shop sheets, parking tickets and quotations, generated from the producers' harvest bulletins already in the database. Plain SQL
 * inserts (one statement per table, rows passed as one JSON parameter), deterministic: the same
 * demo on every load.
 */
import { sql } from 'drizzle-orm';
import type { Tx } from '../client';
import { cotacao, estacionamento, loja, lojaItens as lojaItensTabela, romaneio, romaneioDivida, romaneioItens, romaneioPedras } from '../schema';
import { USUARIOS_DEMO, type Auditar } from './auditoria';

const DIA = 86_400_000;
const ms = (iso: string) => Date.parse(`${iso}T00:00:00Z`);
const iso = (t: number) => new Date(t).toISOString().slice(0, 10);

/** Deterministic pseudo-random numbers in [0, 1) (mulberry32). */
export function aleatorio(semente: number): () => number {
  let a = semente >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * The demo's market days: every weekday of `diasDeMercado` in the `anos` years up to `hoje` (one year:
 * the 365 days up to it), the next market day after it (romaneios paid in advance book it), and `hoje`
 * itself even when it is not a market day, so that /admin opens on an occupied stall map whatever day
 * the demo is loaded (docs/decisions).
 */
export function diasDeMercadoDoAno(hoje: string, diasDeMercado: readonly number[], anos = 1): string[] {
  const dias: string[] = [];
  const fim = ms(hoje);
  for (let t = fim - (365 * anos - 1) * DIA; t <= fim; t += DIA) if (diasDeMercado.includes(new Date(t).getUTCDay()) || t === fim) dias.push(iso(t));
  for (let t = fim + DIA; t <= fim + 7 * DIA; t += DIA)
    if (diasDeMercado.includes(new Date(t).getUTCDay())) {
      dias.push(iso(t));
      break;
    }
  return dias;
}

/** How many years before `hoje`'s a day falls in (0: the 365 days up to `hoje`, and the days after it). */
export const anoAtras = (hoje: string, dia: string) => Math.max(0, Math.floor((ms(hoje) - ms(dia)) / (365 * DIA)));

/**
 * Producers come and go over the years: in the year `b` years back, the hundred producers from the
 * (PRODUTORES_NOVOS_POR_ANO × b)-th on (in id order) work the market, so the latest year's are the
 * first hundred and a decade holds 100 + 22 × 9 = 298 producers (each for four or five years).
 */
export const PRODUTORES_POR_ANO = 100;
export const PRODUTORES_NOVOS_POR_ANO = 22;
export const totalDeProdutores = (anos: number) => PRODUTORES_POR_ANO + PRODUTORES_NOVOS_POR_ANO * (anos - 1);
export const ativoNoAno = (k: number, b: number) => k >= PRODUTORES_NOVOS_POR_ANO * b && k < PRODUTORES_NOVOS_POR_ANO * b + PRODUTORES_POR_ANO;

/** How many market days a harvest window holds (the whole window, also its part still to come). */
function diasNaJanela(inicio: string, fim: string, diasDeMercado: readonly number[]): number {
  let n = 0;
  for (let t = ms(inicio); t <= ms(fim); t += DIA) if (diasDeMercado.includes(new Date(t).getUTCDay())) n++;
  return n;
}

interface ItemBoletim {
  id: number;
  produtoId: number;
  produtorId: number;
  /** The estimated production in the product's packages (the bulletin's kg ÷ pesoEmKg): romaneio quantities count packages. */
  estimada: number;
  inicio: string;
  fim: string;
}
interface Romaneio {
  id: number;
  data: string;
  produtorId: number;
  divida: number;
  itens: { boletimItem: ItemBoletim; peso: number; quantidade: number }[];
  pedras: { pedraId: number; ocupacao: 'avulsa' | null }[];
}

/** First debt number of the demo's romaneio batches (the tax system's own numbers: 900000+ parking, 100001+ free ones). */
export const PRIMEIRA_DIVIDA_DEMO = 700_001;

/** What one year of market days wrote (a progress line of `seed:demo -- --anos N`). */
export interface AnoDeMercado {
  de: string;
  ate: string;
  romaneios: number;
  itens: number;
  reservas: number;
  lotes: number;
  lojas: number;
  estacionamentos: number;
  auditoria: number;
}

export interface OpcoesMercado {
  anos?: number;
  /** Audits the rows inserted since its last call (seed/auditoria.ts); none when omitted. */
  auditar?: Auditar;
  /** Called after each year is written, oldest first. */
  aoFimDoAno?: (ano: AnoDeMercado) => void;
}

/** The first parking debt of the demo's past market days (800001+; the last 30 days' are 900000+). */
const PRIMEIRA_DIVIDA_ESTACIONAMENTO = 800_001;

type Linhas = <T>(q: ReturnType<typeof sql>) => Promise<T[]>;
type Lote = { divida: number; produtorId: number; romaneios: Romaneio[] };
type Loja = { id: number; lojista: number; data: string };
type LojaItem = { l: number; p: number; q: number; m: number; data: string };
type Estacionamento = { data: string; placa: string; valor: number; divida: number; pessoa: number; veiculo: number };

/**
 * Each year's usual stalls of its producers: a run of 1 to 3 neighbouring stalls, producers in a
 * shuffled order, the spare stalls scattered between the runs (free for casual occupation).
 */
function pedrasUsuaisDoAno(rnd: () => number, pedras: { id: number }[], ativos: { id: number }[]) {
  const ordem = ativos.map((p) => ({ p, r: rnd() }));
  ordem.sort((a, b) => a.r - b.r);
  const usuais = new Map<number, number[]>();
  const quantas = ordem.map(() => [1, 1, 2, 2, 2, 2, 3][Math.floor(rnd() * 7)]);
  let sobra = pedras.length - quantas.reduce((s, k) => s + k, 0);
  let proxima = 0;
  ordem.forEach(({ p }, i) => {
    if (sobra > 0 && rnd() < sobra / (ordem.length - i)) {
      proxima++;
      sobra--;
    }
    const k = Math.min(quantas[i], pedras.length - proxima);
    usuais.set(
      p.id,
      pedras.slice(proxima, proxima + k).map((x) => x.id),
    );
    proxima += k;
  });
  return usuais;
}

/** The producers, the stalls in their numbers' order, and each producer's bulletin items (estimates in packages). */
async function produtoresEPedras(linhas: Linhas) {
  const produtores = await linhas<{ id: number; nome: string }>(sql`SELECT id, nome FROM pessoa WHERE tipo_id = 1 ORDER BY id`);
  const pedras = await linhas<{ id: number }>(sql`SELECT id FROM pedras ORDER BY nullif(regexp_replace(numero, '\\D', '', 'g'), '')::int NULLS LAST, id`);
  const itensBoletim = (
    await linhas<{ id: number; produtoId: number; produtorId: number; estimada: string; inicio: string; fim: string }>(sql`
      SELECT bi.id, bi.produto_id AS "produtoId", b.produtor_id AS "produtorId", round(bi.producao_estimada / p.peso_em_kg, 2) AS estimada,
             bi.inicio_colheita::text AS inicio, bi.fim_colheita::text AS fim
      FROM boletim_itens bi JOIN boletim b ON b.id = bi.boletim_id JOIN produto p ON p.id = bi.produto_id ORDER BY bi.id`)
  ).map((i) => ({ ...i, estimada: Number(i.estimada) }));
  const itensDe = new Map<number, ItemBoletim[]>();
  for (const i of itensBoletim) itensDe.set(i.produtorId, [...(itensDe.get(i.produtorId) ?? []), i]);
  return { produtores, pedras, itensDe };
}

/**
 * The romaneios, market day by market day, oldest first: each producer of the year present that day (his bulletin
 * items harvestable, and his usual attendance) takes some of those items and his usual stalls still free; a few
 * take one more stall for the day ('avulsa'). Quantities are left at 0 (distribuirQuantidades).
 */
function romaneiosDosDias(rnd: () => number, m: Awaited<ReturnType<typeof produtoresEPedras>>, dias: string[], hoje: string, anos: number): Romaneio[] {
  const { produtores, pedras, itensDe } = m;
  const assiduidade = new Map(produtores.map((p) => [p.id, 0.78 + rnd() * 0.2]));
  const romaneios: Romaneio[] = [];
  let usuais = new Map<number, number[]>();
  let anoDosUsuais = -1;
  for (const data of dias) {
    const b = Math.min(anos - 1, anoAtras(hoje, data));
    const ativos = produtores.filter((_, k) => ativoNoAno(k, b));
    if (b !== anoDosUsuais) {
      usuais = pedrasUsuaisDoAno(rnd, pedras, ativos);
      anoDosUsuais = b;
    }
    const ocupadas = new Set<number>();
    const doDia: Romaneio[] = [];
    for (const p of ativos) {
      const colhe = (itensDe.get(p.id) ?? []).filter((i) => i.inicio <= data && data <= i.fim);
      if (!colhe.length || rnd() > assiduidade.get(p.id)!) continue;
      const levados = colhe.filter(() => rnd() < 0.85);
      if (!levados.length) levados.push(colhe[Math.floor(rnd() * colhe.length)]);
      const pedrasDoDia = (usuais.get(p.id) ?? []).filter((id) => !ocupadas.has(id));
      for (const id of pedrasDoDia) ocupadas.add(id);
      doDia.push({
        id: 0,
        data,
        produtorId: p.id,
        divida: 0,
        itens: levados.map((boletimItem) => ({ boletimItem, peso: 0.75 + rnd() * 0.5, quantidade: 0 })),
        pedras: pedrasDoDia.map((pedraId) => ({ pedraId, ocupacao: null })),
      });
    }
    // A few producers take one more stall for the day ('avulsa'), among those still free.
    const livres = pedras.map((x) => x.id).filter((id) => !ocupadas.has(id));
    for (const r of doDia)
      if (livres.length && rnd() < 0.06) {
        const [pedraId] = livres.splice(Math.floor(rnd() * livres.length), 1);
        r.pedras.push({ pedraId, ocupacao: 'avulsa' });
      }
    romaneios.push(...doDia);
  }
  return romaneios;
}

/**
 * Quantities: a bulletin item's estimated production spread over its window's market days, each
 * day's load varying; about one in four of the harvests the demo saw whole sells out (balance 0).
 */
function distribuirQuantidades(rnd: () => number, romaneios: Romaneio[], dias: string[], hoje: string, diasDeMercado: readonly number[]) {
  const usos = new Map<number, Romaneio['itens']>();
  for (const r of romaneios)
    for (const it of r.itens) {
      const lista = usos.get(it.boletimItem.id);
      if (lista) lista.push(it);
      else usos.set(it.boletimItem.id, [it]);
    }
  for (const [, lista] of usos) {
    const bi = lista[0].boletimItem;
    const porDia = bi.estimada / Math.max(1, diasNaJanela(bi.inicio, bi.fim, diasDeMercado));
    const fatia = 0.55 + rnd() * 0.35;
    const bruto = lista.map((it) => porDia * it.peso * fatia);
    const soma = bruto.reduce((s, q) => s + q, 0);
    // Only a harvest the demo saw whole sells out, and only when that keeps each day's load plausible.
    const esgota = rnd() < 0.25 && dias[0] <= bi.inicio && bi.fim < hoje && bi.estimada / soma < 1.6;
    const escala = esgota || soma > bi.estimada ? bi.estimada / soma : 1;
    lista.forEach((it, i) => (it.quantidade = Math.max(1, Math.floor(bruto[i] * escala))));
    const total = lista.reduce((s, it) => s + it.quantidade, 0);
    const ultimo = lista[lista.length - 1];
    // Whole packages; the last day takes what rounding left (exactly the estimate when it sells out).
    if (esgota || total > bi.estimada) ultimo.quantidade = Math.max(1, ultimo.quantidade + bi.estimada - total);
  }
}

/** The romaneios' ids (in date order), and their batches: a producer's consecutive market days, 1 to 3 dates paid with one debt. */
async function lotesComDividas(linhas: Linhas, rnd: () => number, romaneios: Romaneio[], produtores: { id: number }[]): Promise<Lote[]> {
  const ids = await linhas<{ id: number }>(
    sql`SELECT nextval(pg_get_serial_sequence('romaneio', 'id'))::int AS id FROM generate_series(1, ${romaneios.length})`,
  );
  romaneios.forEach((r, i) => (r.id = ids[i].id));
  const seusRomaneios = new Map<number, Romaneio[]>();
  for (const r of romaneios) {
    const lista = seusRomaneios.get(r.produtorId);
    if (lista) lista.push(r);
    else seusRomaneios.set(r.produtorId, [r]);
  }
  const lotes: Lote[] = [];
  for (const p of produtores) {
    const seus = seusRomaneios.get(p.id) ?? [];
    for (let i = 0; i < seus.length;) {
      const n = [1, 2, 2, 2, 3][Math.floor(rnd() * 5)];
      lotes.push({ divida: 0, produtorId: p.id, romaneios: seus.slice(i, i + n) });
      i += n;
    }
  }
  lotes.sort((a, b) => (a.romaneios[0].data < b.romaneios[0].data ? -1 : a.romaneios[0].data > b.romaneios[0].data ? 1 : a.produtorId - b.produtorId));
  lotes.forEach((l, i) => {
    l.divida = PRIMEIRA_DIVIDA_DEMO + i;
    for (const r of l.romaneios) r.divida = l.divida;
  });
  return lotes;
}

/** Shop sheets: on about two market days in five each shop owner records what it brought, 2 to 5 products from the region's municipalities. */
async function fichasDasLojas(linhas: Linhas, rnd: () => number, dias: string[]) {
  const lojistas = await linhas<{ id: number }>(sql`SELECT id FROM pessoa WHERE tipo_id = 3 ORDER BY id`);
  const produtos = await linhas<{ id: number }>(sql`SELECT id FROM produto ORDER BY id`);
  const municipios = await linhas<{ id: number }>(sql`SELECT id FROM municipio ORDER BY id`);
  const lojas: Loja[] = [];
  const lojaItens: LojaItem[] = [];
  const preferidos = new Map(lojistas.map((l) => [l.id, Array.from({ length: 8 }, () => produtos[Math.floor(rnd() * produtos.length)].id)]));
  for (const data of dias) for (const l of lojistas) if (rnd() < 0.4) lojas.push({ id: 0, lojista: l.id, data });
  const idsLoja = await linhas<{ id: number }>(sql`SELECT nextval(pg_get_serial_sequence('loja', 'id'))::int AS id FROM generate_series(1, ${lojas.length})`);
  lojas.forEach((l, i) => {
    l.id = idsLoja[i].id;
    const escolha = [...new Set(Array.from({ length: 2 + Math.floor(rnd() * 4) }, () => preferidos.get(l.lojista)![Math.floor(rnd() * 8)]))];
    for (const p of escolha)
      lojaItens.push({ l: l.id, p, q: 20 + Math.floor(rnd() * 580), m: municipios[Math.floor(rnd() * municipios.length)].id, data: l.data });
  });
  return { lojas, lojaItens };
}

/**
 * Parking: before the last 30 days (seed/demo.ts writes those), one producer in seven of a market
 * day parks its truck or pickup, each ticket with a debt of the tax system.
 */
function estacionamentosAntigos(rnd: () => number, romaneios: Romaneio[], hoje: string): Estacionamento[] {
  const limiteEstacionamento = iso(ms(hoje) - 30 * DIA);
  return romaneios
    .filter((r) => r.data < limiteEstacionamento && rnd() < 1 / 7)
    .map((r, i) => ({
      data: r.data,
      placa: `QR${String.fromCharCode(65 + (r.produtorId % 26))}${String(1000 + ((r.produtorId * 37) % 9000))}`,
      valor: 20,
      divida: PRIMEIRA_DIVIDA_ESTACIONAMENTO + i,
      pessoa: r.produtorId,
      veiculo: 2 + (r.produtorId % 2),
    }));
}

/** What one year writes: its batches' debts, romaneios with items and stalls, shop sheets and parking tickets. */
interface DoAno {
  lotes: Lote[];
  romaneios: Romaneio[];
  lojas: Loja[];
  lojaItens: LojaItem[];
  estacionamentos: Estacionamento[];
}

const json = (v: unknown) => JSON.stringify(v);

/** Writes one year (one statement per table), with statistics of its rows; returns how many items and stall bookings it wrote. */
async function gravarAno(t: Tx, nomeDe: Map<number, string>, a: DoAno) {
  // The tax system's debt of each batch: the market's fee per stall and market day.
  const dividas = a.lotes.map((l) => ({
    numero: l.divida,
    nome: nomeDe.get(l.produtorId)!,
    valor: 15 * l.romaneios.reduce((s, r) => s + Math.max(1, r.pedras.length), 0),
    datas: l.romaneios.map((r) => r.data).sort(),
  }));
  await t.execute(
    sql`INSERT INTO romaneio_divida (divida, datas) SELECT x.numero, x.datas FROM json_to_recordset(${json(dividas)}::json) AS x(numero bigint, datas date[]) ORDER BY 1`,
  );
  await t.execute(sql`
    INSERT INTO dividas (numero, nome_contribuinte, valor_pgto)
    SELECT x.numero, x.nome, x.valor FROM json_to_recordset(${json(dividas)}::json) AS x(numero bigint, nome text, valor numeric)`);
  await t.execute(sql`
    INSERT INTO romaneio (id, data_emissao, divida, pessoa_id)
    SELECT x.id, x.data, x.divida, x.pessoa FROM json_to_recordset(${json(a.romaneios.map((r) => ({ id: r.id, data: r.data, divida: r.divida, pessoa: r.produtorId })))}::json)
      AS x(id int, data date, divida bigint, pessoa int)
    ORDER BY x.id`);
  const itens = a.romaneios.flatMap((r) => r.itens.map((it) => ({ r: r.id, p: it.boletimItem.produtoId, q: it.quantidade, b: it.boletimItem.id })));
  await t.execute(sql`
    INSERT INTO romaneio_itens (romaneio_id, produto_id, quantidade, boletim_itens_id)
    SELECT x.r, x.p, x.q, x.b FROM json_to_recordset(${json(itens)}::json) AS x(r int, p int, q numeric, b int)`);
  const reservas = a.romaneios.flatMap((r) => r.pedras.map((p) => ({ r: r.id, p: p.pedraId, d: r.data, o: p.ocupacao })));
  await t.execute(sql`
    INSERT INTO romaneio_pedras (romaneio_id, pedra_id, data, ocupacao)
    SELECT x.r, x.p, x.d, x.o FROM json_to_recordset(${json(reservas)}::json) AS x(r int, p int, d date, o text)`);
  await t.execute(sql`
    INSERT INTO loja (id, lojista_id, data_emissao)
    SELECT x.id, x.lojista, x.data FROM json_to_recordset(${json(a.lojas)}::json) AS x(id int, lojista int, data date) ORDER BY x.id`);
  await t.execute(sql`
    INSERT INTO loja_itens (loja_id, produto_id, quantidade, municipio_id)
    SELECT x.l, x.p, x.q, x.m FROM json_to_recordset(${json(a.lojaItens)}::json) AS x(l int, p int, q numeric, m int)`);
  await t.execute(sql`
    INSERT INTO estacionamento (data, placa, valor, divida, pessoa_id, veiculo_tipo_id)
    SELECT x.data, x.placa, x.valor, x.divida, x.pessoa, x.veiculo
    FROM json_to_recordset(${json(a.estacionamentos)}::json) AS x(data date, placa text, valor numeric, divida bigint, pessoa int, veiculo int)
    ORDER BY x.divida`);
  await t.execute(sql`
    INSERT INTO dividas (numero, nome_contribuinte, valor_pgto)
    SELECT x.divida, p.nome, x.valor FROM json_to_recordset(${json(a.estacionamentos)}::json) AS x(divida bigint, pessoa int, valor numeric)
    JOIN pessoa p ON p.id = x.pessoa`);
  // Statistics of the rows this transaction wrote (autovacuum cannot see them yet): without them the
  // audit's look-ups of each row's day are planned as if the tables were empty, and each year costs more.
  await t.execute(sql`ANALYZE romaneio, romaneio_divida, romaneio_itens, romaneio_pedras, loja, loja_itens, estacionamento`);
  return { itens: itens.length, reservas: reservas.length };
}

/** The audit rows of what a year wrote, as the app would have written them; returns how many. */
async function auditarAno(auditar: Auditar) {
  const { portaria, administrativo } = USUARIOS_DEMO;
  let auditoria = 0;
  auditoria += await auditar(romaneioDivida, 'RomaneioDivida', portaria, sql`(SELECT min(r.data_emissao) FROM romaneio r WHERE r.divida = x.divida)`, 'divida');
  auditoria += await auditar(romaneio, 'Romaneio', portaria, sql`x.data_emissao`);
  auditoria += await auditar(romaneioItens, 'RomaneioItens', portaria, sql`(SELECT r.data_emissao FROM romaneio r WHERE r.id = x.romaneio_id)`);
  auditoria += await auditar(romaneioPedras, 'RomaneioPedras', portaria, sql`x.data`);
  auditoria += await auditar(loja, 'Loja', administrativo, sql`x.data_emissao`);
  auditoria += await auditar(lojaItensTabela, 'LojaItens', administrativo, sql`(SELECT l.data_emissao FROM loja l WHERE l.id = x.loja_id)`);
  auditoria += await auditar(estacionamento, 'Estacionamento', portaria, sql`x.data`);
  return auditoria;
}

/** Quotations: every shop owner and one producer in four, one in five of them inactive; returns how many. */
async function seedCotacoes(t: Tx, linhas: Linhas, primeiroDia: string, auditar?: Auditar) {
  await t.execute(sql`
    INSERT INTO cotacao (pessoa_id, ativo)
    SELECT p.id, row_number() OVER (ORDER BY p.id) % 5 <> 0 FROM pessoa p
    WHERE p.tipo_id = 3 OR (p.tipo_id = 1 AND p.id % 4 = 0)
    ORDER BY p.id`);
  if (auditar) await auditar(cotacao, 'Cotacao', USUARIOS_DEMO.administrativo, sql`${primeiroDia}::date`);
  const [{ cotacoes }] = await linhas<{ cotacoes: number }>(sql`SELECT count(*)::int AS cotacoes FROM cotacao`);
  return cotacoes;
}

/**
 * Loads the market days of the `anos` years up to `hoje`: for each producer of that year present on a
 * day (its bulletin items harvestable that day, and its usual attendance), a romaneio with items from
 * those bulletin items and its usual stalls, now and then one more stall taken 'avulsa'; a producer's
 * consecutive market days grouped into batches of 1 to 3 dates, each with its own debt (romaneio_divida
 * and the tax system's dividas row). An item's quantities (packages) weigh at most its bulletin item's
 * estimated production in kg (some sell out). Shop sheets with items of the region's municipalities,
 * parking tickets of some producers before the last 30 days, and quotations. Written year by year,
 * oldest first (ids follow the dates), each year with its audit rows.
 */
export async function seedDiasDeMercado(t: Tx, hoje: string, diasDeMercado: readonly number[], o: OpcoesMercado = {}) {
  const anos = o.anos ?? 1;
  const rnd = aleatorio(14);
  const linhas: Linhas = async <T>(q: ReturnType<typeof sql>) => (await t.execute(q)).rows as T[];
  const mercado = await produtoresEPedras(linhas);
  const dias = diasDeMercadoDoAno(hoje, diasDeMercado, anos);
  const romaneios = romaneiosDosDias(rnd, mercado, dias, hoje, anos);
  distribuirQuantidades(rnd, romaneios, dias, hoje, diasDeMercado);
  const lotes = await lotesComDividas(linhas, rnd, romaneios, mercado.produtores);
  const { lojas, lojaItens } = await fichasDasLojas(linhas, rnd, dias);
  const estacionamentos = estacionamentosAntigos(rnd, romaneios, hoje);

  const nomeDe = new Map(mercado.produtores.map((p) => [p.id, p.nome]));
  const porAno = new Map<number, string[]>();
  for (const d of dias) {
    const b = Math.min(anos - 1, anoAtras(hoje, d));
    porAno.set(b, [...(porAno.get(b) ?? []), d]);
  }
  let totalItens = 0;
  let totalReservas = 0;
  for (let b = anos - 1; b >= 0; b--) {
    const diasDoAno = porAno.get(b) ?? [];
    if (!diasDoAno.length) continue;
    const de = diasDoAno[0];
    const ate = diasDoAno[diasDoAno.length - 1];
    const noAno = (data: string) => de <= data && data <= ate;
    const doAno: DoAno = {
      lotes: lotes.filter((l) => noAno(l.romaneios[0].data)),
      romaneios: romaneios.filter((r) => noAno(r.data)),
      lojas: lojas.filter((l) => noAno(l.data)),
      lojaItens: lojaItens.filter((i) => noAno(i.data)),
      estacionamentos: estacionamentos.filter((e) => noAno(e.data)),
    };
    const { itens, reservas } = await gravarAno(t, nomeDe, doAno);
    const auditoria = o.auditar ? await auditarAno(o.auditar) : 0;
    totalItens += itens;
    totalReservas += reservas;
    o.aoFimDoAno?.({
      de,
      ate,
      romaneios: doAno.romaneios.length,
      itens,
      reservas,
      lotes: doAno.lotes.length,
      lojas: doAno.lojas.length,
      estacionamentos: doAno.estacionamentos.length,
      auditoria,
    });
  }

  const cotacoes = await seedCotacoes(t, linhas, dias[0], o.auditar);
  return {
    dias: dias.length,
    primeiro: dias[0],
    ultimo: dias[dias.length - 1],
    romaneios: romaneios.length,
    lotes: lotes.length,
    itens: totalItens,
    reservas: totalReservas,
    lojas: lojas.length,
    estacionamentos: estacionamentos.length,
    cotacoes,
  };
}

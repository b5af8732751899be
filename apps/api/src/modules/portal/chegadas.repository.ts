import { sql, type SQL } from 'drizzle-orm';
import { CHEGADA_MSG, CHEGADAS_DO_PRODUTOR_MAX, type ChegadaRegistro } from '@ceasa/shared';
import type { Tx } from '../../db/client';
import { chegadaItens } from '../../db/schema';
import type { Colecao } from '../../lib/crud';
import { naoEncontrado } from '../../lib/errors';

/** An announced load's products: saved with it by the shared master-detail save (diffed by id, one audit row each). */
export const colecaoItensDaChegada = {
  campo: 'itens',
  table: chegadaItens,
  cadastro: 'ChegadaItens',
  pai: chegadaItens.chegadaId,
  item: 'Produto',
} satisfies Colecao;

type Linha = Omit<ChegadaRegistro, 'itens' | 'situacao' | 'criadaEm'> & { itens: ChegadaRegistro['itens'] | string; criadaEm: Date | string };

/**
 * The announced loads `onde` picks (a condition on `chegadas c`, its producer `p`), as the portal and the desk read
 * them: each with its products (name and kg) and the romaneio that received it, whose existence is its situation.
 */
export async function lerChegadas(t: Tx, onde: SQL, ordem: SQL, limite: number): Promise<ChegadaRegistro[]> {
  const r = await t.execute(sql`
    SELECT c.id, c.versao, c.pessoa_id AS "pessoaId", p.nome AS "pessoaNome", c.data::text AS data, c.chaves_nfe AS "chavesNfe", c.observacao,
           ro.id AS "romaneioId", c.criada_em AS "criadaEm",
           (SELECT coalesce(json_agg(json_build_object('produtoId', ci.produto_id, 'produtoNome', pr.nome, 'quantidade', ci.quantidade::float8) ORDER BY ci.id), '[]'::json)
              FROM chegada_itens ci JOIN produto pr ON pr.id = ci.produto_id WHERE ci.chegada_id = c.id) AS itens
    FROM chegadas c JOIN pessoa p ON p.id = c.pessoa_id LEFT JOIN romaneio ro ON ro.chegada_id = c.id
    WHERE ${onde} ORDER BY ${ordem} LIMIT ${limite}`);
  return (r.rows as Linha[]).map((c) => ({
    ...c,
    itens: typeof c.itens === 'string' ? (JSON.parse(c.itens) as ChegadaRegistro['itens']) : c.itens,
    chavesNfe: c.chavesNfe ?? [],
    situacao: c.romaneioId ? 'recebida' : 'anunciada',
    criadaEm: new Date(c.criadaEm).toISOString(),
  }));
}

/** One announced load (404 when there is none). */
export async function lerChegada(t: Tx, id: number): Promise<ChegadaRegistro> {
  const [c] = await lerChegadas(t, sql`c.id = ${id}`, sql`c.id`, 1);
  if (!c) throw naoEncontrado(CHEGADA_MSG.naoEncontrada);
  return c;
}

/**
 * The producer of an announced load, its row locked until the transaction ends (a receipt of it waits, or is waited
 * for), and then, in a statement of its own, the romaneio that received it; undefined when there is no such load.
 */
export async function chegadaTravada(t: Tx, id: number): Promise<{ pessoaId: number; romaneioId: number | null } | undefined> {
  const [c] = (await t.execute(sql`SELECT pessoa_id AS "pessoaId" FROM chegadas WHERE id = ${id} FOR UPDATE`)).rows as { pessoaId: number }[];
  if (!c) return undefined;
  const [r] = (await t.execute(sql`SELECT id FROM romaneio WHERE chegada_id = ${id}`)).rows as { id: number }[];
  return { pessoaId: c.pessoaId, romaneioId: r?.id ?? null };
}

/** The ids of an announced load's product rows, by product (a change keeps the row of a product it still brings). */
export async function itensPorProduto(t: Tx, chegadaId: number): Promise<Map<number, number>> {
  const r = await t.execute(sql`SELECT id, produto_id AS "produtoId" FROM chegada_itens WHERE chegada_id = ${chegadaId}`);
  return new Map((r.rows as { id: number; produtoId: number }[]).map((i) => [i.produtoId, i.id]));
}

/** GET /api/portal/chegadas/{id}: one of his loads (another producer's is not found). */
export async function chegadaDoProdutor(t: Tx, pessoaId: number, id: number): Promise<ChegadaRegistro> {
  const [c] = await lerChegadas(t, sql`c.id = ${id} AND c.pessoa_id = ${pessoaId}`, sql`c.id`, 1);
  if (!c) throw naoEncontrado(CHEGADA_MSG.naoEncontrada);
  return c;
}

/** His loads, newest day first (at most CHEGADAS_DO_PRODUTOR_MAX), or those of one day. */
export const chegadasDoProdutor = (t: Tx, pessoaId: number, data?: string) =>
  lerChegadas(
    t,
    data ? sql`c.pessoa_id = ${pessoaId} AND c.data = ${data}::date` : sql`c.pessoa_id = ${pessoaId}`,
    sql`c.data DESC, c.id DESC`,
    CHEGADAS_DO_PRODUTOR_MAX,
  );

/** The most loads of one day the desk's list answers. */
const CHEGADAS_DO_DIA_MAX = 1000;

/** The desk's list: the day's loads of every producer (by name) or of one. */
export const chegadasDoDia = (t: Tx, data: string, pessoaId?: number) =>
  lerChegadas(t, pessoaId ? sql`c.data = ${data}::date AND c.pessoa_id = ${pessoaId}` : sql`c.data = ${data}::date`, sql`p.nome, c.id`, CHEGADAS_DO_DIA_MAX);

import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { ASSINATURA_MSG, caixaPostal, maisComum, type AlertaEntrada } from '@ceasa/shared';
import type { Db, Tx } from '../../db/client';
import { lerPrivada, segredoGuardado } from '../../lib/cifra-das-chaves';
import { sha256, tokenAleatorio } from '../../lib/segredos';
import { HttpError, badRequest } from '../../lib/errors';
import { COLACAO_PT_BR, produtosPublicos } from '../../lib/produtos-publicos';

/**
 * The unsubscribe token of a subscription: `<id>.<HMAC-SHA256 of the id>` under a key the server made once and keeps
 * (table `segredos`, a secret: never in a backup). Nothing of it is stored, so neither the database nor a backup
 * holds a token that ends someone's subscription; every e-mail carries the same link, computed again, across the
 * signing keys' rotation. The key was first derived from the signing key of the day it was made, so the links of
 * e-mails sent before it was kept apart still work. A restore starts with new secrets: the links of e-mails sent
 * before it stop working, the next e-mail carries a new one.
 */
async function chaveDoCancelamento(db: Tx, segredo: string | undefined): Promise<Buffer> {
  const chave = await segredoGuardado(db, 'cancelamento', segredo, async () => {
    const r = await db.execute(sql`SELECT privada FROM chaves ORDER BY criada_em DESC LIMIT 1`);
    const guardada = (r.rows[0] as { privada: unknown } | undefined)?.privada;
    const d = guardada ? lerPrivada(guardada, segredo).d : undefined;
    return d ? createHash('sha256').update('ceasa.assinaturas.cancelamento\0').update(d).digest() : undefined;
  });
  if (!chave) throw new HttpError(503, 'O servidor ainda não tem suas chaves: tente novamente em instantes.');
  return chave;
}
const assinar = (chave: Buffer, id: number) => createHmac('sha256', chave).update(`cancelar:${id}`).digest('base64url');
export const tokenDeCancelamento = (chave: Buffer, id: number) => `${id}.${assinar(chave, id)}`;
/** The subscription id a token names, when its signature holds; null otherwise. */
function idDoToken(chave: Buffer, token: string): number | null {
  const m = /^([1-9][0-9]{0,9})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!m) return null;
  const id = Number(m[1]);
  const esperado = Buffer.from(assinar(chave, id));
  const dado = Buffer.from(m[2]);
  return esperado.length === dado.length && timingSafeEqual(esperado, dado) ? id : null;
}

export interface Limites {
  assinaturasMaxEndereco: number;
  assinaturasMaxEmail: number;
}

/** A confirmed subscriber, as the day's mailing reads it. */
export interface Assinante {
  id: number;
  email: string;
  produtos: number[];
  alertas: AlertaEntrada[];
  tokenCancelamento: string;
}

/**
 * One product's published prices of a day as /home shows them (minimum, most common, maximum: `maisComum`), with the
 * previous market day's most common (for the alerts).
 */
export interface PrecoDoProduto {
  produtoId: number;
  produtoNome: string;
  embalagem: string;
  valorMinimo: number;
  valorMaisComum: number;
  valorMaximo: number;
  anterior: number | null;
}

/** A day of the Atom feed: the quotation per product group. */
export interface DiaDoFeed {
  data: string;
  grupos: { nome: string; un: string; valorMinimo: number; valorMedio: number; valorMaximo: number }[];
}

const HORA = 3600;
const DIA = 24 * HORA;

/**
 * A subscription request: the products named must exist (400 naming the field), the address and the e-mail
 * within their limits (429), counted in the database under an advisory lock each, so servers sharing it share
 * the count. Returns the tokens of the new pending subscription.
 */
async function pedir(db: Db, segredo: string | undefined, limites: Limites, endereco: string, email: string, produtos: number[], alertas: AlertaEntrada[]) {
  const ids = [...new Set([...produtos, ...alertas.map((a) => a.produtoId)])];
  return db.transaction(async (t) => {
    if (ids.length) {
      const r = await t.execute(
        sql`SELECT id FROM produto WHERE id IN (${sql.join(
          ids.map((i) => sql`${i}`),
          sql`, `,
        )})`,
      );
      const existem = new Set((r.rows as { id: number }[]).map((x) => Number(x.id)));
      const erros = [
        ...produtos.map((p, i) => ({ field: `produtos[${i}]`, ok: existem.has(p) })),
        ...alertas.map((a, i) => ({ field: `alertas[${i}].produtoId`, ok: existem.has(a.produtoId) })),
      ]
        .filter((e) => !e.ok)
        .map((e) => ({ field: e.field, message: ASSINATURA_MSG.produtoInexistente }));
      if (erros.length) throw badRequest(ASSINATURA_MSG.produtoInexistente, erros);
    }
    // Counted per mailbox: `a+x@d`, `A@D` and Gmail's dotted forms of one address are one mailbox.
    const emailHash = sha256(caixaPostal(email));
    await t.execute(sql`SELECT pg_advisory_xact_lock(hashtext('ceasa.assinatura.endereco'), hashtext(${endereco}))`);
    await t.execute(sql`SELECT pg_advisory_xact_lock(hashtext('ceasa.assinatura.email'), hashtext(${emailHash}))`);
    // Requests are forgotten after a day, unconfirmed subscriptions after a week (nothing kept without consent).
    await t.execute(sql`DELETE FROM assinaturas_pedidos WHERE criado_em <= now() - make_interval(secs => ${DIA})`);
    await t.execute(sql`DELETE FROM assinaturas WHERE confirmada_em IS NULL AND criada_em <= now() - make_interval(secs => ${7 * DIA})`);
    const c = await t.execute(
      sql`SELECT count(*) FILTER (WHERE endereco = ${endereco} AND criado_em > now() - make_interval(secs => ${HORA}))::int AS endereco,
                 count(*) FILTER (WHERE email_hash = ${emailHash})::int AS email
          FROM assinaturas_pedidos WHERE endereco = ${endereco} OR email_hash = ${emailHash}`,
    );
    const n = c.rows[0] as { endereco: number; email: number };
    if (n.endereco >= limites.assinaturasMaxEndereco) throw new HttpError(429, ASSINATURA_MSG.muitosDoEndereco);
    if (n.email >= limites.assinaturasMaxEmail) throw new HttpError(429, ASSINATURA_MSG.muitosDoEmail);
    await t.execute(sql`INSERT INTO assinaturas_pedidos (endereco, email_hash) VALUES (${endereco}, ${emailHash})`);
    const confirmacao = tokenAleatorio();
    const r = await t.execute(
      sql`INSERT INTO assinaturas (email, produtos, alertas, confirmacao_hash)
          VALUES (${email}, ${`{${produtos.join(',')}}`}::integer[], ${JSON.stringify(alertas)}::jsonb, ${sha256(confirmacao)}) RETURNING id`,
    );
    const id = Number((r.rows[0] as { id: number }).id);
    return { confirmacao, cancelamento: tokenDeCancelamento(await chaveDoCancelamento(t, segredo), id) };
  });
}

/** Confirms the subscription of the token: 'confirmada' (now), 'ja' (before) or null (no such link). A confirmed one of the same e-mail is replaced. */
async function confirmar(db: Db, token: string): Promise<'confirmada' | 'ja' | null> {
  return db.transaction(async (t) => {
    const r = await t.execute(sql`SELECT id, email, confirmada_em FROM assinaturas WHERE confirmacao_hash = ${sha256(token)} FOR UPDATE`);
    const a = r.rows[0] as { id: number; email: string; confirmada_em: string | null } | undefined;
    if (!a) return null;
    if (a.confirmada_em) return 'ja';
    await t.execute(sql`SELECT pg_advisory_xact_lock(hashtext('ceasa.assinatura.email'), hashtext(${sha256(a.email)}))`);
    await t.execute(sql`DELETE FROM assinaturas WHERE email = ${a.email} AND confirmada_em IS NOT NULL`);
    await t.execute(sql`UPDATE assinaturas SET confirmada_em = now() WHERE id = ${a.id}`);
    return 'confirmada';
  });
}

/** Whether the unsubscribe token names a subscription (pending or confirmed). */
async function existeCancelamento(db: Db, segredo: string | undefined, token: string) {
  const id = idDoToken(await chaveDoCancelamento(db, segredo), token);
  if (id === null) return false;
  const r = await db.execute(sql`SELECT 1 FROM assinaturas WHERE id = ${id}`);
  return r.rows.length > 0;
}

/** Ends the subscription of the token: its row (and its sending records) deleted. Whether there was one. */
async function cancelar(db: Db, segredo: string | undefined, token: string) {
  const id = idDoToken(await chaveDoCancelamento(db, segredo), token);
  if (id === null) return false;
  const r = await db.execute(sql`DELETE FROM assinaturas WHERE id = ${id} RETURNING id`);
  return r.rows.length > 0;
}

/**
 * Claims a day's mailing: one row per day in cotacao_envios (its primary key), only when the day has a published
 * price. True for the one caller that inserted it (whichever server, publication or timer); false afterwards.
 */
async function reservarDia(db: Db, data: string, origem: 'publicacao' | 'horario') {
  const r = await db.execute(
    sql`INSERT INTO cotacao_envios (data, origem)
        SELECT ${data}::date, ${origem} WHERE EXISTS (SELECT 1 FROM precos WHERE data = ${data}::date AND publicado)
        ON CONFLICT (data) DO NOTHING RETURNING data`,
  );
  return r.rows.length > 0;
}

async function concluirDia(db: Db, data: string, cotacoes: number, alertas: number) {
  await db.execute(sql`UPDATE cotacao_envios SET concluido_em = now(), cotacoes = ${cotacoes}, alertas = ${alertas} WHERE data = ${data}::date`);
}

/** The day's published prices per product, with the most common of the product's last earlier published day. */
async function precosDoDia(db: Db, data: string): Promise<PrecoDoProduto[]> {
  const r = await db.execute(
    sql`SELECT pr.id AS "produtoId", pr.nome AS "produtoNome", pr.embalagem,
          array_agg(p.valor::float8) AS valores,
          (SELECT array_agg(a.valor::float8) FROM precos a WHERE a.produto_id = pr.id AND a.publicado
             AND a.data = (SELECT max(b.data) FROM precos b WHERE b.produto_id = pr.id AND b.publicado AND b.data < ${data}::date)) AS antes
        FROM precos p JOIN produto pr ON pr.id = p.produto_id
        WHERE p.data = ${data}::date AND p.publicado
        GROUP BY pr.id, pr.nome, pr.embalagem`,
  );
  const linhas = r.rows as { produtoId: number; produtoNome: string; embalagem: string; valores: number[]; antes: number[] | null }[];
  return linhas
    .map((l) => ({
      produtoId: l.produtoId,
      produtoNome: l.produtoNome,
      embalagem: l.embalagem,
      valorMinimo: Math.min(...l.valores.map(Number)),
      valorMaisComum: maisComum(l.valores.map(Number))!,
      valorMaximo: Math.max(...l.valores.map(Number)),
      anterior: l.antes?.length ? maisComum(l.antes.map(Number)) : null,
    }))
    .sort((a, b) => COLACAO_PT_BR.compare(a.produtoNome, b.produtoNome) || COLACAO_PT_BR.compare(a.embalagem, b.embalagem) || a.produtoId - b.produtoId);
}

async function assinantes(db: Db, segredo: string | undefined): Promise<Assinante[]> {
  const r = await db.execute(sql`SELECT id, email, produtos, alertas FROM assinaturas WHERE confirmada_em IS NOT NULL ORDER BY id`);
  const chave = await chaveDoCancelamento(db, segredo);
  return (r.rows as unknown as Omit<Assinante, 'tokenCancelamento'>[]).map((a) => ({
    ...a,
    produtos: (a.produtos ?? []).map(Number),
    tokenCancelamento: tokenDeCancelamento(chave, Number(a.id)),
  }));
}

/** Records that the subscriber is sent the day's `tipo`: true once, false if it already was (by any server). */
async function marcarEnvio(db: Db, assinaturaId: number, data: string, tipo: 'cotacao' | 'alerta') {
  const r = await db.execute(
    sql`INSERT INTO assinaturas_envios (assinatura_id, data, tipo) VALUES (${assinaturaId}, ${data}::date, ${tipo}) ON CONFLICT DO NOTHING RETURNING assinatura_id`,
  );
  return r.rows.length > 0;
}

async function desmarcarEnvio(db: Db, assinaturaId: number, data: string, tipo: 'cotacao' | 'alerta') {
  await db.execute(sql`DELETE FROM assinaturas_envios WHERE assinatura_id = ${assinaturaId} AND data = ${data}::date AND tipo = ${tipo}`);
}

/** The last `dias` days with a published price, newest first, each with its quotation per group (the public aggregate). */
async function diasDoFeed(db: Db, dias: number): Promise<DiaDoFeed[]> {
  const r = await db.execute(
    sql`WITH d AS (SELECT DISTINCT data FROM precos_resumo ORDER BY data DESC LIMIT ${dias})
        SELECT r.data::text AS data, g.nome, g.un_padrao AS un, r.valor_minimo::float8 AS "valorMinimo", r.valor_medio::float8 AS "valorMedio",
               r.valor_maximo::float8 AS "valorMaximo"
        FROM precos_resumo r JOIN d ON d.data = r.data JOIN produto_grupo g ON g.id = r.produto_grupo_id
        ORDER BY r.data DESC, lower(g.nome), g.id`,
  );
  const porDia = new Map<string, DiaDoFeed>();
  for (const l of r.rows as ({ data: string; nome: string; un: string } & DiaDoFeed['grupos'][number])[]) {
    const dia = porDia.get(l.data) ?? { data: l.data, grupos: [] };
    dia.grupos.push({ nome: l.nome, un: l.un, valorMinimo: l.valorMinimo, valorMedio: l.valorMedio, valorMaximo: l.valorMaximo });
    porDia.set(l.data, dia);
  }
  return [...porDia.values()];
}

/** The subscriptions to the quotation over one database (`segredo`: the key of the unsubscribe links, else the database's own). */
export const assinaturasRepository = (db: Db, segredo?: string) => ({
  /** Every public product one may follow (an inactive product still priced and public too), in pt-BR order. */
  produtos: () => produtosPublicos(db),

  pedir: pedir.bind(null, db, segredo),
  confirmar: confirmar.bind(null, db),
  existeCancelamento: existeCancelamento.bind(null, db, segredo),
  cancelar: cancelar.bind(null, db, segredo),
  reservarDia: reservarDia.bind(null, db),
  concluirDia: concluirDia.bind(null, db),
  precosDoDia: precosDoDia.bind(null, db),
  assinantes: assinantes.bind(null, db, segredo),
  marcarEnvio: marcarEnvio.bind(null, db),
  desmarcarEnvio: desmarcarEnvio.bind(null, db),
  diasDoFeed: diasDoFeed.bind(null, db),
});
export type AssinaturasRepository = ReturnType<typeof assinaturasRepository>;

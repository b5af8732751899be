import { sql } from 'drizzle-orm';
import { TIPOS_DE_AVISO, type AvisoDoProdutor, type PreferenciasDeAvisos, type TipoDeAviso } from '@ceasa/shared';
import type { Db, Tx } from '../../db/client';
import { pageOf } from '../../lib/list';

/** One piece of news for a producer: `chave` names the event, so the same event is told once. */
export interface NovoAviso {
  pessoaId: number;
  tipo: TipoDeAviso;
  chave: string;
  titulo: string;
  texto: string;
}

/** A stored notice about to be mailed, with the address of the person's portal account. */
export interface AvisoParaEnviar extends NovoAviso {
  id: number;
  email: string;
}

type Linha = Record<string, unknown>;
const linhas = async <T = Linha>(db: Tx, q: ReturnType<typeof sql>) => (await db.execute(q)).rows as T[];
const iso = (v: unknown) => (v instanceof Date ? v.toISOString() : new Date(String(v)).toISOString());

/**
 * Who gets a notice of `tipo` by e-mail: the person's active portal account (role produtor), unless the person asked
 * not to get that kind (portal_avisos_cancelados).
 */
const DESTINATARIO = sql`JOIN usuarios u ON u.pessoa_id = a.pessoa_id AND u.ativo AND 'produtor' = ANY(u.roles)
  WHERE NOT EXISTS (SELECT 1 FROM portal_avisos_cancelados c WHERE c.pessoa_id = a.pessoa_id AND c.tipo = a.tipo)`;
const PARA_ENVIAR = sql`a.id, a.pessoa_id AS "pessoaId", a.tipo, a.chave, a.titulo, a.texto, u.email`;
const paraEnviar = (r: AvisoParaEnviar): AvisoParaEnviar => ({ ...r, id: Number(r.id), pessoaId: Number(r.pessoaId) });

/** Stores a notice unless its event was told before (by this server or another): its id, or null. */
async function inserir(db: Db, a: NovoAviso): Promise<number | null> {
  const [r] = await linhas<{ id: number }>(
    db,
    sql`INSERT INTO portal_avisos (pessoa_id, tipo, chave, titulo, texto) VALUES (${a.pessoaId}, ${a.tipo}, ${a.chave}, ${a.titulo}, ${a.texto})
        ON CONFLICT (chave) DO NOTHING RETURNING id`,
  );
  return r ? Number(r.id) : null;
}

/**
 * Claims the e-mail of notice `id` (sets enviado_em) when it is still unsent and its person gets that kind by
 * e-mail: the notice with the address, once, whichever server or run asks first; null otherwise.
 */
async function reservarEnvio(db: Db, id: number): Promise<AvisoParaEnviar | null> {
  const [r] = await linhas<AvisoParaEnviar>(
    db,
    sql`UPDATE portal_avisos a SET enviado_em = now() FROM usuarios u
        WHERE a.id = ${id} AND a.enviado_em IS NULL AND u.pessoa_id = a.pessoa_id AND u.ativo AND 'produtor' = ANY(u.roles)
          AND NOT EXISTS (SELECT 1 FROM portal_avisos_cancelados c WHERE c.pessoa_id = a.pessoa_id AND c.tipo = a.tipo)
        RETURNING ${PARA_ENVIAR}`,
  );
  return r ? paraEnviar(r) : null;
}

/** Gives a claimed e-mail back after it failed: a later run sends it. */
async function desfazerEnvio(db: Db, id: number) {
  await db.execute(sql`UPDATE portal_avisos SET enviado_em = NULL WHERE id = ${id}`);
}

/**
 * The unsent notices worth a later try: younger than `dias` days, older than `minutos` minutes (the send right
 * after the event is done by then), of a person who gets that kind by e-mail.
 */
async function naoEnviados(db: Db, dias: number, minutos: number): Promise<number[]> {
  const r = await linhas<{ id: number }>(
    db,
    sql`SELECT a.id FROM portal_avisos a ${DESTINATARIO}
          AND a.enviado_em IS NULL AND a.criado_em > now() - make_interval(days => ${dias}) AND a.criado_em < now() - make_interval(mins => ${minutos})
        ORDER BY a.id LIMIT 500`,
  );
  return r.map((x) => Number(x.id));
}

/** His news, newest first, one page. */
async function lista(db: Db, pessoaId: number, p: { page: number; size: number }) {
  const r = await linhas<AvisoDoProdutor>(
    db,
    sql`SELECT id, tipo, titulo, texto, criado_em AS "criadoEm" FROM portal_avisos
        WHERE pessoa_id = ${pessoaId} ORDER BY id DESC LIMIT ${p.size} OFFSET ${p.page * p.size}`,
  );
  const [n] = await linhas<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM portal_avisos WHERE pessoa_id = ${pessoaId}`);
  return pageOf(
    r.map((a) => ({ ...a, id: Number(a.id), criadoEm: iso(a.criadoEm) })),
    Number(n.n),
    p,
  );
}

async function preferencias(db: Db, pessoaId: number): Promise<PreferenciasDeAvisos> {
  const r = await linhas<{ tipo: TipoDeAviso }>(db, sql`SELECT tipo FROM portal_avisos_cancelados WHERE pessoa_id = ${pessoaId}`);
  const fora = new Set(r.map((x) => x.tipo));
  return Object.fromEntries(TIPOS_DE_AVISO.map((t) => [t, !fora.has(t)])) as PreferenciasDeAvisos;
}

/** Mails the kinds marked true and not the others; a kind already off keeps the date it was turned off. */
async function salvarPreferencias(db: Db, pessoaId: number, p: PreferenciasDeAvisos) {
  const fora = TIPOS_DE_AVISO.filter((t) => !p[t]);
  await db.transaction(async (t) => {
    await t.execute(sql`DELETE FROM portal_avisos_cancelados WHERE pessoa_id = ${pessoaId} AND NOT (tipo = ANY(${`{${fora.join(',')}}`}::text[]))`);
    for (const tipo of fora) await cancelar(db, pessoaId, tipo, t);
  });
  return preferencias(db, pessoaId);
}

/** Stops the e-mails of one kind (the one-click link): whether the person exists. */
async function cancelar(db: Db, pessoaId: number, tipo: TipoDeAviso, t: Tx = db): Promise<boolean> {
  const r = await linhas(
    t,
    sql`INSERT INTO portal_avisos_cancelados (pessoa_id, tipo) SELECT id, ${tipo} FROM pessoa WHERE id = ${pessoaId}
        ON CONFLICT (pessoa_id, tipo) DO UPDATE SET tipo = EXCLUDED.tipo RETURNING pessoa_id`,
  );
  return r.length > 0;
}

/** The producers' portal notices over one database: written, sent once, listed, and the kinds each asked not to get by e-mail. */
export const avisosRepository = (db: Db) => ({
  inserir: inserir.bind(null, db),
  reservarEnvio: reservarEnvio.bind(null, db),
  desfazerEnvio: desfazerEnvio.bind(null, db),
  naoEnviados: naoEnviados.bind(null, db),
  lista: lista.bind(null, db),
  preferencias: preferencias.bind(null, db),
  salvarPreferencias: salvarPreferencias.bind(null, db),
  cancelar: cancelar.bind(null, db),
});
/** A received announced load: its producer, its day and the romaneio that received it. */
export async function chegadaRecebida(db: Tx, chegadaId: number) {
  const [r] = await linhas<{ pessoaId: number; data: string; romaneioId: number }>(
    db,
    sql`SELECT c.pessoa_id AS "pessoaId", c.data::text AS data, r.id AS "romaneioId" FROM chegadas c JOIN romaneio r ON r.chegada_id = c.id WHERE c.id = ${chegadaId}`,
  );
  return r ? { pessoaId: Number(r.pessoaId), data: r.data, romaneioId: Number(r.romaneioId) } : null;
}

/** A chemical application of a producer's field notebook, with its bulletin item's product. */
export interface AplicacaoDoProdutor {
  id: number;
  pessoaId: number;
  nomeProduto: string;
  data: string;
  periodoCarencia: number;
  produtoNome: string;
}

/**
 * The applications whose withdrawal period lets the produce be sold (date + period, the gate's rule) from `de` to
 * `ate` (inclusive), with their bulletin's producer.
 */
export async function carenciasTerminando(db: Tx, de: string, ate: string): Promise<AplicacaoDoProdutor[]> {
  const r = await linhas<AplicacaoDoProdutor>(
    db,
    sql`SELECT a.id, b.produtor_id AS "pessoaId", a.nome_produto AS "nomeProduto", a.data::text AS data, a.periodo_carencia AS "periodoCarencia",
               p.nome AS "produtoNome"
        FROM aplicacao_produtos_quimicos a JOIN caderno c ON c.id = a.caderno_id JOIN boletim_itens bi ON bi.id = c.boletim_item_id
        JOIN boletim b ON b.id = bi.boletim_id JOIN produto p ON p.id = bi.produto_id
        WHERE NOT a.nao_necessarias AND a.data + a.periodo_carencia BETWEEN ${de}::date AND ${ate}::date
        ORDER BY a.id`,
  );
  return r.map((x) => ({ ...x, id: Number(x.id), pessoaId: Number(x.pessoaId), periodoCarencia: Number(x.periodoCarencia) }));
}

export type AvisosRepository = ReturnType<typeof avisosRepository>;

import { sql } from 'drizzle-orm';
import {
  caixaPostal,
  hojeNoMercado,
  somarDias,
  PRAZO_INCIDENTE_DIAS_UTEIS,
  PRAZO_SOLICITACAO_DIAS,
  TITULAR_MSG,
  INCIDENTE_MSG,
  type Incidente,
  type IncidenteEntrada,
  type TipoDeSolicitacao,
  type TitularSolicitacao,
} from '@ceasa/shared';
import type { Db, Tx } from '../../db/client';
import { registrarLog } from '../../lib/audit';
import { HttpError, conflict, naoEncontrado } from '../../lib/errors';
import { sha256, tokenAleatorio } from '../../lib/segredos';
import { encerrarContaDoPortal } from '../../identity/portal';

const HORA = 3600;
const DIA = 24 * HORA;

type Linha = Record<string, unknown>;
const linhas = async <T = Linha>(db: Db | Tx, q: ReturnType<typeof sql>) => (await db.execute(q)).rows as T[];

/** A person's document, compared as the unique index does (letters and digits, upper case). */
const docSql = (col: ReturnType<typeof sql>) => sql`upper(regexp_replace(${col}, '[^0-9A-Za-z]', '', 'g'))`;

/** The `n`th business day after `dia` (weekends and the holidays of the `feriado` table skipped). */
export async function somarDiasUteis(db: Db | Tx, dia: string, n: number): Promise<string> {
  const feriados = new Set(
    (
      await linhas<{ data: string }>(
        db,
        sql`SELECT data::text AS data FROM feriado WHERE tipo = 'feriado' AND data > ${dia}::date AND data <= ${somarDias(dia, n * 3 + 14)}::date`,
      )
    ).map((f) => f.data),
  );
  let d = dia;
  let contados = 0;
  while (contados < n) {
    d = somarDias(d, 1);
    const semana = new Date(`${d}T12:00:00Z`).getUTCDay();
    if (semana !== 0 && semana !== 6 && !feriados.has(d)) contados++;
  }
  return d;
}

export interface Limites {
  assinaturasMaxEndereco: number;
  assinaturasMaxEmail: number;
}

const SOLICITACAO = sql`s.id, s.tipo, s.cpfcnpj, s.email, s.texto, p.id AS "pessoaId", p.nome AS "pessoaNome",
  CASE WHEN s.respondida_em IS NULL THEN 'pendente' ELSE 'respondida' END AS estado,
  s.criada_em AS "criadaEm", s.confirmada_em AS "confirmadaEm", s.prazo::text AS prazo, s.resposta,
  s.respondida_em AS "respondidaEm", s.respondida_por AS "respondidaPor"`;
const DE_SOLICITACOES = sql`titular_solicitacoes s LEFT JOIN pessoa p ON ${docSql(sql`p.cpfcnpj`)} = s.cpfcnpj`;

const iso = (v: unknown) => (v instanceof Date ? v.toISOString() : v == null ? null : new Date(String(v)).toISOString());
const solicitacao = (r: Linha): TitularSolicitacao =>
  ({
    ...r,
    pessoaId: r.pessoaId == null ? null : Number(r.pessoaId),
    criadaEm: iso(r.criadaEm),
    confirmadaEm: iso(r.confirmadaEm),
    respondidaEm: iso(r.respondidaEm),
  }) as TitularSolicitacao;

const incidente = (r: Linha): Incidente => ({ ...(r as unknown as Incidente), registradoEm: iso(r.registradoEm)! });
const INCIDENTE = sql`id, detectado_em::text AS "detectadoEm", descricao, categorias, titulares_afetados AS "titularesAfetados", medidas,
  prazo::text AS prazo, registrado_em AS "registradoEm", registrado_por AS "registradoPor"`;

/** Records a confirmed request, due PRAZO_SOLICITACAO_DIAS from today, audited under the holder's e-mail. */
async function registrarSolicitacao(
  t: Tx,
  c: { tipo: string; cpfcnpj: string; email: string; texto: string | null; criadaEm: string },
): Promise<TitularSolicitacao> {
  const prazo = somarDias(hojeNoMercado(), PRAZO_SOLICITACAO_DIAS);
  const [s] = await linhas<{ id: number }>(
    t,
    sql`INSERT INTO titular_solicitacoes (tipo, cpfcnpj, email, texto, criada_em, prazo)
        VALUES (${c.tipo}, ${c.cpfcnpj}, ${c.email}, ${c.texto}, ${c.criadaEm}, ${prazo}::date) RETURNING id`,
  );
  await registrarLog(t, c.email, 'TitularSolicitacao', s.id, 'INSERT', { id: s.id, tipo: c.tipo, prazo });
  const [r] = await linhas(t, sql`SELECT ${SOLICITACAO} FROM ${DE_SOLICITACOES} WHERE s.id = ${s.id}`);
  return solicitacao(r);
}

/**
 * A holder's request, pending until the mailbox confirms it: within the subscriptions' limits (per address per
 * hour, per mailbox per day, `+tag` and dots normalised), counted under advisory locks. Returns the link's token.
 */
async function pedir(db: Db, limites: Limites, endereco: string, e: { tipo: string; cpfcnpj: string; email: string; texto?: string | null }) {
  const email = e.email.toLowerCase();
  const caixa = sha256(caixaPostal(email));
  return db.transaction(async (t) => {
    await t.execute(sql`SELECT pg_advisory_xact_lock(hashtext('ceasa.titular.endereco'), hashtext(${endereco}))`);
    await t.execute(sql`SELECT pg_advisory_xact_lock(hashtext('ceasa.titular.caixa'), hashtext(${caixa}))`);
    await t.execute(sql`DELETE FROM titular_pedidos WHERE criado_em <= now() - make_interval(secs => ${DIA})`);
    await t.execute(sql`DELETE FROM titular_confirmacoes WHERE criada_em <= now() - make_interval(secs => ${7 * DIA})`);
    const [n] = await linhas<{ endereco: number; caixa: number }>(
      t,
      sql`SELECT count(*) FILTER (WHERE endereco = ${endereco} AND criado_em > now() - make_interval(secs => ${HORA}))::int AS endereco,
                 count(*) FILTER (WHERE caixa_hash = ${caixa})::int AS caixa
          FROM titular_pedidos WHERE endereco = ${endereco} OR caixa_hash = ${caixa}`,
    );
    if (n.endereco >= limites.assinaturasMaxEndereco) throw new HttpError(429, TITULAR_MSG.muitosDoEndereco);
    if (n.caixa >= limites.assinaturasMaxEmail) throw new HttpError(429, TITULAR_MSG.muitosDoEmail);
    await t.execute(sql`INSERT INTO titular_pedidos (endereco, caixa_hash) VALUES (${endereco}, ${caixa})`);
    const token = tokenAleatorio();
    await t.execute(
      sql`INSERT INTO titular_confirmacoes (token_hash, tipo, cpfcnpj, email, texto) VALUES (${sha256(token)}, ${e.tipo}, ${e.cpfcnpj}, ${email}, ${e.texto || null})`,
    );
    return token;
  });
}

/** Confirms the pending request of a link: it becomes a request with its deadline (15 days from today); null when no such link. */
async function confirmar(db: Db, token: string): Promise<TitularSolicitacao | null> {
  return db.transaction(async (t) => {
    const [c] = await linhas<{ id: number; tipo: string; cpfcnpj: string; email: string; texto: string | null; criada_em: string }>(
      t,
      sql`DELETE FROM titular_confirmacoes WHERE token_hash = ${sha256(token)} AND criada_em > now() - make_interval(secs => ${7 * DIA}) RETURNING *`,
    );
    if (!c) return null;
    return registrarSolicitacao(t, { tipo: c.tipo, cpfcnpj: c.cpfcnpj, email: c.email, texto: c.texto, criadaEm: c.criada_em });
  });
}

/**
 * A request of a signed-in portal producer about his own person (docs/produto/portal.md, 'His data'): confirmed
 * at once (his sign-in proved the mailbox and the person), due as the others, at most `porDia` of a kind a day
 * (429). Null when the person is gone.
 */
async function pedirComoProdutor(db: Db, pessoaId: number, email: string, tipo: TipoDeSolicitacao, texto: string, porDia: number, muitas: string) {
  return db.transaction(async (t) => {
    await t.execute(sql`SELECT pg_advisory_xact_lock(hashtext('ceasa.titular.portal'), ${pessoaId})`);
    const [p] = await linhas<{ doc: string; hoje: number }>(
      t,
      sql`SELECT ${docSql(sql`p.cpfcnpj`)} AS doc,
                 (SELECT count(*)::int FROM titular_solicitacoes s WHERE s.cpfcnpj = ${docSql(sql`p.cpfcnpj`)} AND s.tipo = ${tipo}
                    AND s.criada_em > now() - make_interval(secs => ${DIA})) AS hoje
          FROM pessoa p WHERE p.id = ${pessoaId}`,
    );
    if (!p) return null;
    if (p.hoje >= porDia) throw new HttpError(429, muitas);
    return registrarSolicitacao(t, { tipo, cpfcnpj: p.doc, email: email.toLowerCase(), texto, criadaEm: new Date().toISOString() });
  });
}

/** The queue: unanswered first, by deadline; then the answered, newest first. */
async function listarSolicitacoes(db: Db): Promise<TitularSolicitacao[]> {
  const r = await linhas(
    db,
    sql`SELECT ${SOLICITACAO} FROM ${DE_SOLICITACOES}
        ORDER BY (s.respondida_em IS NOT NULL), CASE WHEN s.respondida_em IS NULL THEN s.prazo END, s.respondida_em DESC, s.id`,
  );
  return r.map(solicitacao);
}

async function obterSolicitacao(db: Db, id: number): Promise<TitularSolicitacao | null> {
  const [r] = await linhas(db, sql`SELECT ${SOLICITACAO} FROM ${DE_SOLICITACOES} WHERE s.id = ${id}`);
  return r ? solicitacao(r) : null;
}

/**
 * Mails the answer (`enviar`), then records it, audited: once only (409 for a second answer). PGlite runs one
 * transaction at a time and the mailer writes its outbox, so the e-mail goes before the transaction, never inside it.
 */
async function responder(db: Db, id: number, resposta: string, usuario: string, enviar: (s: TitularSolicitacao) => Promise<void>) {
  const atual = await obterSolicitacao(db, id);
  if (!atual) throw naoEncontrado(TITULAR_MSG.naoEncontrada);
  if (atual.respondidaEm) throw conflict(TITULAR_MSG.jaRespondida);
  await enviar(atual);
  return db.transaction(async (t) => {
    const feitas = await linhas(
      t,
      sql`UPDATE titular_solicitacoes SET resposta = ${resposta}, respondida_em = now(), respondida_por = ${usuario}
          WHERE id = ${id} AND respondida_em IS NULL RETURNING id`,
    );
    if (!feitas.length) throw conflict(TITULAR_MSG.jaRespondida);
    await registrarLog(t, usuario, 'TitularSolicitacao', id, 'UPDATE', { id, resposta }, { id, resposta: null });
    const [r] = await linhas(t, sql`SELECT ${SOLICITACAO} FROM ${DE_SOLICITACOES} WHERE s.id = ${id}`);
    return solicitacao(r);
  });
}

/** Records a read of a person's data: who, when, which record (never the data). */
async function registrarLeitura(db: Db, usuario: string, cadastro: string, cadastroId: string, pessoaId: number | null) {
  await db.execute(sql`INSERT INTO leituras (usuario, cadastro, cadastro_id, pessoa_id) VALUES (${usuario}, ${cadastro}, ${cadastroId}, ${pessoaId})`);
}

async function pessoaDoRomaneio(db: Db, romaneioId: number): Promise<number | null> {
  const [r] = await linhas<{ pessoa_id: number }>(db, sql`SELECT pessoa_id FROM romaneio WHERE id = ${romaneioId}`);
  return r ? Number(r.pessoa_id) : null;
}

async function leiturasDaPessoa(db: Db, pessoaId: number | null) {
  const r = await linhas<{ id: number; usuario: string; em: string; cadastro: string; cadastroId: string; pessoaId: number | null }>(
    db,
    sql`SELECT id, usuario, em, cadastro, cadastro_id AS "cadastroId", pessoa_id AS "pessoaId" FROM leituras
        ${pessoaId == null ? sql`` : sql`WHERE pessoa_id = ${pessoaId}`} ORDER BY em DESC, id DESC LIMIT 1000`,
  );
  return r.map((l) => ({ ...l, id: Number(l.id), em: iso(l.em)!, pessoaId: l.pessoaId == null ? null : Number(l.pessoaId) }));
}

/** Forgets the reads older than `meses` months, and the requests answered more than `anos` years ago. */
async function purgar(db: Db, meses: number, anos: number) {
  await db.execute(sql`DELETE FROM leituras WHERE em < now() - make_interval(months => ${meses})`);
  await db.execute(sql`DELETE FROM titular_solicitacoes WHERE respondida_em < now() - make_interval(years => ${anos})`);
  await db.execute(sql`DELETE FROM titular_confirmacoes WHERE criada_em <= now() - make_interval(secs => ${7 * DIA})`);
}

async function pessoaPorDocumento(db: Db, cpfcnpj: string): Promise<number | null> {
  const doc = cpfcnpj.replace(/[^0-9A-Za-z]/g, '').toUpperCase();
  const [p] = await linhas<{ id: number }>(db, sql`SELECT id FROM pessoa WHERE ${docSql(sql`cpfcnpj`)} = ${doc}`);
  return p ? Number(p.id) : null;
}

/** The records a person appears in (as producer, technician, owner or shopkeeper), as JSON rows. */
async function registrosDaPessoa(db: Db, pessoaId: number) {
  const propriedades = await linhas(
    db,
    sql`SELECT pr.id, pr.nome, pr.endereco, pr.numero, pr.complemento, pr.cep, m.nome AS municipio, pr.area_total AS "areaTotal",
               pr.geo_localizacao AS "geoLocalizacao" FROM propriedade pr LEFT JOIN municipio m ON m.id = pr.municipio_id
        WHERE pr.proprietario_id = ${pessoaId} ORDER BY pr.id`,
  );
  const romaneios = await linhas(
    db,
    sql`SELECT r.id, r.data_emissao::text AS "dataEmissao", i.id AS "itemId", pd.nome AS produto, i.quantidade, coalesce(i.codigo_lote, r.id || 'R' || i.id) AS lote
        FROM romaneio r LEFT JOIN romaneio_itens i ON i.romaneio_id = r.id LEFT JOIN produto pd ON pd.id = i.produto_id
        WHERE r.pessoa_id = ${pessoaId} ORDER BY r.id, i.id`,
  );
  const boletins = await linhas(
    db,
    sql`SELECT b.id, b.data_emissao::text AS "dataEmissao", b.data_visita::text AS "dataVisita", CASE WHEN b.produtor_id = ${pessoaId} THEN 'produtor' ELSE 'técnico' END AS papel,
               bi.id AS "itemId", pd.nome AS produto, bi.inicio_colheita::text AS "inicioColheita", bi.fim_colheita::text AS "fimColheita", bi.producao_estimada AS "producaoEstimada"
        FROM boletim b LEFT JOIN boletim_itens bi ON bi.boletim_id = b.id LEFT JOIN produto pd ON pd.id = bi.produto_id
        WHERE b.produtor_id = ${pessoaId} OR b.tecnico_id = ${pessoaId} ORDER BY b.id, bi.id`,
  );
  const cadernos = await linhas(
    db,
    sql`SELECT c.id, c.boletim_item_id AS "boletimItemId", c.data_plantio::text AS "dataPlantio", c.data_colheita::text AS "dataColheita", c.area_cultivo AS "areaCultivo"
        FROM caderno c JOIN boletim_itens bi ON bi.id = c.boletim_item_id JOIN boletim b ON b.id = bi.boletim_id
        WHERE b.produtor_id = ${pessoaId} ORDER BY c.id`,
  );
  const inspecoes = await linhas(
    db,
    sql`SELECT n.id, n.romaneio_id AS "romaneioId", n.tipo, n.coleta_em::text AS "coletaEm", n.resultado, n.principio_ativo AS "principioAtivo",
               n.observacao, n.suspenso_ate::text AS "suspensoAte"
        FROM inspecao n JOIN romaneio r ON r.id = n.romaneio_id WHERE r.pessoa_id = ${pessoaId} ORDER BY n.id`,
  );
  const lojas = await linhas(db, sql`SELECT id, data_emissao::text AS "dataEmissao" FROM loja WHERE lojista_id = ${pessoaId} ORDER BY id`);
  return { propriedades, romaneios, boletins, cadernos, inspecoes, lojas };
}

/** What was asked under a person's document: the subscriptions of the e-mails that made his requests, and the requests. */
async function pedidosDoDocumento(db: Db, doc: string) {
  const emails = (await linhas<{ email: string }>(db, sql`SELECT DISTINCT email FROM titular_solicitacoes WHERE cpfcnpj = ${doc}`)).map((e) => e.email);
  const assinaturas = emails.length
    ? await linhas(
        db,
        sql`SELECT id, email, produtos::text AS produtos, alertas::text AS alertas, criada_em AS "criadaEm", confirmada_em AS "confirmadaEm"
            FROM assinaturas WHERE email IN (${sql.join(
              emails.map((e) => sql`${e}`),
              sql`, `,
            )}) ORDER BY id`,
      )
    : [];
  const solicitacoes = await linhas(
    db,
    sql`SELECT id, tipo, email, texto, confirmada_em AS "confirmadaEm", prazo::text AS prazo, resposta, respondida_em AS "respondidaEm"
        FROM titular_solicitacoes WHERE cpfcnpj = ${doc} ORDER BY id`,
  );
  return { assinaturas, solicitacoes };
}

/** The audit rows of a person's records (his own and those of `registrosDaPessoa`). */
async function auditoriaDosRegistros(db: Db, pessoaId: number, registros: Awaited<ReturnType<typeof registrosDaPessoa>>) {
  const { propriedades, romaneios, boletins, cadernos, inspecoes, lojas } = registros;
  const ids = (rows: Linha[], campo = 'id') => [...new Set(rows.map((r) => String(r[campo])).filter((v) => v !== 'null' && v !== 'undefined'))];
  const alvos: [string, string[]][] = [
    ['Pessoa', [String(pessoaId)]],
    ['Propriedade', ids(propriedades)],
    ['Romaneio', ids(romaneios)],
    ['RomaneioItens', ids(romaneios, 'itemId')],
    ['Boletim', ids(boletins)],
    ['BoletimItens', ids(boletins, 'itemId')],
    ['Caderno', ids(cadernos)],
    ['Inspecao', ids(inspecoes)],
    ['Loja', ids(lojas)],
  ];
  const condicoes = alvos
    .filter(([, v]) => v.length)
    .map(
      ([c, v]) =>
        sql`(cadastro = ${c} AND cadastro_id IN (${sql.join(
          v.map((x) => sql`${x}`),
          sql`, `,
        )}))`,
    );
  return linhas(
    db,
    sql`SELECT id, usuario, updated AS "em", cadastro, cadastro_id AS "cadastroId", acao, conteudo, conteudo_anterior AS "conteudoAnterior"
        FROM logs WHERE ${sql.join(condicoes, sql` OR `)} ORDER BY id`,
  );
}

/** Everything the product holds about a person, by record, as JSON rows (the holder's access and portability). */
async function exportar(db: Db, pessoaId: number) {
  const [pessoa] = await linhas<Linha & { cpfcnpj: string; foto: string | null }>(
    db,
    sql`SELECT p.id, p.nome, p.cpfcnpj, p.celular, t.descricao AS tipo, p.observacao, p.foto, p.carteira_valida_ate::text AS "carteiraValidaAte"
        FROM pessoa p JOIN pessoa_tipo t ON t.id = p.tipo_id WHERE p.id = ${pessoaId}`,
  );
  if (!pessoa) return null;
  const registros = await registrosDaPessoa(db, pessoaId);
  const portal = await doPortal(db, pessoaId);
  const doc = pessoa.cpfcnpj;
  const pedidos = await pedidosDoDocumento(db, doc);
  const auditoria = await auditoriaDosRegistros(db, pessoaId, registros);
  const foto = pessoa.foto
    ? (await linhas<{ dados: Uint8Array | Buffer }>(db, sql`SELECT dados FROM foto_pessoa WHERE nome = ${`${doc}.png`}`))[0]?.dados
    : undefined;
  return {
    documento: {
      pessoa,
      ...registros,
      ...portal,
      ...pedidos,
      auditoria,
      leituras: await leiturasDaPessoa(db, pessoaId),
    },
    foto: foto ? Buffer.from(foto) : null,
  };
}

/** What the producers' portal holds of a person: the account (its e-mail), the news sent to him, the kinds he asked not to get by e-mail. */
async function doPortal(db: Db, pessoaId: number) {
  return {
    contaDoPortal: await linhas(db, sql`SELECT email, nome, ativo, criado_em AS "criadoEm" FROM usuarios WHERE pessoa_id = ${pessoaId}`),
    avisosDoPortal: await linhas(
      db,
      sql`SELECT id, tipo, titulo, texto, criado_em AS "criadoEm", enviado_em AS "enviadoEm" FROM portal_avisos WHERE pessoa_id = ${pessoaId} ORDER BY id`,
    ),
    avisosSemEmail: await linhas(db, sql`SELECT tipo, criado_em AS "criadoEm" FROM portal_avisos_cancelados WHERE pessoa_id = ${pessoaId} ORDER BY tipo`),
  };
}

/** The last day a person's records still bind their data (their last record + `anos` years), or null when they have none. */
async function fimDoPrazo(t: Db | Tx, pessoaId: number, anos: number): Promise<string | null> {
  const [r] = await linhas<{ ultimo: string | null }>(
    t,
    sql`SELECT greatest(
          (SELECT max(data_emissao) FROM romaneio WHERE pessoa_id = ${pessoaId}),
          (SELECT max(data_emissao) FROM boletim WHERE produtor_id = ${pessoaId} OR tecnico_id = ${pessoaId}),
          (SELECT max(data_emissao) FROM loja WHERE lojista_id = ${pessoaId}),
          (SELECT max(greatest(n.coleta_em, n.suspenso_ate)) FROM inspecao n JOIN romaneio r ON r.id = n.romaneio_id WHERE r.pessoa_id = ${pessoaId})
        )::text AS ultimo`,
  );
  if (!r?.ultimo) return null;
  const [y, m, d] = r.ultimo.split('-').map(Number);
  const fim = new Date(Date.UTC(y + anos, m - 1, d));
  return fim.toISOString().slice(0, 10);
}

/**
 * Replaces a person's personal fields by neutral values ('Titular anonimizado nº N', no document, phones, notes,
 * photo or property address), scrubs the former name and document from the audit texts and the holder's
 * requests, and logs what was done. Refused (409) when a term still binds the data, unless `vencido` (the daily job).
 */
async function anonimizar(db: Db, pessoaId: number, motivo: string, usuario: string, anos: number) {
  return db.transaction(async (t) => {
    const [p] = await linhas<{ id: number; nome: string; cpfcnpj: string; celular: string | null; observacao: string | null }>(
      t,
      sql`SELECT id, nome, cpfcnpj, celular, observacao FROM pessoa WHERE id = ${pessoaId} FOR UPDATE`,
    );
    if (!p) throw naoEncontrado(TITULAR_MSG.pessoaNaoEncontrada);
    if ((await linhas(t, sql`SELECT 1 FROM anonimizacoes WHERE pessoa_id = ${pessoaId}`)).length) throw conflict(TITULAR_MSG.jaAnonimizada);
    const fim = await fimDoPrazo(t, pessoaId, anos);
    if (fim && fim > hojeNoMercado()) throw conflict(TITULAR_MSG.prazoCorrendo(fim.split('-').reverse().join('/')));
    const [a] = await linhas<{ id: number }>(
      t,
      sql`INSERT INTO anonimizacoes (pessoa_id, motivo, feita_por) VALUES (${pessoaId}, ${motivo}, ${usuario}) RETURNING id`,
    );
    const n = Number(a.id);
    const nome = `Titular anonimizado nº ${n}`;
    const codigo = `ANONIMO${n}`;
    // His portal account ends (disabled, its sessions revoked, its e-mail and gov.br binding gone).
    const emails = await encerrarContaDoPortal(t, pessoaId, usuario, { nome, email: `titular-anonimizado-${n}@anonimizado.invalid` });
    const props = await linhas<{ id: number; nome: string; endereco: string | null; complemento: string | null; cep: string | null }>(
      t,
      sql`SELECT id, nome, endereco, complemento, cep FROM propriedade WHERE proprietario_id = ${pessoaId} FOR UPDATE`,
    );
    // What the audit texts must no longer carry: the name, the document, the phone, the notes, the properties' addresses.
    const trocas: [string, string][] = [
      [p.nome, nome],
      [p.cpfcnpj, codigo],
      ...[p.celular, p.observacao, ...emails, ...props.flatMap((x) => [x.endereco, x.complemento, x.cep])]
        .filter((v): v is string => Boolean(v && v.trim().length >= 4))
        .map((v) => [v, '(anonimizado)'] as [string, string]),
    ];
    await t.execute(sql`SELECT set_config('ceasa.anonimizacao', 'on', true)`);
    for (const [de, para] of trocas) {
      await t.execute(
        sql`UPDATE logs SET conteudo = replace(conteudo, ${de}, ${para}), conteudo_anterior = replace(conteudo_anterior, ${de}, ${para})
            WHERE strpos(conteudo, ${de}) > 0 OR strpos(coalesce(conteudo_anterior, ''), ${de}) > 0`,
      );
    }
    // What his portal account did is signed by its e-mail: signed by his new name now.
    for (const e of emails) await t.execute(sql`UPDATE logs SET usuario = ${nome} WHERE usuario = ${e}`);
    await t.execute(sql`SELECT set_config('ceasa.anonimizacao', 'off', true)`);
    await t.execute(sql`DELETE FROM foto_pessoa WHERE nome = ${`${p.cpfcnpj}.png`}`);
    await t.execute(
      sql`UPDATE pessoa SET nome = ${nome}, cpfcnpj = ${codigo}, celular = NULL, observacao = NULL, foto = NULL, carteira_valida_ate = NULL,
                            versao = versao + 1 WHERE id = ${pessoaId}`,
    );
    for (const pr of props)
      await t.execute(
        sql`UPDATE propriedade SET nome = replace(nome, ${p.nome}, ${nome}), endereco = NULL, numero = NULL, complemento = NULL, cep = NULL,
                                   geo_localizacao = '0,0', versao = versao + 1 WHERE id = ${pr.id}`,
      );
    await t.execute(sql`UPDATE titular_solicitacoes SET cpfcnpj = ${codigo} WHERE cpfcnpj = ${p.cpfcnpj}`);
    await registrarLog(t, usuario, 'Pessoa', pessoaId, 'UPDATE', { id: pessoaId, anonimizacao: n, motivo, propriedades: props.length });
    return { pessoaId, numero: n, nome };
  });
}

/** The people whose every term has run out (their last record + `anos` years is past) and who are not anonymised yet. */
async function vencidos(db: Db, anos: number): Promise<number[]> {
  const r = await linhas<{ id: number }>(
    db,
    sql`SELECT p.id FROM pessoa p
        WHERE NOT EXISTS (SELECT 1 FROM anonimizacoes a WHERE a.pessoa_id = p.id)
          AND greatest(
            (SELECT max(data_emissao) FROM romaneio WHERE pessoa_id = p.id),
            (SELECT max(data_emissao) FROM boletim WHERE produtor_id = p.id OR tecnico_id = p.id),
            (SELECT max(data_emissao) FROM loja WHERE lojista_id = p.id),
            (SELECT max(greatest(n.coleta_em, n.suspenso_ate)) FROM inspecao n JOIN romaneio r ON r.id = n.romaneio_id WHERE r.pessoa_id = p.id)
          ) < (${hojeNoMercado()}::date - make_interval(years => ${anos}))::date
        ORDER BY p.id LIMIT 500`,
  );
  return r.map((x) => Number(x.id));
}

async function listarIncidentes(db: Db): Promise<Incidente[]> {
  return (await linhas(db, sql`SELECT ${INCIDENTE} FROM incidentes ORDER BY id DESC`)).map(incidente);
}

async function obterIncidente(db: Db, id: number): Promise<Incidente | null> {
  const [r] = await linhas(db, sql`SELECT ${INCIDENTE} FROM incidentes WHERE id = ${id}`);
  return r ? incidente(r) : null;
}

/** Records an incident (or corrects one, `id`), with its 3-business-day deadline, audited. */
async function salvarIncidente(db: Db, e: IncidenteEntrada, usuario: string, id?: number): Promise<Incidente> {
  return db.transaction(async (t) => {
    const prazo = await somarDiasUteis(t, e.detectadoEm, PRAZO_INCIDENTE_DIAS_UTEIS);
    const valores = { ...e, prazo };
    if (id === undefined) {
      const [r] = await linhas<{ id: number }>(
        t,
        sql`INSERT INTO incidentes (detectado_em, descricao, categorias, titulares_afetados, medidas, prazo, registrado_por)
            VALUES (${e.detectadoEm}::date, ${e.descricao}, ${JSON.stringify(e.categorias)}::jsonb, ${e.titularesAfetados}, ${e.medidas}, ${prazo}::date, ${usuario}) RETURNING id`,
      );
      await registrarLog(t, usuario, 'Incidente', r.id, 'INSERT', { id: r.id, ...valores });
      id = Number(r.id);
    } else {
      const [antes] = await linhas(t, sql`SELECT ${INCIDENTE} FROM incidentes WHERE id = ${id} FOR UPDATE`);
      if (!antes) throw naoEncontrado(INCIDENTE_MSG.naoEncontrado);
      await t.execute(
        sql`UPDATE incidentes SET detectado_em = ${e.detectadoEm}::date, descricao = ${e.descricao}, categorias = ${JSON.stringify(e.categorias)}::jsonb,
               titulares_afetados = ${e.titularesAfetados}, medidas = ${e.medidas}, prazo = ${prazo}::date WHERE id = ${id}`,
      );
      const { registradoEm: _r, registradoPor: _p, ...anterior } = antes as Record<string, unknown>;
      await registrarLog(t, usuario, 'Incidente', id, 'UPDATE', { id, ...valores }, anterior);
    }
    const [r] = await linhas(t, sql`SELECT ${INCIDENTE} FROM incidentes WHERE id = ${id}`);
    return incidente(r);
  });
}

/** What the holders of personal data ask of the market, and what it does with their data, over one database. */
export const titularRepository = (db: Db) => ({
  pedir: pedir.bind(null, db),
  confirmar: confirmar.bind(null, db),
  pedirComoProdutor: pedirComoProdutor.bind(null, db),
  listar: listarSolicitacoes.bind(null, db),
  obter: obterSolicitacao.bind(null, db),
  responder: responder.bind(null, db),
  registrarLeitura: registrarLeitura.bind(null, db),
  pessoaDoRomaneio: pessoaDoRomaneio.bind(null, db),
  leituras: leiturasDaPessoa.bind(null, db),
  purgar: purgar.bind(null, db),
  pessoaPorDocumento: pessoaPorDocumento.bind(null, db),
  exportar: exportar.bind(null, db),
  anonimizar: anonimizar.bind(null, db),
  vencidos: vencidos.bind(null, db),
  incidentes: listarIncidentes.bind(null, db),
  incidente: obterIncidente.bind(null, db),
  salvarIncidente: salvarIncidente.bind(null, db),
});
export type TitularRepository = ReturnType<typeof titularRepository>;

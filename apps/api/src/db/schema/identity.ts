import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { chaveSerial, instante, instanteAgora, referenciaUuid } from './colunas';
import { pessoa } from './pessoa';

export const usuarios = pgTable(
  'usuarios',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    nome: text('nome').notNull(),
    /** Stored lower-case; unique. */
    email: text('email').notNull().unique(),
    senhaHash: text('senha_hash').notNull(),
    ativo: boolean('ativo').notNull().default(true),
    roles: text('roles').array().notNull().default([]),
    avatarUrl: text('avatar_url'),
    criadoEm: instanteAgora('criado_em'),
    /** A password someone else chose (the generated first one): the person must change it at the next sign-in. */
    trocarSenha: boolean('trocar_senha').notNull().default(false),
    /** A producer's portal account (role `produtor`): the person it reads, and the only one (docs/produto/portal.md). */
    pessoaId: integer('pessoa_id')
      .unique()
      .references(() => pessoa.id, { onDelete: 'cascade' }),
  },
  (t) => [
    // A portal account is a producer's and nothing else; no staff account is bound to a person.
    check(
      'usuarios_produtor_ck',
      sql`(${t.pessoaId} IS NULL AND NOT ('produtor' = ANY(${t.roles}))) OR (${t.pessoaId} IS NOT NULL AND ${t.roles} = ARRAY['produtor']::text[])`,
    ),
  ],
);

/** A sign-in session: refresh tokens rotate inside it; reusing an old one revokes it. */
export const sessoes = pgTable('sessoes', {
  id: uuid('id').primaryKey().defaultRandom(),
  usuarioId: referenciaUuid('usuario_id', () => usuarios.id, { onDelete: 'cascade' }),
  criadaEm: instanteAgora('criada_em'),
  expiraEm: instante('expira_em').notNull(),
  revogadaEm: instante('revogada_em'),
  /** The last request (or refresh) of the session: past SESSAO_INATIVIDADE_MIN without one, it ends. */
  ultimoUsoEm: instanteAgora('ultimo_uso_em'),
  /** The browser or client that opened it (User-Agent, cut) and the address it came from: 'Minhas sessões' shows them. */
  dispositivo: text('dispositivo'),
  endereco: text('endereco'),
  /** Opened by a person whose role must have a second factor and has none yet: only enrolment is allowed. */
  exigeFator: boolean('exige_fator').notNull().default(false),
});

/**
 * A person's authenticator app (TOTP, RFC 6238): the shared secret (base32), when it was confirmed (null while
 * enrolment waits for the first code) and the last time step accepted, so a code is used once.
 */
export const segundosFatores = pgTable('segundos_fatores', {
  usuarioId: uuid('usuario_id')
    .primaryKey()
    .references(() => usuarios.id, { onDelete: 'cascade' }),
  segredo: text('segredo').notNull(),
  ativoEm: instante('ativo_em'),
  ultimoPasso: bigint('ultimo_passo', { mode: 'number' }),
  criadoEm: instanteAgora('criado_em'),
});

/** One-time recovery codes of a second factor: only their SHA-256 is kept; a used one is marked. */
export const codigosDeRecuperacao = pgTable(
  'codigos_de_recuperacao',
  {
    id: chaveSerial(),
    usuarioId: referenciaUuid('usuario_id', () => usuarios.id, { onDelete: 'cascade' }),
    hash: text('hash').notNull(),
    usadoEm: instante('usado_em'),
  },
  (t) => [uniqueIndex('codigos_de_recuperacao_idx').on(t.usuarioId, t.hash)],
);

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: chaveSerial(),
    sessaoId: referenciaUuid('sessao_id', () => sessoes.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    criadoEm: instanteAgora('criado_em'),
    usadoEm: instante('usado_em'),
  },
  (t) => [index('refresh_tokens_sessao_idx').on(t.sessaoId)],
);

export const resetTokens = pgTable('reset_tokens', {
  id: chaveSerial(),
  usuarioId: referenciaUuid('usuario_id', () => usuarios.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  expiraEm: instante('expira_em').notNull(),
  usadoEm: instante('usado_em'),
});

/** Every e-mail the product sends; without SMTP_URL it stays here (and in the log). */
export const outbox = pgTable('outbox', {
  id: chaveSerial(),
  para: text('para').notNull(),
  assunto: text('assunto').notNull(),
  corpo: text('corpo').notNull(),
  criadoEm: instanteAgora('criado_em'),
  enviadoEm: instante('enviado_em'),
  erro: text('erro'),
});

/** Token-signing key pairs (JWK), so every instance and restart signs with the same key. */
export const chaves = pgTable('chaves', {
  kid: text('kid').primaryKey(),
  privada: jsonb('privada').notNull(),
  publica: jsonb('publica').notNull(),
  criadaEm: instanteAgora('criada_em'),
});

/**
 * Secrets the server makes once and keeps, by name (a JWK, encrypted under CHAVES_SEGREDO when it is set): the
 * key of the subscriptions' unsubscribe links, which must outlive the signing keys' rotation.
 */
export const segredos = pgTable('segredos', {
  nome: text('nome').primaryKey(),
  valor: jsonb('valor').notNull(),
  criadoEm: instanteAgora('criado_em'),
});

/**
 * One row per attempt at the public register (an account created or an e-mail already in use), with the client
 * address it came from: the per-address limit (REGISTER_MAX_ACCOUNTS per REGISTER_WINDOW_MS) is counted here, in the database, so
 * every server on it shares the count. Rows older than the window are purged as new ones come in.
 */
export const registrosPorEndereco = pgTable(
  'registros_por_endereco',
  {
    id: chaveSerial(),
    endereco: text('endereco').notNull(),
    criadoEm: instanteAgora('criado_em'),
  },
  (t) => [index('registros_por_endereco_idx').on(t.endereco, t.criadoEm)],
);

/**
 * Sign-in attempts per (account, address) in the current window, counted BEFORE the password is checked
 * (identity/throttle.ts contarTentativa): one atomic upsert per attempt, so a burst over any number of servers
 * checks at most LOGIN_MAX_ATTEMPTS passwords (docs/decisions/0161-limites-no-banco.md).
 */
export const tentativasDeEntrada = pgTable(
  'tentativas_de_entrada',
  {
    conta: text('conta').notNull(),
    endereco: text('endereco').notNull(),
    inicio: instanteAgora('inicio'),
    n: integer('n').notNull().default(1),
  },
  (t) => [primaryKey({ columns: [t.conta, t.endereco] }), index('tentativas_de_entrada_inicio_idx').on(t.inicio)],
);

/**
 * What the built-in OpenID Connect provider (identity/provedor.ts, panva's oidc-provider) keeps between
 * requests: authorization codes, refresh tokens, grants, sessions, interactions, and its cookie keys
 * (tipo 'ChavesDeCookie'), one row per object, so every server of the database sees the same state and a
 * restart loses nothing. `grant_id`, `uid` and `user_code` are the library's look-ups; `consumido_em`
 * marks a used code or refresh token (a second use revokes the grant).
 */
export const oidcModelo = pgTable(
  'oidc_modelo',
  {
    tipo: text('tipo').notNull(),
    id: text('id').notNull(),
    payload: jsonb('payload').notNull(),
    grantId: text('grant_id'),
    uid: text('uid'),
    userCode: text('user_code'),
    expiraEm: instante('expira_em'),
    consumidoEm: instante('consumido_em'),
  },
  (t) => [
    primaryKey({ columns: [t.tipo, t.id] }),
    index('oidc_modelo_grant_idx').on(t.grantId),
    uniqueIndex('oidc_modelo_uid_idx').on(t.tipo, t.uid),
    uniqueIndex('oidc_modelo_user_code_idx').on(t.tipo, t.userCode),
    index('oidc_modelo_expira_idx').on(t.expiraEm),
  ],
);

/**
 * External identity mode (OIDC_ISSUER): the product's account of a person of the provider, bound by the pair
 * (issuer, `sub`), never by e-mail after the first sign-in (docs/decisions/0156). One account per subject and
 * one subject per account and issuer. `papeisIat` is the `iat` of the newest token whose roles were applied:
 * an older token never brings back roles the provider removed.
 */
export const identidadesExternas = pgTable(
  'identidades_externas',
  {
    issuer: text('issuer').notNull(),
    sub: text('sub').notNull(),
    usuarioId: referenciaUuid('usuario_id', () => usuarios.id, { onDelete: 'cascade' }),
    papeisIat: bigint('papeis_iat', { mode: 'number' }),
    criadaEm: instanteAgora('criada_em'),
    /** gov.br (a portal account): the reliability level of the last sign-in, bronze, prata or ouro; null for other providers. */
    nivel: text('nivel'),
  },
  (t) => [
    primaryKey({ columns: [t.issuer, t.sub] }),
    uniqueIndex('identidades_externas_usuario_idx').on(t.issuer, t.usuarioId),
    check('identidades_externas_nivel_ck', sql`${t.nivel} IS NULL OR ${t.nivel} IN ('bronze', 'prata', 'ouro')`),
  ],
);

/**
 * Calls to the expensive routes (VAF, recall, statistics, exports, reports) per key — `p:<person id>` or
 * `e:<address>` — and fixed window (its start): one atomic upsert per call (plugins/consultas-caras.ts), so every
 * server of the database shares the count. Windows older than the current one are purged as calls come in.
 */
export const chamadasCaras = pgTable(
  'chamadas_caras',
  {
    chave: text('chave').notNull(),
    janela: instante('janela').notNull(),
    n: integer('n').notNull().default(1),
  },
  (t) => [primaryKey({ columns: [t.chave, t.janela] }), index('chamadas_caras_janela_idx').on(t.janela)],
);

import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import path from 'node:path';
import { DIAS_DE_MERCADO_PADRAO, SETTINGS_PADRAO as PADRAO, type Settings } from '@ceasa/shared/settings';
import { codigoIbgeValido } from '@ceasa/shared/resources/informacao';
import { NIVEIS_GOVBR, type NivelGovbr } from '@ceasa/shared/resources/portal';

export type { Settings };

/** Everything the deployment decides, read once from the environment. */
export interface Config {
  port: number;
  host: string;
  databaseUrl?: string;
  dataDir: string;
  /** In-memory embedded database (tests). */
  memoryDb: boolean;
  smtpUrl?: string;
  mailFrom: string;
  adminEmail: string;
  adminPassword?: string;
  /** PUBLIC_URL: the product's address for users, the only base of links the server writes (mails, issuer). */
  publicUrl?: string;
  /**
   * ALLOWED_ORIGINS: other origins (scheme://host[:port]) whose pages may post to the sign-in and session
   * endpoints, besides PUBLIC_URL's (e.g. the same server under a second name). Never derived from a request.
   */
  allowedOrigins: string[];
  /** NODE_ENV: 'development' or 'test' silence the start-up warning about a missing PUBLIC_URL. */
  nodeEnv?: string;
  logLevel: string;
  accessTokenTtl: number;
  refreshTokenTtl: number;
  resetTokenTtl: number;
  loginMaxAttempts: number;
  /** MFA_OBRIGATORIO: the roles whose people must enrol a second factor (default super-admin and user-admin; `nenhum`: none). */
  mfaObrigatorio: string[];
  /** SESSAO_INATIVIDADE_MIN: a session ends after this many minutes without a request (default 120). */
  sessaoInatividadeMin: number;
  /** SESSAO_MAXIMA_HORAS: a session ends this many hours after its sign-in, whatever happens (default 12). */
  sessaoMaximaHoras: number;
  loginWindowMs: number;
  /** Accounts one client address may create through the public register in registerWindowMs. */
  registerMaxAccounts: number;
  registerWindowMs: number;
  /** Calls to the expensive routes (VAF, recall, statistics, exports, reports) one person may make per consultasCarasJanelaS. */
  consultasCarasPorPessoa: number;
  /** The same from one client address (signed in or not). */
  consultasCarasPorEndereco: number;
  consultasCarasJanelaS: number;
  /** CHAVES_SEGREDO: when set, the realm's private signing key is stored encrypted under it (AES-256-GCM). */
  chavesSegredo?: string;
  /** CHAVES_ROTACAO_DIAS: the signing key is replaced by a new one after this many days (default 90). */
  chavesRotacaoDias: number;
  uploadMaxBytes: number;
  dividasUrl?: string;
  /** Which proxies may set X-Forwarded-*: false (none) or their addresses and CIDR blocks (TRUST_PROXY). */
  trustProxy: false | string[];
  /** OIDC_CLIENTS: the other systems that may sign people in through the built-in provider (identity/provedor.ts). */
  oidcClients: ClienteOidc[];
  /** The municipality's own OpenID Connect provider (OIDC_ISSUER): when set, people sign in there (identity/externo.ts). */
  oidc?: OidcExterno;
  /** COTACAO_PUBLICACAO: 'automatica' (a saved price is public at once, docs/produto/validacao.md) or 'manual' (drafts until 'Publicar cotação'). */
  cotacaoPublicacao: 'automatica' | 'manual';
  /** INSPECAO_PERCENTUAL: the share (0–100, default 5) of each market day's romaneios drawn for inspection (decision 0185). */
  inspecaoPercentual: number;
  /** SUSPENSAO_DIAS: days a producer stays suspended at the gate after a non-conforming residue result, from the collection date (default 30). */
  suspensaoDias: number;
  /** NFE_OBRIGATORIA=true: the gate refuses a romaneio without the producer's NF-e access key (default false). */
  nfeObrigatoria: boolean;
  /** CEASA_MUNICIPIO_IBGE: the 7-digit IBGE code of the market's municipality (Conab's daily file, decision 0191). */
  municipioIbge?: string;
  /**
   * COTACAO_ENVIO_HORA ('hh:mm' or 'hh', server's local time): when the day's quotation is mailed to the subscribers if
   * 'Publicar cotação' has not sent it before (decision 0196). Unset: only the publication sends.
   */
  cotacaoEnvioHora?: { h: number; m: number };
  /** DADOS_LICENCA: the open data's licence, an SPDX id (default CC-BY-4.0) or a name. */
  dadosLicenca: string;
  /** Subscription requests per client address per hour and per e-mail per day (ASSINATURAS_MAX_ENDERECO, ASSINATURAS_MAX_EMAIL). */
  assinaturasMaxEndereco: number;
  assinaturasMaxEmail: number;
  /** METRICS_IPS: the addresses (or CIDR blocks) that may read /metrics without a token (default: this machine only). */
  metricsIps: string[];
  /** METRICS_TOKEN: a token that opens /metrics from any address (`Authorization: Bearer ...`). */
  metricsToken?: string;
  /** BACKUP_DIR and companions: the scheduled backups (db/backups-agendados.ts); undefined when BACKUP_DIR is unset. */
  backup?: BackupAgendado;
  /** The producers' portal (docs/produto/portal.md): gov.br, the level it needs, how far ahead a load is announced. */
  portal: Portal;
  /** The controller and its encarregado (LGPD), the retention terms and the holders' request limits (decision 0227). */
  privacidade: Privacidade;
  settings: Settings;
}

/** The producers' portal's settings (docs/produto/portal.md). */
export interface Portal {
  /** GOVBR_ISSUER, GOVBR_CLIENT_ID, GOVBR_CLIENT_SECRET: 'Entrar com gov.br'; undefined when GOVBR_ISSUER is unset. */
  govbr?: { issuer: string; clientId: string; clientSecret?: string };
  /** PORTAL_NIVEL_MINIMO: the lowest gov.br reliability level bound to a producer (default prata). */
  nivelMinimo: NivelGovbr;
  /** PORTAL_DIAS_ANTECEDENCIA: how many days ahead a load may be announced (default 7). */
  diasAntecedencia: number;
  /** PORTAL_CONVITE_HORAS: how long an invitation's link works (default 72 hours). */
  conviteHoras: number;
}

/** gov.br's staging issuer (the production one is https://sso.acesso.gov.br). */
export const GOVBR_ISSUER_HOMOLOGACAO = 'https://sso.staging.acesso.gov.br';

function parsePortal(env: NodeJS.ProcessEnv): Portal {
  const issuer = env.GOVBR_ISSUER?.trim();
  const outras = ['GOVBR_CLIENT_ID', 'GOVBR_CLIENT_SECRET'].filter((n) => env[n]?.trim());
  if (!issuer && outras.length)
    throw new Error(`${outras.join(', ')} definido sem GOVBR_ISSUER: defina GOVBR_ISSUER (${GOVBR_ISSUER_HOMOLOGACAO} em homologação) ou retire-o`);
  let govbr: Portal['govbr'];
  if (issuer) {
    let u: URL | null = null;
    try {
      u = new URL(issuer);
    } catch {
      /* below */
    }
    if (!u || (u.protocol !== 'http:' && u.protocol !== 'https:') || u.search || u.hash)
      throw new Error(`GOVBR_ISSUER inválido (${issuer}): use o endereço do emissor, como ${GOVBR_ISSUER_HOMOLOGACAO}`);
    const clientId = env.GOVBR_CLIENT_ID?.trim();
    if (!clientId) throw new Error('GOVBR_CLIENT_ID não definido: com GOVBR_ISSUER, informe o client_id que o gov.br deu a este sistema');
    govbr = { issuer: issuer.replace(/\/+$/, ''), clientId, clientSecret: env.GOVBR_CLIENT_SECRET || undefined };
  }
  const nivel = (env.PORTAL_NIVEL_MINIMO?.trim() || 'prata').toLowerCase();
  if (!(NIVEIS_GOVBR as readonly string[]).includes(nivel))
    throw new Error(`PORTAL_NIVEL_MINIMO inválido (${env.PORTAL_NIVEL_MINIMO}): use ${NIVEIS_GOVBR.join(', ')}`);
  return {
    govbr,
    nivelMinimo: nivel as NivelGovbr,
    diasAntecedencia: parseNumeroFaixa('PORTAL_DIAS_ANTECEDENCIA', env.PORTAL_DIAS_ANTECEDENCIA, 7, 0, 60, true),
    conviteHoras: parseNumeroFaixa('PORTAL_CONVITE_HORAS', env.PORTAL_CONVITE_HORAS, 72, 1, 720, true),
  };
}

/** LGPD settings (docs/decisions/0227-lgpd-bases-e-prazos.md). */
export interface Privacidade {
  /** CONTROLADOR_NOME: the controller (default: the municipality, CEASA_MUNICIPIO). */
  controlador: string;
  /** ENCARREGADO_NOME, ENCARREGADO_EMAIL, ENCARREGADO_TELEFONE: the data protection officer named by a published act. */
  encarregadoNome?: string;
  encarregadoEmail?: string;
  encarregadoTelefone?: string;
  /** RETENCAO_CADASTRO_ANOS (5): a person's data after their last record. */
  cadastroAnos: number;
  /** RETENCAO_SOLICITACOES_ANOS (5): a holder's request after its answer. */
  solicitacoesAnos: number;
  /** RETENCAO_ACESSOS_MESES (6): the read log. */
  acessosMeses: number;
}

/** The scheduled backups (docs/decisions/0201-backups-agendados.md). */
export interface BackupAgendado {
  /** BACKUP_DIR: where the files go (absolute). */
  dir: string;
  /** BACKUP_HORA: the time of day, America/Sao_Paulo, as minutes after midnight. */
  minutoDoDia: number;
  /** BACKUP_MANTER: how many of the newest files are kept. */
  manter: number;
  /** BACKUP_INTERVALO_MINUTOS: instead of once a day, every this many minutes (decimals allowed: tests use seconds). */
  intervaloMinutos?: number;
}

/** External identity mode (docs/decisions/0118-modo-de-identidade-externo.md). */
export interface OidcExterno {
  /** OIDC_ISSUER: the provider's issuer identifier (its discovery is `{issuer}/.well-known/openid-configuration`). */
  issuer: string;
  /** OIDC_CLIENT_ID: this product's client at the provider. */
  clientId: string;
  /** OIDC_CLIENT_SECRET: present for a confidential client; absent for a public one (PKCE only). */
  clientSecret?: string;
  /** OIDC_ROLES_CLAIM: dotted path of the roles claim (Keycloak's realm roles by default). */
  rolesClaim: string[];
  /** OIDC_AUDIENCE: the `aud` the provider's access tokens must carry to be accepted by the API (default OIDC_CLIENT_ID). */
  audience: string;
  /** OIDC_SCOPES: the scopes asked at sign-in (default `openid email profile`; gov.br adds govbr_confiabilidades). */
  scopes: string;
}

/** A client of the built-in OpenID Connect provider: public (PKCE) without a secret, confidential with one. */
export interface ClienteOidc {
  client_id: string;
  client_secret?: string;
  redirect_uris: string[];
  post_logout_redirect_uris: string[];
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const dataDir = path.resolve(env.DATA_DIR ?? './data');
  const municipio = env.CEASA_MUNICIPIO ?? PADRAO.municipio;
  const mercado = env.CEASA_MERCADO ?? PADRAO.mercado;
  const config: Config = {
    port: Number(env.PORT ?? 3000),
    host: env.HOST ?? '0.0.0.0',
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir,
    memoryDb: false,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'CEASA Regional <nao-responda@ceasa.local>',
    adminEmail: (env.ADMIN_EMAIL ?? 'admin@ceasa.local').toLowerCase(),
    adminPassword: env.ADMIN_PASSWORD || undefined,
    publicUrl: env.PUBLIC_URL || undefined,
    allowedOrigins: parseOrigens(env.ALLOWED_ORIGINS),
    nodeEnv: env.NODE_ENV || undefined,
    logLevel: env.LOG_LEVEL ?? 'info',
    accessTokenTtl: Number(env.ACCESS_TOKEN_TTL ?? 300),
    refreshTokenTtl: Number(env.REFRESH_TOKEN_TTL ?? 60 * 60 * 24 * 30),
    resetTokenTtl: 3600,
    loginMaxAttempts: Number(env.LOGIN_MAX_ATTEMPTS ?? 5),
    mfaObrigatorio: parseMfaObrigatorio(env.MFA_OBRIGATORIO),
    sessaoInatividadeMin: parseNumeroFaixa('SESSAO_INATIVIDADE_MIN', env.SESSAO_INATIVIDADE_MIN, 120, 1, 7 * 24 * 60, true),
    sessaoMaximaHoras: parseNumeroFaixa('SESSAO_MAXIMA_HORAS', env.SESSAO_MAXIMA_HORAS, 12, 1, 24 * 30, true),
    loginWindowMs: Number(env.LOGIN_WINDOW_MS ?? 15 * 60 * 1000),
    registerMaxAccounts: Number(env.REGISTER_MAX_ACCOUNTS ?? 5),
    registerWindowMs: Number(env.REGISTER_WINDOW_MS ?? 60 * 60 * 1000),
    consultasCarasPorPessoa: Number(env.CONSULTAS_CARAS_POR_PESSOA ?? 20),
    consultasCarasPorEndereco: Number(env.CONSULTAS_CARAS_POR_ENDERECO ?? 60),
    consultasCarasJanelaS: Number(env.CONSULTAS_CARAS_JANELA_S ?? 60),
    chavesSegredo: env.CHAVES_SEGREDO || undefined,
    chavesRotacaoDias: parseNumeroFaixa('CHAVES_ROTACAO_DIAS', env.CHAVES_ROTACAO_DIAS, 90, 1, 3650, true),
    uploadMaxBytes: Number(env.UPLOAD_MAX_BYTES ?? 5 * 1024 * 1024),
    dividasUrl: env.DIVIDAS_URL || undefined,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    oidcClients: parseClientesOidc(env.OIDC_CLIENTS),
    oidc: parseOidc(env),
    cotacaoPublicacao: parseCotacaoPublicacao(env.COTACAO_PUBLICACAO),
    inspecaoPercentual: parseNumeroFaixa('INSPECAO_PERCENTUAL', env.INSPECAO_PERCENTUAL, 5, 0, 100, false),
    suspensaoDias: parseNumeroFaixa('SUSPENSAO_DIAS', env.SUSPENSAO_DIAS, 30, 1, 3650, true),
    nfeObrigatoria: parseNfeObrigatoria(env.NFE_OBRIGATORIA),
    municipioIbge: parseMunicipioIbge(env.CEASA_MUNICIPIO_IBGE),
    cotacaoEnvioHora: parseEnvioHora(env.COTACAO_ENVIO_HORA),
    dadosLicenca: env.DADOS_LICENCA?.trim() || 'CC-BY-4.0',
    assinaturasMaxEndereco: Number(env.ASSINATURAS_MAX_ENDERECO ?? 10),
    assinaturasMaxEmail: Number(env.ASSINATURAS_MAX_EMAIL ?? 3),
    metricsIps: parseMetricsIps(env.METRICS_IPS),
    metricsToken: parseMetricsToken(env.METRICS_TOKEN),
    backup: parseBackup(env),
    portal: parsePortal(env),
    privacidade: {
      controlador: env.CONTROLADOR_NOME?.trim() || municipio,
      encarregadoNome: env.ENCARREGADO_NOME?.trim() || undefined,
      encarregadoEmail: env.ENCARREGADO_EMAIL?.trim() || undefined,
      encarregadoTelefone: env.ENCARREGADO_TELEFONE?.trim() || undefined,
      cadastroAnos: parseNumeroFaixa('RETENCAO_CADASTRO_ANOS', env.RETENCAO_CADASTRO_ANOS, 5, 1, 100, true),
      solicitacoesAnos: parseNumeroFaixa('RETENCAO_SOLICITACOES_ANOS', env.RETENCAO_SOLICITACOES_ANOS, 5, 1, 100, true),
      acessosMeses: parseNumeroFaixa('RETENCAO_ACESSOS_MESES', env.RETENCAO_ACESSOS_MESES, 6, 1, 1200, true),
    },
    settings: {
      carteiraProdutor: parseCarteiraProdutor(env.CARTEIRA_PRODUTOR),
      municipio,
      mercado,
      mercadoTitulo: env.CEASA_MERCADO_TITULO ?? PADRAO.mercadoTitulo,
      endereco: env.CEASA_ENDERECO ?? PADRAO.endereco,
      contato: env.CEASA_CONTATO ?? PADRAO.contato,
      copyright: env.CEASA_COPYRIGHT ?? `© ${new Date().getFullYear()} ${municipio}. Todos os direitos reservados.`,
      destinoLote: env.CEASA_DESTINO_LOTE ?? `${mercado} - Mercado Atacadista de Hortifrutigranjeiros`,
      qrHost: env.QR_HOST || undefined,
      diasDeMercado: parseDiasDeMercado(env.CEASA_DIAS_MERCADO),
      etiqueta: parseEtiqueta(env.CEASA_ETIQUETA),
      logoMunicipio: env.CEASA_LOGO_MUNICIPIO ?? PADRAO.logoMunicipio,
      logoMercado: env.CEASA_LOGO_MERCADO ?? PADRAO.logoMercado,
    },
    ...overrides,
  };
  for (const [nome, v] of [
    ['REGISTER_MAX_ACCOUNTS', config.registerMaxAccounts],
    ['REGISTER_WINDOW_MS', config.registerWindowMs],
    ['CONSULTAS_CARAS_POR_PESSOA', config.consultasCarasPorPessoa],
    ['CONSULTAS_CARAS_POR_ENDERECO', config.consultasCarasPorEndereco],
    ['CONSULTAS_CARAS_JANELA_S', config.consultasCarasJanelaS],
    ['ASSINATURAS_MAX_ENDERECO', config.assinaturasMaxEndereco],
    ['ASSINATURAS_MAX_EMAIL', config.assinaturasMaxEmail],
  ] as const)
    if (!Number.isInteger(v) || v < 1) throw new Error(`${nome} inválido (${v}): use um número inteiro maior que zero`);
  if (config.publicUrl !== undefined) {
    let u: URL | null = null;
    try {
      u = new URL(config.publicUrl);
    } catch {
      /* below */
    }
    if (!u || (u.protocol !== 'http:' && u.protocol !== 'https:') || u.search || u.hash)
      throw new Error(`PUBLIC_URL inválido (${config.publicUrl}): use um endereço http(s) completo, como https://ceasa.prefeitura.gov.br`);
  }
  return config;
}

/** A number setting between `min` and `max` (an integer when `inteiro`); empty: the default. Anything else stops the start with a message. */
export function parseNumeroFaixa(nome: string, v: string | undefined, padrao: number, min: number, max: number, inteiro: boolean): number {
  if (v === undefined || v.trim() === '') return padrao;
  const n = Number(v.trim().replace(',', '.'));
  if (!Number.isFinite(n) || n < min || n > max || (inteiro && !Number.isInteger(n)))
    throw new Error(`${nome} inválido (${v}): use um número${inteiro ? ' inteiro' : ''} de ${min} a ${max}`);
  return n;
}

/** ALLOWED_ORIGINS: a comma-separated list of origins (http(s)://host[:port], nothing after), each checked at start. */
export function parseOrigens(v: string | undefined): string[] {
  const itens = (v ?? '')
    .split(',')
    .map((o) => o.trim())
    .filter(Boolean);
  return itens.map((o) => {
    let u: URL | null = null;
    try {
      u = new URL(o);
    } catch {
      /* below */
    }
    if (!u || (u.protocol !== 'http:' && u.protocol !== 'https:') || u.origin !== o.replace(/\/$/, ''))
      throw new Error(
        `ALLOWED_ORIGINS inválido (${o}): use origens http(s) completas separadas por vírgula, sem caminho, como https://ceasa.prefeitura.gov.br`,
      );
    return u.origin;
  });
}

/**
 * The product's address as users reach it, with no trailing slash: PUBLIC_URL, or else the address the
 * server was started with (HOST:PORT; 'localhost' when it listens on every interface). Never a request
 * header: a forged Host must not choose where a reset link points (docs/decisions).
 */
export function enderecoPublico(config: Pick<Config, 'publicUrl' | 'host' | 'port'>): string {
  if (config.publicUrl) return config.publicUrl.replace(/\/+$/, '');
  const h = config.host;
  const host = !h || h === '0.0.0.0' || h === '::' ? 'localhost' : h.includes(':') ? `[${h}]` : h;
  return `http://${host}:${config.port}`;
}

/** Served over HTTPS (PUBLIC_URL https://...): cookies are Secure and browsers are told to stay on HTTPS. */
export const servidoPorHttps = (config: Pick<Config, 'publicUrl'>) => Boolean(config.publicUrl?.startsWith('https:'));

/** Development or tests (NODE_ENV), where a missing PUBLIC_URL is expected. */
export const emDesenvolvimento = (config: Pick<Config, 'nodeEnv'>) => config.nodeEnv === 'development' || config.nodeEnv === 'test';

/**
 * The base of the lot URLs in the labels' QR codes, with no trailing slash: QR_HOST (a bare host gets
 * https://), or else the product's public address (PUBLIC_URL, or the address the server was started with).
 * Never a request header: a forged Host must not choose where printed labels point.
 */
export function baseDoQr(config: Pick<Config, 'settings' | 'publicUrl' | 'host' | 'port'>): string {
  const qr = config.settings.qrHost?.trim();
  if (!qr) return enderecoPublico(config);
  return (/^https?:\/\//i.test(qr) ? qr : `https://${qr}`).replace(/\/+$/, '');
}

/**
 * Whether the labels' QR codes open an address the operator chose (QR_HOST or PUBLIC_URL): without either,
 * they open the address the server was started with, which a buyer's phone cannot reach.
 */
export const qrHostConfigurado = (config: Pick<Config, 'settings' | 'publicUrl'>) => Boolean(config.settings.qrHost?.trim() || config.publicUrl);

/**
 * The start-up warning when PUBLIC_URL is unset (null when it is set): where the e-mail links point and,
 * without QR_HOST either, that the printed labels' QR codes open only on this computer.
 */
export function avisoSemPublicUrl(config: Pick<Config, 'settings' | 'publicUrl' | 'host' | 'port'>): string | null {
  if (config.publicUrl) return null;
  const endereco = enderecoPublico(config);
  const etiquetas = qrHostConfigurado(config)
    ? ''
    : ` Os QR codes das etiquetas impressas abrem ${endereco}/lote/..., que só funciona neste computador (não no celular de quem compra).`;
  return (
    `PUBLIC_URL não definido: os links dos e-mails (redefinição de senha) apontam para ${endereco}.${etiquetas} ` +
    `Defina PUBLIC_URL com o endereço que os usuários acessam (por exemplo https://ceasa.prefeitura.gov.br)${etiquetas ? ', ou QR_HOST só para as etiquetas' : ''}.`
  );
}

/** The start-up warning when the encarregado's settings are missing (null when both are set). */
export function avisoSemEncarregado(config: Pick<Config, 'privacidade'>): string | null {
  const p = config.privacidade;
  if (p.encarregadoNome && p.encarregadoEmail) return null;
  return 'ENCARREGADO_NOME e ENCARREGADO_EMAIL não definidos: o aviso de privacidade (/privacidade) não diz quem é o encarregado pelos dados pessoais (LGPD, art. 41); defina-os com o nome e o e-mail do encarregado nomeado pela prefeitura.';
}

/** The deploying municipality's public settings (names, contacts, logos, QR host and whether it was configured, the sign-in mode) for headers, reports, labels and /login. */

/** OIDC_ISSUER and its companions, validated (pt-BR messages: the operator reads them at start-up). */
function parseOidc(env: NodeJS.ProcessEnv): OidcExterno | undefined {
  const issuer = env.OIDC_ISSUER?.trim();
  const outras = ['OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET', 'OIDC_ROLES_CLAIM', 'OIDC_AUDIENCE', 'OIDC_SCOPES'].filter((n) => env[n]?.trim());
  if (!issuer) {
    if (outras.length)
      throw new Error(
        `${outras.join(', ')} definido sem OIDC_ISSUER: defina OIDC_ISSUER com o endereço do provedor de identidade do município, ou retire ${outras.length > 1 ? 'essas variáveis' : 'essa variável'}`,
      );
    return undefined;
  }
  let u: URL | null = null;
  try {
    u = new URL(issuer);
  } catch {
    /* below */
  }
  if (!u || (u.protocol !== 'http:' && u.protocol !== 'https:') || u.search || u.hash)
    throw new Error(`OIDC_ISSUER inválido (${issuer}): use o endereço completo do emissor, como https://sso.prefeitura.gov.br/realms/prefeitura`);
  const clientId = env.OIDC_CLIENT_ID?.trim();
  if (!clientId) throw new Error('OIDC_CLIENT_ID não definido: com OIDC_ISSUER, informe o client_id deste sistema no provedor de identidade');
  const claim = env.OIDC_ROLES_CLAIM?.trim() || 'realm_access.roles';
  if (!/^[A-Za-z0-9_:/.-]+$/.test(claim) || claim.split('.').some((p) => !p))
    throw new Error(`OIDC_ROLES_CLAIM inválido (${claim}): use o caminho da claim de papéis separado por pontos, como realm_access.roles`);
  const scopes = (env.OIDC_SCOPES?.trim() || 'openid email profile').split(/\s+/);
  if (!scopes.includes('openid')) throw new Error(`OIDC_SCOPES inválido (${env.OIDC_SCOPES}): inclua openid, como openid email profile`);
  return {
    issuer,
    clientId,
    clientSecret: env.OIDC_CLIENT_SECRET || undefined,
    rolesClaim: claim.split('.'),
    audience: env.OIDC_AUDIENCE?.trim() || clientId,
    scopes: scopes.join(' '),
  };
}

/** COTACAO_ENVIO_HORA: 'hh:mm' or 'hh' (0–23, 0–59); anything else stops the start with a message. */
export function parseEnvioHora(v: string | undefined): Config['cotacaoEnvioHora'] {
  const t = v?.trim();
  if (!t) return undefined;
  const m = /^(\d{1,2})(?::(\d{2}))?$/.exec(t);
  const h = m ? Number(m[1]) : NaN;
  const min = m?.[2] ? Number(m[2]) : 0;
  if (!m || h > 23 || min > 59) throw new Error(`COTACAO_ENVIO_HORA inválido (${v}): use a hora do envio como hh:mm, por exemplo 18:00`);
  return { h, m: min };
}

/** CARTEIRA_PRODUTOR (decision 0182): 'avisar' (the default) or 'exigir'; anything else stops the start. */
export function parseCarteiraProdutor(v: string | undefined): 'avisar' | 'exigir' {
  const valor = v?.trim().toLowerCase() || 'avisar';
  if (valor !== 'avisar' && valor !== 'exigir') throw new Error(`CARTEIRA_PRODUTOR inválido (${v}): use avisar ou exigir`);
  return valor;
}

function parseCotacaoPublicacao(v: string | undefined): Config['cotacaoPublicacao'] {
  const valor = v?.trim().toLowerCase() || 'automatica';
  if (valor !== 'automatica' && valor !== 'manual') throw new Error(`COTACAO_PUBLICACAO inválido (${v}): use automatica ou manual`);
  return valor;
}

function parseNfeObrigatoria(v: string | undefined): boolean {
  const valor = v?.trim().toLowerCase() || 'false';
  if (valor !== 'true' && valor !== 'false') throw new Error(`NFE_OBRIGATORIA inválido (${v}): use true ou false`);
  return valor === 'true';
}

/** Who may read /metrics without a token: this machine by default. */
export const METRICS_IPS_PADRAO = ['127.0.0.1', '::1'];

/** METRICS_IPS: addresses or CIDR blocks (IPv4 or IPv6) separated by commas; `nenhum` for none (token only). */
function parseMetricsIps(v: string | undefined): string[] {
  if (v === undefined || !v.trim()) return [...METRICS_IPS_PADRAO];
  if (v.trim().toLowerCase() === 'nenhum') return [];
  return v
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean)
    .map((x) => {
      const [ip, bits, resto] = x.split('/');
      const familia = isIP(ip);
      const maximo = familia === 6 ? 128 : 32;
      if (!familia || resto !== undefined || (bits !== undefined && !(/^\d{1,3}$/.test(bits) && Number(bits) <= maximo)))
        throw new Error(`METRICS_IPS inválido (${x}): use endereços IP ou blocos CIDR separados por vírgula, como 127.0.0.1,10.0.0.0/8`);
      return x;
    });
}

function parseMetricsToken(v: string | undefined): string | undefined {
  const t = v?.trim();
  if (!t) return undefined;
  if (t.length < 16) throw new Error('METRICS_TOKEN curto demais: use pelo menos 16 caracteres');
  return t;
}

/** BACKUP_DIR, BACKUP_HORA (HH:MM, horário de Brasília), BACKUP_MANTER and BACKUP_INTERVALO_MINUTOS, checked at start. */
function parseBackup(env: NodeJS.ProcessEnv): BackupAgendado | undefined {
  const dir = env.BACKUP_DIR?.trim();
  const outras = ['BACKUP_HORA', 'BACKUP_MANTER', 'BACKUP_INTERVALO_MINUTOS'].filter((n) => env[n]?.trim());
  if (!dir) {
    if (outras.length) throw new Error(`${outras.join(', ')} definido sem BACKUP_DIR: defina BACKUP_DIR com a pasta dos backups`);
    return undefined;
  }
  const hora = env.BACKUP_HORA?.trim() || '02:00';
  const m = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(hora);
  if (!m) throw new Error(`BACKUP_HORA inválido (${hora}): use HH:MM no horário de Brasília, como 02:30`);
  const manter = Number(env.BACKUP_MANTER?.trim() || 14);
  if (!Number.isInteger(manter) || manter < 1) throw new Error(`BACKUP_MANTER inválido (${env.BACKUP_MANTER}): use um número inteiro maior que zero`);
  const iv = env.BACKUP_INTERVALO_MINUTOS?.trim();
  const intervalo = iv ? Number(iv.replace(',', '.')) : undefined;
  if (intervalo !== undefined && !(Number.isFinite(intervalo) && intervalo >= 0.01 && intervalo <= 1440))
    throw new Error(`BACKUP_INTERVALO_MINUTOS inválido (${iv}): use minutos entre 0,01 e 1440`);
  return { dir: path.resolve(dir), minutoDoDia: Number(m[1]) * 60 + Number(m[2]), manter, intervaloMinutos: intervalo };
}

const PAPEIS = ['super-admin', 'user-admin', 'user-agro'];

/** MFA_OBRIGATORIO: roles separated by commas; `nenhum` turns the rule off. Anything else stops the start with a message. */
export function parseMfaObrigatorio(v: string | undefined): string[] {
  if (v === undefined || v.trim() === '') return ['super-admin', 'user-admin'];
  if (v.trim().toLowerCase() === 'nenhum') return [];
  const papeis = v
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);
  for (const p of papeis)
    if (!PAPEIS.includes(p)) throw new Error(`MFA_OBRIGATORIO inválido (${v}): use papéis separados por vírgula (${PAPEIS.join(', ')}) ou nenhum`);
  return papeis;
}

export const MSG_TRUST_PROXY_TUDO =
  'TRUST_PROXY não pode confiar em qualquer endereço (assim cada cliente escolhe o seu pelo X-Forwarded-For): escreva o endereço do proxy reverso ou do balanceador, como TRUST_PROXY=10.0.0.2 (vários separados por vírgula, ou um bloco CIDR como 10.0.0.0/24).';

/**
 * TRUST_PROXY: the reverse proxies whose X-Forwarded-For is believed, by address or CIDR block, separated by commas.
 * `true`, a hop count or a block that holds every address would let any client choose its address (the sign-in
 * limits, /metrics): the start is refused with a line saying what to write instead.
 */
export function parseTrustProxy(v: string | undefined): false | string[] {
  if (!v || v.trim() === '' || v.trim() === 'false') return false;
  const itens = v
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);
  for (const item of itens) {
    const [endereco, bloco, ...resto] = item.split('/');
    const ip = isIP(endereco);
    const prefixo = bloco === undefined ? null : /^\d{1,3}$/.test(bloco) ? Number(bloco) : NaN;
    if (item === 'true' || /^\d+$/.test(item) || prefixo === 0) throw new Error(MSG_TRUST_PROXY_TUDO);
    if (!ip || resto.length || Number.isNaN(prefixo) || (prefixo !== null && prefixo > (ip === 4 ? 32 : 128)))
      throw new Error(`TRUST_PROXY inválido (${item}): use endereços IP ou blocos CIDR separados por vírgula, como TRUST_PROXY=10.0.0.2`);
  }
  return itens;
}

/** The web app's own client of the realm (password and refresh_token grants), which OIDC_CLIENTS may not redefine. */
export const CLIENT_ID = 'ceasa-web';
/** The producers' portal's client of the realm (password and refresh_token grants of portal accounts only); not redefinable either. */
export const CLIENTE_DO_PORTAL = 'ceasa-portal';

/**
 * OIDC_CLIENTS: a JSON array of `{client_id, redirect_uris, post_logout_redirect_uris, client_secret?}`.
 * Every refusal names the variable and what to fix, in pt-BR, and stops the start.
 */
export function parseClientesOidc(v: string | undefined): ClienteOidc[] {
  if (!v?.trim()) return [];
  const erro = (o: string) => new Error(`OIDC_CLIENTS inválido: ${o}`);
  let lido: unknown;
  try {
    lido = JSON.parse(v);
  } catch {
    throw erro('não é um JSON válido. Use uma lista, como [{"client_id":"app","redirect_uris":["https://app.exemplo.gov.br/callback"]}]');
  }
  if (!Array.isArray(lido)) throw erro('use uma lista (um array JSON) de clientes');
  const vistos = new Set<string>();
  return lido.map((c: unknown, i): ClienteOidc => {
    const qual = `o cliente ${i + 1}`;
    if (!c || typeof c !== 'object' || Array.isArray(c)) throw erro(`${qual} não é um objeto`);
    const o = c as Record<string, unknown>;
    const desconhecidos = Object.keys(o).filter((k) => !['client_id', 'client_secret', 'redirect_uris', 'post_logout_redirect_uris'].includes(k));
    if (desconhecidos.length) throw erro(`${qual} tem campos desconhecidos (${desconhecidos.join(', ')})`);
    const id = o.client_id;
    if (typeof id !== 'string' || !/^[\w.:-]{1,100}$/.test(id)) throw erro(`${qual} não tem client_id (letras, números, '.', ':', '_' ou '-')`);
    if (id === CLIENT_ID) throw erro(`o client_id '${id}' é o das telas do sistema; escolha outro`);
    if (id === CLIENTE_DO_PORTAL) throw erro(`o client_id '${id}' é o do portal do produtor; escolha outro`);
    if (vistos.has(id)) throw erro(`o client_id '${id}' aparece mais de uma vez`);
    vistos.add(id);
    const segredo = o.client_secret;
    if (segredo !== undefined && (typeof segredo !== 'string' || segredo.length < 32))
      throw erro(`o client_secret de '${id}' deve ter pelo menos 32 caracteres`);
    const enderecos = (campo: 'redirect_uris' | 'post_logout_redirect_uris', obrigatorio: boolean): string[] => {
      const lista = o[campo] ?? [];
      if (!Array.isArray(lista) || (obrigatorio && !lista.length)) throw erro(`'${id}' precisa de ${campo}: uma lista de endereços`);
      for (const u of lista) {
        let url: URL | null = null;
        try {
          url = typeof u === 'string' ? new URL(u) : null;
        } catch {
          /* below */
        }
        if (!url || url.hash || !/^[a-z][a-z0-9+.-]*:$/.test(url.protocol) || url.protocol === 'javascript:' || url.protocol === 'data:')
          throw erro(`o endereço ${JSON.stringify(u)} em ${campo} de '${id}' não é um endereço absoluto (como https://app.exemplo.gov.br/callback), sem '#'`);
      }
      return lista as string[];
    };
    return {
      client_id: id,
      ...(segredo ? { client_secret: segredo as string } : {}),
      redirect_uris: enderecos('redirect_uris', true),
      post_logout_redirect_uris: enderecos('post_logout_redirect_uris', false),
    };
  });
}

export const gerarSenha = () => randomBytes(12).toString('base64url');

/** CEASA_MUNICIPIO_IBGE: 7 digits with IBGE's check digit, or unset. */
export function parseMunicipioIbge(v: string | undefined): string | undefined {
  if (v === undefined || v.trim() === '') return undefined;
  if (!codigoIbgeValido(v.trim())) throw new Error(`CEASA_MUNICIPIO_IBGE inválido (${v}): use o código IBGE de 7 dígitos do município, como 3536505`);
  return v.trim();
}

/** CEASA_DIAS_MERCADO: weekdays 0 (Sunday) to 6 (Saturday) separated by commas; default DIAS_DE_MERCADO_PADRAO. */
function parseDiasDeMercado(v: string | undefined): number[] {
  if (!v?.trim()) return [...DIAS_DE_MERCADO_PADRAO];
  const dias = v.split(',').map((d) => (d.trim() ? Number(d) : NaN));
  if (!dias.length || dias.some((d) => !Number.isInteger(d) || d < 0 || d > 6))
    throw new Error(`CEASA_DIAS_MERCADO inválido (${v}): use dias da semana de 0 (domingo) a 6 (sábado) separados por vírgula, como 1,4`);
  return [...new Set(dias)].sort();
}

/** CEASA_ETIQUETA: a label's width x height in millimetres; default 100x70. */
function parseEtiqueta(v: string | undefined): { larguraMm: number; alturaMm: number } {
  if (!v?.trim()) return { ...PADRAO.etiqueta };
  const m = /^\s*(\d{2,3})\s*x\s*(\d{2,3})\s*$/i.exec(v);
  if (!m) throw new Error(`CEASA_ETIQUETA inválido (${v}): use largura x altura em milímetros, como 100x70`);
  return { larguraMm: Number(m[1]), alturaMm: Number(m[2]) };
}

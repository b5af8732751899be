import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as client from 'openid-client';
import { grupoDosPapeis, ROLE_GRUPO, type Acao, type PermissoesPorRota } from '@ceasa/shared';
import type { Db } from '../db/client';
import { permissoes, rotas, sessoes, usuarios } from '../db/schema';
import { identificar, sincronizarUsuario, type Claims, type ProvedorExterno } from '../identity/externo';
import { ESCOPO_API, type Keys } from '../identity/keys';
import { ociosa } from '../identity/tokens';
import { forbidden, unauthorized } from '../lib/errors';
import { eventoDeSeguranca } from '../lib/eventos';
import { MSG_CADASTRE_O_FATOR } from '../identity/segundo-fator';
import { PAPEL_PRODUTOR } from '../identity/portal';

/** The refusal of every call but 'Alterar senha' while the account's generated password is unchanged. */
export const MSG_TROQUE_A_SENHA = 'Sua senha foi gerada pelo sistema: altere-a em "Alterar senha" antes de continuar.';

/**
 * Who may call a route. Every /api route declares one (the app refuses to start otherwise):
 * - `{ rota, acao }`: the caller's permission group must hold that flag on that route name
 *   (with a list of actions, any one of them);
 * - `'publico'`: no token needed;
 * - `'perfil'`: any signed-in user with a profile (lookups that many screens share);
 * - `'autenticado'`: any signed-in user, even without a profile;
 * - `'produtor'`: a producer's portal account (role `produtor`, bound to one person: `req.usuario.pessoaId`), and
 *   no one else (docs/produto/portal.md). A portal account has no profile, so every other kind but
 *   `'autenticado'` refuses it.
 */
export type AcessoUnico = { rota: string; acao: Acao | Acao[] } | 'publico' | 'perfil' | 'autenticado' | 'produtor';
/**
 * A route's access: one kind, or a list of alternatives any one of which lets the caller in (e.g. the producer's own
 * announced loads and staff who may see romaneios on the same path: `['produtor', { rota: 'romaneio', acao:
 * 'visualizar' }]`; decision 0298). A list never holds 'publico' (a public route needs no alternative).
 */
export type Acesso = AcessoUnico | readonly Exclude<AcessoUnico, 'publico'>[];

/** A route's access as its list of alternatives (one kind: a list of one). */
export const alternativas = (acesso: Acesso): readonly AcessoUnico[] => (Array.isArray(acesso) ? acesso : [acesso as AcessoUnico]);

/** The role of a producer's portal account (never a staff role: it maps to no permission group): identity/portal.ts. */
export { PAPEL_PRODUTOR };
export const MSG_SO_PRODUTOR = 'Esta área é do portal do produtor: entre em /portal com a sua conta de produtor.';

/**
 * The routes that manage access itself (users, permission groups, routes) and the audit log that shows who did what: never deleted, and always the
 * super-admin's, so no edit of the permissions can lock everyone out of them (decision 0163).
 */
export const ROTAS_PROTEGIDAS = ['usuarios', 'permissoes', 'rotas', 'logs'] as const;

/** Whether a group's flags satisfy a route's `{ rota, acao }`. */
export function permite(perms: PermissoesPorRota, a: { rota: string; acao: Acao | Acao[] }): boolean {
  return [a.acao].flat().some((acao) => Boolean(perms[a.rota]?.[acao]));
}

declare module 'fastify' {
  interface FastifyContextConfig {
    acesso?: Acesso;
    /** Allowed to a session still waiting for its second factor's enrolment (the enrolment itself, who am I). */
    antesDoFator?: boolean;
    /** Allowed to a session whose account must still change a generated password (the change itself). */
    trocaDeSenha?: boolean;
  }
  interface FastifyRequest {
    usuario: UsuarioAutenticado | null;
  }
  interface FastifyInstance {
    permissoesDoGrupo(grupo: number): Promise<PermissoesPorRota>;
    invalidarPermissoes(): void;
    /** Forget cached session checks: call after a revocation or a change of roles has committed (identity/tokens.ts). */
    esquecerSessoes(): void;
    rotasApi: { method: string; url: string; acesso: Acesso; corpo?: unknown }[];
    /** The person a request's bearer token names (null without one; a pt-BR 401 for a bad one): for routes outside /api's hooks. */
    autenticar(req: FastifyRequest): Promise<UsuarioAutenticado | null>;
  }
}

export interface UsuarioAutenticado {
  id: string;
  email: string;
  nome: string;
  roles: string[];
  grupo: number | null;
  sessao: string;
  /** The session may only enrol a second factor (MFA_OBRIGATORIO). */
  exigeFator?: boolean;
  /** The account's password was generated (first super-admin, admin:criar): it must be changed before anything else. */
  trocarSenha?: boolean;
  /** A portal account's person (role `produtor`); null for staff. */
  pessoaId?: number | null;
}

export const MSG_SEM_ESCOPO_API = 'Este token não dá acesso à API do CEASA Regional: o sistema que o pediu precisa do escopo api.';

/** A 403, logged as a security event (who, route, why). */
function negar(req: FastifyRequest, mensagem: string, motivo = 'sem-perfil') {
  eventoDeSeguranca(req.log, 'acesso-negado', { conta: req.usuario?.email, endereco: req.ip, rota: `${req.method} ${req.routeOptions.url ?? ''}`, motivo });
  return forbidden(mensagem);
}

/** Why an access kind refused the caller: the 403's message and the security event's reason. */
type Recusa = { mensagem: string; motivo: string };

const VERBO: Record<Acao, string> = { visualizar: 'visualizar', criar: 'cadastrar', editar: 'editar', deletar: 'remover' };

/** How stale a session's last use may be before a request writes it again: a minute, or a quarter of a shorter SESSAO_INATIVIDADE_MIN. */
const escreverUsoApos = (inatividadeMin: number | undefined) => Math.min(60_000, ((inatividadeMin ?? 4) * 60_000) / 4);

type Avisar = (canal: string) => Promise<unknown>;

/**
 * A permission group's flags by route, kept 30 s. This cache and the sessions' are dropped on every server of the
 * database when one of them changes what they hold (lib/avisos.ts): a notice reaches the others within milliseconds.
 * A generation number keeps a lookup that started before a notice from caching its (now old) answer.
 */
function permissoesEmCache(app: FastifyInstance, db: Db, avisar: Avisar) {
  const cache = new Map<number, { at: number; perms: PermissoesPorRota }>();
  let geracaoPermissoes = 0;
  const esquecerPermissoes = () => {
    geracaoPermissoes++;
    cache.clear();
  };
  app.avisos.ouvir('permissoes', esquecerPermissoes);
  app.decorate('invalidarPermissoes', () => {
    esquecerPermissoes();
    void avisar('permissoes');
  });
  app.decorate('permissoesDoGrupo', async (grupo: number) => {
    const hit = cache.get(grupo);
    if (hit && Date.now() - hit.at < 30_000) return hit.perms;
    const geracao = geracaoPermissoes;
    // By the route's key (rotas.chave), which a rename does not change (decision 0163).
    const rows = await db
      .select({ chave: rotas.chave, criar: permissoes.criar, editar: permissoes.editar, deletar: permissoes.deletar, visualizar: permissoes.visualizar })
      .from(permissoes)
      .innerJoin(rotas, eq(rotas.id, permissoes.rotaId))
      .where(and(eq(permissoes.grupoId, grupo)));
    const perms: PermissoesPorRota = {};
    for (const r of rows) perms[r.chave] = { criar: r.criar, editar: r.editar, deletar: r.deletar, visualizar: r.visualizar };
    // The super-admin always manages users, permission groups and routes, whatever its group's rows say.
    if (grupo === ROLE_GRUPO['super-admin'])
      for (const chave of ROTAS_PROTEGIDAS) perms[chave] = { criar: true, editar: true, deletar: true, visualizar: true };
    if (geracao === geracaoPermissoes) cache.set(grupo, { at: Date.now(), perms });
    return perms;
  });
}

// A signed-out session, a disabled account or a change of roles takes effect at once, not when the
// access token expires: the session and the account's current roles are looked up on every call, the
// answer kept for a few seconds and dropped whenever a revocation or a change of roles commits.
function sessoesEmCache(app: FastifyInstance, db: Db, avisar: Avisar, inatividadeMin: number | undefined) {
  const sessoesVistas = new Map<string, { valida: boolean; roles: string[]; exigeFator: boolean; trocarSenha: boolean; pessoaId: number | null; at: number }>();
  const usuariosVistos = new Map<string, { valido: boolean; roles: string[]; at: number }>();
  let geracaoSessoes = 0;
  const esquecerSessoes = () => {
    geracaoSessoes++;
    sessoesVistas.clear();
    usuariosVistos.clear();
  };
  async function sessaoAtual(
    sid: string,
    usuarioId: string,
  ): Promise<{ valida: boolean; roles: string[]; exigeFator: boolean; trocarSenha: boolean; pessoaId: number | null }> {
    const hit = sessoesVistas.get(sid);
    if (hit && Date.now() - hit.at < 5_000) return hit;
    const geracao = geracaoSessoes;
    const [row] = await db
      .select({
        revogada: sessoes.revogadaEm,
        expira: sessoes.expiraEm,
        ultimoUsoEm: sessoes.ultimoUsoEm,
        ativo: usuarios.ativo,
        roles: usuarios.roles,
        exigeFator: sessoes.exigeFator,
        trocarSenha: usuarios.trocarSenha,
        pessoaId: usuarios.pessoaId,
      })
      .from(sessoes)
      .innerJoin(usuarios, eq(usuarios.id, sessoes.usuarioId))
      .where(and(eq(sessoes.id, sid), eq(sessoes.usuarioId, usuarioId)));
    // A session idle past SESSAO_INATIVIDADE_MIN has ended; a live one records this use (once a minute at most).
    const valida = Boolean(row && !row.revogada && row.ativo && row.expira.getTime() > Date.now() && !ociosa(row, inatividadeMin));
    if (valida && Date.now() - row.ultimoUsoEm.getTime() > escreverUsoApos(inatividadeMin))
      await db.update(sessoes).set({ ultimoUsoEm: new Date() }).where(eq(sessoes.id, sid));
    const atual = {
      valida,
      roles: row?.roles ?? [],
      exigeFator: Boolean(row?.exigeFator),
      trocarSenha: Boolean(row?.trocarSenha),
      pessoaId: row?.pessoaId ?? null,
      at: Date.now(),
    };
    if (sessoesVistas.size > 10_000) sessoesVistas.clear();
    if (geracao === geracaoSessoes) sessoesVistas.set(sid, atual);
    return atual;
  }
  /** An external provider's account (no session of ours): active, and its roles now. */
  async function usuarioAtual(id: string): Promise<{ valido: boolean; roles: string[] }> {
    const hit = usuariosVistos.get(id);
    if (hit && Date.now() - hit.at < 5_000) return hit;
    const geracao = geracaoSessoes;
    const [row] = await db.select({ ativo: usuarios.ativo, roles: usuarios.roles }).from(usuarios).where(eq(usuarios.id, id));
    const atual = { valido: Boolean(row?.ativo), roles: row?.roles ?? [], at: Date.now() };
    if (usuariosVistos.size > 10_000) usuariosVistos.clear();
    if (geracao === geracaoSessoes) usuariosVistos.set(id, atual);
    return atual;
  }
  app.avisos.ouvir('sessoes', esquecerSessoes);
  app.decorate('esquecerSessoes', () => {
    esquecerSessoes();
    void avisar('sessoes');
  });
  return { sessaoAtual, usuarioAtual };
}
type Sessoes = ReturnType<typeof sessoesEmCache>;

// External identity mode (decision 0121): the provider's access tokens, verified once each, mapped to the
// product's user by e-mail (created or updated as at sign-in); the account's state is checked on every call.
function autenticacaoExterna(app: FastifyInstance, db: Db, emCache: Sessoes) {
  const tokensExternos = new Map<string, { exp: number; usuarioId: string; email: string; nome: string; jti: string }>();
  return async function autenticarExterno(token: string, ext: ProvedorExterno): Promise<UsuarioAutenticado> {
    let t = tokensExternos.get(token);
    if (!t || t.exp * 1000 <= Date.now()) {
      let claims: Claims;
      try {
        claims = await ext.verificarAcesso(token);
      } catch {
        throw unauthorized();
      }
      let quem = identificar(claims);
      if (!quem.ok && quem.motivo === 'sem-email') {
        // Access tokens without the e-mail (gov.br's): the provider's userinfo says who it is, once per token.
        const cfg = await ext.configuracao().catch(() => null);
        const info = cfg?.serverMetadata().userinfo_endpoint
          ? await client.fetchUserInfo(cfg, token, typeof claims.sub === 'string' ? claims.sub : client.skipSubjectCheck).catch(() => undefined)
          : undefined;
        quem = identificar(info as Claims | undefined, claims);
      }
      if (!quem.ok) throw unauthorized();
      const sinc = await sincronizarUsuario(db, String(claims.iss), quem, ext.papeis(claims), claims.iat);
      if (!sinc.ok) throw unauthorized();
      const { usuario, mudouPapeis } = sinc;
      if (mudouPapeis) app.esquecerSessoes();
      t = { exp: Number(claims.exp ?? 0), usuarioId: usuario.id, email: usuario.email, nome: usuario.nome, jti: String(claims.jti ?? claims.sid ?? '') };
      if (tokensExternos.size >= 5_000) tokensExternos.clear();
      tokensExternos.set(token, t);
    }
    const u = await emCache.usuarioAtual(t.usuarioId);
    if (!u.valido) throw unauthorized();
    return { id: t.usuarioId, email: t.email, nome: t.nome, roles: u.roles, grupo: grupoDosPapeis(u.roles), sessao: `externa:${t.jti}` };
  };
}

/** The person a request's bearer token names: our token with the api scope and a live session, or the external provider's. */
function autenticador(app: FastifyInstance, db: Db, keys: Keys, emCache: Sessoes, externo?: ProvedorExterno) {
  const tokensVerificados = new Map<string, Awaited<ReturnType<Keys['verify']>>>();
  const autenticarExterno = autenticacaoExterna(app, db, emCache);
  return async function autenticar(req: FastifyRequest): Promise<UsuarioAutenticado | null> {
    const h = req.headers.authorization;
    if (!h) return null;
    const m = /^Bearer\s+(.+)$/i.exec(h);
    if (!m) throw unauthorized();
    let c = tokensVerificados.get(m[1]);
    if (!c || (c.exp ?? 0) * 1000 <= Date.now()) {
      try {
        c = await keys.verify(m[1]);
      } catch {
        if (externo) return autenticarExterno(m[1], externo);
        throw unauthorized();
      }
      // A verified signature stays verified until the token expires: skip the ECDSA check next time.
      if (tokensVerificados.size >= 5_000) tokensVerificados.clear();
      tokensVerificados.set(m[1], c);
    }
    // A token reaches the API only with the api scope (the web app's always has it; another client's only if it
    // asked for it): a token asked for userinfo alone (scope=openid) is refused here (docs/decisions/0155).
    if (
      !String(c.scope ?? '')
        .split(' ')
        .includes(ESCOPO_API)
    )
      throw forbidden(MSG_SEM_ESCOPO_API);
    const sessao = await emCache.sessaoAtual(c.sid, c.sub);
    if (!sessao.valida) throw unauthorized();
    // The account's roles now, not the ones the token was issued with (a role taken away stops at once).
    const roles = sessao.roles;
    return {
      id: c.sub,
      email: c.email,
      nome: c.name,
      roles,
      grupo: grupoDosPapeis(roles),
      sessao: c.sid,
      exigeFator: sessao.exigeFator,
      trocarSenha: sessao.trocarSenha,
      pessoaId: sessao.pessoaId,
    };
  };
}

/** Why one access kind refuses the signed-in caller (null: it lets him in). */
async function recusaDe(app: FastifyInstance, usuario: UsuarioAutenticado, acesso: AcessoUnico): Promise<Recusa | null> {
  if (acesso === 'autenticado' || acesso === 'publico') return null;
  const produtor = usuario.roles.includes(PAPEL_PRODUTOR) && usuario.pessoaId != null;
  if (acesso === 'produtor') return produtor ? null : { mensagem: MSG_SO_PRODUTOR, motivo: 'nao-e-produtor' };
  if (usuario.grupo === null)
    return {
      mensagem: 'Desculpe, mas ainda não foi atribuído perfil para o seu usuário. Favor entrar em contato com a TI da prefeitura para ajuste.',
      motivo: 'sem-perfil',
    };
  if (acesso === 'perfil') return null;
  if (permite(await app.permissoesDoGrupo(usuario.grupo), acesso)) return null;
  const verbos = [acesso.acao]
    .flat()
    .map((a) => VERBO[a])
    .join(' ou ');
  return { mensagem: `Você não tem permissão para ${verbos} em ${acesso.rota}.`, motivo: 'sem-permissao' };
}

export function registerAuth(app: FastifyInstance, db: Db, keys: Keys, externo?: ProvedorExterno, inatividadeMin?: number) {
  app.decorateRequest('usuario', null);
  app.rotasApi = [];
  const avisar = (canal: string) => app.avisos.avisar(canal).catch((e: Error) => app.log.warn(`Aviso '${canal}' não enviado: ${e.message}`));
  permissoesEmCache(app, db, avisar);
  const autenticar = autenticador(app, db, keys, sessoesEmCache(app, db, avisar, inatividadeMin), externo);
  app.decorate('autenticar', (req: FastifyRequest) => autenticar(req));
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || route.url.startsWith('/api/docs')) return;
    const acesso = route.config?.acesso;
    if (!acesso) throw new Error(`A rota ${route.method} ${route.url} não declara quem pode chamá-la (config.acesso)`);
    for (const m of [route.method].flat()) if (m !== 'HEAD') app.rotasApi.push({ method: m, url: route.url, acesso, corpo: route.schema?.body });
  });

  // An answer that needs a session or a token is nobody else's: no cache (the browser's or a proxy's) keeps it.
  app.addHook('onSend', async (req, reply, payload) => {
    const acesso = req.routeOptions.config?.acesso;
    if (acesso && acesso !== 'publico') reply.header('cache-control', 'no-store');
    return payload;
  });

  app.addHook('onRequest', async (req) => {
    const acesso = req.routeOptions.config?.acesso;
    if (!acesso) return;
    // Public routes ignore any token: no signature check or session lookup on the public page's calls.
    if (acesso === 'publico') return;
    const usuario = await autenticar(req);
    if (!usuario) throw unauthorized('É necessário entrar no sistema para acessar este recurso.');
    req.usuario = usuario;
    // A person whose role must have a second factor signs in to enrol it, and does nothing else until then.
    if (usuario.exigeFator && !req.routeOptions.config?.antesDoFator) throw negar(req, MSG_CADASTRE_O_FATOR, 'cadastro-do-fator-pendente');
    // A generated password (the first super-admin's, admin:criar's) is changed before anything else (enrolling a
    // required second factor and "who am I" aside).
    if (usuario.trocarSenha && !req.routeOptions.config?.trocaDeSenha && !req.routeOptions.config?.antesDoFator)
      throw negar(req, MSG_TROQUE_A_SENHA, 'troca-de-senha-pendente');
    // The first alternative that lets the caller in; else the refusal of the one meant for his kind of account (a
    // staff account is told about its permission, not that it is no producer's).
    const recusas: Recusa[] = [];
    for (const a of alternativas(acesso)) {
      const recusa = await recusaDe(app, usuario, a);
      if (!recusa) return;
      recusas.push(recusa);
    }
    const recusa = recusas.find((r) => r.motivo !== 'nao-e-produtor') ?? recusas[0];
    throw negar(req, recusa.mensagem, recusa.motivo);
  });
}

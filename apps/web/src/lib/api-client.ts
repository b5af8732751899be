import type { ApiErrorBody } from '@ceasa/shared';
import { sessao } from './session';

/** An API failure with the server's pt-BR message and field errors. */
export class ApiError extends Error {
  constructor(
    public status: number,
    message: string,
    public body?: Partial<ApiErrorBody> & Record<string, unknown>,
  ) {
    super(message);
  }
}

/** The web app's own sign-in, refresh and sign-out (the refresh token travels only in an HttpOnly cookie). */
const SESSAO = '/api/auth/sessao';

/**
 * Which session this page's calls carry: the back office's (by default), or another entry's with its own
 * endpoints and cookie (the producers' portal, src/portal). `base` holds login/refresh/logout; `aberta` says
 * whether a refresh is worth trying; `encerrada` hears that the server refused it (the session is over);
 * `trava` names the cross-tab lock of its refreshes (two tabs sending one cookie at once look like a replay).
 */
export interface OrigemDaSessao {
  base: string;
  aberta(): boolean;
  encerrada(): void;
  trava: string;
}
let origem: OrigemDaSessao = { base: SESSAO, aberta: () => !!sessao.get(), encerrada: () => sessao.set(null), trava: 'ceasa-refresh' };
/** Makes this page's calls carry another session than the back office's (called once, by the entry). */
export function usarSessao(o: OrigemDaSessao) {
  origem = o;
}
/** In external identity mode, where the browser goes to sign in at the municipality's provider (the server does the code flow). */
export const ENTRAR_NO_PROVEDOR = `${SESSAO}/entrar`;
/** The header the session endpoints require (CSRF protection, with SameSite=Strict and the Origin check). */
const CSRF = { 'x-ceasa-csrf': '1' };
/** Refresh the access token when it is within this margin of expiry (docs/produto/funcionamento.md). */
export const MARGEM_REFRESH_MS = 10_000;

export interface TokenResponse {
  access_token: string;
  expires_in: number;
  /** The person's role must have a second factor and has none yet: enrolment comes before anything else. */
  cadastrarSegundoFator?: boolean;
  /** The password was generated: it is changed before the session is loaded. */
  trocarSenha?: boolean;
}

/** The access token, in memory only (never in browser storage); null when signed out or not yet refreshed. */
let acesso: { token: string; expiresAt: number } | null = null;
const ouvintesDoAcesso = new Set<(expiresAt: number | null) => void>();

function guardarAcesso(t: TokenResponse | null) {
  acesso = t ? { token: t.access_token, expiresAt: Date.now() + t.expires_in * 1000 } : null;
  for (const o of ouvintesDoAcesso) o(acesso?.expiresAt ?? null);
}

/** When the access token in memory expires (null: none); `o` hears every change. */
export const acessoEmMemoria = {
  token: () => acesso?.token ?? null,
  expiresAt: () => acesso?.expiresAt ?? null,
  subscribe(o: (expiresAt: number | null) => void) {
    ouvintesDoAcesso.add(o);
    return () => ouvintesDoAcesso.delete(o);
  },
};

async function postSessao<T>(acao: 'login' | 'refresh' | 'logout', corpo?: unknown): Promise<T> {
  const headers: Record<string, string> = { ...CSRF };
  if (corpo !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${origem.base}/${acao}`, {
    method: 'POST',
    headers,
    body: corpo === undefined ? undefined : JSON.stringify(corpo),
    credentials: 'same-origin',
  });
  const text = await res.text();
  const body = (text ? JSON.parse(text) : {}) as Record<string, string>;
  if (!res.ok) throw new ApiError(res.status, body.message ?? res.statusText, body);
  return body as T;
}

/** Signs in: the server sets the refresh-token cookie; the access token stays in memory. */
export async function entrarNaSessao(email: string, senha: string, codigo?: string): Promise<TokenResponse> {
  const t = await postSessao<TokenResponse>('login', codigo ? { email, senha, codigo } : { email, senha });
  guardarAcesso(t);
  return t;
}

/**
 * Signs in for another system (the OpenID Connect code flow, `/login?interacao=<uid>`): the server opens
 * the session for that system and answers where the browser goes next (back to it, with the code).
 */
export async function entrarParaOutroSistema(interacao: string, email: string, senha: string, codigo?: string): Promise<string> {
  const res = await fetch(`/realms/ceasa/interacao/${encodeURIComponent(interacao)}/login`, {
    method: 'POST',
    headers: { ...CSRF, 'content-type': 'application/json' },
    body: JSON.stringify(codigo ? { email, senha, codigo } : { email, senha }),
    credentials: 'same-origin',
  });
  const body = (await res.json().catch(() => ({}))) as { redirectTo?: string; message?: string };
  if (!res.ok || !body.redirectTo) throw new ApiError(res.status, body.message ?? res.statusText, body);
  return body.redirectTo;
}

/** After an external sign-in the server set the session cookie: the first access token comes through it. */
export async function entrarPeloCookie(): Promise<string> {
  const t = await postSessao<TokenResponse>('refresh');
  guardarAcesso(t);
  return t.access_token;
}

/**
 * Signs out: the server revokes the session and clears the cookie. In external identity mode it answers the
 * provider's end-session address, returned here for the browser to go there (null otherwise).
 */
export async function sairDaSessao(): Promise<string | null> {
  guardarAcesso(null);
  const r = await postSessao<{ encerrarEm?: string }>('logout').catch(() => null);
  return r?.encerrarEm ?? null;
}

let refreshing: Promise<string | null> | null = null;

/**
 * One refresh at a time through the cookie (across tabs too, where the browser offers Web Locks: two
 * tabs sending the same cookie at once would look like a replay and end the session). A refusal signs
 * the user out; a network failure keeps the session for a later try.
 */
export function refreshToken(): Promise<string | null> {
  if (!origem.aberta()) return Promise.resolve(null);
  const pedir = () =>
    postSessao<TokenResponse>('refresh')
      .then((t) => {
        if (!origem.aberta()) return null;
        guardarAcesso(t);
        return t.access_token;
      })
      .catch((e: unknown) => {
        if (e instanceof ApiError && e.status >= 400 && e.status < 500) {
          guardarAcesso(null);
          origem.encerrada();
        }
        return null;
      });
  const travas = typeof navigator !== 'undefined' ? (navigator as Navigator & { locks?: LockManager }).locks : undefined;
  if (!refreshing) {
    // The lock is held until `pedir` settles (the browser awaits the promise the callback returns).
    const emCurso = travas ? (travas.request(origem.trava, pedir) as unknown as Promise<string | null>) : pedir();
    refreshing = emCurso.finally(() => {
      refreshing = null;
    });
  }
  return refreshing;
}

async function tokenValido(): Promise<string | null> {
  // A sign-in waiting for its second factor's enrolment has an access token and no stored session yet.
  if (!origem.aberta()) return acesso && acesso.expiresAt > Date.now() ? acesso.token : null;
  if (!acesso || acesso.expiresAt - Date.now() < MARGEM_REFRESH_MS) return refreshToken();
  return acesso.token;
}

export interface RequestOptions {
  method?: string;
  body?: unknown;
  query?: Record<string, string | number | undefined | null>;
  raw?: boolean;
}

/** The one API client: bearer token, JSON in and out, errors as ApiError with the server's message. */
export async function api<T = unknown>(path: string, o: RequestOptions = {}): Promise<T> {
  const qs = o.query
    ? '?' +
      new URLSearchParams(
        Object.entries(o.query)
          .filter(([, v]) => v !== undefined && v !== null && v !== '')
          .map(([k, v]) => [k, String(v)]),
      ).toString()
    : '';
  const url = `/api/${path.replace(/^\/+/, '')}${qs === '?' ? '' : qs}`;
  const send = async (token: string | null) => {
    const headers: Record<string, string> = {};
    if (token) headers.authorization = `Bearer ${token}`;
    let body: BodyInit | undefined;
    if (o.body instanceof FormData) body = o.body;
    else if (o.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(o.body);
    }
    return fetch(url, { method: o.method ?? (o.body !== undefined ? 'POST' : 'GET'), headers, body });
  };
  let res = await send(await tokenValido());
  if (res.status === 401 && origem.aberta()) {
    const t = await refreshToken();
    if (t) res = await send(t);
  }
  // A file (raw) is handed over as it came; a refusal of one is read as every refusal is, with the server's message.
  if (o.raw && res.ok) return res as unknown as T;
  const text = await res.text();
  let data: unknown = undefined;
  try {
    data = text ? JSON.parse(text) : undefined;
  } catch {
    data = text;
  }
  if (!res.ok) {
    const b = (data && typeof data === 'object' ? data : {}) as ApiErrorBody & Record<string, unknown>;
    throw new ApiError(res.status, b.message ?? (typeof data === 'string' && data ? data : `Erro ${res.status}`), b);
  }
  return data as T;
}

import type { ApiErrorBody } from '@ceasa/shared';
import { sessao, type Sessao } from './session';

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

/** The identity provider's OpenID Connect endpoints (token, userinfo, logout). */
export const OIDC = '/realms/ceasa/protocol/openid-connect';
export const CLIENT_ID = 'ceasa-web';
/** Refresh the access token when it is within this margin of expiry (SPEC.md section 9). */
export const MARGEM_REFRESH_MS = 10_000;

export interface TokenResponse {
  access_token: string;
  refresh_token: string;
  expires_in: number;
}

/** The session's tokenInfo from a token response. */
export const tokenInfo = (t: TokenResponse): Sessao['tokenInfo'] => ({ access_token: t.access_token, refresh_token: t.refresh_token, expiresAt: Date.now() + t.expires_in * 1000 });

export async function postForm<T>(url: string, form: Record<string, string>): Promise<T> {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(form) });
  const body = await res.json().catch(() => ({}));
  if (!res.ok) throw new ApiError(res.status, body.message ?? body.error_description ?? res.statusText, body);
  return body as T;
}

let refreshing: Promise<Sessao | null> | null = null;

/** One refresh at a time; a failed refresh signs the user out. */
export function refreshToken(): Promise<Sessao | null> {
  const s = sessao.get();
  if (!s) return Promise.resolve(null);
  refreshing ??= postForm<TokenResponse>(`${OIDC}/token`, { grant_type: 'refresh_token', client_id: CLIENT_ID, refresh_token: s.tokenInfo.refresh_token })
    .then((t) => {
      const cur = sessao.get();
      if (!cur) return null;
      const novo = { ...cur, tokenInfo: tokenInfo(t) };
      sessao.set(novo);
      return novo;
    })
    .catch(() => {
      sessao.set(null);
      return null;
    })
    .finally(() => {
      refreshing = null;
    });
  return refreshing;
}

async function tokenValido(): Promise<string | null> {
  let s = sessao.get();
  if (!s) return null;
  if (s.tokenInfo.expiresAt - Date.now() < MARGEM_REFRESH_MS) s = await refreshToken();
  return s?.tokenInfo.access_token ?? null;
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
    ? '?' + new URLSearchParams(Object.entries(o.query).filter(([, v]) => v !== undefined && v !== null && v !== '').map(([k, v]) => [k, String(v)])).toString()
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
  if (res.status === 401 && sessao.get()) {
    const s = await refreshToken();
    if (s) res = await send(s.tokenInfo.access_token);
  }
  if (o.raw) {
    if (!res.ok) throw new ApiError(res.status, res.statusText);
    return res as unknown as T;
  }
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

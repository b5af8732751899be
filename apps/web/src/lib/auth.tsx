import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { grupoDosPapeis, pode as podeFn, type Acao, type PermissoesPorRota } from '@ceasa/shared/papeis';
import { acessoEmMemoria, api, entrarNaSessao, entrarPeloCookie, sairDaSessao } from './api-client';
import { decodeJwt, limparArmazenamento, sessao as store, type Sessao } from './session';
import { useRenovacaoAntesDeExpirar } from './use-renovacao';

interface AuthState {
  sessao: Sessao | null;
  carregando: boolean;
  /** The user's permission group from the roles, null when no profile. */
  grupo: number | null;
  /** Signs in; null when the person must first enrol a second factor (the access token waits in memory, no session yet). */
  /** The session, or what must come first: enrolling a second factor (null) or changing a generated password. */
  login(email: string, senha: string, codigo?: string): Promise<Sessao | null | 'trocar-senha'>;
  /** After the enrolment a sign-in led to: loads the session with the access token in memory. */
  concluirEntrada(): Promise<Sessao>;
  /** After the municipality's provider signed the user in (external identity mode): loads the session the server opened. */
  entrarExterno(): Promise<Sessao>;
  logout(): Promise<void>;
  pode(rota: string, acao: Acao): boolean;
}

const AuthContext = createContext<AuthState | null>(null);

/** At sign-in (no stored session yet, so with the new token by hand): who the user is and what they may do. */
async function carregarPerfil(
  access: string,
): Promise<{ userinfo: { sub: string; name: string; email: string; avatarUrl?: string | null }; permissoes: PermissoesPorRota }> {
  const headers = { authorization: `Bearer ${access}` };
  const [u, p] = await Promise.all([
    fetch('/api/auth/sessao/eu', { headers }).then((r) => (r.ok ? r.json() : Promise.reject(new Error('userinfo')))),
    fetch('/api/grupoPermissoes/meu', { headers }).then((r) => (r.ok ? r.json() : Promise.reject(new Error('permissoes')))),
  ]);
  return { userinfo: u, permissoes: p.permissoes ?? {} };
}

/** The realm roles the (server-verified) access token carries. */
function rolesDoToken(access: string): string[] {
  const roles = (decodeJwt(access).realm_access as { roles?: string[] } | undefined)?.roles;
  return Array.isArray(roles) ? roles : [];
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const [sessao, setSessao] = useState<Sessao | null>(store.get());
  const [carregando, setCarregando] = useState<boolean>(Boolean(store.get()));

  useEffect(() => {
    const cancelar = store.subscribe(setSessao);
    return () => {
      cancelar();
    };
  }, []);

  // On start with a stored session (a page reload): get an access token through the refresh-token cookie
  // (the API client does it before its first call), then refresh the permissions before rendering.
  useEffect(() => {
    if (!store.get()) return;
    (async () => {
      try {
        const { permissoes } = await api<{ permissoes?: PermissoesPorRota }>('grupoPermissoes/meu');
        const cur = store.get();
        const token = acessoEmMemoria.token();
        if (cur && token) store.set({ ...cur, permissoes: permissoes ?? {}, perfilUser: rolesDoToken(token) });
      } catch {
        /* the session stays; a failed refresh already signed out */
      } finally {
        setCarregando(false);
      }
    })();
  }, []);

  // Refresh the access token 10 s before it expires.
  useRenovacaoAntesDeExpirar();

  const abrir = useCallback(async (access: string) => {
    const { userinfo, permissoes } = await carregarPerfil(access);
    const s: Sessao = {
      uid: userinfo.sub,
      nome: userinfo.name,
      email: userinfo.email,
      avatarUrl: userinfo.avatarUrl ?? null,
      perfilUser: rolesDoToken(access),
      permissoes,
    };
    store.set(s);
    return s;
  }, []);
  const login = useCallback(
    async (email: string, senha: string, codigo?: string) => {
      const t = await entrarNaSessao(email, senha, codigo);
      if (t.cadastrarSegundoFator) return null;
      if (t.trocarSenha) return 'trocar-senha' as const;
      return abrir(t.access_token);
    },
    [abrir],
  );
  const concluirEntrada = useCallback(async () => {
    const token = acessoEmMemoria.token();
    if (!token) throw new Error('Sessão expirada. Entre novamente.');
    return abrir(token);
  }, [abrir]);
  const entrarExterno = useCallback(async () => abrir(await entrarPeloCookie()), [abrir]);

  const logout = useCallback(async () => {
    store.set(null);
    limparArmazenamento();
    const noProvedor = await sairDaSessao();
    if (noProvedor) {
      // External identity mode: the provider ends its own session too, then sends the browser back to PUBLIC_URL.
      window.location.assign(noProvedor);
      await new Promise<never>(() => undefined);
    }
  }, []);

  const value = useMemo<AuthState>(
    () => ({
      sessao,
      carregando,
      grupo: sessao ? grupoDosPapeis(sessao.perfilUser) : null,
      login,
      concluirEntrada,
      entrarExterno,
      logout,
      pode: (rota, acao) => podeFn(sessao?.permissoes, rota, acao),
    }),
    [sessao, carregando, login, concluirEntrada, entrarExterno, logout],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  const ctx = useContext(AuthContext);
  if (!ctx) throw new Error('useAuth fora do AuthProvider');
  return ctx;
}

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Link } from 'react-router';
import { Carregando } from '../../components/layout/carregando';
import { api, ApiError } from '../../lib/api-client';
import { useAuth } from '../../lib/auth';
import { useToast } from '../../lib/toast';
import { AuthCard } from './auth-card';

interface Sessao {
  id: string;
  dispositivo: string | null;
  endereco: string | null;
  inicio: string;
  ultimoUso: string;
  atual: boolean;
}

const quando = (iso: string) => new Date(iso).toLocaleString('pt-BR', { dateStyle: 'short', timeStyle: 'short' });

/** The browser and system a session's User-Agent names, as a person says them ('Chrome no Linux'); the raw text otherwise. */
export function descreverDispositivo(ua: string | null): string {
  if (!ua) return 'Dispositivo desconhecido';
  const navegador = /Edg\//.test(ua)
    ? 'Edge'
    : /OPR\//.test(ua)
      ? 'Opera'
      : /Firefox\//.test(ua)
        ? 'Firefox'
        : /Chrom(e|ium)\//.test(ua)
          ? 'Chrome'
          : /Safari\//.test(ua)
            ? 'Safari'
            : null;
  const sistema = /Android/.test(ua)
    ? 'Android'
    : /iPhone|iPad|iPod/.test(ua)
      ? 'iOS'
      : /Windows/.test(ua)
        ? 'Windows'
        : /Mac OS X|Macintosh/.test(ua)
          ? 'macOS'
          : /CrOS/.test(ua)
            ? 'ChromeOS'
            : /Linux/.test(ua)
              ? 'Linux'
              : null;
  if (!navegador) return ua.length > 60 ? `${ua.slice(0, 57)}...` : ua;
  return sistema ? `${navegador} no ${sistema}` : navegador;
}

/** 'Minhas sessões' (from the side menu's 'Minha conta'): the person's open sessions; end one, or all but this one. */
export default function MinhasSessoesPage() {
  const { sessao } = useAuth();
  const toast = useToast();
  const qc = useQueryClient();
  const lista = useQuery({ queryKey: ['auth', 'sessoes'], queryFn: () => api<Sessao[]>('auth/sessoes'), enabled: Boolean(sessao) });
  const fazer = async (caminho: string, method: string, feito: string) => {
    try {
      await api(caminho, { method });
      toast.show('success', 'Minhas sessões', feito);
      await qc.invalidateQueries({ queryKey: ['auth', 'sessoes'] });
    } catch (err) {
      toast.show('error', 'Minhas sessões', (err as ApiError).message);
    }
  };

  if (!sessao)
    return (
      <AuthCard titulo="Minhas sessões">
        <p>Entre no sistema para ver as suas sessões.</p>
        <Link to="/login">Entrar</Link>
      </AuthCard>
    );
  if (lista.isLoading) return <Carregando />;
  const outras = (lista.data ?? []).filter((s) => !s.atual);
  return (
    <AuthCard titulo="Minhas sessões">
      <div className="form-stack">
        <ul className="lista-de-sessoes" aria-label="Sessões abertas">
          {(lista.data ?? []).map((s) => (
            <li key={s.id}>
              <div>
                <strong title={s.dispositivo ?? undefined}>{descreverDispositivo(s.dispositivo)}</strong>
                <span>
                  {s.endereco ?? 'endereço desconhecido'} · desde {quando(s.inicio)} · último uso {quando(s.ultimoUso)}
                </span>
              </div>
              {s.atual ? (
                <span className="sessao-atual">Esta sessão</span>
              ) : (
                <Button
                  type="button"
                  label="Encerrar"
                  size="small"
                  outlined
                  aria-label={`Encerrar a sessão de ${descreverDispositivo(s.dispositivo)} desde ${quando(s.inicio)}`}
                  onClick={() => void fazer(`auth/sessoes/${s.id}`, 'DELETE', 'Sessão encerrada.')}
                />
              )}
            </li>
          ))}
        </ul>
        <Button
          type="button"
          label="Encerrar todas as outras"
          icon="pi pi-sign-out"
          disabled={!outras.length}
          onClick={() => void fazer('auth/sessoes/encerrar-outras', 'POST', 'As outras sessões foram encerradas.')}
        />
        <Link to="/alterar-senha">Alterar senha</Link>
        <Link to="/admin">Voltar ao sistema</Link>
      </div>
    </AuthCard>
  );
}

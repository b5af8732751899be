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

/** 'Minhas sessões' (from the top bar): the person's open sessions; end one, or all but this one. */
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
        <table className="tabela-simples" aria-label="Sessões abertas">
          <thead>
            <tr>
              <th>Dispositivo</th>
              <th>Endereço</th>
              <th>Início</th>
              <th>Último uso</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {(lista.data ?? []).map((s) => (
              <tr key={s.id}>
                <td>{s.dispositivo ?? 'Desconhecido'}</td>
                <td>{s.endereco ?? '-'}</td>
                <td>{quando(s.inicio)}</td>
                <td>{quando(s.ultimoUso)}</td>
                <td>
                  {s.atual ? (
                    <strong>Esta sessão</strong>
                  ) : (
                    <Button
                      type="button"
                      label="Encerrar"
                      size="small"
                      outlined
                      onClick={() => void fazer(`auth/sessoes/${s.id}`, 'DELETE', 'Sessão encerrada.')}
                    />
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <Button
          type="button"
          label="Encerrar todas as outras"
          icon="pi pi-sign-out"
          disabled={!outras.length}
          onClick={() => void fazer('auth/sessoes/encerrar-outras', 'POST', 'As outras sessões foram encerradas.')}
        />
        <Link to="/alterar-senha">Alterar senha</Link>
      </div>
    </AuthCard>
  );
}

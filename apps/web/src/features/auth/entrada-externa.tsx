import { Button } from 'primereact/button';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ENTRAR_NO_PROVEDOR } from '../../lib/api-client';
import { useAuth } from '../../lib/auth';
import { destinoAposLogin } from '../../lib/destino';
import { useModoDeEntrada } from '../../lib/settings';
import { Carregando } from '../../components/layout/carregando';
import { AuthCard } from './auth-card';

/** Why a sign-in at the municipality's provider did not open a session (the server's `erro`, identity/sessao-externa.routes.ts). */
const MENSAGENS: Record<string, string> = {
  cancelado: 'A entrada foi cancelada no provedor de identidade.',
  expirado: 'O pedido de entrada expirou. Entre novamente.',
  falhou: 'Não foi possível concluir a entrada pelo provedor de identidade. Tente novamente.',
  indisponivel: 'O provedor de identidade do município não respondeu. Tente novamente em alguns minutos.',
  desativado: 'Seu usuário está desativado neste sistema. Favor entrar em contato com a TI da prefeitura.',
  'sem-email': 'O provedor de identidade não informou o seu e-mail, que este sistema usa para identificar você.',
  'email-nao-verificado': 'Seu e-mail ainda não foi confirmado no provedor de identidade. Confirme-o e entre novamente.',
  'email-em-uso':
    'O seu e-mail já pertence a outro usuário deste sistema, ligado a outra conta do provedor de identidade. Favor entrar em contato com a TI da prefeitura.',
  sessao: 'Não foi possível abrir a sua sessão. Entre novamente.',
  'sem-segundo-fator':
    'Seu perfil exige a verificação em duas etapas: entre no provedor de identidade usando o segundo fator (por exemplo, o código do aplicativo autenticador).',
};

/** Sends the browser to the provider (a full navigation: the server starts the code flow). */
export const irAoProvedor = () => window.location.assign(ENTRAR_NO_PROVEDOR);

/**
 * Sign-in in external identity mode (OIDC_ISSUER, decision 0118): on /login the browser goes straight to the
 * municipality's provider; back from it (?sessao=externa) the session the server opened is loaded; after a
 * refusal (?erro=...) or on '/', a card with the reason and the 'Entrar' button. 'Criar conta' and 'Esqueci
 * minha senha' are the provider's (its sign-in page offers them).
 */
export function EntradaExterna({ automatica }: { automatica: boolean }) {
  const [params] = useSearchParams();
  const { entrarExterno } = useAuth();
  const navigate = useNavigate();
  const [erro, setErro] = useState<string | null>(params.get('erro'));
  const voltou = params.get('sessao') === 'externa';
  const iniciado = useRef(false);

  useEffect(() => {
    if (iniciado.current) return;
    iniciado.current = true;
    if (voltou)
      entrarExterno()
        .then((s) => navigate(destinoAposLogin(s.perfilUser), { replace: true }))
        .catch(() => setErro('sessao'));
    else if (automatica && !erro) irAoProvedor();
  }, [voltou, automatica, erro, entrarExterno, navigate]);

  if ((voltou || automatica) && !erro)
    return (
      <AuthCard titulo="Entrar">
        <p role="status">{voltou ? 'Abrindo a sua sessão...' : 'Indo para o provedor de identidade do município...'}</p>
      </AuthCard>
    );
  return (
    <AuthCard titulo="Entrar">
      <div className="form-stack">
        {erro && (
          <div className="p-inline-message p-component p-inline-message-error" role="alert">
            {MENSAGENS[erro] ?? MENSAGENS.falhou}
          </div>
        )}
        <p>A entrada é pelo provedor de identidade do município.</p>
        <Button type="button" label="Entrar" icon="pi pi-sign-in" onClick={irAoProvedor} />
        <p className="auth-alt">
          Não tem conta ou esqueceu a senha? <a href={ENTRAR_NO_PROVEDOR}>Criar conta</a> ou <a href={ENTRAR_NO_PROVEDOR}>Esqueci minha senha</a>, no provedor.
        </p>
        <p className="auth-alt">
          <Link to="/home">Ver cotação de preços</Link>
        </p>
      </div>
    </AuthCard>
  );
}

/** /register and /reset in external identity mode: the account and its password are the provider's. */
export function ContaNoProvedor() {
  useEffect(() => irAoProvedor(), []);
  return (
    <AuthCard titulo="Entrar">
      <p role="status">Indo para o provedor de identidade do município...</p>
    </AuthCard>
  );
}

/** A page of the password sign-in only (/register, /reset): loading while the sign-in mode is read, ContaNoProvedor in external identity mode. */
export function SoComSenha({ children }: { children: ReactNode }) {
  const modo = useModoDeEntrada();
  if (modo === null) return <Carregando />;
  return modo === 'externo' ? <ContaNoProvedor /> : children;
}

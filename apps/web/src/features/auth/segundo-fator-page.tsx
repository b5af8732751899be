import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { QRCodeSVG } from 'qrcode.react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { confirmarTotpInput, type ConfirmarTotpInput } from '@ceasa/shared';
import { TextField } from '../../components/form/text-field';
import { Carregando } from '../../components/layout/carregando';
import { acessoEmMemoria, api, ApiError } from '../../lib/api-client';
import { useAuth } from '../../lib/auth';
import { destinoAposLogin } from '../../lib/destino';
import { useToast } from '../../lib/toast';
import { AuthCard } from './auth-card';

interface Situacao {
  ativo: boolean;
  obrigatorio: boolean;
  codigosRestantes: number;
}

/**
 * 'Verificação em duas etapas': enrols an authenticator app (the QR code, or its key typed by hand), confirms it
 * with a first code and shows the ten recovery codes once. A sign-in whose role must have a second factor comes
 * here before anything else (the session is loaded only after the enrolment); a signed-in person comes from the
 * top bar.
 */
export default function SegundoFatorPage() {
  const { sessao, concluirEntrada, logout } = useAuth();
  const navigate = useNavigate();
  const toast = useToast();
  const [cadastro, setCadastro] = useState<{ segredo: string; uri: string } | null>(null);
  const [codigos, setCodigos] = useState<string[] | null>(null);
  const [comecando, setComecando] = useState(false);
  const semSessao = !sessao && !acessoEmMemoria.token();
  const situacao = useQuery({ queryKey: ['auth', 'mfa'], queryFn: () => api<Situacao>('auth/mfa'), enabled: !semSessao, retry: false });
  const { control, handleSubmit, formState } = useForm<ConfirmarTotpInput>({ resolver: zodResolver(confirmarTotpInput), defaultValues: { codigo: '' } });

  const comecar = async () => {
    setComecando(true);
    try {
      setCadastro(await api<{ segredo: string; uri: string }>('auth/mfa/totp', { method: 'POST' }));
    } catch (err) {
      toast.show('error', 'Verificação em duas etapas', (err as ApiError).message);
    } finally {
      setComecando(false);
    }
  };
  const confirmar = handleSubmit(async (v) => {
    try {
      const r = await api<{ codigosDeRecuperacao: string[] }>('auth/mfa/totp/confirmar', { method: 'POST', body: v });
      setCodigos(r.codigosDeRecuperacao);
    } catch (err) {
      toast.show('error', 'Verificação em duas etapas', (err as ApiError).message);
    }
  });
  const continuar = async () => {
    try {
      const s = sessao ?? (await concluirEntrada());
      navigate(destinoAposLogin(s.perfilUser), { replace: true });
    } catch (err) {
      toast.show('error', 'Verificação em duas etapas', (err as Error).message);
    }
  };

  if (semSessao)
    return (
      <AuthCard titulo="Verificação em duas etapas">
        <p>Entre no sistema para cadastrar o aplicativo autenticador.</p>
        <Link to="/login">Entrar</Link>
      </AuthCard>
    );
  if (situacao.isLoading) return <Carregando />;

  return (
    <AuthCard titulo="Verificação em duas etapas">
      {codigos ? (
        <div className="form-stack">
          <Message severity="success" text="Verificação em duas etapas ativada." />
          <p>
            Guarde estes <strong>códigos de recuperação</strong> em lugar seguro (impressos ou num gerenciador de senhas). Cada um serve uma única vez para
            entrar sem o celular. Eles não serão mostrados de novo.
          </p>
          <ul className="codigos-de-recuperacao" aria-label="Códigos de recuperação">
            {codigos.map((c) => (
              <li key={c}>
                <code>{c}</code>
              </li>
            ))}
          </ul>
          <Button type="button" label="Continuar" icon="pi pi-arrow-right" onClick={() => void continuar()} />
        </div>
      ) : situacao.data?.ativo ? (
        <div className="form-stack">
          <Message severity="success" text="A verificação em duas etapas está ativa nesta conta." />
          <p>
            Restam {situacao.data.codigosRestantes} códigos de recuperação. Se perder o celular e os códigos, peça ao super-admin que redefina a verificação.
          </p>
          <Button type="button" label="Voltar" icon="pi pi-arrow-left" onClick={() => void continuar()} />
        </div>
      ) : cadastro ? (
        <form onSubmit={confirmar} noValidate className="form-stack">
          <p>1. No aplicativo autenticador do celular (Google Authenticator, Microsoft Authenticator, FreeOTP, Aegis...), leia este QR code:</p>
          <div className="qr-do-fator">
            <QRCodeSVG value={cadastro.uri} size={192} title="QR code do aplicativo autenticador" />
          </div>
          <p>
            Sem câmera? Digite a chave: <code data-testid="chave-do-fator">{cadastro.segredo}</code>
          </p>
          <p>2. Digite o código de 6 dígitos que o aplicativo mostra:</p>
          <TextField control={control} name="codigo" label="Código do aplicativo" autoFocus maxLength={6} />
          <Button type="submit" label="Ativar" icon="pi pi-check" loading={formState.isSubmitting} />
        </form>
      ) : (
        <div className="form-stack">
          {situacao.data?.obrigatorio && (
            <Message severity="warn" text="Seu perfil exige a verificação em duas etapas: cadastre o aplicativo autenticador para continuar." />
          )}
          <p>
            Além da senha, o sistema pedirá um código de 6 dígitos gerado por um aplicativo autenticador no seu celular. Assim, quem descobrir a sua senha não
            consegue entrar.
          </p>
          <Button type="button" label="Cadastrar aplicativo autenticador" icon="pi pi-mobile" loading={comecando} onClick={() => void comecar()} />
          {!sessao && (
            <Button
              type="button"
              label="Sair"
              icon="pi pi-sign-out"
              outlined
              onClick={async () => {
                await logout();
                navigate('/');
              }}
            />
          )}
        </div>
      )}
    </AuthCard>
  );
}

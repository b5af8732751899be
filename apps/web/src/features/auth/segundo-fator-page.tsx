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
  const sair = async () => {
    await logout();
    navigate('/');
  };
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
        <CodigosDeRecuperacao codigos={codigos} continuar={() => void continuar()} />
      ) : situacao.data?.ativo ? (
        <FatorAtivo restantes={situacao.data.codigosRestantes} continuar={() => void continuar()} />
      ) : cadastro ? (
        <form onSubmit={confirmar} noValidate className="form-stack">
          <CadastroDoAplicativo cadastro={cadastro} />
          <TextField control={control} name="codigo" label="Código do aplicativo" autoFocus maxLength={6} />
          <Button type="submit" label="Ativar" icon="pi pi-check" loading={formState.isSubmitting} />
        </form>
      ) : (
        <InicioDoCadastro obrigatorio={!!situacao.data?.obrigatorio} comecando={comecando} comecar={() => void comecar()} sair={sessao ? undefined : sair} />
      )}
    </AuthCard>
  );
}

/** The recovery codes, shown once after the enrolment. */
function CodigosDeRecuperacao({ codigos, continuar }: { codigos: string[]; continuar: () => void }) {
  return (
    <div className="form-stack">
      <Message severity="success" text="Verificação em duas etapas ativada." />
      <p>
        Guarde estes <strong>códigos de recuperação</strong> em lugar seguro (impressos ou num gerenciador de senhas). Cada um serve uma única vez para entrar
        sem o celular. Eles não serão mostrados de novo.
      </p>
      <ul className="codigos-de-recuperacao" aria-label="Códigos de recuperação">
        {codigos.map((c) => (
          <li key={c}>
            <code>{c}</code>
          </li>
        ))}
      </ul>
      <Button type="button" label="Continuar" icon="pi pi-arrow-right" onClick={continuar} />
    </div>
  );
}

/** The factor already active on this account. */
function FatorAtivo({ restantes, continuar }: { restantes: number; continuar: () => void }) {
  return (
    <div className="form-stack">
      <Message severity="success" text="A verificação em duas etapas está ativa nesta conta." />
      <p>Restam {restantes} códigos de recuperação. Se perder o celular e os códigos, peça ao super-admin que redefina a verificação.</p>
      <Button type="button" label="Voltar" icon="pi pi-arrow-left" onClick={continuar} />
    </div>
  );
}

/** The enrolment's QR code and key. */
function CadastroDoAplicativo({ cadastro }: { cadastro: { segredo: string; uri: string } }) {
  return (
    <>
      <p>1. No aplicativo autenticador do celular (Google Authenticator, Microsoft Authenticator, FreeOTP, Aegis...), leia este QR code:</p>
      <div className="qr-do-fator">
        <QRCodeSVG value={cadastro.uri} size={192} title="QR code do aplicativo autenticador" />
      </div>
      <p>
        Sem câmera? Digite a chave: <code data-testid="chave-do-fator">{cadastro.segredo}</code>
      </p>
      <p>2. Digite o código de 6 dígitos que o aplicativo mostra:</p>
    </>
  );
}

/** Before the enrolment: what the second factor is, and (a sign-in that must enrol) 'Sair'. */
function InicioDoCadastro(p: { obrigatorio: boolean; comecando: boolean; comecar: () => void; sair?: () => void }) {
  const { obrigatorio, comecando, comecar, sair } = p;
  return (
    <div className="form-stack">
      {obrigatorio && <Message severity="warn" text="Seu perfil exige a verificação em duas etapas: cadastre o aplicativo autenticador para continuar." />}
      <p>
        Além da senha, o sistema pedirá um código de 6 dígitos gerado por um aplicativo autenticador no seu celular. Assim, quem descobrir a sua senha não
        consegue entrar.
      </p>
      <Button type="button" label="Cadastrar aplicativo autenticador" icon="pi pi-mobile" loading={comecando} onClick={comecar} />
      {sair && <Button type="button" label="Sair" icon="pi pi-sign-out" outlined onClick={sair} />}
    </div>
  );
}

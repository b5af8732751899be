import { zodResolver } from '@hookform/resolvers/zod';
import { Button } from 'primereact/button';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { loginInput, type LoginInput } from '@ceasa/shared';
import { TextField } from '../../components/form/text-field';
import { ApiError, entrarParaOutroSistema } from '../../lib/api-client';
import { useAuth } from '../../lib/auth';
import { destinoAposLogin } from '../../lib/destino';
import { useModoDeEntrada } from '../../lib/settings';
import { useToast } from '../../lib/toast';
import { Carregando } from '../../components/layout/carregando';
import { AuthCard } from './auth-card';
import { EntradaExterna } from './entrada-externa';

export default function LoginPage() {
  const { login } = useAuth();
  const toast = useToast();
  const navigate = useNavigate();
  // Signing in for another system (OpenID Connect code flow): the server says where to go back to.
  const interacao = useSearchParams()[0].get('interacao');
  const { control, handleSubmit, formState } = useForm<LoginInput>({ resolver: zodResolver(loginInput), defaultValues: { email: '', senha: '' } });
  const modo = useModoDeEntrada();
  const { pathname } = useLocation();
  // A refusal that says what to do (e.g. the address to open instead) stays on the page, not only in a toast.
  const [recusa, setRecusa] = useState<string | null>(null);
  // The account has a second factor: after the password, the page asks for the code (the server said so).
  const [pedirCodigo, setPedirCodigo] = useState(false);

  const entrar = handleSubmit(async (v) => {
    const codigo = pedirCodigo ? v.codigo?.trim() || undefined : undefined;
    try {
      if (interacao) {
        window.location.assign(await entrarParaOutroSistema(interacao, v.email, v.senha, codigo));
        return;
      }
      const s = await login(v.email, v.senha, codigo);
      // A role that must have a second factor and has none: enrolment first.
      if (!s) navigate('/segundo-fator', { replace: true });
      // A generated password (the first super-admin's): changed before anything else.
      else if (s === 'trocar-senha') navigate('/alterar-senha?primeira=1', { replace: true });
      else navigate(destinoAposLogin(s.perfilUser), { replace: true });
    } catch (err) {
      const e = err as ApiError;
      if (e.body?.codigoNecessario && !pedirCodigo) {
        setPedirCodigo(true);
        return;
      }
      // Throttling, a refused page address (which address to use), a code refused and an expired sign-in for another
      // system say why, in the server's words; a wrong e-mail or password is the usual message.
      const motivo = e.status === 429 || e.status === 400 || e.body?.codigoNecessario ? e.message : 'Email ou senha inválido';
      setRecusa(e.status === 400 ? e.message : null);
      toast.show('error', 'Login', motivo);
    }
  });

  if (modo === null) return <Carregando />;
  // The municipality's provider (OIDC_ISSUER): /login goes there; '/' (where its sign-out returns) shows the button.
  if (modo === 'externo') return <EntradaExterna automatica={pathname.startsWith('/login')} />;
  return (
    <AuthCard titulo="Entrar">
      <form onSubmit={entrar} noValidate className="form-stack">
        {recusa && (
          <p className="p-error" role="alert">
            {recusa}
          </p>
        )}
        <TextField control={control} name="email" label="E-mail" type="email" autoFocus />
        <TextField control={control} name="senha" label="Senha" type="password" />
        {pedirCodigo && (
          <>
            <TextField control={control} name="codigo" label="Código de verificação" autoFocus maxLength={20} />
            <p className="auth-alt">Digite o código de 6 dígitos do aplicativo autenticador ou um dos seus códigos de recuperação.</p>
          </>
        )}
        <Link to="/reset" className="small-link">
          Esqueci minha senha
        </Link>
        <Button type="submit" label="Entrar" icon="pi pi-sign-in" loading={formState.isSubmitting} />
        <p className="auth-alt">
          Não tem conta? <Link to="/register">Criar conta</Link>
        </p>
        <p className="auth-alt">
          <Link to="/home">Ver cotação de preços</Link>
        </p>
        <p className="auth-alt">
          {/* Another entry (publico.html): a page load, not a route of this app. */}
          <a href="/privacidade">Privacidade</a>
        </p>
      </form>
    </AuthCard>
  );
}

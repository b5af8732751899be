import { zodResolver } from '@hookform/resolvers/zod';
import { Button } from 'primereact/button';
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

  const entrar = handleSubmit(async (v) => {
    try {
      if (interacao) {
        window.location.assign(await entrarParaOutroSistema(interacao, v.email, v.senha));
        return;
      }
      const s = await login(v.email, v.senha);
      navigate(destinoAposLogin(s.perfilUser), { replace: true });
    } catch (err) {
      const e = err as ApiError;
      // Throttling and an expired sign-in for another system say why; anything else is the usual message.
      toast.show('error', 'Login', e.status === 429 || (interacao && e.status === 400) ? e.message : 'Email ou senha inválido');
    }
  });

  if (modo === null) return <Carregando />;
  // The municipality's provider (OIDC_ISSUER): /login goes there; '/' (where its sign-out returns) shows the button.
  if (modo === 'externo') return <EntradaExterna automatica={pathname.startsWith('/login')} />;
  return (
    <AuthCard titulo="Entrar">
      <form onSubmit={entrar} noValidate className="form-stack">
        <TextField control={control} name="email" label="E-mail" type="email" autoFocus />
        <TextField control={control} name="senha" label="Senha" type="password" />
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
          <Link to="/privacidade">Privacidade</Link>
        </p>
      </form>
    </AuthCard>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { alterarSenhaInput, type AlterarSenhaInput } from '@ceasa/shared';
import { TextField } from '../../components/form/text-field';
import { acessoEmMemoria, api, ApiError } from '../../lib/api-client';
import { useAuth } from '../../lib/auth';
import { destinoAposLogin } from '../../lib/destino';
import { useToast } from '../../lib/toast';
import { AuthCard } from './auth-card';

/**
 * 'Alterar senha' for a signed-in person (from the top bar). A sign-in with a generated password comes here before
 * anything else (`?primeira=1`): the session is loaded only after the change.
 */
export default function AlterarSenhaPage() {
  const { sessao, concluirEntrada } = useAuth();
  const navigate = useNavigate();
  const toast = useToast();
  const [params] = useSearchParams();
  const primeira = params.get('primeira') === '1';
  const { control, handleSubmit, formState } = useForm<AlterarSenhaInput>({
    resolver: zodResolver(alterarSenhaInput),
    defaultValues: { senhaAtual: '', novaSenha: '' },
  });

  const alterar = handleSubmit(async (v) => {
    try {
      await api('auth/senha', { method: 'POST', body: v });
      toast.show('success', 'Alterar senha', 'Senha alterada. As suas outras sessões foram encerradas.');
      const s = sessao ?? (await concluirEntrada());
      navigate(destinoAposLogin(s.perfilUser), { replace: true });
    } catch (err) {
      toast.show('error', 'Alterar senha', (err as ApiError).message);
    }
  });

  if (!sessao && !acessoEmMemoria.token())
    return (
      <AuthCard titulo="Alterar senha">
        <p>Entre no sistema para alterar a sua senha.</p>
        <Link to="/login">Entrar</Link>
      </AuthCard>
    );
  return (
    <AuthCard titulo="Alterar senha">
      <form onSubmit={alterar} noValidate className="form-stack">
        {primeira && <Message severity="warn" text="Sua senha foi gerada pelo sistema: escolha uma senha nova para continuar." />}
        <TextField control={control} name="senhaAtual" label="Senha atual" type="password" autoFocus />
        <TextField control={control} name="novaSenha" label="Nova senha" type="password" />
        <Button type="submit" label="Alterar senha" icon="pi pi-check" loading={formState.isSubmitting} />
      </form>
    </AuthCard>
  );
}

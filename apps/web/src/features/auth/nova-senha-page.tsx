import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { novaSenhaForm, type NovaSenhaForm } from '@ceasa/shared';
import { TextField } from '../../components/form/fields';
import { api, ApiError } from '../../lib/api-client';
import { useToast } from '../../lib/toast';
import { AuthCard } from './auth-card';

/** The page the reset e-mail links to: the user sets a new password (single-use link, 1 hour). */
export default function NovaSenhaPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const toast = useToast();
  const navigate = useNavigate();
  const conta = useQuery({
    queryKey: ['nova-senha', token],
    queryFn: () => api<{ email: string }>(`auth/nova-senha/${encodeURIComponent(token)}`),
    retry: false,
    enabled: !!token,
  });
  const { control, handleSubmit, formState } = useForm<NovaSenhaForm>({
    resolver: zodResolver(novaSenhaForm),
    defaultValues: { token, senha: '', confirmaSenha: '' },
  });
  const salvar = handleSubmit(async ({ senha }) => {
    try {
      await api('auth/nova-senha', { method: 'POST', body: { token, senha } });
      toast.show('success', 'Senha alterada com sucesso', 'Entre com a nova senha.', 2000);
      setTimeout(() => navigate('/login'), 2000);
    } catch (err) {
      toast.show('error', 'Erro ao alterar a senha', (err as ApiError).message);
    }
  });
  const invalido = !token || conta.isError;
  return (
    <AuthCard titulo="Nova senha">
      {invalido ? (
        <div className="form-stack">
          <Message severity="error" text={(conta.error as Error)?.message ?? 'Link inválido ou expirado. Solicite um novo e-mail de redefinição.'} />
          <Link to="/reset">Solicitar novo e-mail</Link>
        </div>
      ) : (
        <form onSubmit={salvar} noValidate className="form-stack">
          {conta.data && (
            <p>
              Defina a nova senha de <strong>{conta.data.email}</strong>.
            </p>
          )}
          <TextField control={control} name="senha" label="Nova senha" type="password" autoFocus />
          <TextField control={control} name="confirmaSenha" label="Confirmar nova senha" type="password" />
          <Button type="submit" label="Salvar nova senha" icon="pi pi-check" loading={formState.isSubmitting} />
          <p className="auth-alt">
            <Link to="/login">Voltar para o login</Link>
          </p>
        </form>
      )}
    </AuthCard>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { Button } from 'primereact/button';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { resetInput, type ResetInput } from '@ceasa/shared';
import { TextField } from '../../components/form/fields';
import { api } from '../../lib/api-client';
import { useToast } from '../../lib/toast';
import { AuthCard } from './auth-card';
import { SoComSenha } from './entrada-externa';

export default function ResetPage() {
  return (
    <SoComSenha>
      <ResetPageComSenha />
    </SoComSenha>
  );
}

function ResetPageComSenha() {
  const toast = useToast();
  const { control, handleSubmit, formState } = useForm<ResetInput>({ resolver: zodResolver(resetInput), defaultValues: { email: '' } });
  const enviar = handleSubmit(async (v) => {
    try {
      await api('auth/reset', { method: 'POST', body: v });
      toast.show('success', 'Email enviado com sucesso');
    } catch {
      toast.show('error', 'Email inexistente...');
    }
  });
  return (
    <AuthCard titulo="Recuperar senha">
      <form onSubmit={enviar} noValidate className="form-stack">
        <p>Informe o e-mail da sua conta. Enviaremos um link para você criar uma nova senha.</p>
        <TextField control={control} name="email" label="E-mail" type="email" autoFocus />
        <Button type="submit" label="Enviar" icon="pi pi-envelope" loading={formState.isSubmitting} />
        <p className="auth-alt">
          <Link to="/login">Voltar para o login</Link> · <Link to="/register">Criar conta</Link>
        </p>
      </form>
    </AuthCard>
  );
}

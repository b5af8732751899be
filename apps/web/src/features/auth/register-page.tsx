import { zodResolver } from '@hookform/resolvers/zod';
import { Button } from 'primereact/button';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { registerForm, type RegisterForm } from '@ceasa/shared';
import { TextField } from '../../components/form/fields';
import { api, ApiError } from '../../lib/api-client';
import { useToast } from '../../lib/toast';
import { AuthCard } from './auth-card';
import { SoComSenha } from './entrada-externa';

export default function RegisterPage() {
  return (
    <SoComSenha>
      <RegisterPageComSenha />
    </SoComSenha>
  );
}

function RegisterPageComSenha() {
  const toast = useToast();
  const navigate = useNavigate();
  const { control, handleSubmit, formState } = useForm<RegisterForm>({
    resolver: zodResolver(registerForm),
    defaultValues: { nome: '', email: '', senha: '', confirmaSenha: '' },
  });
  const cadastrar = handleSubmit(async ({ nome, email, senha }) => {
    try {
      await api('auth/register', { method: 'POST', body: { nome, email, senha } });
      toast.show('success', 'Conta criada com sucesso', undefined, 2000);
      navigate('/');
    } catch (err) {
      toast.show('error', (err as ApiError).status === 409 ? 'Email usado em outra conta' : 'Houve um erro de acesso, favor tentar mais tarde');
    }
  });
  return (
    <AuthCard titulo="Criar conta">
      <form onSubmit={cadastrar} noValidate className="form-stack">
        <TextField control={control} name="nome" label="Nome" autoFocus maxLength={200} />
        <TextField control={control} name="email" label="E-mail" type="email" />
        <TextField control={control} name="senha" label="Senha" type="password" />
        <TextField control={control} name="confirmaSenha" label="Confirmar senha" type="password" />
        <Button type="submit" label="Cadastrar" icon="pi pi-user-plus" loading={formState.isSubmitting} />
        <p className="auth-alt">
          Já tem conta? <Link to="/login">Voltar para o login</Link>
        </p>
      </form>
    </AuthCard>
  );
}

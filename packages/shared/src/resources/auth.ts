import { z } from 'zod';
import { senhaComum } from '../senhas-comuns';
import { pessoal } from '../privacidade';

const email = (obrigatorio: string, invalido: string) => z.string({ error: obrigatorio }).trim().min(1, obrigatorio).pipe(z.email(invalido));

export const loginInput = z.object({
  email: email('O e-mail é obrigatório', 'O e-mail inserido é inválido'),
  senha: z.string({ error: 'A senha é obrigatória' }).min(1, 'A senha é obrigatória'),
  /** The second factor's code (6 digits of the authenticator app, or a recovery code), once the account has one. */
  codigo: z.string().max(20, 'Código inválido').optional(),
});
export type LoginInput = z.input<typeof loginInput>;

/** The shortest new password accepted. */
export const SENHA_MINIMO = 8;
export const SENHA_MSG = {
  curta: `A senha deve ter no mínimo ${SENHA_MINIMO} caracteres`,
  comum: 'Esta senha é muito comum e fácil de adivinhar. Escolha outra.',
} as const;

/**
 * A password being chosen (registration, reset; the first super-admin's ADMIN_PASSWORD): at least
 * SENHA_MINIMO characters and not one of the common passwords shipped with the app. Signing in
 * checks only that one was typed, so an older, shorter password still works until it is changed.
 */
export const senhaNova = z
  .string({ error: 'A senha é obrigatória' })
  .min(1, 'A senha é obrigatória')
  .min(SENHA_MINIMO, SENHA_MSG.curta)
  .max(200, 'A senha deve ter no máximo 200 caracteres')
  .refine((s) => !senhaComum(s), SENHA_MSG.comum);

export const registerInput = z.object({
  nome: pessoal(
    'conta',
    z.string({ error: 'O nome é obrigatório' }).trim().min(1, 'O nome é obrigatório').max(200, 'O nome deve ter no máximo 200 caracteres'),
  ),
  email: pessoal('conta', email('O e-mail é obrigatório', 'Um e-mail deve ser inserido')),
  senha: senhaNova,
});
export const registerForm = registerInput
  .extend({ confirmaSenha: z.string({ error: 'As senhas devem ser iguais' }) })
  .refine((v) => v.senha === v.confirmaSenha, { path: ['confirmaSenha'], message: 'As senhas devem ser iguais' });
export type RegisterForm = z.input<typeof registerForm>;

export const resetInput = z.object({ email: email('O e-mail é obrigatório', 'O e-mail inserido não é inválido') });
export type ResetInput = z.input<typeof resetInput>;

/** The page the reset e-mail links to. */
export const novaSenhaInput = z.object({
  token: z.string({ error: 'Link inválido ou expirado' }).min(1, 'Link inválido ou expirado'),
  senha: senhaNova,
});
export const novaSenhaForm = novaSenhaInput
  .extend({ confirmaSenha: z.string() })
  .refine((v) => v.senha === v.confirmaSenha, { path: ['confirmaSenha'], message: 'As senhas devem ser iguais' });
export type NovaSenhaForm = z.input<typeof novaSenhaForm>;

/** Confirms the enrolment of an authenticator app with its first code. */
export const confirmarTotpInput = z.object({
  codigo: z
    .string({ error: 'Informe o código de 6 dígitos do aplicativo' })
    .trim()
    .regex(/^\d{6}$/, 'Informe o código de 6 dígitos do aplicativo'),
});
export type ConfirmarTotpInput = z.input<typeof confirmarTotpInput>;

/** 'Alterar senha' of a signed-in person: the current password and the new one. */
export const alterarSenhaInput = z.object({
  senhaAtual: z.string({ error: 'Informe a senha atual' }).min(1, 'Informe a senha atual').max(1000, 'Senha atual inválida'),
  novaSenha: senhaNova,
});
export type AlterarSenhaInput = z.input<typeof alterarSenhaInput>;

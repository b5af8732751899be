import { describe, expect, it } from 'vitest';
import { senhaComum } from '../senhas-comuns';
import { novaSenhaForm, registerForm, SENHA_MSG, senhaNova } from './auth';

/** The password rule the server and the forms share. */
describe('senhaNova', () => {
  const erro = (senha: string) => senhaNova.safeParse(senha).error?.issues[0]?.message ?? null;

  it('wants at least 8 characters', () => {
    expect(erro('')).toBe('A senha é obrigatória');
    expect(erro('abc')).toBe(SENHA_MSG.curta);
    expect(erro('Ab1#xyz')).toBe(SENHA_MSG.curta);
    expect(erro('Ab1#xyzw')).toBeNull();
    expect(SENHA_MSG.curta).toBe('A senha deve ter no mínimo 8 caracteres');
  });

  it('refuses the common passwords, whatever their case', () => {
    for (const s of [
      'password',
      'PASSWORD',
      'Password1',
      '12345678',
      '123456789',
      'qwertyuiop',
      'senha123',
      'SENHA123',
      'mudar123',
      'brasil123',
      'Corinthians',
    ])
      expect(erro(s), s).toBe(SENHA_MSG.comum);
    expect(senhaComum(' iloveyou ')).toBe(true);
    expect(senhaComum('Feira#Livre26')).toBe(false);
  });

  it('is what the register and new-password forms check', () => {
    const r = registerForm.safeParse({ nome: 'Maria', email: 'maria@exemplo.com', senha: 'abc', confirmaSenha: 'abc' });
    expect(r.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['senha', SENHA_MSG.curta]]);
    const n = novaSenhaForm.safeParse({ token: 't', senha: 'password', confirmaSenha: 'password' });
    expect(n.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['senha', SENHA_MSG.comum]]);
  });
});

import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { instalarMensagensPtBr, MSG_CONTROLE } from './zod-pt';
import { texto, textoOpcional } from './z';
import { municipioInput } from './resources/municipio';

instalarMensagensPtBr();
const mensagens = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues.map((i) => i.message) ?? [];

describe('zod in pt-BR', () => {
  it('words in pt-BR what a schema does not word itself', () => {
    const s = z.object({ n: z.number().int().positive(), b: z.boolean(), e: z.enum(['SIM', 'NÃO']), u: z.uuid(), l: z.array(z.string()).max(1) }).strict();
    expect(mensagens(s.safeParse({ n: 1.5, b: 'x', e: 'TALVEZ', u: 'q', l: ['a', 'b'], extra: 1 }))).toEqual([
      'Valor inválido: informe um número inteiro (foi enviado um número)',
      'Valor inválido: informe verdadeiro ou falso (foi enviado um texto)',
      'Valor inválido: use um destes: SIM, NÃO',
      'Código inválido',
      'Deve ter no máximo 1 item',
      'Campo não reconhecido: extra',
    ]);
    expect(mensagens(s.safeParse(undefined))).toEqual(['Envie os dados no corpo da requisição.']);
    expect(mensagens(z.object({ a: z.string() }).safeParse({}))).toEqual(['Campo obrigatório']);
  });

  it("keeps the schema's own (the spec's) messages first", () => {
    expect(mensagens(municipioInput.safeParse({ nome: 12, sigla: 'PRX' }))).toEqual(['O nome é obrigatório', 'A sigla dete ter no máximo 2 caracteres']);
  });

  it('refuses control characters in the shared text schemas, not tabs or line breaks', () => {
    expect(mensagens(texto('Obrigatório').safeParse('Açúcar\u0000'))).toEqual([MSG_CONTROLE]);
    expect(mensagens(textoOpcional().safeParse('a\u0007b'))).toEqual([MSG_CONTROLE]);
    expect(textoOpcional(1000).safeParse('linha 1\nlinha 2\tfim').success).toBe(true);
    expect(texto('Obrigatório').safeParse('João').success).toBe(true);
  });
});

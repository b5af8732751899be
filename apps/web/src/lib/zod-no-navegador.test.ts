import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { municipioInput } from '@ceasa/shared';

// main.tsx no longer installs zod's pt-BR map (so /home does not load zod): the shared schemas do it.
describe('zod in the browser, installed by the shared schemas', () => {
  it('parses without eval (the Content-Security-Policy forbids it) and words its own messages in pt-BR', () => {
    expect(z.config().jitless).toBe(true);
    const r = z.object({ n: z.number() }).safeParse({ n: 'x' });
    expect(r.error?.issues.map((i) => i.message)).toEqual(['Valor inválido: informe um número (foi enviado um texto)']);
    expect(municipioInput.safeParse({ nome: 'Imperatriz' }).error?.issues.map((i) => i.path.join('.'))).toEqual(['sigla']);
  });
});

import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client';
import { enviarConfirmando, perguntasDoErro, RECUSADO } from './confirmacao';

/** A romaneio save's 409 (decision 0294): its codes and its questions. */
const pede = (...codigos: string[]) =>
  new ApiError(409, codigos.join(' '), {
    status: 409,
    message: codigos.join(' '),
    confirmar: codigos,
    perguntas: codigos.map((c) => ({ codigo: c, mensagem: `m-${c}` })),
  } as never);

describe('enviarConfirmando (the one way a save confirms what the server asks)', () => {
  it('resends confirming the codes asked, adding those asked later; the questions are the perguntas', async () => {
    const enviar = vi.fn().mockRejectedValueOnce(pede('saldoBoletim', 'carteira')).mockRejectedValueOnce(pede('romaneioNoDia')).mockResolvedValueOnce('salvo');
    const vistas: string[][] = [];
    const r = await enviarConfirmando(enviar, async (e) => (vistas.push(perguntasDoErro(e)), true));
    expect(r).toBe('salvo');
    expect(enviar.mock.calls).toEqual([[undefined], [['saldoBoletim', 'carteira']], [['saldoBoletim', 'carteira', 'romaneioNoDia']]]);
    expect(vistas).toEqual([['m-saldoBoletim', 'm-carteira'], ['m-romaneioNoDia']]);
  });

  it("a 409 without perguntas is confirmed with true; 'Não' is RECUSADO; asked again what was confirmed is the error itself", async () => {
    const simples = new ApiError(409, 'Registrar outro?', { status: 409, message: 'Registrar outro?', confirmar: ['precoNoDia'] } as never);
    const enviar = vi.fn().mockRejectedValueOnce(simples).mockResolvedValueOnce('ok');
    await expect(enviarConfirmando(enviar, async () => true)).resolves.toBe('ok');
    expect(enviar.mock.calls).toEqual([[undefined], [true]]);
    await expect(enviarConfirmando(vi.fn().mockRejectedValue(pede('contribuinte')), async () => false)).rejects.toBe(RECUSADO);
    const mesma = pede('contribuinte');
    const pergunta = vi.fn(async () => true);
    await expect(enviarConfirmando(vi.fn().mockRejectedValue(mesma), pergunta)).rejects.toBe(mesma);
    expect(pergunta).toHaveBeenCalledTimes(1);
  });
});

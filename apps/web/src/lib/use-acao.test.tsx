import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client';
import { useAcao } from './use-acao';

/** What happened, in order: the toasts and the lists read again. */
const { passos } = vi.hoisted(() => ({ passos: [] as string[] }));
vi.mock('./toast', () => ({ useToast: () => ({ show: (...a: unknown[]) => passos.push(`toast ${a.join(' | ')}`) }) }));
vi.mock('./listas', () => ({ relerListas: async (_qc: unknown, base: string) => void passos.push(`reler ${base}`) }));

const comCache = ({ children }: { children: ReactNode }) => <QueryClientProvider client={new QueryClient()}>{children}</QueryClientProvider>;
beforeEach(() => void (passos.length = 0));

describe('useAcao', () => {
  it('is busy with its key until the end; after the action the lists are read again, then what follows runs with its answer', async () => {
    const { result } = renderHook(() => useAcao<number>({ erro: { titulo: 'Erro' }, reler: 'cotacao' }), { wrapper: comCache });
    let responder: (v: string) => void = () => {};
    let fim: Promise<void> = Promise.resolve();
    act(() => {
      fim = result.current.executar(
        7,
        () => new Promise<string>((ok) => (responder = ok)),
        (r) => void passos.push(`depois ${r}`),
      );
    });
    expect(result.current.ocupado).toBe(7);
    await act(async () => {
      responder('salvo');
      await fim;
    });
    expect(passos).toEqual(['reler cotacao', 'depois salvo']);
    expect(result.current.ocupado).toBeNull();
  });

  it("toasts a refusal with the server's message (or its own text, for its time) and reads the lists again only when told", async () => {
    const recusa = () => Promise.reject(new ApiError(409, 'Já há um backup em andamento'));
    const { result } = renderHook(() => useAcao({ erro: { titulo: 'Backup não feito', ms: 8000 }, reler: 'backups', relerNoErro: true }), {
      wrapper: comCache,
    });
    await act(() => result.current.executar(true, recusa, () => void passos.push('depois')));
    expect(passos).toEqual(['toast error | Backup não feito | Já há um backup em andamento | 8000', 'reler backups']);
    expect(result.current.ocupado).toBeNull();

    passos.length = 0;
    const { result: outro } = renderHook(() => useAcao({ erro: { titulo: 'Erro ao Atualizar', texto: 'Ocorreu um erro.' }, reler: 'cotacao' }), {
      wrapper: comCache,
    });
    await act(() => outro.current.executar(true, recusa));
    expect(passos).toEqual(['toast error | Erro ao Atualizar | Ocorreu um erro. | ']);
  });
  it('a second call while the first runs (a double click) does nothing', async () => {
    const { result } = renderHook(() => useAcao({ erro: { titulo: 'Erro' }, reler: 'feriado' }), { wrapper: comCache });
    let chamadas = 0;
    let responder: () => void = () => {};
    let fim: Promise<void> = Promise.resolve();
    act(() => {
      fim = result.current.executar(true, () => new Promise<void>((ok) => ((chamadas += 1), (responder = ok))));
      void result.current.executar(true, async () => void (chamadas += 1));
    });
    expect(chamadas).toBe(1);
    await act(async () => {
      responder();
      await fim;
    });
    expect(passos).toEqual(['reler feriado']);
    await act(() => result.current.executar(true, async () => void (chamadas += 1)));
    expect(chamadas).toBe(2);
  });
});

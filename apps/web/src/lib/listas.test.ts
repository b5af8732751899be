import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { CHAVE_CALENDARIO } from './calendario';
import { relerListas } from './listas';

describe('relerListas', () => {
  it('drops a load that began before the change and reads the list again', async () => {
    const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    let banco = ['removida'];
    let liberar: () => void = () => undefined;
    // The first load (a filter applied just before the removal) answers late, with what it read before.
    const primeira = new Promise<void>((r) => (liberar = r));
    let leituras = 0;
    const observer = new QueryObserver<string[]>(qc, {
      queryKey: ['lista', 'precos', { filtro: 'novo' }],
      queryFn: async () => {
        const lido = [...banco];
        if (leituras++ === 0) await primeira;
        return lido;
      },
    });
    const fim = observer.subscribe(() => undefined);
    await Promise.resolve();
    banco = [];
    const relida = relerListas(qc, 'precos');
    liberar();
    await relida;
    expect(qc.getQueryData(['lista', 'precos', { filtro: 'novo' }])).toEqual([]);
    expect(leituras).toBe(2);
    fim();
  });

  it('reads the market calendar again after any change to the holidays (a removal from their list too)', async () => {
    const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    let leituras = 0;
    const observer = new QueryObserver(qc, { queryKey: [...CHAVE_CALENDARIO, 'de', 'ate'], queryFn: async () => ++leituras, staleTime: 60_000 });
    const fim = observer.subscribe(() => undefined);
    await observer.refetch();
    await relerListas(qc, 'feriado');
    expect(leituras).toBe(2);
    expect(qc.getQueryData([...CHAVE_CALENDARIO, 'de', 'ate'])).toBe(2);
    fim();
  });
});

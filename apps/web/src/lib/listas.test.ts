import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
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
});

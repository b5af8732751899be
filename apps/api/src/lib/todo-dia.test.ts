import { afterEach, describe, expect, it, vi } from 'vitest';
import { ROTINAS_DIARIAS, todoDia } from './todo-dia';

afterEach(() => vi.useRealTimers());

describe('todoDia', () => {
  it('runs at 03:30 in Brasília while the market is closed, not at the start, then every day, and its stop waits for a run', async () => {
    expect(ROTINAS_DIARIAS).toBe(3 * 60 + 30);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    // 10:00 in São Paulo (13:00 UTC): a server started during the market.
    vi.setSystemTime(new Date('2026-12-02T13:00:00Z'));
    const vezes: string[] = [];
    let terminar = () => {};
    const parar = todoDia(async () => {
      vezes.push(new Date().toISOString());
      await new Promise<void>((ok) => (terminar = ok));
    });
    await vi.advanceTimersByTimeAsync(60 * 60_000);
    expect(vezes).toEqual([]);
    // 03:30 in São Paulo of the next day is 06:30 UTC.
    await vi.advanceTimersByTimeAsync(new Date('2026-12-03T06:30:00Z').getTime() - Date.now());
    expect(vezes).toEqual(['2026-12-03T06:30:00.000Z']);
    terminar();
    await vi.advanceTimersByTimeAsync(24 * 3600_000);
    expect(vezes).toEqual(['2026-12-03T06:30:00.000Z', '2026-12-04T06:30:00.000Z']);
    let parou = false;
    const parada = parar().then(() => (parou = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(parou).toBe(false);
    terminar();
    await parada;
    await vi.advanceTimersByTimeAsync(48 * 3600_000);
    expect(vezes).toHaveLength(2);
  });
});

import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useMostrarDepois } from './use-mostrar-depois';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('useMostrarDepois', () => {
  it('holds the pick at once and shows it after the delay; another pick starts the wait again; closing forgets it', () => {
    const { result } = renderHook(() => useMostrarDepois<string>(1000));
    act(() => result.current.escolher('Frutas'));
    expect(result.current).toMatchObject({ escolhido: 'Frutas', esperando: 'Frutas', pronto: null });
    act(() => vi.advanceTimersByTime(600));
    act(() => result.current.escolher('Hortaliças'));
    act(() => vi.advanceTimersByTime(600));
    expect(result.current).toMatchObject({ escolhido: 'Hortaliças', esperando: 'Hortaliças', pronto: null });
    act(() => vi.advanceTimersByTime(400));
    expect(result.current).toMatchObject({ escolhido: 'Hortaliças', esperando: null, pronto: 'Hortaliças' });
    act(() => result.current.fechar());
    expect(result.current).toMatchObject({ escolhido: null, esperando: null, pronto: null });
  });

  it('drops the wait when the page leaves', () => {
    const { result, unmount } = renderHook(() => useMostrarDepois<string>(2000));
    act(() => result.current.escolher('ticket'));
    unmount();
    expect(vi.getTimerCount()).toBe(0);
  });
});

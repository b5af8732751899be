import { useSyncExternalStore } from 'react';
import { SETTINGS_PADRAO, type Settings } from '@ceasa/shared/settings';

/*
 * The municipality's settings (GET /api/config) for the public quotation page (/home, its own entry,
 * home.html): a plain fetch kept for the page's life, no query cache, so /home loads no TanStack Query.
 * The back office keeps `useSettings` (lib/settings.ts). Until the answer arrives, the neutral settings.
 */
let atual: Settings = SETTINGS_PADRAO;
let pedido: Promise<void> | null = null;
const ouvintes = new Set<() => void>();

/** Asks for the settings (once; again after a failure); resolves when they are in, or the request failed. */
export function pedirSettingsPublicas(): Promise<void> {
  return (pedido ??= fetch('/api/config', { headers: { accept: 'application/json' } })
    .then((r) => (r.ok ? (r.json() as Promise<Partial<Settings>>) : Promise.reject(new Error(String(r.status)))))
    .then((s) => {
      atual = { ...SETTINGS_PADRAO, ...s };
      for (const o of ouvintes) o();
    })
    .catch(() => {
      pedido = null; // the next page that mounts asks again
    }));
}

function assinar(o: () => void) {
  ouvintes.add(o);
  void pedirSettingsPublicas();
  return () => {
    ouvintes.delete(o);
  };
}

export function useSettingsPublicas(): Settings {
  return useSyncExternalStore(
    assinar,
    () => atual,
    () => atual,
  );
}

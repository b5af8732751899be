import { useEffect, useState } from 'react';
import { acessoEmMemoria, MARGEM_REFRESH_MS, refreshToken } from './api-client';

/**
 * Refreshes the access token in memory `MARGEM_REFRESH_MS` before it expires, through the session this page
 * carries (api-client.ts `usarSessao`): the back office's AuthProvider and the producers' portal both mount it.
 */
export function useRenovacaoAntesDeExpirar() {
  const [expiresAt, setExpiresAt] = useState<number | null>(acessoEmMemoria.expiresAt());
  useEffect(() => {
    const cancelar = acessoEmMemoria.subscribe(setExpiresAt);
    return () => {
      cancelar();
    };
  }, []);
  useEffect(() => {
    if (!expiresAt) return;
    const t = setTimeout(() => void refreshToken(), Math.max(0, expiresAt - Date.now() - MARGEM_REFRESH_MS));
    return () => clearTimeout(t);
  }, [expiresAt]);
}

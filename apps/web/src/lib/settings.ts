import { useQuery } from '@tanstack/react-query';
import { SETTINGS_PADRAO, type Settings } from '@ceasa/shared/settings';
import { api } from './api-client';

export function useSettings(): Settings {
  const q = useQuery({ queryKey: ['settings'], queryFn: () => api<Settings>('config'), staleTime: Infinity });
  return { ...SETTINGS_PADRAO, ...(q.data ?? {}) };
}

/**
 * How people sign in, from GET /api/config: 'externo' when the municipality's own OpenID Connect provider is
 * configured (OIDC_ISSUER: /login sends the browser there), 'senha' otherwise; null until the answer arrives.
 */
export function useModoDeEntrada(): 'externo' | 'senha' | null {
  const q = useQuery({ queryKey: ['settings'], queryFn: () => api<Settings>('config'), staleTime: Infinity });
  if (q.isPending) return null;
  return q.data?.entradaExterna ? 'externo' : 'senha';
}

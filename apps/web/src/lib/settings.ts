import { useQuery } from '@tanstack/react-query';
import { SETTINGS_PADRAO, type Settings } from '@ceasa/shared/settings';
import { api } from './api-client';

export function useSettings(): Settings {
  const q = useQuery({ queryKey: ['settings'], queryFn: () => api<Settings>('config'), staleTime: Infinity });
  return { ...SETTINGS_PADRAO, ...(q.data ?? {}) };
}

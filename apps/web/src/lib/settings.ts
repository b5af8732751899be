import { useQuery } from '@tanstack/react-query';
import { api } from './api-client';

/** The deploying municipality (from the server's settings, never hard-coded). */
export interface Settings {
  municipio: string;
  mercado: string;
  mercadoTitulo: string;
  endereco: string;
  contato: string;
  copyright: string;
  destinoLote: string;
  logoMunicipio: string;
  logoMercado: string;
}

export const SETTINGS_PADRAO: Settings = {
  municipio: 'Prefeitura Municipal',
  mercado: 'CEASA Regional',
  mercadoTitulo: 'CEASA REGIONAL',
  endereco: '',
  contato: '',
  copyright: '',
  destinoLote: '',
  logoMunicipio: '/logo-municipio.svg',
  logoMercado: '/logo-ceasa.svg',
};

export function useSettings(): Settings {
  const q = useQuery({ queryKey: ['settings'], queryFn: () => api<Settings>('config'), staleTime: Infinity });
  return { ...SETTINGS_PADRAO, ...(q.data ?? {}) };
}

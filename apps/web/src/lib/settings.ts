import { useQuery } from '@tanstack/react-query';
import type { Settings } from '@ceasa/shared/settings';
import { api } from './api-client';

const SETTINGS_PADRAO: Settings = {
  municipio: 'Prefeitura Municipal',
  mercado: 'CEASA Regional',
  mercadoTitulo: 'CEASA REGIONAL',
  endereco: '',
  contato: '',
  copyright: `© ${new Date().getFullYear()} Prefeitura Municipal. Todos os direitos reservados.`,
  destinoLote: '',
  diasDeMercado: [1, 4],
  etiqueta: { larguraMm: 100, alturaMm: 70 },
  logoMunicipio: '/logo-municipio.svg',
  logoMercado: '/logo-ceasa.svg',
};

export function useSettings(): Settings {
  const q = useQuery({ queryKey: ['settings'], queryFn: () => api<Settings>('config'), staleTime: Infinity });
  return { ...SETTINGS_PADRAO, ...(q.data ?? {}) };
}

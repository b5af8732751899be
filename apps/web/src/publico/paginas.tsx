import type { ReactNode } from 'react';
import AssinarPage from '../features/assinaturas-e-dados/assinar-page';
import DadosAbertosPage from '../features/assinaturas-e-dados/dados-abertos-page';
import EstatisticasPage from '../features/informacao/estatisticas-page';
import ReferenciaPage from '../features/informacao/referencia-page';
import AvisoPage from '../features/privacidade/aviso-page';
import ConfirmarPage from '../features/privacidade/confirmar-page';
import SolicitarPage from '../features/privacidade/solicitar-page';
import { AuthProvider } from '../lib/auth';

/**
 * The public pages this entry (publico.html) draws, by path: the market's information service (decisions 0192-0196)
 * and the privacy notice with the holder's requests. Only /dados-abertos reads the session (a super-admin edits
 * the methodology there).
 */
export const PAGINAS_PUBLICAS: Record<string, () => ReactNode> = {
  '/assinar': () => <AssinarPage />,
  '/dados-abertos': () => (
    <AuthProvider>
      <DadosAbertosPage />
    </AuthProvider>
  ),
  '/referencia': () => <ReferenciaPage />,
  '/estatisticas': () => <EstatisticasPage />,
  '/privacidade': () => <AvisoPage />,
  '/privacidade/solicitar': () => <SolicitarPage />,
  '/privacidade/confirmar': () => <ConfirmarPage />,
};

/** The page of an address ('/privacidade/' is '/privacidade'); null when it is none of them. */
export function paginaPublica(caminho: string): ReactNode {
  return PAGINAS_PUBLICAS[caminho.replace(/(.)\/+$/, '$1')]?.() ?? null;
}

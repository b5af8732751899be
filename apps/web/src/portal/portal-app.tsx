import { lazy, Suspense } from 'react';
import { PublicShell } from '../components/layout/public-shell';
import { useRenovacaoAntesDeExpirar } from '../lib/use-renovacao';
import { EntrarPage } from './entrar-page';
import { useEndereco } from './navegacao';
import { Carregando } from './partes';
import { useSessaoDoPortal } from './sessao-do-portal';

// What a producer opens first is the sign-in: the signed-in area and the invitation are their own chunks, loaded
// when he gets there (a phone on a slow network downloads and runs only the sign-in's code).
const AreaDoProdutor = lazy(() => import('./area-do-produtor'));
const ConvitePage = lazy(() => import('./convite-page').then((m) => ({ default: m.ConvitePage })));

function CarregandoNaCasca() {
  return (
    <PublicShell acoes={<span />}>
      <Carregando />
    </PublicShell>
  );
}

/**
 * The portal's pages by address: the invitation whoever opens it; while the session starts, 'Carregando'; signed
 * out, the sign-in (at the address asked for, which shows once he is in); signed in, the section the URL names.
 */
export function PortalApp() {
  const endereco = useEndereco();
  const sessao = useSessaoDoPortal();
  useRenovacaoAntesDeExpirar();
  const [caminho, busca = ''] = endereco.split('?');
  const [secao = '', resto = ''] = caminho
    .replace(/^\/portal\/?/, '')
    .replace(/\/$/, '')
    .split(/\/(.*)/);
  if (sessao.situacao === 'iniciando' && secao !== 'convite') return <CarregandoNaCasca />;
  if (sessao.situacao === 'fora' && secao !== 'convite') return <EntrarPage busca={busca} aviso={sessao.aviso} />;
  return (
    <Suspense fallback={<CarregandoNaCasca />}>
      {secao === 'convite' ? <ConvitePage busca={busca} /> : <AreaDoProdutor secao={secao} resto={resto} caminho={caminho} />}
    </Suspense>
  );
}

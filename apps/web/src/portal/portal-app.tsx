import type { ReactNode } from 'react';
import { PublicShell } from '../components/layout/public-shell';
import { useRenovacaoAntesDeExpirar } from '../lib/use-renovacao';
import { AvisosPage } from './avisos-page';
import { Casca } from './casca';
import { ChegadaForm } from './chegada-form';
import { ChegadasPage } from './chegadas-page';
import { BoletinsPage, CadernosPage, InspecoesPage, PedrasPage, RomaneiosPage } from './consultas';
import { ConvitePage } from './convite-page';
import { EntrarPage } from './entrar-page';
import { MeusDadosPage } from './meus-dados-page';
import { LinkDoPortal, useEndereco } from './navegacao';
import { Carregando, Titulo } from './partes';
import { useSessaoDoPortal } from './sessao-do-portal';

const PAGINAS: Record<string, () => ReactNode> = {
  chegadas: () => <ChegadasPage />,
  romaneios: () => <RomaneiosPage />,
  boletins: () => <BoletinsPage />,
  cadernos: () => <CadernosPage />,
  inspecoes: () => <InspecoesPage />,
  pedras: () => <PedrasPage />,
  avisos: () => <AvisosPage />,
  'meus-dados': () => <MeusDadosPage />,
};

/** /portal signed in: where to go. */
function Inicio() {
  return (
    <section>
      <Titulo>Portal do produtor</Titulo>
      <p>Escolha uma seção no menu: anuncie uma chegada antes de vir ao mercado, ou consulte o que o mercado registrou.</p>
      <LinkDoPortal href="/portal/chegadas/nova" className="p-button portal-principal">
        <i className="pi pi-plus" aria-hidden />
        &nbsp;Anunciar chegada
      </LinkDoPortal>
    </section>
  );
}

function NaoEncontrada() {
  return (
    <section>
      <Titulo>Página não encontrada</Titulo>
      <p>
        Este endereço não existe no portal. <LinkDoPortal href="/portal">Voltar ao início</LinkDoPortal>.
      </p>
    </section>
  );
}

/** The section of /portal/{secao}[/{resto}]: a page, the load form (nova, {id}), or 'not found'. */
function Secao({ secao, resto }: { secao: string; resto: string }) {
  if (!secao) return <Inicio />;
  if (secao === 'chegadas' && resto === 'nova') return <ChegadaForm id={null} />;
  if (secao === 'chegadas' && /^\d{1,9}$/.test(resto)) return <ChegadaForm id={Number(resto)} />;
  const pagina = !resto && Object.hasOwn(PAGINAS, secao) ? PAGINAS[secao] : null;
  return pagina ? pagina() : <NaoEncontrada />;
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
  if (secao === 'convite') return <ConvitePage busca={busca} />;
  if (sessao.situacao === 'iniciando')
    return (
      <PublicShell acoes={<span />}>
        <Carregando />
      </PublicShell>
    );
  if (sessao.situacao === 'fora') return <EntrarPage busca={busca} aviso={sessao.aviso} />;
  return (
    <Casca secao={secao} caminho={caminho}>
      <Secao secao={secao} resto={resto} />
    </Casca>
  );
}

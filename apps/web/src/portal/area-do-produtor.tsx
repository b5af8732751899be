import type { ReactNode } from 'react';
import { AvisosPage } from './avisos-page';
import { Casca } from './casca';
import { ChegadaForm } from './chegada-form';
import { ChegadasPage } from './chegadas-page';
import { BoletinsPage, CadernosPage, InspecoesPage, PedrasPage, RomaneiosPage } from './consultas';
import { MeusDadosPage } from './meus-dados-page';
import { LinkDoPortal } from './navegacao';
import { Titulo } from './partes';

/*
 * The portal signed in: its frame and its sections. Loaded only once a producer is in (portal-app.tsx), so the
 * sign-in, what a phone opens first, downloads and runs none of it.
 */

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

/** The frame (menu, his name, 'Sair') around the section the address names. */
export default function AreaDoProdutor({ secao, resto, caminho }: { secao: string; resto: string; caminho: string }) {
  return (
    <Casca secao={secao} caminho={caminho}>
      <Secao secao={secao} resto={resto} />
    </Casca>
  );
}

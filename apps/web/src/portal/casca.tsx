import type { ReactNode } from 'react';
import { formatDate } from '@ceasa/shared/format';
import { PublicShell } from '../components/layout/public-shell';
import { useFocoAoNavegar } from '../components/layout/foco';
import { lerEu } from './leituras';
import { LinkDoPortal } from './navegacao';
import { useLeitura } from './partes';
import { sairDoPortal } from './sessao-do-portal';

/** The portal's sections, in the menu's order; the URL names each (/portal/{caminho}). */
export const SECOES = [
  { caminho: 'chegadas', rotulo: 'Chegadas', icone: 'pi-truck' },
  { caminho: 'romaneios', rotulo: 'Romaneios', icone: 'pi-file' },
  { caminho: 'boletins', rotulo: 'Boletins', icone: 'pi-chart-bar' },
  { caminho: 'cadernos', rotulo: 'Cadernos', icone: 'pi-book' },
  { caminho: 'inspecoes', rotulo: 'Inspeções', icone: 'pi-search' },
  { caminho: 'pedras', rotulo: 'Pedras', icone: 'pi-th-large' },
  { caminho: 'avisos', rotulo: 'Avisos', icone: 'pi-bell' },
  { caminho: 'meus-dados', rotulo: 'Meus dados', icone: 'pi-user' },
] as const;

/** 'Você está suspenso...' while a suspension runs (GET portal/eu). */
export const avisoDeSuspensao = (ate: string) =>
  `Você está suspenso de entregar no mercado até ${formatDate(ate)}. Procure o atendimento do mercado para saber mais.`;

/** The menu: every section, the current one marked. */
function Menu({ secao }: { secao: string }) {
  return (
    <nav className="portal-menu" aria-label="Seções do portal">
      <ul>
        {SECOES.map((s) => (
          <li key={s.caminho}>
            <LinkDoPortal href={`/portal/${s.caminho}`} aria-current={secao === s.caminho ? 'page' : undefined}>
              <i className={`pi ${s.icone}`} aria-hidden /> {s.rotulo}
            </LinkDoPortal>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** Every signed-in page: his name, the suspension when one runs, the menu, 'Sair', the privacy link (footer). */
export function Casca({ secao, caminho, children }: { secao: string; caminho: string; children: ReactNode }) {
  const { carga } = useLeitura('portal/eu', lerEu);
  useFocoAoNavegar(caminho);
  const sair = (
    <button type="button" className="p-button p-button-sm entrar" onClick={() => void sairDoPortal()}>
      <i className="pi pi-sign-out" aria-hidden />
      &nbsp;Sair
    </button>
  );
  const eu = carga.data;
  return (
    <PublicShell acoes={sair}>
      <div className="portal">
        <p className="portal-ola">{eu?.nome ? <>Olá, {eu.nome}</> : carga.error ? 'Portal do produtor' : 'Carregando…'}</p>
        {eu?.suspensoAte && (
          <p className="portal-aviso portal-aviso-erro portal-suspensao" role="alert">
            <i className="pi pi-ban" aria-hidden /> {avisoDeSuspensao(eu.suspensoAte)}
          </p>
        )}
        <Menu secao={secao} />
        {children}
      </div>
    </PublicShell>
  );
}

import { hojeNoMercado } from '@ceasa/shared/tempo';
import { PublicShell } from '../../components/layout/public-shell';
import { useAuth } from '../../lib/auth';
import { TabelaPrecos } from './tabela-precos';
import { CotacaoProdutos } from './cotacao-produtos';
import './home.css';

/** Today and last month in Brazil ('yyyy-mm-dd', 'yyyy-mm'), for the open-data links (no date library). */
function hojeEMesPassado() {
  const hoje = hojeNoMercado();
  const [a, m] = hoje.split('-').map(Number);
  const mes = m === 1 ? `${a - 1}-12` : `${a}-${String(m - 1).padStart(2, '0')}`;
  return { hoje, mes };
}

/** The open data files (docs/dados-abertos.md): plain links, public, no token. */
function DadosAbertos() {
  const { hoje, mes } = hojeEMesPassado();
  return (
    <p className="dados-abertos" id="dados-abertos">
      Dados abertos: <a href={`/api/publico/cotacao?data=${hoje}&formato=csv`}>cotação de hoje (CSV)</a> ·{' '}
      <a href={`/api/publico/movimento?mes=${mes}&formato=csv`}>entradas do mês passado (CSV)</a> ·{' '}
      <a href={`/api/publico/cotacao/produtos?data=${hoje}&formato=csv`}>cotação por produto (CSV)</a> · <a href="/dados-abertos">descrição dos arquivos</a> ·{' '}
      <a href="/estatisticas">o mês em números</a> · <a href="/referencia">referência de preços para compras públicas</a> ·{' '}
      <a href="/api/docs">documentação da API</a> · <a href="/api/publico/cotacao.atom">feed Atom</a> · <a href="/assinar">cotação por e-mail</a>
    </p>
  );
}

const AVISO_SEM_PERFIL = 'Desculpe, mas ainda não foi atribuído perfil para o seu usuário. Favor entrar em contato com a TI da prefeitura para ajuste.';

/**
 * Public quotation page; a signed-in user without a profile also sees the notice. Its own entry
 * (home.html, src/home/main.tsx): plain React and links, no router, no PrimeReact, no TanStack Query
 * (docs/decisions/0111-pagina-home-como-entrada-propria.md); the back office's router shows it too.
 */
export default function HomePage() {
  const { sessao, grupo, logout } = useAuth();
  // A signed-in visitor gets 'Sair' (and the back office, when profiled) instead of 'Entrar'.
  const acoes = sessao && (
    <>
      {grupo !== null && (
        <a href="/admin" className="p-button p-button-sm entrar">
          <i className="pi pi-th-large" aria-hidden />
          &nbsp;Painel
        </a>
      )}
      <button
        type="button"
        className="p-button p-button-sm entrar"
        onClick={async () => {
          await logout();
          window.location.assign('/');
        }}
      >
        <i className="pi pi-sign-out" aria-hidden />
        &nbsp;Sair
      </button>
    </>
  );
  return (
    <PublicShell acoes={acoes}>
      {sessao && grupo === null && (
        // The markup of PrimeReact's Message (severity warn), without loading PrimeReact.
        <div className="p-inline-message p-component p-inline-message-warn w-full mb-3 aviso-sem-perfil" role="alert" aria-live="polite">
          <i className="p-inline-message-icon pi pi-exclamation-triangle" aria-hidden />
          <span className="p-inline-message-text">{AVISO_SEM_PERFIL}</span>
        </div>
      )}
      <nav className="home-atalhos" aria-label="Nesta página">
        <ul>
          <li>
            <a href="#cotacao-produtos">
              <i className="pi pi-arrow-down" aria-hidden /> Cotação por produto
            </a>
          </li>
          <li>
            <a href="#dados-abertos">
              <i className="pi pi-arrow-down" aria-hidden /> Dados abertos
            </a>
          </li>
        </ul>
      </nav>
      <TabelaPrecos />
      <CotacaoProdutos />
      <DadosAbertos />
    </PublicShell>
  );
}

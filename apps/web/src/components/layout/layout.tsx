import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { Suspense, useEffect, useState } from 'react';
import { Link, NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { useAuth } from '../../lib/auth';
import { rotaInterna } from '../../lib/destino';
import { CHAVE_ULTIMA_ROTA } from '../../lib/session';
import { useSettings } from '../../lib/settings';
import type { ItemDeMenu } from '../../lib/recursos';
import { Carregando } from './carregando';
import { Footer } from './footer';
import { ID_CONTEUDO, PularParaConteudo, useFocoAoNavegar, useFocoDevolvidoAoFecharDialogo } from './foco';

const PAPEIS_ADMIN = ['user-admin', 'super-admin'];
/** Every signed-in person's own pages (no permission needed: each acts on the person's own account). */
const CONTA = [
  { caminho: '/segundo-fator', rotulo: 'Verificação em duas etapas', icone: 'pi pi-shield' },
  { caminho: '/minhas-sessoes', rotulo: 'Minhas sessões', icone: 'pi pi-desktop' },
  { caminho: '/alterar-senha', rotulo: 'Alterar senha', icone: 'pi pi-key' },
];

/**
 * The back office frame: side menu (the entries whose route the user may see), the screen's help ('?', to the
 * manual's section `ajuda` names for the path), user name, 'Sair', footer; the person's own account pages close the
 * side menu.
 */
export function Layout({ menu, ajuda }: { menu: ItemDeMenu[]; ajuda: (caminho: string) => string }) {
  const { sessao, pode } = useAuth();
  const location = useLocation();
  const [papelDialog, setPapelDialog] = useState(false);
  const [menuAberto, setMenuAberto] = useState(false);

  useEffect(() => {
    // Only an internal back-office path is kept to return to after the next sign-in.
    if (rotaInterna(location.pathname)) localStorage.setItem(CHAVE_ULTIMA_ROTA, location.pathname);
    setMenuAberto(false);
  }, [location.pathname]);
  useFocoAoNavegar(location.pathname);
  useFocoDevolvidoAoFecharDialogo();

  const roles = sessao?.perfilUser ?? [];
  const temAdmin = roles.some((r) => PAPEIS_ADMIN.includes(r));
  const temUser = roles.some((r) => r.startsWith('user-') && !PAPEIS_ADMIN.includes(r)) || (temAdmin && roles.length > 1);
  const itens = menu.filter((r) => pode(r.rota, 'visualizar'));

  return (
    <div className="layout">
      <PularParaConteudo />
      <BarraDoTopo
        ajuda={ajuda(location.pathname)}
        abrirMenu={() => setMenuAberto((v) => !v)}
        escolherPapel={temAdmin && temUser ? () => setPapelDialog(true) : undefined}
      />
      <div className="layout-body">
        <MenuLateral itens={itens} aberto={menuAberto} />
        <main className="content" id={ID_CONTEUDO}>
          <Suspense fallback={<Carregando />}>
            <Outlet />
          </Suspense>
        </main>
      </div>
      <Footer />
      <EscolhaDoPapel visivel={papelDialog} fechar={() => setPapelDialog(false)} />
    </div>
  );
}

/** The top bar: the menu's button (on a phone), the market's name, the screen's help, the user's name and 'Sair'. */
function BarraDoTopo({ ajuda, abrirMenu, escolherPapel }: { ajuda: string; abrirMenu: () => void; escolherPapel?: () => void }) {
  const { sessao, logout } = useAuth();
  const s = useSettings();
  const navigate = useNavigate();
  return (
    <header className="topbar">
      <button type="button" className="menu-toggle" aria-label="Abrir menu" onClick={abrirMenu}>
        <i className="pi pi-bars" aria-hidden />
      </button>
      <Link to="/admin" className="brand">
        <img src={s.logoMercado} alt="" width={36} height={36} />
        <span>{s.mercado}</span>
      </Link>
      <div className="topbar-user">
        <Link to={ajuda} className="topbar-ajuda" aria-label="Ajuda desta tela" title="Ajuda desta tela">
          ?
        </Link>
        {escolherPapel ? (
          <button type="button" className="link-button user-name" onClick={escolherPapel}>
            {sessao?.nome.toUpperCase()}
          </button>
        ) : (
          <span className="user-name">{sessao?.nome.toUpperCase()}</span>
        )}
        <Button
          label="Sair"
          aria-label="Sair"
          icon="pi pi-sign-out"
          size="small"
          outlined
          onClick={async () => {
            await logout();
            navigate('/');
          }}
        />
      </div>
    </header>
  );
}

/** The side menu: the entries the user may see, and the person's own account. */
function MenuLateral({ itens, aberto }: { itens: ItemDeMenu[]; aberto: boolean }) {
  const location = useLocation();
  return (
    <div className={`sidemenu${aberto ? ' open' : ''}`}>
      <nav aria-label="Menu principal">
        <ul>
          {itens.map((r) => (
            <li key={r.rota}>
              <NavLink to={r.caminho} className={({ isActive }) => (isActive || location.pathname.startsWith(r.caminho + '/') ? 'active' : '')}>
                <i className={r.icone} aria-hidden /> {r.rotulo}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      {/* The person's own account: a group of its own, so the top bar keeps to name, help and 'Sair' on a phone. */}
      <nav aria-labelledby="menu-minha-conta">
        <p className="sidemenu-grupo" id="menu-minha-conta">
          Minha conta
        </p>
        <ul>
          {CONTA.map((c) => (
            <li key={c.caminho}>
              <NavLink to={c.caminho}>
                <i className={c.icone} aria-hidden /> {c.rotulo}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}

/** Someone with both administrative and user roles chooses where to go. */
function EscolhaDoPapel({ visivel, fechar }: { visivel: boolean; fechar: () => void }) {
  const navigate = useNavigate();
  return (
    <Dialog header="Você está logado como" visible={visivel} onHide={fechar} style={{ width: '30rem' }} breakpoints={{ '640px': '100vw' }}>
      <div className="flex-row gap">
        <Button
          label="Administrador"
          icon="pi pi-briefcase"
          onClick={() => {
            fechar();
            navigate('/admin');
          }}
        />
        <Button
          label="Usuário"
          icon="pi pi-user"
          outlined
          onClick={() => {
            fechar();
            navigate('/home');
          }}
        />
      </div>
    </Dialog>
  );
}

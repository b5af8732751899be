import { Suspense, lazy, useEffect, type ReactNode } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { useAuth } from '../lib/auth';
import { destinoAposLogin, rotaInterna } from '../lib/destino';
import { CHAVE_ULTIMA_ROTA } from '../lib/session';
import HomePage from '../features/precos-publicos/home-page';
import { Carregando } from '../components/layout/carregando';

const LoginPage = lazy(() => import('../features/auth/login-page'));
const AlterarSenhaPage = lazy(() => import('../features/auth/alterar-senha-page'));
const MinhasSessoesPage = lazy(() => import('../features/auth/minhas-sessoes-page'));
const RegisterPage = lazy(() => import('../features/auth/register-page'));
const ResetPage = lazy(() => import('../features/auth/reset-page'));
const NovaSenhaPage = lazy(() => import('../features/auth/nova-senha-page'));
const SegundoFatorPage = lazy(() => import('../features/auth/segundo-fator-page'));
const BackOffice = lazy(() => import('./back-office'));

function ScrollToTop() {
  const { pathname } = useLocation();
  useEffect(() => {
    // Braces matter: Chromium's scrollTo now returns a Promise, which React would take for a clean-up.
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}

/** Sign-in pages: a signed-in user goes to the saved route (profiled) or /home. */
function SomentePublico({ children }: { children: ReactNode }) {
  const { sessao, carregando } = useAuth();
  // Signing in for another system (`/login?interacao=`) asks for the password even when signed in here.
  const paraOutroSistema = new URLSearchParams(useLocation().search).has('interacao');
  if (carregando) return <Carregando />;
  if (sessao && !paraOutroSistema) return <Navigate to={destinoAposLogin(sessao.perfilUser)} replace />;
  return <>{children}</>;
}

/**
 * Back office: signed out → '/' (the sign-in), which returns to the page asked for once signed in: the link is
 * kept as the last route, where every sign-in returns to (lib/destino.ts); no profile → '/home' (where the notice is).
 */
function Privado({ children }: { children: ReactNode }) {
  const { sessao, carregando, grupo } = useAuth();
  const { pathname } = useLocation();
  if (carregando) return <Carregando />;
  if (!sessao) {
    if (rotaInterna(pathname)) localStorage.setItem(CHAVE_ULTIMA_ROTA, pathname);
    return <Navigate to="/" replace />;
  }
  if (grupo === null) return <Navigate to="/home" replace />;
  return <>{children}</>;
}

export function AppRoutes() {
  return (
    <>
      <ScrollToTop />
      <Suspense fallback={<Carregando />}>
        <Routes>
          <Route
            path="/"
            element={
              <SomentePublico>
                <LoginPage />
              </SomentePublico>
            }
          />
          <Route
            path="/login"
            element={
              <SomentePublico>
                <LoginPage />
              </SomentePublico>
            }
          />
          <Route
            path="/register"
            element={
              <SomentePublico>
                <RegisterPage />
              </SomentePublico>
            }
          />
          <Route
            path="/reset"
            element={
              <SomentePublico>
                <ResetPage />
              </SomentePublico>
            }
          />
          <Route path="/nova-senha" element={<NovaSenhaPage />} />
          <Route path="/segundo-fator" element={<SegundoFatorPage />} />
          <Route path="/alterar-senha" element={<AlterarSenhaPage />} />
          <Route path="/minhas-sessoes" element={<MinhasSessoesPage />} />
          <Route path="/home" element={<HomePage />} />
          {/* /referencia, /estatisticas, /dados-abertos, /assinar and the privacy pages are another entry (publico.html,
              decision 0305): a link to them loads that page. */}
          <Route
            path="*"
            element={
              <Privado>
                <BackOffice />
              </Privado>
            }
          />
        </Routes>
      </Suspense>
    </>
  );
}

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
const ReferenciaPage = lazy(() => import('../features/informacao/referencia-page'));
const EstatisticasPage = lazy(() => import('../features/informacao/estatisticas-page'));
const DadosAbertosPage = lazy(() => import('../features/assinaturas-e-dados/dados-abertos-page'));
const AssinarPage = lazy(() => import('../features/assinaturas-e-dados/assinar-page'));
const AvisoPage = lazy(() => import('../features/privacidade/aviso-page'));
const SolicitarPage = lazy(() => import('../features/privacidade/solicitar-page'));
const ConfirmarPage = lazy(() => import('../features/privacidade/confirmar-page'));

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
          {/* The market's information service, public (decisions 0192, 0193). */}
          <Route path="/referencia" element={<ReferenciaPage />} />
          <Route path="/estatisticas" element={<EstatisticasPage />} />
          <Route path="/dados-abertos" element={<DadosAbertosPage />} />
          <Route path="/assinar" element={<AssinarPage />} />
          {/* The privacy notice and the holder's requests (LGPD), public. */}
          <Route path="/privacidade" element={<AvisoPage />} />
          <Route path="/privacidade/solicitar" element={<SolicitarPage />} />
          <Route path="/privacidade/confirmar" element={<ConfirmarPage />} />
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

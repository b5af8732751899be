import { lazy } from 'react';
import { Route, Routes } from 'react-router';
import { DialogoDasPerguntas } from '../lib/confirmacao';
import { Layout } from '../components/layout/layout';
import { useAuth } from '../lib/auth';
import { menu, resources } from './resources';
import { secaoDaTela } from '../features/ajuda/manual';

const AdminPage = lazy(() => import('../features/admin/admin-page'));
const AjudaPage = lazy(() => import('../features/ajuda/ajuda-page'));

function Guard({ rota, acao, children }: { rota: string; acao: 'visualizar' | 'criar' | 'editar'; children: React.ReactNode }) {
  const { pode } = useAuth();
  if (!pode(rota, acao))
    return (
      <section className="card" role="alert">
        <h1>Acesso negado</h1>
        <p>Você não tem permissão para acessar esta página.</p>
      </section>
    );
  return <>{children}</>;
}

/** The signed-in part of the app, loaded on demand so the public pages stay small. */
export default function BackOffice() {
  return (
    <>
      <DialogoDasPerguntas />
      <Routes>
        <Route element={<Layout menu={menu} ajuda={(caminho) => `/ajuda#${secaoDaTela(caminho)}`} />}>
          <Route path="/admin" element={<AdminPage />} />
          <Route path="/ajuda" element={<AjudaPage />} />
          {resources.flatMap((r) =>
            r.pages.map(({ path, element: El, acao }) => (
              <Route
                key={path}
                path={path}
                element={
                  <Guard rota={r.recurso.rota} acao={acao}>
                    <El />
                  </Guard>
                }
              />
            )),
          )}
          <Route
            path="*"
            element={
              <section className="card">
                <h1>Página não encontrada</h1>
              </section>
            }
          />
        </Route>
      </Routes>
    </>
  );
}

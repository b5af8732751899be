import type { ReactNode } from 'react';
import { ID_CONTEUDO, PularParaConteudo } from '../../components/layout/foco';
import { Marca } from '../../components/layout/marca';
import { useSettings } from '../../lib/settings';

export function AuthCard({ titulo, children }: { titulo: string; children: ReactNode }) {
  const s = useSettings();
  return (
    <>
      <PularParaConteudo />
      <main className="auth-page" id={ID_CONTEUDO}>
        <div className="auth-card card">
          <Marca s={s} className="auth-brand" tamanho={56} />
          <h1>{titulo}</h1>
          {children}
        </div>
      </main>
    </>
  );
}

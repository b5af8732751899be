import type { ReactNode } from 'react';
import { Marca } from '../../components/layout/marca';

export function AuthCard({ titulo, children }: { titulo: string; children: ReactNode }) {
  return (
    <main className="auth-page">
      <div className="auth-card card">
        <Marca className="auth-brand" tamanho={56} />
        <h1>{titulo}</h1>
        {children}
      </div>
    </main>
  );
}

import type { ReactNode } from 'react';
import { useSettings } from '../../lib/settings';

export function AuthCard({ titulo, children }: { titulo: string; children: ReactNode }) {
  const s = useSettings();
  return (
    <main className="auth-page">
      <div className="auth-card card">
        <div className="auth-brand">
          <img src={s.logoMercado} alt="" width={56} height={56} />
          <div>
            <strong>{s.mercado}</strong>
            <span>{s.municipio}</span>
          </div>
        </div>
        <h1>{titulo}</h1>
        {children}
      </div>
    </main>
  );
}

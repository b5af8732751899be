import { Link } from 'react-router';
import type { ReactNode } from 'react';
import { useSettings } from '../../lib/settings';
import { Marca } from './marca';

/** Header and contact footer of the public price page (/home); the lot page (/lote) is its own small entry. */
export function PublicShell({ children, acoes }: { children: ReactNode; /** Replaces 'Entrar' (e.g. 'Sair' for a signed-in user). */ acoes?: ReactNode }) {
  const s = useSettings();
  return (
    <div className="public">
      <header className="public-header">
        <Marca className="brand" tamanho={40} />
        {acoes ? (
          <div className="public-acoes">{acoes}</div>
        ) : (
          <Link to="/login" className="p-button p-button-sm entrar">
            <i className="pi pi-sign-in" aria-hidden />
            &nbsp;Entrar
          </Link>
        )}
      </header>
      <main className="public-main">{children}</main>
      <footer className="public-footer">
        <strong>{s.mercado}</strong>
        {s.endereco && <span>{s.endereco}</span>}
        {s.contato && <span>{s.contato}</span>}
        <span>{s.copyright}</span>
      </footer>
    </div>
  );
}

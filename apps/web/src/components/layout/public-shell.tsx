import type { ReactNode } from 'react';
import { useSettingsPublicas } from '../../lib/settings-publicas';
import { ID_CONTEUDO, PularParaConteudo, useFocoDevolvidoAoFecharDialogo } from './foco';
import { Marca } from './marca';

/**
 * Header and contact footer of the public price page (/home, its own entry: plain links, no router);
 * the lot page (/lote) is its own small entry too.
 */
export function PublicShell({ children, acoes }: { children: ReactNode; /** Replaces 'Entrar' (e.g. 'Sair' for a signed-in user). */ acoes?: ReactNode }) {
  const s = useSettingsPublicas();
  useFocoDevolvidoAoFecharDialogo();
  return (
    <div className="public">
      <PularParaConteudo />
      <header className="public-header">
        <Marca s={s} className="brand" tamanho={40} />
        {acoes ? (
          <div className="public-acoes">{acoes}</div>
        ) : (
          <a href="/login" className="p-button p-button-sm entrar">
            <i className="pi pi-sign-in" aria-hidden />
            &nbsp;Entrar
          </a>
        )}
      </header>
      <main className="public-main" id={ID_CONTEUDO}>
        {children}
      </main>
      <footer className="public-footer">
        <strong>{s.mercado}</strong>
        {s.endereco && <span>{s.endereco}</span>}
        {s.contato && <span>{s.contato}</span>}
        <span>{s.copyright}</span>
        <a href="/privacidade">Privacidade</a>
      </footer>
    </div>
  );
}

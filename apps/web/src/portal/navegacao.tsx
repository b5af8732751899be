import { useSyncExternalStore, type AnchorHTMLAttributes, type MouseEvent } from 'react';

/*
 * The portal's few addresses without a router library (its light entry, decision 0300): the URL says which
 * section shows; links change it with the History API and every reader re-renders.
 */

const ouvintes = new Set<() => void>();
const avisar = () => ouvintes.forEach((o) => o());

function assinar(o: () => void) {
  ouvintes.add(o);
  window.addEventListener('popstate', o);
  return () => {
    ouvintes.delete(o);
    window.removeEventListener('popstate', o);
  };
}

/** The address shown (path and query); `estado` travels with it (e.g. the message a list shows after a save). */
export function navegar(caminho: string, o: { substituir?: boolean; estado?: unknown } = {}) {
  if (o.substituir) history.replaceState(o.estado ?? null, '', caminho);
  else history.pushState(o.estado ?? null, '', caminho);
  avisar();
}

/** The current path and query ('/portal/chegadas?x=1'); re-renders on each navigation. */
export function useEndereco(): string {
  return useSyncExternalStore(
    assinar,
    () => location.pathname + location.search,
    () => '',
  );
}

/** The message a page left for the next one (navegar's `estado.mensagem`), if any. */
export const mensagemDaNavegacao = (): string | null => {
  const e = history.state as { mensagem?: unknown } | null;
  return typeof e?.mensagem === 'string' ? e.mensagem : null;
};

/** A link inside the portal: a plain click navigates without reloading; Ctrl/middle click opens a tab as usual. */
export function LinkDoPortal({ href, onClick, ...resto }: AnchorHTMLAttributes<HTMLAnchorElement> & { href: string }) {
  const clicar = (e: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(e);
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    navegar(href);
  };
  return <a href={href} onClick={clicar} {...resto} />;
}

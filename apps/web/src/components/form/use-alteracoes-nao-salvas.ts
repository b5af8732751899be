import { perguntar } from '../../lib/confirmacao';
import { useContext, useEffect, useRef } from 'react';
import { UNSAFE_NavigationContext } from 'react-router';

export const ALTERACOES_NAO_SALVAS = 'Existem alterações não salvas. Deseja sair mesmo assim?';

/** The router's history, as the app's declarative router (BrowserRouter) and MemoryRouter give it. */
type Historico = {
  push: (...a: unknown[]) => void;
  replace: (...a: unknown[]) => void;
  go: (delta: number) => void;
};

/**
 * Unsaved work is guarded: while `sujo` holds, leaving the page inside the app (a menu
 * link, 'Voltar', any navigate) first asks 'Existem alterações não salvas. Deseja sair mesmo assim?'
 * (Sim leaves, Não stays), and reloading or closing the tab asks the browser's own question
 * (beforeunload; browsers show their own text).
 *
 * The app runs react-router's declarative <BrowserRouter>, where `useBlocker` is not available (it
 * needs a data router): the router's history is wrapped instead while the form is dirty, so every
 * in-app navigation (Link, NavLink, navigate) passes through the question. Decision record 0083.
 */
export function useAlteracoesNaoSalvas(sujo: boolean) {
  const { navigator } = useContext(UNSAFE_NavigationContext);
  const atual = useRef(sujo);
  useEffect(() => {
    atual.current = sujo;
  });

  useEffect(() => {
    if (!sujo) return;
    const h = navigator as unknown as Historico;
    const original = { push: h.push, replace: h.replace, go: h.go };
    let perguntando = false;
    const guardar =
      <A extends unknown[]>(ir: (...a: A) => void) =>
      (...a: A) => {
        if (!atual.current) return ir(...a);
        if (perguntando) return;
        perguntando = true;
        void perguntar(ALTERACOES_NAO_SALVAS, { header: 'Alterações não salvas' }).then((sim) => {
          perguntando = false;
          if (sim) ir(...a);
        });
      };
    h.push = guardar(original.push);
    h.replace = guardar(original.replace);
    h.go = guardar(original.go);
    const antesDeSair = (e: BeforeUnloadEvent) => {
      if (!atual.current) return;
      e.preventDefault();
      // Older browsers ask only when a text is set (and show their own anyway).
      e.returnValue = ALTERACOES_NAO_SALVAS;
    };
    window.addEventListener('beforeunload', antesDeSair);
    return () => {
      h.push = original.push;
      h.replace = original.replace;
      h.go = original.go;
      window.removeEventListener('beforeunload', antesDeSair);
    };
  }, [sujo, navigator]);
}

/**
 * Parts of a form saved on the server at once (the items of the romaneio's and shop's edit screens,
 * useItensNoServidor): their changes are no unsaved work. Keyed by the form's control.
 */
const salvosNaHora = new WeakMap<object, Set<string>>();

export function salvoNaHora(control: object, campo: string) {
  const s = salvosNaHora.get(control) ?? new Set<string>();
  s.add(campo);
  salvosNaHora.set(control, s);
}

/** Whether react-hook-form's `dirtyFields` marks any field changed, leaving out those saved at once. */
export function algumaAlteracao(dirtyFields: object, control?: object): boolean {
  const fora = (control && salvosNaHora.get(control)) ?? new Set<string>();
  const marcado = (v: unknown): boolean => (typeof v === 'object' && v !== null ? Object.values(v).some(marcado) : v === true);
  return Object.entries(dirtyFields).some(([k, v]) => !fora.has(k) && marcado(v));
}

import { useEffect } from 'react';

/** The id of every page's main content, where 'Pular para o conteúdo' leads. */
export const ID_CONTEUDO = 'conteudo';

/** 'Pular para o conteúdo': the first stop of Tab on every page, hidden until focused; it moves the focus into the main content. */
export function PularParaConteudo() {
  return (
    <a
      href={`#${ID_CONTEUDO}`}
      className="pular-para-conteudo"
      onClick={(e) => {
        const main = document.getElementById(ID_CONTEUDO);
        if (!main) return;
        e.preventDefault();
        focarInicio(main);
      }}
    >
      Pular para o conteúdo
    </a>
  );
}

const CAMPO = 'input:not([type="hidden"]):not([disabled]), textarea:not([disabled]), select:not([disabled]):not([aria-hidden="true"])';

/** The page's first form field if it has a form, else its heading (else the main content itself), made focusable. */
function focarInicio(main: HTMLElement) {
  const campo = main.querySelector('form')?.querySelector<HTMLElement>(CAMPO);
  if (campo) {
    campo.focus();
    return true;
  }
  focarTitulo();
  return true;
}

/** The page's heading (else the main content), e.g. when the button that opened a dialog is gone (a removed row). */
function focarTitulo() {
  const main = document.getElementById(ID_CONTEUDO);
  const titulo = main?.querySelector<HTMLElement>('h1') ?? main;
  if (!titulo) return;
  if (!titulo.hasAttribute('tabindex')) titulo.setAttribute('tabindex', '-1');
  titulo.focus();
}

/**
 * After each navigation (`chave`: the path), the focus goes to the new page's first field or heading once the
 * page has rendered it, unless something in the page already took it (a field's autoFocus, a click).
 */
export function useFocoAoNavegar(chave: string) {
  useEffect(() => {
    const main = document.getElementById(ID_CONTEUDO);
    if (!main) return;
    const feito = () => {
      const ativo = document.activeElement;
      if (ativo && ativo !== document.body && main.contains(ativo) && ativo !== main) return true;
      return !!main.querySelector('h1') && focarInicio(main);
    };
    if (feito()) return;
    const obs = new MutationObserver(() => {
      if (feito()) parar();
    });
    // Whatever the person does first (a click, a key) wins: the focus is never moved after that.
    const limite = setTimeout(() => parar(), 10_000);
    const parar = () => {
      obs.disconnect();
      clearTimeout(limite);
      document.removeEventListener('pointerdown', parar, true);
      document.removeEventListener('keydown', parar, true);
    };
    obs.observe(main, { childList: true, subtree: true });
    document.addEventListener('pointerdown', parar, true);
    document.addEventListener('keydown', parar, true);
    return parar;
  }, [chave]);
}

/** The control now on the page that stands for `el` when a re-render replaced it (the same id, or tag and aria-label). */
function mesmoControle(el: HTMLElement): HTMLElement | null {
  if (el.id) return document.getElementById(el.id);
  const nome = el.getAttribute('aria-label');
  if (!nome) return null;
  return [...document.querySelectorAll<HTMLElement>(`${el.tagName}[aria-label]`)].find((e) => e.getAttribute('aria-label') === nome) ?? null;
}

/**
 * When the last dialog closes (a confirmation, a print dialog, any PrimeReact Dialog) and left the focus on
 * nothing, the focus goes back to the element that had it before the dialog opened (or the control that
 * replaced it in a re-render); if that is gone (a removed row), to the page's heading.
 */
export function useFocoDevolvidoAoFecharDialogo() {
  useEffect(() => {
    let gatilho: HTMLElement | null = null;
    let aberto = false;
    const emDialogo = (el: Element | null) => !!el?.closest('.p-dialog-mask, .p-dialog');
    const aoFocar = (e: FocusEvent) => {
      if (e.target instanceof HTMLElement && !emDialogo(e.target)) gatilho = e.target;
    };
    const obs = new MutationObserver(() => {
      const agora = !!document.querySelector('.p-dialog-mask');
      if (agora === aberto) return;
      aberto = agora;
      if (agora) return;
      const ativo = document.activeElement;
      if (ativo && ativo !== document.body && ativo.isConnected) return;
      const alvo = gatilho?.isConnected ? gatilho : gatilho && mesmoControle(gatilho);
      if (alvo) alvo.focus();
      else focarTitulo();
    });
    obs.observe(document.body, { childList: true, subtree: true });
    document.addEventListener('focusin', aoFocar);
    return () => {
      obs.disconnect();
      document.removeEventListener('focusin', aoFocar);
    };
  }, []);
}

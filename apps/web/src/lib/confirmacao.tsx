import { Button } from 'primereact/button';
import { ConfirmDialog, confirmDialog } from 'primereact/confirmdialog';
import type { ReactNode } from 'react';
import { ApiError } from './api-client';

/**
 * Whether a save was answered with a request for confirmation: a 409 whose body names what to confirm
 * (`confirmar`, e.g. a second price on a day; docs/decisions/0136-confirmacoes-do-preco.md). The same save
 * with `confirmar: true` goes through.
 */
export const pedeConfirmacao = (err: unknown): err is ApiError =>
  err instanceof ApiError && err.status === 409 && Array.isArray((err.body as { confirmar?: unknown } | undefined)?.confirmar);

/** The messages of a 409 that asks: each of its `perguntas` (a romaneio's, decision 0294), else its one message. */
export const perguntasDoErro = (err: ApiError): string[] => {
  const perguntas = (err.body as { perguntas?: { mensagem?: unknown }[] } | undefined)?.perguntas;
  return Array.isArray(perguntas) ? perguntas.map((p) => String(p.mensagem)) : [err.message];
};

/** A 409's questions as the server sent them, in its order (empty for a question without codes). */
export const perguntasComCodigo = (err: ApiError): ({ codigo: string } & Record<string, unknown>)[] => {
  const perguntas = (err.body as { perguntas?: unknown } | undefined)?.perguntas;
  return Array.isArray(perguntas) ? perguntas.map((p: Record<string, unknown>) => ({ ...p, codigo: String(p.codigo) })) : [];
};

/**
 * The app's one question dialog (where `perguntar` and `avisar` show), opened and closed in no time (a transition of
 * 0 ms, not a disabled one: PrimeReact binds Escape and its focus when the opening ends, which a disabled transition
 * skips on the first show). A question asked while the previous one was still fading out re-used its buttons, so
 * 'Não' was not focused again and the dialog put the focus on its close icon, and a clerk answering at full speed
 * pressed the wrong button (on a loaded machine the fade lasted long enough for the next row's question;
 * docs/decisions/0254).
 */
export function DialogoDasPerguntas() {
  return <ConfirmDialog transitionOptions={{ timeout: 0 }} />;
}

/** A save declined at its question ('Não'): nothing saved, nothing to report. */
export const RECUSADO = Symbol('recusado');

/**
 * Sends a save; a 409 that asks (`pedeConfirmacao`) is asked with `perguntarSobre` and, on 'Sim', the same save is
 * sent again confirming it: with the codes it asked when it names its questions (`perguntas`, a romaneio's: each code
 * confirmed, added to those confirmed before should the next answer ask something new), else with `confirmar: true`.
 * 'Não' rejects with RECUSADO; an answer asking only what was already confirmed is the error it is.
 */
export async function enviarConfirmando<T>(
  enviar: (confirmar?: true | string[]) => Promise<T>,
  perguntarSobre: (err: ApiError) => Promise<boolean> = (err) => perguntar(err.message),
): Promise<T> {
  let confirmar: true | string[] | undefined;
  for (;;) {
    try {
      return await enviar(confirmar);
    } catch (err) {
      if (!pedeConfirmacao(err) || confirmar === true) throw err;
      const ja = confirmar ?? [];
      const body = err.body as { confirmar: unknown[]; perguntas?: unknown };
      const novos = Array.isArray(body.perguntas) ? body.confirmar.map(String).filter((c) => !ja.includes(c)) : null;
      if (novos && !novos.length) throw err;
      if (!(await perguntarSobre(err))) throw RECUSADO;
      confirmar = novos ? [...ja, ...novos] : true;
    }
  }
}

/** The title and buttons of a question; docs/produto/validacao.md's 'Confirmação' / 'Sim' / 'Não' unless named. `perigo` paints 'Sim' red (a removal). */
export interface Pergunta {
  header?: string;
  acceptLabel?: string;
  rejectLabel?: string;
  perigo?: boolean;
  /** The dialog's icon (PrimeIcons class); default the warning triangle. */
  icone?: string;
  /** The dialog opens on 'Sim' (an offer, not a risk: e.g. printing the labels that changed); default on 'Não'. */
  focoEmSim?: boolean;
}

/** Ends the focus guard of the last question answered (a new question, a click, Tab, or the dialog gone). */
let encerrarGuarda: (() => void) | null = null;

/**
 * Keeps the focus where the asker put it after the answer. PrimeReact gives the focus back to the element that
 * opened the dialog twice: at once when a button is pressed, and again when the closing animation ends (the
 * Dialog's onExited, a few hundred ms later, after a slow page even later). Whoever asked moves the focus where
 * the next entry belongs (the next row after 'Sim' on the prices grid); without this guard, the late give-back
 * pulled it back to the confirmed row and the next value typed went to the previous product. While the dialog
 * is closing, a focus that lands on the element that opened it (or on the dying dialog) after the asker moved
 * it elsewhere is returned to where the asker put it; a click or Tab by the person ends the guard at once.
 */
function guardarFoco(quemAbriu: HTMLElement | null) {
  let destino: HTMLElement | null = null;
  const emDialogo = (el: EventTarget | null) => el instanceof Element && !!el.closest('.p-dialog-mask, .p-dialog');
  const devolvido = (el: EventTarget | null) => el === quemAbriu || emDialogo(el);
  const aoFocar = (e: FocusEvent) => {
    if (!devolvido(e.target)) {
      destino = e.target instanceof HTMLElement ? e.target : null;
      return;
    }
    if (destino?.isConnected && destino !== e.target) {
      const alvo = destino;
      // After the focus event is done: focusing inside a focus handler is unreliable.
      queueMicrotask(() => alvo.isConnected && alvo.focus({ preventScroll: true }));
    }
  };
  const aoTeclar = (e: KeyboardEvent) => {
    if (e.key === 'Tab') encerrar();
  };
  const obs = new MutationObserver(() => {
    if (!document.querySelector('.p-dialog-mask')) requestAnimationFrame(() => requestAnimationFrame(encerrar));
  });
  const limite = setTimeout(() => encerrar(), 5_000);
  function encerrar() {
    if (encerrarGuarda !== encerrar) return;
    encerrarGuarda = null;
    obs.disconnect();
    clearTimeout(limite);
    document.removeEventListener('focusin', aoFocar, true);
    document.removeEventListener('pointerdown', encerrar, true);
    document.removeEventListener('keydown', aoTeclar, true);
    // The dialog gone with the focus on nothing: back where the asker put it.
    const ativo = document.activeElement;
    if (destino?.isConnected && (!ativo || ativo === document.body || !ativo.isConnected)) destino.focus({ preventScroll: true });
  }
  encerrarGuarda = encerrar;
  document.addEventListener('focusin', aoFocar, true);
  document.addEventListener('pointerdown', encerrar, true);
  document.addEventListener('keydown', aoTeclar, true);
  obs.observe(document.body, { childList: true, subtree: true });
}

/**
 * Asks the question `mensagem` names (the app's one ConfirmDialog, every confirmation of the app goes through
 * here): resolves true on 'Sim', false on 'Não' or when the dialog is closed. It starts on 'Não': an Enter typed
 * at speed never confirms by itself.
 */
export function perguntar(mensagem: ReactNode, o: Pergunta = {}): Promise<boolean> {
  encerrarGuarda?.();
  const quemAbriu = document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null;
  return new Promise((resolve) => {
    let respondido = false;
    const responder = (sim: boolean) => {
      if (respondido) return;
      respondido = true;
      guardarFoco(quemAbriu);
      resolve(sim);
    };
    confirmDialog({
      message: mensagem,
      header: o.header ?? 'Confirmação',
      icon: o.icone ?? 'pi pi-exclamation-triangle',
      acceptLabel: o.acceptLabel ?? 'Sim',
      rejectLabel: o.rejectLabel ?? 'Não',
      acceptClassName: o.perigo ? 'p-button-danger' : undefined,
      defaultFocus: o.focoEmSim ? 'accept' : 'reject',
      accept: () => responder(true),
      reject: () => responder(false),
      onHide: () => responder(false),
    });
  });
}

/**
 * The one destructive confirmation ('Confirmação', 'Sim' painted red, 'Não'): it opens with the focus on 'Não', so an
 * Enter typed at speed cancels instead of deleting; closing returns the focus to whoever opened it
 * (useFocoDevolvidoAoFecharDialogo).
 */
export function confirmarRemocao(mensagem: ReactNode, aceitar: () => void | Promise<void>) {
  void perguntar(mensagem, { perigo: true }).then((sim) => sim && aceitar());
}

/** Tells why something cannot be done (e.g. a row that may not be removed): the same dialog with one button, 'OK'. */
export function avisar(mensagem: ReactNode, titulo: string): Promise<void> {
  return new Promise((resolve) => {
    confirmDialog({
      message: mensagem,
      header: titulo,
      icon: 'pi pi-info-circle',
      footer: (o) => <Button type="button" label="OK" onClick={o.accept} autoFocus />,
      onHide: () => resolve(),
    });
  });
}

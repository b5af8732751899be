import { Button } from 'primereact/button';
import { confirmDialog } from 'primereact/confirmdialog';
import type { ReactNode } from 'react';
import { ApiError } from './api-client';

/**
 * Whether a save was answered with a request for confirmation: a 409 whose body names what to confirm
 * (`confirmar`, e.g. a second price on a day; docs/decisions/0136-confirmacoes-do-preco.md). The same save
 * with `confirmar: true` goes through.
 */
export const pedeConfirmacao = (err: unknown): err is ApiError =>
  err instanceof ApiError && err.status === 409 && Array.isArray((err.body as { confirmar?: unknown } | undefined)?.confirmar);

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

/**
 * Asks the question `mensagem` names (the app's one ConfirmDialog, every confirmation of the app goes through
 * here): resolves true on 'Sim', false on 'Não' or when the dialog is closed. It starts on 'Não': an Enter typed
 * at speed never confirms by itself.
 */
export function perguntar(mensagem: ReactNode, o: Pergunta = {}): Promise<boolean> {
  return new Promise((resolve) => {
    let respondido = false;
    const responder = (sim: boolean) => {
      if (respondido) return;
      respondido = true;
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

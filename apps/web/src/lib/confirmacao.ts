import { confirmDialog } from 'primereact/confirmdialog';
import { ApiError } from './api-client';

/**
 * Whether a save was answered with a request for confirmation: a 409 whose body names what to confirm
 * (`confirmar`, e.g. a second price on a day; docs/decisions/0136-confirmacoes-do-preco.md). The same save
 * with `confirmar: true` goes through.
 */
export const pedeConfirmacao = (err: unknown): err is ApiError =>
  err instanceof ApiError && err.status === 409 && Array.isArray((err.body as { confirmar?: unknown } | undefined)?.confirmar);

/**
 * Asks the question `mensagem` names (the app's one ConfirmDialog): resolves true on 'Sim', false on 'Não' or
 * when the dialog is closed. It starts on 'Não': an Enter typed at speed never confirms by itself.
 */
export function perguntar(mensagem: string): Promise<boolean> {
  return new Promise((resolve) => {
    let respondido = false;
    const responder = (sim: boolean) => {
      if (respondido) return;
      respondido = true;
      resolve(sim);
    };
    confirmDialog({
      message: mensagem,
      header: 'Confirmação',
      icon: 'pi pi-exclamation-triangle',
      acceptLabel: 'Sim',
      rejectLabel: 'Não',
      defaultFocus: 'reject',
      accept: () => responder(true),
      reject: () => responder(false),
      onHide: () => responder(false),
    });
  });
}

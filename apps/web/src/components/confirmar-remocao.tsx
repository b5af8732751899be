import { confirmDialog } from 'primereact/confirmdialog';
import type { ReactNode } from 'react';

/**
 * The one destructive confirmation (SPEC.md's texts: 'Confirmação', 'Sim', 'Não'). It opens with the focus
 * on 'Não', so an Enter typed at speed cancels instead of deleting; closing returns the focus to whoever
 * opened it (useFocoDevolvidoAoFecharDialogo).
 */
export function confirmarRemocao(message: ReactNode, accept: () => void | Promise<void>) {
  confirmDialog({
    message,
    header: 'Confirmação',
    icon: 'pi pi-exclamation-triangle',
    acceptLabel: 'Sim',
    rejectLabel: 'Não',
    acceptClassName: 'p-button-danger',
    defaultFocus: 'reject',
    accept: () => void accept(),
  });
}

import type { ReactNode } from 'react';
import { perguntar } from '../lib/confirmacao';

/**
 * The one destructive confirmation (SPEC.md's texts: 'Confirmação', 'Sim', 'Não'), through the app's one question
 * (`perguntar`): it opens with the focus on 'Não', so an Enter typed at speed cancels instead of deleting; closing
 * returns the focus to whoever opened it (useFocoDevolvidoAoFecharDialogo).
 */
export function confirmarRemocao(message: ReactNode, accept: () => void | Promise<void>) {
  void perguntar(message, { perigo: true }).then((sim) => sim && accept());
}

/*
 * A pick typed while its list loads waits for the list (campo-busca.tsx). The wait is said on the input itself, so
 * the form's save (form-page.tsx) sees it: a save asked for meanwhile is done when the last wait ends.
 */

/** The end of a wait, an event that bubbles from the input to its form. */
export const FIM_DA_ESPERA = 'escolha-resolvida';
const ATRIBUTO = 'data-esperando';

/** Marks `entrada` as waiting for its list, or not; the end of a wait is announced (FIM_DA_ESPERA). */
export function marcarEspera(entrada: HTMLElement | null, esperando: boolean) {
  if (!entrada || entrada.hasAttribute(ATRIBUTO) === esperando) return;
  entrada.toggleAttribute(ATRIBUTO, esperando);
  if (!esperando) entrada.dispatchEvent(new Event(FIM_DA_ESPERA, { bubbles: true }));
}

/** Whether a pick of `formulario` still waits for its list. */
export const escolhaEsperando = (formulario: HTMLElement) => formulario.querySelector(`[${ATRIBUTO}]`) !== null;

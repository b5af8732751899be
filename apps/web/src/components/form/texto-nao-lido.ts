/*
 * A field holding text that was not turned into a value (a search not picked, a number not read) says so on its
 * input, so the form's save (form-page.tsx) stops on it instead of saving the field as if it were empty.
 */

/** Asked of a marked input by the save it stopped: its field shows the message (the event's detail). */
export const PEDIDO_DO_TEXTO_NAO_LIDO = 'texto-nao-lido';
const ATRIBUTO = 'data-nao-lido';

/** The message of a search box left with text not picked from its list. */
export const textoNaoEscolhido = (texto: string) => `"${texto.trim()}" foi digitado mas não escolhido da lista: escolha uma opção (Enter) ou apague o texto`;

/** The message of a number field left with text it could not read (`motivo`: the reading's pt-BR message). */
export const numeroNaoLido = (texto: string, motivo: string) =>
  `"${texto.trim()}" não foi lido como número (${motivo.replace(/\.$/, '')}): corrija-o ou apague-o`;

/** Marks `entrada` as holding text not turned into a value (its message), or clears the mark (null). */
export function marcarNaoLido(entrada: HTMLElement | null, mensagem: string | null) {
  if (!entrada) return;
  if (mensagem === null) entrada.removeAttribute(ATRIBUTO);
  else entrada.setAttribute(ATRIBUTO, mensagem);
}

/** The first input of `formulario` holding text not turned into a value, with its message. */
export function primeiroNaoLido(formulario: HTMLElement): { entrada: HTMLInputElement; mensagem: string } | null {
  const entrada = formulario.querySelector<HTMLInputElement>(`[${ATRIBUTO}]`);
  return entrada ? { entrada, mensagem: entrada.getAttribute(ATRIBUTO)! } : null;
}

/**
 * Stops a save on the first field holding text not turned into a value: the cursor goes there with the text
 * selected, and the field is asked to show the message (a field that does not answer: `semCampo` says it).
 * Returns whether the save was stopped.
 */
export function pararNoNaoLido(formulario: HTMLElement, semCampo: (mensagem: string) => void): boolean {
  const achado = primeiroNaoLido(formulario);
  if (!achado) return false;
  const { entrada, mensagem } = achado;
  entrada.focus();
  entrada.select();
  const pedido = new CustomEvent(PEDIDO_DO_TEXTO_NAO_LIDO, { detail: mensagem, cancelable: true });
  if (entrada.dispatchEvent(pedido)) semCampo(mensagem);
  return true;
}

/** Listens for the save's request on `entrada` (the field shows `mostrar`'s message); returns the unsubscribe. */
export function ouvirNaoLido(entrada: HTMLElement | null, mostrar: (mensagem: string) => void): () => void {
  if (!entrada) return () => undefined;
  const ouvir = (e: Event) => {
    e.preventDefault();
    mostrar((e as CustomEvent<string>).detail);
  };
  entrada.addEventListener(PEDIDO_DO_TEXTO_NAO_LIDO, ouvir);
  return () => entrada.removeEventListener(PEDIDO_DO_TEXTO_NAO_LIDO, ouvir);
}

import { useCallback, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { escolhaEsperando, FIM_DA_ESPERA } from './espera-da-escolha';
import { pararNoNaoLido } from './texto-nao-lido';

/*
 * How a form's save is sent, for the back office's FormPage and the producers' portal's plain forms alike: once
 * (a second click or tap while it runs sends nothing), after the picks typed while their list loaded, and never with
 * a search not picked or a number not read.
 */

/** A save asked for while what was typed in a pick list is still being fetched: it waits for it. */
export const SALVA_QUANDO_CHEGAR = 'Aguarde: o que foi digitado ainda está sendo buscado. O cadastro será salvo assim que chegar.';

/**
 * `enviar(e, salvar)` is the form's onSubmit: it runs `salvar` unless one is running (the lock is a ref, read
 * synchronously: two clicks in the same tick see it) or `bloqueado()` says so; while a pick waits for its list the
 * save is done when the last wait ends (`ouvirEsperas` is the form's ref); a field holding text not read stops it
 * there. `avisar` says why a save waits or stopped where no field can say it.
 */
export function useEnvioDoFormulario(avisar: (tipo: 'info' | 'error', mensagem: string) => void, bloqueado?: () => boolean) {
  const enviando = useRef(false);
  const [emEnvio, setEmEnvio] = useState(false);
  /** A save asked for while a pick typed waits for its list: done when the last wait ends. */
  const salvarAoChegar = useRef(false);
  const ouvirEsperas = useCallback((formulario: HTMLFormElement | null) => {
    formulario?.addEventListener(FIM_DA_ESPERA, () => {
      if (!salvarAoChegar.current || escolhaEsperando(formulario)) return;
      salvarAoChegar.current = false;
      // After the pick is drawn, so a form that keeps its values in state sends the pick too.
      setTimeout(() => formulario.isConnected && formulario.requestSubmit());
    });
  }, []);
  const enviar = (e: FormEvent<HTMLFormElement>, salvar: (e: FormEvent<HTMLFormElement>) => unknown) => {
    e.preventDefault();
    if (enviando.current || bloqueado?.()) return;
    if (escolhaEsperando(e.currentTarget)) {
      if (!salvarAoChegar.current) avisar('info', SALVA_QUANDO_CHEGAR);
      salvarAoChegar.current = true;
      return;
    }
    // A search not picked or a number not read is never saved as if the field were empty: the save stops there.
    if (pararNoNaoLido(e.currentTarget, (m) => avisar('error', m))) return;
    enviando.current = true;
    setEmEnvio(true);
    Promise.resolve(salvar(e)).finally(() => {
      enviando.current = false;
      setEmEnvio(false);
    });
  };
  return { emEnvio, ouvirEsperas, enviar };
}

/**
 * The form's onKeyDown: Ctrl+Enter saves from any field (the field left first, so a number being typed is
 * committed). In a form that picks from a list or has items (the gate's protocol on every such form) a plain
 * Enter never saves: in a field that did not take it itself (a pick list that found nothing, a row editor, a
 * stall added) it moves to the next field.
 */
export function teclarNoFormulario(e: KeyboardEvent<HTMLFormElement>) {
  if (e.key !== 'Enter') return;
  const formulario = e.currentTarget;
  const alvo = e.target as HTMLElement;
  if (e.ctrlKey || e.metaKey) {
    e.preventDefault();
    (document.activeElement as HTMLElement | null)?.blur();
    formulario.requestSubmit();
  } else if (alvo.tagName === 'INPUT' && formulario.querySelector('.items-field, .campo-busca')) {
    const tomado = e.nativeEvent.defaultPrevented;
    e.preventDefault();
    if (!tomado && document.activeElement === alvo) proximoCampo(formulario, alvo)?.focus();
  }
}

/** The form's next field after `de` (its inputs in order, Tab stops only), or undefined at the last one. */
function proximoCampo(formulario: HTMLFormElement, de: HTMLElement): HTMLInputElement | HTMLTextAreaElement | undefined {
  const campos = Array.from(formulario.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea')).filter(
    (c) => !c.disabled && c.type !== 'hidden' && c.tabIndex >= 0 && c.getClientRects().length > 0,
  );
  return campos[campos.indexOf(de as HTMLInputElement) + 1];
}

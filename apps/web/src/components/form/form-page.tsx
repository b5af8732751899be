import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { ProgressSpinner } from 'primereact/progressspinner';
import { useCallback, useRef, useState, type FormEvent, type FormEventHandler, type KeyboardEvent, type ReactNode } from 'react';
import type { FieldValues } from 'react-hook-form';
import { Link } from 'react-router';
import { maximoDe, tituloDoFormulario } from '@ceasa/shared';
import { useToast } from '../../lib/toast';
import { pararNoNaoLido } from './texto-nao-lido';
import { escolhaEsperando, FIM_DA_ESPERA } from './espera-da-escolha';
import { LimiteDoCampo } from './limite-do-campo';
import type { ResourceFormState } from './use-resource-form';
import { AvisoVersaoDesatualizada } from './versao-desatualizada';

/** A save asked for while what was typed in a pick list is still being fetched: it waits for it. */
export const SALVA_QUANDO_CHEGAR = 'Aguarde: o que foi digitado ainda está sendo buscado. O cadastro será salvo assim que chegar.';

/**
 * The frame of every create/edit page: title, loading state, error panel, fields, buttons.
 * With `form` (from useResourceForm) it takes the list path, loading, error, retry, submit and the
 * 'Salvar'/'Atualizar' button from it; explicit props still win. `botoesExtra` follow that button.
 *
 * A second click saves nothing twice: every button of the form's button row (Salvar, Atualizar,
 * 'Salvar e continuar', any extra one) is locked from the first submit until the submit handler
 * ends, and after that for as long as the resource form says (until its save fails or the page leaves).
 * The lock is a ref, read synchronously: two clicks in the same tick see it.
 * Ctrl+Enter saves too (the button's title says so); in a master-detail form a plain Enter never saves.
 */
export function FormPage<F extends FieldValues, D>(props: {
  /** Default: 'Novo {singular}' / 'Editar {singular}' of the form's declaration. */
  titulo?: string;
  caminhoDaLista?: string;
  form?: ResourceFormState<F, D>;
  carregando?: boolean;
  erroCarregar?: Error | null;
  onRetry?: () => void;
  onSubmit?: FormEventHandler;
  children: ReactNode;
  botoes?: ReactNode;
  botoesExtra?: ReactNode;
}) {
  const f = props.form;
  const enviando = useRef(false);
  const [emEnvio, setEmEnvio] = useState(false);
  const bloqueado = emEnvio || !!f?.bloqueado;
  const p = {
    ...props,
    titulo: props.titulo ?? (f?.recurso?.nome ? tituloDoFormulario({ nome: f.recurso.nome }, f.editando) : ''),
    caminhoDaLista: props.caminhoDaLista ?? f?.caminhoDaLista,
    carregando: props.carregando ?? f?.carregando,
    erroCarregar: props.erroCarregar ?? f?.erroCarregar,
    onRetry: props.onRetry ?? f?.recarregar,
    onSubmit: props.onSubmit ?? f?.form.handleSubmit((v) => f.salvar(v)),
    botoes:
      props.botoes ??
      (f && (
        <Button
          type="submit"
          label={f.editando ? 'Atualizar' : 'Salvar'}
          title={`${f.editando ? 'Atualizar' : 'Salvar'} (Ctrl+Enter)`}
          icon="pi pi-check"
          loading={f.salvando}
          disabled={bloqueado}
        />
      )),
  };
  const toast = useToast();
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
  const enviar = (e: FormEvent<HTMLFormElement>) => {
    if (enviando.current || f?.estaBloqueado()) {
      e.preventDefault();
      return;
    }
    if (escolhaEsperando(e.currentTarget)) {
      e.preventDefault();
      if (!salvarAoChegar.current) toast.show('info', SALVA_QUANDO_CHEGAR);
      salvarAoChegar.current = true;
      return;
    }
    // A search not picked or a number not read is never saved as if the field were empty: the save stops there.
    if (pararNoNaoLido(e.currentTarget, (m) => toast.show('error', m))) {
      e.preventDefault();
      return;
    }
    enviando.current = true;
    setEmEnvio(true);
    Promise.resolve(p.onSubmit?.(e)).finally(() => {
      enviando.current = false;
      setEmEnvio(false);
    });
  };
  /**
   * Ctrl+Enter saves from any field (the field left first, so a number being typed is committed). In a
   * form that picks from a list or has items (the gate's protocol on every such form) a plain
   * Enter never saves: in a field that did not take it itself (a pick list that found nothing, a row
   * editor, a stall added) it moves to the next field.
   */
  const teclar = (e: KeyboardEvent<HTMLFormElement>) => {
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
  };
  return (
    <section className="card form-page">
      <div className="list-header">
        <h1>{p.titulo}</h1>
        <div className="list-actions">
          <Link to={p.caminhoDaLista!} className="p-button p-button-text p-button-sm">
            <i className="pi pi-arrow-left" aria-hidden /> &nbsp;Voltar
          </Link>
        </div>
      </div>
      {p.erroCarregar ? (
        <div className="error-panel" role="alert">
          <Message severity="error" text={`Não foi possível carregar o registro: ${p.erroCarregar.message}`} />
          {p.onRetry && <Button label="Tentar novamente" icon="pi pi-refresh" outlined onClick={p.onRetry} />}
        </div>
      ) : p.carregando ? (
        <div className="center">
          <ProgressSpinner style={{ width: 40, height: 40 }} aria-label="Carregando" />
        </div>
      ) : (
        <form ref={ouvirEsperas} onSubmit={enviar} onKeyDown={teclar} noValidate className="form-grid">
          {f?.desatualizado && <AvisoVersaoDesatualizada onRecarregar={() => void f.recarregarRegistro()} />}
          <LimiteDoCampo.Provider value={(campo) => maximoDe(f?.schema, campo)}>{p.children}</LimiteDoCampo.Provider>
          {/* A disabled fieldset disables every button in it, the pages' extra ones too. */}
          <fieldset className="form-buttons" disabled={bloqueado}>
            {p.botoes}
            {p.botoesExtra}
          </fieldset>
        </form>
      )}
    </section>
  );
}

/** The form's next field after `de` (its inputs in order, Tab stops only), or undefined at the last one. */
function proximoCampo(formulario: HTMLFormElement, de: HTMLElement): HTMLInputElement | HTMLTextAreaElement | undefined {
  const campos = Array.from(formulario.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea')).filter(
    (c) => !c.disabled && c.type !== 'hidden' && c.tabIndex >= 0 && c.getClientRects().length > 0,
  );
  return campos[campos.indexOf(de as HTMLInputElement) + 1];
}

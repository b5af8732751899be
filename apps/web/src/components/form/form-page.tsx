import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { ProgressSpinner } from 'primereact/progressspinner';
import type { FormEvent, FormEventHandler, ReactNode } from 'react';
import type { FieldValues } from 'react-hook-form';
import { Link } from 'react-router';
import { maximoDe, tituloDoFormulario } from '@ceasa/shared';
import { useToast } from '../../lib/toast';
import { teclarNoFormulario, useEnvioDoFormulario } from './envio-do-formulario';
import { LimiteDoCampo } from './limite-do-campo';
import type { ResourceFormState } from './use-resource-form';
import { AvisoVersaoDesatualizada } from './versao-desatualizada';

export { SALVA_QUANDO_CHEGAR } from './envio-do-formulario';

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
  const toast = useToast();
  const {
    emEnvio,
    ouvirEsperas,
    enviar: enviarUmaVez,
  } = useEnvioDoFormulario(
    (tipo, m) => toast.show(tipo, m),
    () => !!f?.estaBloqueado(),
  );
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
  const enviar = (e: FormEvent<HTMLFormElement>) => enviarUmaVez(e, (ev) => p.onSubmit?.(ev));
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
        <form ref={ouvirEsperas} onSubmit={enviar} onKeyDown={teclarNoFormulario} noValidate className="form-grid">
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

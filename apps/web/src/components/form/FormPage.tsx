import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { ProgressSpinner } from 'primereact/progressspinner';
import type { FormEventHandler, ReactNode } from 'react';
import { Link } from 'react-router';

/** The frame of every create/edit page: title, loading state, error panel, fields, buttons. */
export function FormPage(p: {
  titulo: string;
  listPath: string;
  carregando?: boolean;
  erroCarregar?: Error | null;
  onRetry?: () => void;
  onSubmit: FormEventHandler;
  children: ReactNode;
  botoes: ReactNode;
  extra?: ReactNode;
}) {
  return (
    <section className="card form-page">
      <div className="list-header">
        <h1>{p.titulo}</h1>
        <div className="list-actions">
          {p.extra}
          <Link to={p.listPath} className="p-button p-button-text p-button-sm">
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
        <form onSubmit={p.onSubmit} noValidate className="form-grid">
          {p.children}
          <div className="form-buttons">{p.botoes}</div>
        </form>
      )}
    </section>
  );
}

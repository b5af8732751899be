import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { formatDateTime } from '@ceasa/shared/format';
import { useSettings } from '../../lib/settings';
import { quebraLonga } from '../texto-longo';

/** The municipal header every report carries: both logos, municipality, market, title, print date. */
export function PrintHeader({ titulo, subtitulo }: { titulo: string; subtitulo?: ReactNode }) {
  const s = useSettings();
  return (
    <header className="print-header">
      <img src={s.logoMunicipio} alt={s.municipio} width={56} height={56} />
      <div className="print-header-text">
        <strong>{s.municipio}</strong>
        <span>{s.mercado}</span>
        <h2>{titulo}</h2>
        {subtitulo}
      </div>
      <img src={s.logoMercado} alt={s.mercado} width={56} height={56} />
      <small className="print-date">Impresso em {formatDateTime(new Date())}</small>
    </header>
  );
}

/**
 * A report in a dialog (50vw; 75vw at 960px; 100vw at 640px) with 'Imprimir'.
 * The print stylesheet prints only this dialog's content, on A4 pages.
 */
export function PrintDialog(p: { visible: boolean; onHide: () => void; titulo: string; subtitulo?: ReactNode; children: ReactNode; header?: boolean }) {
  return (
    <Dialog
      header={p.titulo}
      visible={p.visible}
      onHide={p.onHide}
      style={{ width: '50vw' }}
      breakpoints={{ '960px': '75vw', '640px': '100vw' }}
      maskClassName="print-dialog-mask"
      className="print-dialog"
      footer={<Button label="Imprimir" icon="pi pi-print" onClick={() => window.print()} autoFocus />}
      maximizable
      // A report longer than the dialog scrolls: its content is reachable by the keyboard to scroll it.
      pt={{ maximizableButton: { 'aria-label': 'Maximizar' } as object, content: { tabIndex: 0, role: 'region', 'aria-label': p.titulo } as object }}
    >
      <div className="print-area">
        {p.header !== false && <PrintHeader titulo={p.titulo} subtitulo={p.subtitulo} />}
        {p.children}
      </div>
    </Dialog>
  );
}

export interface PrintColumn<T> {
  header: string;
  cell: (r: T) => ReactNode;
  className?: string;
}

/** What a report reads, in its dialog: 'Carregando...' until it comes, a refusal in words (`erro`: the server's message), else `children` of it. */
export function ConsultaImpressa<T>({ q, erro, children }: { q: UseQueryResult<T>; erro: string; children: (dados: T) => ReactNode }) {
  if (q.isPending) return <p>Carregando...</p>;
  if (q.isError)
    return (
      <p role="alert" className="p-error">
        {erro}: {q.error.message}
      </p>
    );
  return children(q.data);
}

/** A plain table for reports. */
export function PrintTable<T>({ columns, rows, vazio = 'Nenhum registro' }: { columns: PrintColumn<T>[]; rows: T[]; vazio?: string }) {
  return (
    <table className="print-table">
      <thead>
        <tr>
          {columns.map((c) => (
            <th key={c.header} scope="col" className={c.className}>
              {c.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.length === 0 ? (
          <tr>
            <td colSpan={columns.length}>{vazio}</td>
          </tr>
        ) : (
          rows.map((r, i) => (
            <tr key={i}>
              {columns.map((c) => (
                <td key={c.header} className={c.className}>
                  {quebraLonga(c.cell(r))}
                </td>
              ))}
            </tr>
          ))
        )}
      </tbody>
    </table>
  );
}

/**
 * A list's total as its footer says it: 'N', or 'mais de 10.000' when the matches passed the API's
 * count cap (Page.totalExato false; totalElements then holds the cap).
 */
export function textoTotal(page: { totalElements: number; totalExato?: false } | undefined, n: number): string {
  if (page?.totalExato === false) return `mais de ${page.totalElements.toLocaleString('pt-BR')}`;
  return String(page?.totalElements ?? n);
}

/**
 * The paginator's total for a page of a list: the exact total; past the count's cap (totalExato false) the
 * pages go on while they are full, one page past the one shown, so every row can be reached by paging.
 */
export function totalDoPaginador(page: { totalElements: number; totalExato?: false; number: number; size: number; content: unknown[] } | undefined): number {
  if (!page) return 0;
  if (page.totalExato !== false) return page.totalElements;
  return Math.max(page.totalElements, page.number * page.size + page.content.length + (page.content.length === page.size ? 1 : 0));
}

/** 'Mostrando de {first} a {last} de N {plural}' for a report of the list's current page. */
export function textoMostrando(page: { totalElements: number; totalExato?: false; number: number; size: number } | undefined, n: number, plural: string) {
  const total = textoTotal(page, n);
  const first = n ? (page?.number ?? 0) * (page?.size ?? n) + 1 : 0;
  const last = n ? first + n - 1 : 0;
  return `Mostrando de ${first} a ${last} de ${total} ${plural}`;
}

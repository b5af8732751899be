/** Page numbers around the current one (at most 5), like PrimeReact's paginator. */
function pageNumbers(atual: number, total: number): number[] {
  const n = Math.min(5, total);
  const ini = Math.max(0, Math.min(atual - 2, total - n));
  return Array.from({ length: n }, (_, i) => ini + i);
}

interface PropsPaginador {
  /** The current page, from 0. */
  pagina: number;
  totalPages: number;
  first: number;
  last: number;
  total: number;
  irPara: (p: number) => void;
}

/** The quotation table's paginator, as PrimeReact's markup: first, previous, up to 5 numbers, next, last and the count. */
export function PaginadorPrecos({ pagina, totalPages, first, last, total, irPara }: PropsPaginador) {
  return (
    <nav className="p-paginator p-component p-paginator-bottom" aria-label="Paginação">
      <button
        type="button"
        className={`p-paginator-first p-paginator-element p-link${pagina === 0 ? ' p-disabled' : ''}`}
        disabled={pagina === 0}
        onClick={() => irPara(0)}
        aria-label="Primeira página"
      >
        <i className="pi pi-angle-double-left p-paginator-icon" aria-hidden />
      </button>
      <button
        type="button"
        className={`p-paginator-prev p-paginator-element p-link${pagina === 0 ? ' p-disabled' : ''}`}
        disabled={pagina === 0}
        onClick={() => irPara(pagina - 1)}
        aria-label="Página anterior"
      >
        <i className="pi pi-angle-left p-paginator-icon" aria-hidden />
      </button>
      <span className="p-paginator-pages">
        {pageNumbers(pagina, totalPages).map((p) => (
          <button
            key={p}
            type="button"
            className={`p-paginator-page p-paginator-element p-link${p === pagina ? ' p-highlight' : ''}`}
            aria-current={p === pagina ? 'page' : undefined}
            aria-label={`Página ${p + 1}`}
            onClick={() => irPara(p)}
          >
            {p + 1}
          </button>
        ))}
      </span>
      <button
        type="button"
        className={`p-paginator-next p-paginator-element p-link${pagina >= totalPages - 1 ? ' p-disabled' : ''}`}
        disabled={pagina >= totalPages - 1}
        onClick={() => irPara(pagina + 1)}
        aria-label="Próxima página"
      >
        <i className="pi pi-angle-right p-paginator-icon" aria-hidden />
      </button>
      <button
        type="button"
        className={`p-paginator-last p-paginator-element p-link${pagina >= totalPages - 1 ? ' p-disabled' : ''}`}
        disabled={pagina >= totalPages - 1}
        onClick={() => irPara(totalPages - 1)}
        aria-label="Última página"
      >
        <i className="pi pi-angle-double-right p-paginator-icon" aria-hidden />
      </button>
      <span className="p-paginator-current" aria-live="polite">
        Mostrando de {first} a {last} de {total} cotações
      </span>
    </nav>
  );
}

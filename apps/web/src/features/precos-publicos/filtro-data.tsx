import { useRef, useState } from 'react';
import { formatDate } from '@ceasa/shared/format';
import { mascaraData, paraIso } from '../../components/form/mascaras';

/**
 * A light date filter for the public page: a dd/mm/aaaa text box (the same format whatever the
 * browser's language) and a button that opens the browser's own date picker. `valor` is yyyy-mm-dd;
 * it is read on mount only (give the component a new `key` to reset it).
 */
export function FiltroData({ valor, onChange, rotulo }: { valor: string | null | undefined; onChange: (iso: string | null) => void; rotulo: string }) {
  const [texto, setTexto] = useState(formatDate(valor ?? null));
  const nativo = useRef<HTMLInputElement>(null);
  const digitar = (v: string) => {
    const t = mascaraData.formatar(v);
    setTexto(t);
    if (!t) onChange(null);
    else {
      const iso = paraIso(t);
      if (iso) onChange(iso);
    }
  };
  const invalido = texto.length === 10 && !paraIso(texto);

  return (
    <div className="filtro-data">
      <input
        type="text"
        inputMode="numeric"
        className={`p-inputtext p-component p-inputtext-sm${invalido ? ' p-invalid' : ''}`}
        value={texto}
        onChange={(e) => digitar(e.target.value)}
        placeholder="dd/mm/aaaa"
        aria-label={rotulo}
        aria-invalid={invalido || undefined}
        maxLength={10}
        autoComplete="off"
      />
      <button
        type="button"
        className="p-button p-button-icon-only p-button-text p-button-sm filtro-data-botao"
        aria-label="Escolher data"
        onClick={() => {
          const el = nativo.current;
          if (!el) return;
          el.value = valor ?? '';
          if (typeof el.showPicker === 'function') el.showPicker();
          else el.focus();
        }}
      >
        <i className="pi pi-calendar" aria-hidden />
      </button>
      <input
        ref={nativo}
        type="date"
        className="filtro-data-nativo"
        tabIndex={-1}
        aria-hidden="true"
        min="2000-01-01"
        max={`${new Date().getFullYear() + 2}-12-31`}
        onChange={(e) => {
          setTexto(formatDate(e.target.value || null));
          onChange(e.target.value || null);
        }}
      />
    </div>
  );
}

import { useRef, useState } from 'react';
import { formatDate } from '@ceasa/shared/format';

/** Digits typed → 'dd/mm/aaaa' as they come. */
function mascara(v: string) {
  const d = v.replace(/\D/g, '').slice(0, 8);
  return [d.slice(0, 2), d.slice(2, 4), d.slice(4, 8)].filter(Boolean).join('/');
}

/** 'dd/mm/aaaa' → 'yyyy-mm-dd' when it is a real calendar day, else null. */
export function paraIso(v: string): string | null {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(v);
  if (!m) return null;
  const [dd, mm, yyyy] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const d = new Date(Date.UTC(yyyy, mm - 1, dd));
  if (d.getUTCFullYear() !== yyyy || d.getUTCMonth() !== mm - 1 || d.getUTCDate() !== dd) return null;
  return `${m[3]}-${m[2]}-${m[1]}`;
}

/**
 * A light date filter for the public page: a dd/mm/aaaa text box (the same format whatever the
 * browser's language) and a button that opens the browser's own date picker. `valor` is yyyy-mm-dd;
 * it is read on mount only (give the component a new `key` to reset it).
 */
export function FiltroData({ valor, onChange, rotulo }: { valor: string | null | undefined; onChange: (iso: string | null) => void; rotulo: string }) {
  const [texto, setTexto] = useState(formatDate(valor ?? null));
  const nativo = useRef<HTMLInputElement>(null);
  const digitar = (v: string) => {
    const t = mascara(v);
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

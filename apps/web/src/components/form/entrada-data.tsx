import type { OverlayPanel } from 'primereact/overlaypanel';
import { useLayoutEffect, useRef } from 'react';
import { useCalendarioDeMercado } from '../../lib/calendario';
import { formatDate, fromIsoDate, soDigitos, toIsoDate } from '@ceasa/shared/format';
import { CalendarioDaEntrada } from './calendario-da-entrada';
import { EntradaDataLivre, type EntradaDataProps } from './entrada-data-livre';
import { ehDataIso, mascaraData, paraIso } from './mascaras';

export type { EntradaDataProps } from './entrada-data-livre';

/**
 * A date typed as digits into a dd/mm/aaaa mask (at any speed), beside an 'Escolher data' button that
 * opens PrimeReact's calendar for picking with the mouse. The markup reuses the Calendar's classes
 * (p-calendar, p-datepicker-trigger), so it looks like the calendar input it replaces.
 */
export function EntradaData(p: EntradaDataProps) {
  return p.diasDeMercado ? <EntradaDataDeMercado {...p} /> : <EntradaDataLivre {...p} />;
}

/** The caret after `n` digits of a masked text. */
function posicaoDoDigito(texto: string, n: number) {
  if (n <= 0) return 0;
  let vistos = 0;
  for (let i = 0; i < texto.length; i++) if (/\d/.test(texto[i]) && ++vistos === n) return i + 1;
  return texto.length;
}

/**
 * EntradaData on market days (`diasDeMercado` given; decision 0082): the text is the parent's value itself (no state of
 * its own), masked as each key arrives, with no timer and no library caret of its own, so a date typed at full speed
 * right after the previous one was included (and the field emptied) arrives whole. Its calendar disables the days
 * without market (weekdays, holidays; not the extra days: lib/calendario).
 */
function EntradaDataDeMercado(p: EntradaDataProps) {
  const entrada = useRef<HTMLInputElement | null>(null);
  const cal = useCalendarioDeMercado();
  const caret = useRef<number | null>(null);
  const painel = useRef<OverlayPanel>(null);
  const caixa = useRef<HTMLSpanElement>(null);
  const texto = mascaraData.formatar(ehDataIso(p.value) ? formatDate(p.value) : (p.value ?? null));
  const iso = paraIso(texto);
  const invalida = soDigitos(texto).length === mascaraData.digitos && !iso;

  // A key typed in the middle keeps the caret after the digit it typed (the mask's '/' moves the rest).
  useLayoutEffect(() => {
    const el = entrada.current;
    if (caret.current !== null && el && document.activeElement === el) el.setSelectionRange(caret.current, caret.current);
    caret.current = null;
  });

  const abrir = (e: React.SyntheticEvent) => painel.current?.toggle(e, caixa.current);
  const escolher = (d: Date | null) => {
    p.onChange(toIsoDate(d));
    painel.current?.hide();
    entrada.current?.focus();
  };
  const ref = (el: HTMLInputElement | null) => {
    entrada.current = el;
    if (typeof p.inputRef === 'function') p.inputRef(el);
    else if (p.inputRef) p.inputRef.current = el;
  };

  return (
    <span ref={caixa} className="p-calendar p-component p-inputwrapper p-calendar-w-btn p-calendar-w-btn-right entrada-data">
      <input
        id={p.id}
        ref={ref}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        placeholder={mascaraData.placeholder}
        className={`p-inputtext p-component${p['aria-invalid'] || invalida ? ' p-invalid' : ''}`}
        value={texto}
        aria-invalid={p['aria-invalid'] || invalida || undefined}
        aria-describedby={p['aria-describedby']}
        onChange={(e) => {
          const bruto = e.target.value;
          const d = soDigitos(bruto).slice(0, mascaraData.digitos);
          const t = mascaraData.formatar(d);
          const antes = soDigitos(bruto.slice(0, e.target.selectionStart ?? bruto.length)).length;
          caret.current = posicaoDoDigito(t, Math.min(antes, d.length));
          p.onChange(d ? (paraIso(t) ?? t) : null);
        }}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown' && !e.ctrlKey && !e.metaKey) {
            e.preventDefault();
            abrir(e);
          }
        }}
      />
      <CalendarioDaEntrada
        painel={painel}
        valor={fromIsoDate(iso ?? (ehDataIso(p.value) ? p.value : null))}
        onEscolher={escolher}
        abrir={abrir}
        yearRange={p.yearRange}
        diasDesabilitados={cal.diasDesabilitados}
        datasDesabilitadas={cal.datasDesabilitadas}
      />
    </span>
  );
}

import { Calendar } from 'primereact/calendar';
import { OverlayPanel } from 'primereact/overlaypanel';
import { useEffect, useLayoutEffect, useRef, useState, type Ref, type RefObject } from 'react';
import { useCalendarioDeMercado } from '../../lib/calendario';
import { formatDate, fromIsoDate, soDigitos, toIsoDate } from '@ceasa/shared/format';
import { EntradaMascarada } from './entrada-mascarada';
import { ehDataIso, mascaraData, paraIso } from './mascaras';

/** The digits a value shows: 'yyyy-mm-dd' → ddmmyyyy; a half-typed text → its digits. */
const digitosDe = (v: string | null | undefined) => soDigitos(ehDataIso(v) ? formatDate(v) : v);

export interface EntradaDataProps {
  id?: string;
  /** 'yyyy-mm-dd', a half-typed 'dd/mm/aa' (as `onChange` gave it), or null. */
  value: string | null | undefined;
  /** 'yyyy-mm-dd' once the text is a real day, null when emptied, otherwise the text as typed. */
  onChange: (v: string | null) => void;
  onBlur?: () => void;
  inputRef?: Ref<HTMLInputElement>;
  /** Years the picker offers, e.g. '2010:2029'. */
  yearRange?: string;
  /**
   * Market days only (the gate's issue dates): the weekdays (0 Sunday … 6 Saturday) of the market. The calendar offers
   * the market's days (lib/calendario: these, less holidays, plus extra days), and the text is the parent's value itself.
   */
  diasDeMercado?: number[];
  /** 'Hoje' and 'Limpar' under the picker. */
  botoesHoje?: boolean;
  /** On leaving the field, a half-typed text goes back to `value` (for filters, which only take whole days). */
  reverterIncompleto?: boolean;
  disabled?: boolean;
  className?: string;
  inputClassName?: string;
  inputStyle?: React.CSSProperties;
  'aria-label'?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
}

/**
 * A date typed as digits into a dd/mm/aaaa mask (at any speed), beside an 'Escolher data' button that
 * opens PrimeReact's calendar for picking with the mouse. The markup reuses the Calendar's classes
 * (p-calendar, p-datepicker-trigger), so it looks like the calendar input it replaces.
 */
export function EntradaData(p: EntradaDataProps) {
  return p.diasDeMercado ? <EntradaDataDeMercado {...p} /> : <EntradaDataLivre {...p} />;
}

/** Any day: the digits typed are kept here, so a filter (which takes only whole days) keeps what is half typed. */
function EntradaDataLivre(p: EntradaDataProps) {
  const [digitos, setDigitos] = useState(() => digitosDe(p.value));
  // What this input last reported: a different `value` comes from outside (a reset, 'Limpar Filtros').
  const ultimo = useRef<string | null>(p.value ?? null);
  const painel = useRef<OverlayPanel>(null);
  const caixa = useRef<HTMLSpanElement>(null);

  useEffect(() => {
    const v = p.value ?? null;
    if (v !== ultimo.current) {
      ultimo.current = v;
      setDigitos(digitosDe(v));
    }
  }, [p.value]);

  const informar = (v: string | null) => {
    ultimo.current = v;
    p.onChange(v);
  };
  const texto = mascaraData.formatar(digitos);
  const iso = paraIso(texto);
  const invalida = digitos.length === mascaraData.digitos && !iso;

  const entrada = () => caixa.current?.querySelector('input');
  const abrir = (e: React.SyntheticEvent) => painel.current?.toggle(e, caixa.current);
  const escolher = (d: Date | null) => {
    const v = toIsoDate(d);
    setDigitos(digitosDe(v));
    informar(v);
    painel.current?.hide();
    entrada()?.focus();
  };

  return (
    <span ref={caixa} className={`p-calendar p-component p-inputwrapper p-calendar-w-btn p-calendar-w-btn-right entrada-data ${p.className ?? ''}`}>
      <EntradaMascarada
        id={p.id}
        mascara={mascaraData}
        value={digitos}
        onChange={(d, t) => {
          setDigitos(d);
          informar(d ? (paraIso(t) ?? t) : null);
        }}
        onBlur={() => {
          if (p.reverterIncompleto && digitos && !iso) {
            setDigitos(digitosDe(p.value));
            ultimo.current = p.value ?? null;
          }
          p.onBlur?.();
        }}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown' && !e.ctrlKey && !e.metaKey) {
            e.preventDefault();
            abrir(e);
          }
        }}
        inputRef={p.inputRef}
        disabled={p.disabled}
        aria-label={p['aria-label']}
        aria-invalid={p['aria-invalid'] || invalida || undefined}
        aria-describedby={p['aria-describedby']}
        className={`${p.inputClassName ?? ''}${invalida ? ' p-invalid' : ''}`}
        style={p.inputStyle}
      />
      <CalendarioDaEntrada
        painel={painel}
        valor={fromIsoDate(iso ?? (ehDataIso(p.value) ? p.value : null))}
        onEscolher={escolher}
        yearRange={p.yearRange}
        botoesHoje={p.botoesHoje}
        disabled={p.disabled}
        abrir={abrir}
      />
    </span>
  );
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

/**
 * The 'Escolher data' button beside a typed date and the calendar it opens (PrimeReact's, inline in an
 * overlay): Escape closes it back to the button. Shared by EntradaData and the gate form's issue dates;
 * `abrir` toggles the overlay (the typed input opens it on ArrowDown too), `onEscolher` gets the day picked.
 */
export function CalendarioDaEntrada(p: {
  painel: RefObject<OverlayPanel | null>;
  valor: Date | null;
  onEscolher: (d: Date | null) => void;
  abrir: (e: React.SyntheticEvent) => void;
  yearRange?: string;
  /** 'Hoje' and 'Limpar' under the picker. */
  botoesHoje?: boolean;
  /** Weekdays (0 Sunday … 6 Saturday) the calendar does not offer. */
  diasDesabilitados?: number[];
  /** Days the calendar does not offer (the holidays of a market day). */
  datasDesabilitadas?: Date[];
  disabled?: boolean;
}) {
  const botao = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button
        ref={botao}
        type="button"
        className="p-button p-component p-datepicker-trigger p-button-icon-only"
        aria-haspopup="dialog"
        onClick={p.abrir}
        disabled={p.disabled}
      >
        <span className="p-button-icon p-c pi pi-calendar" aria-hidden />
        {/* The name as hidden text, not aria-label: the field itself stays the only thing labelled 'Data'. */}
        <span className="sr-only">Escolher data</span>
      </button>
      <OverlayPanel
        ref={p.painel}
        className="entrada-data-painel"
        onShow={() => p.painel.current?.getElement()?.querySelector<HTMLElement>('td [tabindex="0"], td[tabindex="0"]')?.focus()}
        pt={{ root: { role: 'dialog', 'aria-label': 'Calendário' } as object }}
      >
        <div
          onKeyDown={(e) => {
            if (e.key === 'Escape') {
              p.painel.current?.hide();
              botao.current?.focus();
            }
          }}
        >
          <Calendar
            inline
            value={p.valor}
            onChange={(e) => p.onEscolher((e.value as Date | null) ?? null)}
            dateFormat="dd/mm/yy"
            yearNavigator
            monthNavigator
            yearRange={p.yearRange}
            showButtonBar={p.botoesHoje}
            disabledDays={p.diasDesabilitados}
            disabledDates={p.datasDesabilitadas}
          />
        </div>
      </OverlayPanel>
    </>
  );
}

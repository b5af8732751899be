import type { OverlayPanel } from 'primereact/overlaypanel';
import { useEffect, useRef, useState, type Ref } from 'react';
import { formatDate, fromIsoDate, soDigitos, toIsoDate } from '@ceasa/shared/format';
import { BotaoDoCalendario } from './botao-do-calendario';
import { EntradaMascarada } from './entrada-mascarada';
import { ehDataIso, mascaraData, paraIso } from './mascaras';

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

/** The digits a value shows: 'yyyy-mm-dd' → ddmmyyyy; a half-typed text → its digits. */
const digitosDe = (v: string | null | undefined) => soDigitos(ehDataIso(v) ? formatDate(v) : v);

type Calendario = typeof import('./calendario-da-entrada').CalendarioDaEntrada;
/** PrimeReact's calendar, once loaded (a page with a free date to type, the public /referencia, does not carry it). */
let calendario: Calendario | null = null;
const carregarCalendario = () => import('./calendario-da-entrada').then((m) => (calendario = m.CalendarioDaEntrada));

/** Any day: the digits typed are kept here, so a filter (which takes only whole days) keeps what is half typed. */
export function EntradaDataLivre(p: EntradaDataProps) {
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

  // The calendar's code comes when first opened (the button or ArrowDown), then it opens.
  const [Calendario, setCalendario] = useState<Calendario | null>(() => calendario);
  const pedido = useRef<React.SyntheticEvent | null>(null);
  const abrir = (e: React.SyntheticEvent) => {
    if (painel.current) painel.current.toggle(e, caixa.current);
    else if (!pedido.current) {
      pedido.current = e;
      void carregarCalendario().then((c) => setCalendario(() => c));
    }
  };
  // It opens once drawn and its overlay's portal is in the page (PrimeReact's overlay mounts it in an effect, whose
  // render is the same as this `montado`'s): opened sooner, its enter transition never runs and it stays unplaced.
  const [montado, setMontado] = useState(false);
  useEffect(() => setMontado(Calendario !== null), [Calendario]);
  useEffect(() => {
    const e = pedido.current;
    if (!montado || !e) return;
    pedido.current = null;
    painel.current?.toggle(e, caixa.current);
  }, [montado]);
  const entrada = () => caixa.current?.querySelector('input');
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
      {Calendario ? (
        <Calendario
          painel={painel}
          valor={fromIsoDate(iso ?? (ehDataIso(p.value) ? p.value : null))}
          onEscolher={escolher}
          yearRange={p.yearRange}
          botoesHoje={p.botoesHoje}
          disabled={p.disabled}
          abrir={abrir}
        />
      ) : (
        <BotaoDoCalendario onClick={abrir} disabled={p.disabled} />
      )}
    </span>
  );
}

import { useCallback, useEffect, useRef, useState, type Ref } from 'react';
import { flushSync } from 'react-dom';
import { lerNumeroBR } from '@ceasa/shared/format';
import { marcarNaoLido, numeroNaoLido, ouvirNaoLido } from './texto-nao-lido';

/** The text a value shows when the field is not being typed in: 1055 → '1.055,00' (money: 'R$ 1.055,00'); a text as it is. */
export function textoDoNumero(v: unknown, p: { decimais: number; moeda?: boolean; agrupar?: boolean }): string {
  if (typeof v === 'string') return v;
  if (typeof v !== 'number' || !Number.isFinite(v)) return '';
  const casas = p.moeda ? 2 : p.decimais;
  return new Intl.NumberFormat('pt-BR', {
    ...(p.moeda ? { style: 'currency', currency: 'BRL' } : {}),
    minimumFractionDigits: casas,
    maximumFractionDigits: casas,
    useGrouping: p.agrupar ?? true,
  }).format(v);
}

/**
 * A number typed as pt-BR text: what is typed stays exactly as typed while the field has the focus,
 * at any speed (no input reformats it under the caret), and is read by lerNumeroBR: '1.055,00' is 1055, '20,5'
 * is 20.5, '1.055' is 1055. `onChange` gets the number (null when empty) or, when the text cannot be read or
 * has more decimal places than the field keeps, the text itself, which the form's schema refuses: nothing is
 * rounded or reinterpreted unseen. `aoLer` gets the reading's pt-BR message when the field is left with such a
 * text (undefined once it reads again), for the field to show instead of the schema's. Without the focus the
 * field shows its value in the field's format with its unit ('1.055,00', 'R$ 1.055,00', '1 dia').
 */
export function EntradaNumero(p: {
  id?: string;
  value: unknown;
  onChange: (v: number | string | null) => void;
  onBlur?: (v: number | string | null) => void;
  aoLer?: (erro: string | undefined) => void;
  /** A save stopped on this field (text it could not read): the field shows the message. */
  aoNaoLer?: (mensagem: string) => void;
  decimais?: number;
  moeda?: boolean;
  agrupar?: boolean;
  sufixo?: string;
  maxLength?: number;
  inputRef?: Ref<HTMLInputElement>;
  disabled?: boolean;
  className?: string;
  'aria-label'?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
}) {
  const casas = p.moeda ? 2 : (p.decimais ?? 0);
  const formato = { decimais: casas, moeda: p.moeda, agrupar: p.agrupar };
  // While the field has the focus it shows exactly what is typed; otherwise the value, formatted, with its unit.
  const [texto, setTexto] = useState<string | null>(null);
  const fora = typeof p.value === 'number' ? `${textoDoNumero(p.value, formato)}${p.sufixo ?? ''}` : textoDoNumero(p.value, formato);

  // Text it could not read (the form holds the text) stops the form's save with its message (texto-nao-lido.ts).
  const entrada = useRef<HTMLInputElement | null>(null);
  const naoLido = typeof p.value === 'string' && p.value.trim() ? p.value : null;
  useEffect(() => {
    marcarNaoLido(entrada.current, naoLido === null ? null : numeroNaoLido(naoLido, lerNumeroBR(naoLido, casas).erro ?? 'Número inválido'));
  }, [naoLido, casas]);
  const aoNaoLer = p.aoNaoLer;
  useEffect(() => (aoNaoLer ? ouvirNaoLido(entrada.current, aoNaoLer) : undefined), [aoNaoLer]);
  const inputRef = p.inputRef;
  const refs = useCallback(
    (el: HTMLInputElement | null) => {
      entrada.current = el;
      if (typeof inputRef === 'function') inputRef(el);
      else if (inputRef) (inputRef as { current: HTMLInputElement | null }).current = el;
    },
    [inputRef],
  );

  const ler = (t: string) => {
    const r = lerNumeroBR(t, casas);
    return { valor: r.erro === undefined ? r.valor : t, erro: r.erro };
  };
  return (
    <span className="entrada-numero">
      <input
        id={p.id}
        ref={refs}
        type="text"
        inputMode="decimal"
        autoComplete="off"
        spellCheck={false}
        className={`p-inputtext p-component${p.className ? ` ${p.className}` : ''}`}
        value={texto ?? fora}
        maxLength={p.maxLength}
        disabled={p.disabled}
        aria-label={p['aria-label']}
        aria-invalid={p['aria-invalid']}
        aria-describedby={p['aria-describedby']}
        onFocus={(e) => {
          const el = e.currentTarget;
          // The text without its unit, at once and selected: what is typed next replaces it.
          flushSync(() => setTexto(textoDoNumero(p.value, formato)));
          el.select();
        }}
        onChange={(e) => {
          const t = e.target.value;
          setTexto(t);
          const { valor, erro } = ler(t);
          p.onChange(valor);
          if (!erro) p.aoLer?.(undefined);
        }}
        // Enter (which moves on, adds a row or saves with Ctrl) shows the reading's message as leaving does.
        onKeyDown={(e) => {
          if (e.key === 'Enter') p.aoLer?.(ler(texto ?? '').erro);
        }}
        onBlur={() => {
          const { valor, erro } = ler(texto ?? '');
          setTexto(null);
          p.aoLer?.(erro);
          p.onBlur?.(valor);
        }}
      />
    </span>
  );
}

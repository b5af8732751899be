import type { InputHTMLAttributes, Ref } from 'react';
import { NumberFormatBase } from 'react-number-format';
import { soDigitos } from '@ceasa/shared/format';
import type { Mascara } from './mascaras';

export type EntradaMascaradaProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'defaultValue' | 'onChange' | 'type'> & {
  mascara: Mascara;
  /** The digits, or the masked text (only its digits count). */
  value: string | null | undefined;
  /** Every change the user makes: the digits and the masked text. */
  onChange: (digitos: string, texto: string) => void;
  inputRef?: Ref<HTMLInputElement>;
};

/**
 * A text input that masks digits as they are typed (react-number-format's NumberFormatBase with our
 * mask functions). It keeps the caret where the user types, at any speed: no timer moves it after
 * the focus (PrimeReact's InputMask did, 100 ms after focusing, scrambling what a clerk typed by then).
 * Digits past the mask's length are refused; pasting '123.456.789-09' or '12345678909' gives the same.
 */
export function EntradaMascarada({ mascara, value, onChange, inputRef, className, placeholder, ...resto }: EntradaMascaradaProps) {
  const caracteres = mascara.caracteres ?? soDigitos;
  return (
    <NumberFormatBase
      inputMode={mascara.caracteres ? 'text' : 'numeric'}
      autoComplete="off"
      {...resto}
      type="text"
      className={`p-inputtext p-component${className ? ` ${className}` : ''}`}
      placeholder={placeholder ?? mascara.placeholder}
      value={caracteres(value).slice(0, mascara.digitos)}
      valueIsNumericString
      format={mascara.formatar}
      // Letters count where the mask takes them (the alphanumeric CNPJ): the caret steps over them as over digits.
      isValidInputCharacter={mascara.caracteres ? (c) => /^[0-9A-Za-z]$/.test(c) : undefined}
      // A character past the full length changes nothing (instead of pushing the last one out).
      removeFormatting={(v, meta) => {
        const d = caracteres(v);
        return d.length > mascara.digitos && meta ? caracteres(meta.lastValue) : d;
      }}
      onValueChange={(v, info) => {
        if (info.source === 'event') onChange(v.value, v.formattedValue);
      }}
      getInputRef={inputRef}
    />
  );
}

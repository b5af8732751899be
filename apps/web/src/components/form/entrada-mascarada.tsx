import { useLayoutEffect, useRef, type InputHTMLAttributes, type Ref } from 'react';
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
export function EntradaMascarada(p: EntradaMascaradaProps) {
  return p.mascara.caracteres ? <EntradaComLetras {...p} /> : <EntradaDeDigitos {...p} />;
}

function EntradaDeDigitos({ mascara, value, onChange, inputRef, className, placeholder, ...resto }: EntradaMascaradaProps) {
  const caracteres = mascara.caracteres ?? soDigitos;
  return (
    <NumberFormatBase
      inputMode={mascara.caracteres ? 'text' : 'numeric'}
      autoComplete="off"
      {...resto}
      type="text"
      // Letters (the alphanumeric CNPJ) show in capitals whatever case they were typed in.
      className={`p-inputtext p-component${mascara.caracteres ? ' entrada-maiusculas' : ''}${className ? ` ${className}` : ''}`}
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

const ehCaractere = (c: string) => /^[0-9A-Za-z]$/.test(c);

/**
 * A mask that takes letters too (the alphanumeric CNPJ, decision 0180), shown in capitals. Its own caret rule,
 * simpler than the library's (which lost a letter's place: 'ab513819c0d119' ended as 'AB.513.819/0119-DC'): the
 * caret stays after as many letters and digits as were before it in what was typed; deleting a separator
 * deletes the character before it; a character past the mask's length changes nothing.
 */
function EntradaComLetras({ mascara, value, onChange, inputRef, className, placeholder, ...resto }: EntradaMascaradaProps) {
  const caracteres = mascara.caracteres!;
  const el = useRef<HTMLInputElement | null>(null);
  const caret = useRef<number | null>(null);
  const atuais = caracteres(value).slice(0, mascara.digitos);
  const texto = mascara.formatar(atuais);
  useLayoutEffect(() => {
    if (caret.current === null || !el.current || document.activeElement !== el.current) return;
    el.current.setSelectionRange(caret.current, caret.current);
    caret.current = null;
  });
  return (
    <input
      inputMode="text"
      autoComplete="off"
      {...resto}
      type="text"
      ref={(e) => {
        el.current = e;
        if (typeof inputRef === 'function') inputRef(e);
        else if (inputRef) (inputRef as { current: HTMLInputElement | null }).current = e;
      }}
      className={`p-inputtext p-component entrada-maiusculas${className ? ` ${className}` : ''}`}
      placeholder={placeholder ?? mascara.placeholder}
      value={texto}
      onChange={(e) => {
        const bruto = e.target.value;
        const pos = e.target.selectionStart ?? bruto.length;
        let novos = caracteres(bruto);
        let antes = caracteres(bruto.slice(0, pos)).length;
        // A separator deleted (the characters did not change, the text got shorter): the character before it goes.
        if (novos === atuais && bruto.length < texto.length && antes > 0) {
          novos = novos.slice(0, antes - 1) + novos.slice(antes);
          antes -= 1;
        }
        if (novos.length > mascara.digitos) {
          novos = atuais;
          antes = Math.min(antes - 1, atuais.length);
        }
        const formatado = mascara.formatar(novos);
        let i = 0;
        for (let n = 0; i < formatado.length && n < antes; i++) if (ehCaractere(formatado[i])) n++;
        caret.current = i;
        onChange(novos, formatado);
      }}
    />
  );
}

import { Dropdown } from 'primereact/dropdown';
import { InputNumber } from 'primereact/inputnumber';
import { InputTextarea } from 'primereact/inputtextarea';
import { useRef } from 'react';
import type { FieldValues } from 'react-hook-form';
import { EntradaData } from './entrada-data';
import { EntradaMascarada } from './entrada-mascarada';
import type { Mascara } from './mascaras';
import { Campo, useCampo, type Base } from './text-field';

export { Campo, TextField, useCampo, type Base } from './text-field';
export { mascaraCep, mascaraCpfCnpj, mascaraData, mascaraTelefone, type Mascara } from './mascaras';

export function TextAreaField<T extends FieldValues>(p: Base<T> & { rows?: number }) {
  const { field, erro, id, aria } = useCampo(p);
  return (
    <Campo id={id} label={p.label} erro={erro} className={p.className}>
      <InputTextarea
        {...aria}
        value={field.value ?? ''}
        onChange={(e) => field.onChange(e.target.value)}
        onBlur={field.onBlur}
        rows={p.rows ?? 3}
        disabled={p.disabled}
        className={erro ? 'p-invalid' : ''}
      />
    </Campo>
  );
}

/**
 * A number typed in pt-BR ('1.234,56'; currency with 'R$'). It takes any value as typed: the limits are
 * the shared schema's, which refuses a value beyond one with its own pt-BR message (SPEC.md section 9),
 * never an input that clamps it silently (InputNumber's `min`/`max` would turn 20000 into 10.000,00).
 */
export function NumberField<T extends FieldValues>(
  p: Base<T> & { decimais?: number; moeda?: boolean; maxLength?: number; onBlurValue?: (v: number | null) => void },
) {
  const { field, erro, id, aria } = useCampo(p);
  // InputNumber commits the typed value on blur, just before onBlur: keep it so onBlurValue gets the new value, not the last render's.
  const atual = useRef<number | null>(null);
  atual.current = field.value ?? null;
  return (
    <Campo id={id} label={p.label} erro={erro} className={p.className}>
      <InputNumber
        inputId={id}
        aria-invalid={aria['aria-invalid']}
        aria-describedby={aria['aria-describedby']}
        value={field.value ?? null}
        onValueChange={(e) => {
          atual.current = e.value ?? null;
          field.onChange(e.value ?? null);
        }}
        onBlur={() => {
          field.onBlur();
          p.onBlurValue?.(atual.current);
        }}
        inputRef={field.ref}
        mode={p.moeda ? 'currency' : 'decimal'}
        currency="BRL"
        locale="pt-BR"
        minFractionDigits={p.moeda ? 2 : (p.decimais ?? 0)}
        maxFractionDigits={p.moeda ? 2 : (p.decimais ?? 0)}
        useGrouping={p.moeda || (p.decimais ?? 0) > 0}
        maxLength={p.maxLength}
        disabled={p.disabled}
        className={erro ? 'p-invalid' : ''}
      />
    </Campo>
  );
}

/**
 * A date typed as digits into dd/mm/aaaa (at any speed) with the 'Escolher data' calendar button.
 * The form holds 'yyyy-mm-dd', null when empty, or the half-typed text (which the shared schema
 * refuses with the field's own message, instead of keeping an older date unseen).
 */
export function DateField<T extends FieldValues>(p: Base<T> & { yearRange?: string }) {
  const { field, erro, id, aria } = useCampo(p);
  return (
    <Campo id={id} label={p.label} erro={erro} className={p.className}>
      <EntradaData
        id={id}
        aria-invalid={aria['aria-invalid']}
        aria-describedby={aria['aria-describedby']}
        value={field.value ?? null}
        onChange={field.onChange}
        onBlur={field.onBlur}
        inputRef={field.ref}
        yearRange={p.yearRange}
        disabled={p.disabled}
        inputClassName={erro ? 'p-invalid' : ''}
      />
    </Campo>
  );
}

export interface Opcao {
  label: string;
  value: string | number | boolean;
}

export function SelectField<T extends FieldValues>(p: Base<T> & { options: Opcao[]; placeholder?: string; emptyMessage?: string; loading?: boolean }) {
  const { field, erro, id, aria } = useCampo(p);
  return (
    <Campo id={id} label={p.label} erro={erro} className={p.className}>
      <Dropdown
        inputId={id}
        aria-invalid={aria['aria-invalid']}
        aria-describedby={aria['aria-describedby']}
        value={field.value ?? null}
        options={p.options}
        onChange={(e) => field.onChange(e.value ?? null)}
        onBlur={field.onBlur}
        inputRef={field.ref}
        placeholder={p.placeholder ?? 'Selecione'}
        emptyMessage={p.emptyMessage ?? 'Nenhum registro encontrado'}
        emptyFilterMessage={p.emptyMessage ?? 'Nenhum registro encontrado'}
        filter={p.options.length > 8}
        showClear
        loading={p.loading}
        disabled={p.disabled}
        className={erro ? 'p-invalid' : ''}
      />
    </Campo>
  );
}

/**
 * Digits typed into a mask (mascaras.ts: CEP, CPF/CNPJ, phone; adapting to the length where the
 * mask does). The form holds the digits (`unmask`) or the masked text.
 */
export function MaskField<T extends FieldValues>(p: Base<T> & { mascara: Mascara; unmask?: boolean; placeholder?: string; inputMode?: 'numeric' | 'tel' }) {
  const { field, erro, id, aria } = useCampo(p);
  return (
    <Campo id={id} label={p.label} erro={erro} className={p.className}>
      <EntradaMascarada
        {...aria}
        mascara={p.mascara}
        value={String(field.value ?? '')}
        onChange={(digitos, texto) => field.onChange(p.unmask ? digitos : texto)}
        onBlur={field.onBlur}
        inputRef={field.ref}
        placeholder={p.placeholder}
        inputMode={p.inputMode}
        autoFocus={p.autoFocus}
        disabled={p.disabled}
        className={erro ? 'p-invalid' : ''}
      />
    </Campo>
  );
}

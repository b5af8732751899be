import { Calendar } from 'primereact/calendar';
import { Dropdown } from 'primereact/dropdown';
import { InputMask } from 'primereact/inputmask';
import { InputNumber } from 'primereact/inputnumber';
import { InputTextarea } from 'primereact/inputtextarea';
import { useRef } from 'react';
import type { FieldValues } from 'react-hook-form';
import { fromIsoDate, toIsoDate } from '@ceasa/shared';
import { Campo, useCampo, type Base } from './text-field';

export { Campo, TextField, useCampo, type Base } from './text-field';

export function TextAreaField<T extends FieldValues>(p: Base<T> & { rows?: number }) {
  const { field, erro, id, aria } = useCampo(p);
  return (
    <Campo id={id} label={p.label} erro={erro} className={p.className}>
      <InputTextarea {...aria} value={field.value ?? ''} onChange={(e) => field.onChange(e.target.value)} onBlur={field.onBlur} rows={p.rows ?? 3} className={erro ? 'p-invalid' : ''} />
    </Campo>
  );
}

export function NumberField<T extends FieldValues>(p: Base<T> & { decimais?: number; moeda?: boolean; min?: number; max?: number; onBlurValue?: (v: number | null) => void }) {
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
        min={p.min}
        max={p.max}
        useGrouping={p.moeda || (p.decimais ?? 0) > 0}
        className={erro ? 'p-invalid' : ''}
      />
    </Campo>
  );
}

export function DateField<T extends FieldValues>(p: Base<T> & { yearRange?: string }) {
  const { field, erro, id, aria } = useCampo(p);
  return (
    <Campo id={id} label={p.label} erro={erro} className={p.className}>
      <Calendar
        inputId={id}
        aria-invalid={aria['aria-invalid']}
        aria-describedby={aria['aria-describedby']}
        value={fromIsoDate(field.value)}
        onChange={(e) => field.onChange(toIsoDate(e.value as Date | null))}
        onBlur={field.onBlur}
        inputRef={field.ref}
        dateFormat="dd/mm/yy"
        placeholder="dd/mm/aaaa"
        mask="99/99/9999"
        showIcon
        // PrimeReact 10.9 moves the focus into the calendar as soon as it opens: opening it on focus
        // would make typing a date impossible. The icon (or ArrowDown) opens it.
        showOnFocus={false}
        yearNavigator
        monthNavigator
        yearRange={p.yearRange}
        className={erro ? 'p-invalid' : ''}
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
        className={erro ? 'p-invalid' : ''}
      />
    </Campo>
  );
}

export function MaskField<T extends FieldValues>(p: Base<T> & { mask: string; unmask?: boolean }) {
  const { field, erro, id, aria } = useCampo(p);
  return (
    <Campo id={id} label={p.label} erro={erro} className={p.className}>
      <InputMask
        {...aria}
        mask={p.mask}
        autoClear={false}
        unmask={p.unmask}
        value={String(field.value ?? '')}
        onChange={(e) => field.onChange(e.target.value ?? '')}
        onBlur={field.onBlur}
        className={erro ? 'p-invalid' : ''}
      />
    </Campo>
  );
}

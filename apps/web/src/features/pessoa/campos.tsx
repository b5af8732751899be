import { InputText } from 'primereact/inputtext';
import type { FieldValues } from 'react-hook-form';
import { soDigitos } from '@ceasa/shared';
import { Campo, useCampo, type Base } from '../../components/form/text-field';

/** Digits laid into groups with separators, as far as they go: aplicar('1234', [3, 3], ['.']) → '123.4'. */
function aplicar(d: string, grupos: number[], seps: string[]) {
  let out = '';
  let i = 0;
  for (const [k, g] of grupos.entries()) {
    if (i >= d.length) break;
    if (k > 0) out += seps[k - 1];
    out += d.slice(i, i + g);
    i += g;
  }
  return out;
}

/** CPF while up to 11 digits (999.999.999-99), CNPJ from 12 to 14 (99.999.999/9999-99). */
export function mascaraCpfCnpj(v: string | null | undefined): string {
  const d = soDigitos(v).slice(0, 14);
  return d.length <= 11 ? aplicar(d, [3, 3, 3, 2], ['.', '.', '-']) : aplicar(d, [2, 3, 3, 4, 2], ['.', '.', '/', '-']);
}

/** (99) 9999-9999 up to 10 digits, (99) 99999-9999 with 11. */
export function mascaraTelefone(v: string | null | undefined): string {
  const d = soDigitos(v).slice(0, 11);
  if (!d) return '';
  if (d.length <= 2) return `(${d}`;
  const meio = d.length === 11 ? 5 : 4;
  const resto = d.slice(2);
  return `(${d.slice(0, 2)}) ${resto.slice(0, meio)}${resto.length > meio ? `-${resto.slice(meio)}` : ''}`;
}

/**
 * A text field that formats its digits as the user types (a mask that adapts to the length,
 * which a fixed InputMask cannot do). The form holds the formatted text; the shared schema
 * decides what is sent (e.g. the phone's digits).
 */
export function FormatadoField<T extends FieldValues>(
  p: Pick<Base<T>, 'control' | 'name' | 'label'> & { formatar: (v: string) => string; maxLength: number; placeholder?: string; inputMode?: 'numeric' | 'tel' | 'text' },
) {
  const { field, erro, id, aria } = useCampo(p);
  const atual = p.formatar(String(field.value ?? ''));
  return (
    <Campo id={id} label={p.label} erro={erro}>
      <InputText
        {...aria}
        value={atual}
        onChange={(e) => {
          let v = e.target.value;
          // Backspace over a separator: drop the digit before it, or the separator would come straight back.
          if (v.length < atual.length && soDigitos(v) === soDigitos(atual)) v = soDigitos(v).slice(0, -1);
          field.onChange(p.formatar(v));
        }}
        onBlur={field.onBlur}
        ref={field.ref}
        maxLength={p.maxLength}
        placeholder={p.placeholder}
        inputMode={p.inputMode}
        className={erro ? 'p-invalid' : ''}
      />
    </Campo>
  );
}

import { InputText } from 'primereact/inputtext';
import { useContext, type ReactNode } from 'react';
import { useController, type Control, type FieldValues, type Path } from 'react-hook-form';
import { LimiteDoCampo } from './limite-do-campo';

/*
 * The light part of the form fields (label + error frame and the text input), in its own module so
 * the sign-in page at the entry of the app does not pull the calendar, dropdown and number inputs.
 * `fields.tsx` re-exports everything here.
 */

export interface Base<T extends FieldValues> {
  control: Control<T>;
  name: Path<T>;
  label: string;
  autoFocus?: boolean;
  className?: string;
  /** Shown but not editable (a read-only view). */
  disabled?: boolean;
}

/** Label, control and the field's pt-BR error, the same on every form. */
export function Campo({ id, label, erro, children, className }: { id: string; label: string; erro?: string; children: ReactNode; className?: string }) {
  return (
    <div className={`field ${className ?? ''}`}>
      <label htmlFor={id}>{label}</label>
      {children}
      {erro && (
        <small id={`${id}-erro`} className="p-error" role="alert">
          {erro}
        </small>
      )}
    </div>
  );
}

export function useCampo<T extends FieldValues>(p: Base<T>) {
  const { field, fieldState } = useController({ control: p.control, name: p.name });
  const id = `campo-${String(p.name).replace(/\W/g, '-')}`;
  const erro = fieldState.error?.message;
  const aria = { id, 'aria-invalid': !!erro || undefined, 'aria-describedby': erro ? `${id}-erro` : undefined };
  return { field, erro, id, aria };
}

/** A text input; its maxLength is the form schema's limit for the field (in a FormPage) unless given. */
export function TextField<T extends FieldValues>(p: Base<T> & { maxLength?: number; type?: string }) {
  const { field, erro, id, aria } = useCampo(p);
  const limite = useContext(LimiteDoCampo);
  return (
    <Campo id={id} label={p.label} erro={erro} className={p.className}>
      <InputText
        {...aria}
        type={p.type}
        value={field.value ?? ''}
        onChange={(e) => field.onChange(e.target.value)}
        onBlur={field.onBlur}
        ref={field.ref}
        autoFocus={p.autoFocus}
        maxLength={p.maxLength ?? limite(p.name)}
        disabled={p.disabled}
        className={erro ? 'p-invalid' : ''}
      />
    </Campo>
  );
}

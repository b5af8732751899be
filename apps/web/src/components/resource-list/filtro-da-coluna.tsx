import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { EntradaData } from '../form/entrada-data';
import { ehDataIso } from '../form/mascaras';
import type { ListColumn } from './recurso-da-lista';

/**
 * The least width of a filter that shows its whole placeholder (its column grows to it): the text's
 * width in em (measured in DejaVu Sans, among the widest sans-serif fonts) plus the control's padding
 * and buttons (a dropdown: its arrow, the room kept for the clear icon and the borders, 5.4rem).
 * For a dropdown's own placeholder, .62em a character.
 */
const cabe = (textoEm: number, extraRem: number) => ({ minWidth: `calc(${textoEm}em + ${extraRem}rem)` });
const PESQUISAR = 'Pesquisar';
const EM_PESQUISAR = 4.9;
const EM_DATA = 6.45;
const emDe = (texto: string) => texto.length * 0.62;

/** A column's filter in the list's filter row: a text (applied after a pause), a whole day, or a pick list (applied at once). */
export function FiltroDaColuna<T>(p: {
  coluna: ListColumn<T>;
  valor: string | number | null;
  mudar: (campo: string, valor: string | number | null, imediato?: boolean) => void;
}) {
  const c = p.coluna;
  const v = p.valor;
  if (!c.filter) return null;
  if (c.filter === 'text')
    return (
      <InputText
        value={(v as string) ?? ''}
        onChange={(e) => p.mudar(c.field, e.target.value)}
        placeholder={PESQUISAR}
        aria-label={`Filtrar por ${c.header}`}
        className="p-inputtext-sm w-full"
        style={cabe(EM_PESQUISAR, 1.5)}
      />
    );
  if (c.filter === 'date')
    return (
      // Only a whole day (or nothing) filters; a half-typed date goes back to the filter in force on leaving.
      <EntradaData
        value={v as string | null}
        onChange={(d) => (d === null || ehDataIso(d)) && p.mudar(c.field, d, true)}
        reverterIncompleto
        botoesHoje
        yearRange={`2000:${new Date().getFullYear() + 2}`}
        aria-label={`Filtrar por ${c.header}`}
        inputClassName="p-inputtext-sm"
        inputStyle={cabe(EM_DATA, 1.5)}
      />
    );
  const placeholder = c.filter.placeholder ?? 'Selecione';
  return (
    <Dropdown
      value={v}
      options={c.filter.options}
      onChange={(e) => p.mudar(c.field, e.value ?? null, true)}
      placeholder={placeholder}
      style={cabe(emDe(placeholder), 5.4)}
      showClear
      filter={c.filter.options.length > 10}
      aria-label={`Filtrar por ${c.header}`}
      className="p-inputtext-sm w-full"
    />
  );
}

import { Checkbox } from 'primereact/checkbox';
import { InputText } from 'primereact/inputtext';
import type { ReactNode, Ref } from 'react';
import { CampoBusca } from '../campo-busca';
import { EntradaData } from '../entrada-data';
import { EntradaNumero } from '../entrada-numero';

/**
 * What an editor of a child field receives, in a row's cell or in the new-row editor. It must put `id` on the input
 * its label names and call `mudar` with each new value (the new-row editor reads the value from there when Enter or a
 * button adds the row); it may call `seguir` to move to the new-row editor's next field (e.g. after a click picked an
 * option). Enter in it moves on by itself unless the editor stops the event (a search that found nothing).
 */
export interface PropsDoEditor<I = Record<string, unknown>> {
  id: string;
  valor: unknown;
  mudar: (v: unknown) => void;
  /** On blur: the cell reports the value the editor holds (a number commits what was typed just before its blur). */
  sair?: () => void;
  entrada?: Ref<HTMLInputElement>;
  /** The editor's accessible name. */
  rotulo: string;
  erro?: string;
  /** The id of the text that describes the input now (its error, or its hint), for `aria-describedby`. */
  descritoPor?: string;
  /** A number's text that is not a pt-BR number: its message (undefined once it reads), shown instead of the schema's. */
  aoLer?: (erro: string | undefined) => void;
  desabilitado?: boolean;
  seguir: () => void;
  /**
   * In the new-row editor: a pick typed while its list loads tells it waits for the list ('esperando'), then that it
   * was chosen ('escolhido') or not ('nada'); the row is added only once nothing waits (CampoBusca's `aoEsperar`).
   */
  esperar?: (estado: 'esperando' | 'escolhido' | 'nada') => void;
  /** The row being edited (absent in the new-row editor). */
  item?: I;
  indice?: number;
}

/** An editor: draws the input of a child field from what its cell gives. Each form composes its columns from these. */
export type EditorDeItem<I = Record<string, unknown>> = (p: PropsDoEditor<I>) => ReactNode;

/**
 * The editors below keep what was typed in their own inputs: the new-row editor draws them afresh for each row added
 * and keeps their messages until the next attempt. A form's own editor (not listed here) is controlled by the draft:
 * it keeps its element from row to row and drops its message as it changes.
 */
const reiniciados = new WeakSet<EditorDeItem<never>>();
const reiniciado = <I,>(e: EditorDeItem<I>): EditorDeItem<I> => {
  reiniciados.add(e as EditorDeItem<never>);
  return e;
};
export const reiniciaACadaLinha = (e: EditorDeItem<never> | undefined) => !!e && reiniciados.has(e);

const aria = (p: PropsDoEditor<unknown>) => ({
  'aria-label': p.rotulo,
  'aria-invalid': p.erro ? true : undefined,
  'aria-describedby': p.descritoPor,
});
/** What an editor's input takes from its cell: its id, name and message's state, the cell's blur, and whether it is disabled. */
const daCelula = (p: PropsDoEditor<unknown>) => ({ id: p.id, ...aria(p), onBlur: p.sair, disabled: p.desabilitado });
const classe = (p: PropsDoEditor<unknown>, base: string) => `${base} ${p.erro ? 'p-invalid' : ''}`;

/** A text, at most `maxLength` long. */
export const editorTexto = <I,>(o: { maxLength?: number } = {}): EditorDeItem<I> =>
  reiniciado((p) => (
    <InputText
      {...daCelula(p)}
      ref={p.entrada}
      value={(p.valor as string) ?? ''}
      onChange={(ev) => p.mudar(ev.target.value)}
      maxLength={o.maxLength}
      className={classe(p, 'p-inputtext-sm w-full')}
    />
  ));

/**
 * A pt-BR number with `decimais` places (thousands separators unless `agrupar` is false), `sufixo` after it from the
 * row (' dias'). No min or max is passed to the input, which would clamp a value beyond them silently (20000 shown as
 * 10.000,00): the parent's shared schema refuses such a value with its own message.
 */
export const editorNumero = <I,>(o: { decimais?: number; agrupar?: boolean; sufixo?: (item: I, indice: number) => string } = {}): EditorDeItem<I> =>
  reiniciado((p) => (
    <EntradaNumero
      {...daCelula(p)}
      inputRef={p.entrada}
      value={p.valor}
      onChange={p.mudar}
      aoLer={p.aoLer}
      decimais={o.decimais ?? 0}
      agrupar={o.agrupar ?? true}
      sufixo={o.sufixo && p.item !== undefined ? o.sufixo(p.item, p.indice ?? 0) : undefined}
      className={classe(p, 'p-inputtext-sm w-full')}
    />
  ));

/** A yes/no. */
export const editorCheckbox = <I,>(): EditorDeItem<I> =>
  reiniciado((p) => (
    <Checkbox
      inputId={p.id}
      {...aria(p)}
      checked={!!p.valor}
      onChange={(ev) => p.mudar(!!ev.checked)}
      disabled={p.desabilitado}
      className={p.erro ? 'p-invalid' : undefined}
    />
  ));

/** A date typed into a dd/mm/aaaa mask or picked, within `yearRange` ('2010:2030'). */
export const editorData = <I,>(o: { yearRange?: string } = {}): EditorDeItem<I> =>
  reiniciado((p) => (
    <EntradaData
      {...daCelula(p)}
      inputRef={p.entrada}
      value={(p.valor as string | null) ?? null}
      onChange={p.mudar}
      yearRange={o.yearRange}
      className={classe(p, 'w-full')}
      inputClassName="p-inputtext-sm"
    />
  ));

/** A typed pick list; `vazio` its 'nothing found' text. */
export const editorOpcoes = <I,>(o: { opcoes: { label: string; value: string | number }[]; vazio?: string; carregando?: boolean }): EditorDeItem<I> =>
  reiniciado((p) => (
    <CampoBusca
      {...daCelula(p)}
      inputRef={p.entrada}
      value={p.valor ?? null}
      opcoes={o.opcoes}
      onChange={p.mudar}
      vazio={o.vazio}
      carregando={o.carregando}
      aoEsperar={p.esperar}
      className={classe(p, 'p-inputtext-sm w-full')}
    />
  ));

import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { get, useFieldArray, useFormState, useWatch, type ArrayPath, type Control, type FieldArray, type FieldValues, type Path } from 'react-hook-form';
import type { ZodType } from 'zod';
import { caminhoDoForm } from '@ceasa/shared';
import { avisar, perguntar } from '../../../lib/confirmacao';

/** The question before a row leaves the table. */
export const CONFIRMAR_REMOCAO = 'Você tem certeza que quer remover este item?';
/** The header of the dialog that refuses a row's removal (see `podeRemover`). */
export const REMOCAO_RECUSADA = 'Não é possível remover';

/** What adding from the new-row editor gives: the rows to add, or the message of each field of the draft `R` that refuses it. */
export type NovasLinhas<I, R = I> = { linhas: I[] } | { erros: Partial<Record<keyof R & string, string>> };

/**
 * The new-row editor: its starting draft, the row's schema, and how a draft becomes rows where it is not the row
 * itself (`R`, e.g. the gate's product and quantity as typed). Without `linhas` the draft is the row.
 */
export interface Novo<I, R = I> {
  padrao: R;
  schema?: ZodType;
  linhas?: (rascunho: R) => NovasLinhas<I, R>;
}

export interface OpcoesDasLinhas<F extends FieldValues, I, R = I> {
  control: Control<F>;
  name: ArrayPath<F>;
  novo?: Novo<I, R>;
  /** The ids of the new-row editor's inputs, in the order Enter walks them. */
  idsNovos: string[];
  /** The ids of its optional inputs that Enter does not walk into (Enter there adds the row). */
  idsForaDoEnter?: string[];
  /** A blank row, edited in the table. */
  nova?: () => I;
  linhasPorPagina?: 10 | 20 | 30;
  /** After the removal's confirmation: the row leaves only if this resolves true (e.g. deleted on the server at once). */
  aoRemover?: (item: I, index: number) => Promise<boolean>;
  /** Why a row may not be removed, shown instead of the confirmation (the row stays); null when it may. */
  podeRemover?: (item: I, index: number) => string | null;
}

/** The rows a draft makes (`montar`, or the draft itself checked by the row's schema), or the messages of the draft's fields. */
function linhasDoRascunho<I, R>(novo: Novo<I, R>, linha: R, montar: ((rascunho: R) => NovasLinhas<I, R>) | undefined): NovasLinhas<I, R> {
  // Without `montar` the draft is the row (its schema checked it).
  if (montar) return montar(linha);
  const r = novo.schema?.safeParse(linha);
  if (r && !r.success)
    return {
      erros: Object.fromEntries(r.error.issues.map((is) => [caminhoDoForm(String(is.path[0] ?? '')), is.message])) as NovasLinhas<I, R> extends {
        erros: infer E;
      }
        ? E
        : never,
    };
  return { linhas: [linha] as unknown as I[] };
}

/** The page shown: the new row's page after an add, and after a failed save the page of the first row in error. */
function usePagina<F extends FieldValues>(o: { control: Control<F>; name: ArrayPath<F>; linhasPorPagina?: number; total: number }) {
  const { errors, submitCount } = useFormState({ control: o.control });
  const [porPagina, setPorPagina] = useState<number>(o.linhasPorPagina ?? 10);
  const [primeira, setPrimeira] = useState(0);
  useEffect(() => {
    const lista = get(errors, o.name);
    if (!Array.isArray(lista)) return;
    const i = lista.findIndex((e) => e);
    if (i >= 0) setPrimeira(Math.floor(i / porPagina) * porPagina);
  }, [submitCount, errors]); // eslint-disable-line react-hooks/exhaustive-deps
  return {
    errors,
    primeira,
    setPrimeira,
    porPagina,
    setPorPagina,
    // The new row's page.
    irParaNova: () => setPrimeira(Math.floor(o.total / porPagina) * porPagina),
  };
}

/** The focus to the new-row editor's field after the one whose input is `id`. */
function seguirDe(idsNovos: string[], id: string) {
  const proximo = document.getElementById(idsNovos[idsNovos.indexOf(id) + 1] ?? '') as HTMLInputElement | null;
  proximo?.focus();
  proximo?.select?.();
}

/** The new-row editor's keys: Enter moves to the next field, and in the last one adds the row. Ctrl+Enter is the form's save. */
function teclaNovo(o: { novo?: unknown; idsNovos: string[]; idsForaDoEnter?: string[] }, adicionar: () => void, e: KeyboardEvent) {
  if (e.key !== 'Enter' || e.ctrlKey || e.metaKey || !o.novo) return;
  const alvo = e.target as HTMLElement;
  if (alvo.tagName !== 'INPUT') return;
  e.preventDefault();
  const i = o.idsNovos.indexOf(alvo.id);
  if (i < 0) {
    if (o.idsForaDoEnter?.includes(alvo.id)) adicionar();
    return;
  }
  if (i < o.idsNovos.length - 1) seguirDe(o.idsNovos, alvo.id);
  else adicionar();
}

/**
 * The new-row editor: its draft and messages, the add (waiting for a pick whose list loads), and its keys (Enter
 * moves to the next field and in the last one adds the row, then the focus goes back to the first).
 */
function useEditorNovo<F extends FieldValues, I, R>(o: OpcoesDasLinhas<F, I, R>, acrescentar: (novas: I[]) => void) {
  const [rascunho, setRascunho] = useState<R | undefined>(o.novo?.padrao);
  /**
   * The new row as typed, written at each change and each keystroke of a number (which its input
   * commits only on Enter or blur): what Enter adds is read from here, never from a render behind.
   */
  const novoAtual = useRef<R | undefined>(o.novo?.padrao);
  /** Rows added from the editor: its inputs start afresh for each one, and the focus goes back to the first. */
  const [adicionadas, setAdicionadas] = useState(0);
  const [errosNovo, setErrosNovo] = useState<Record<string, string | undefined>>({});
  /** The new-row editor's numbers whose text is not a pt-BR number: their messages. */
  const [leituras, setLeituras] = useState<Record<string, string | undefined>>({});

  const mudarNovo = (field: string, v: unknown, limparErro: boolean) => {
    novoAtual.current = { ...(novoAtual.current as R), [field]: v };
    setRascunho(novoAtual.current);
    if (limparErro) setErrosNovo((e) => (e[field] ? { ...e, [field]: undefined } : e));
  };
  /** The new-row editor's inputs whose pick waits for its list (typed and Enter while the list loaded). */
  const esperando = useRef(new Set<string>());
  /** The add asked for while a pick waited: done once none waits, dropped when one matched nothing. */
  const adiado = useRef<{ montar?: (rascunho: R) => NovasLinhas<I, R> } | null>(null);
  /** Adds the draft (checked by the row's schema), or the rows `montar` makes of it. */
  const adicionar = (montar = o.novo?.linhas) => {
    const linha = novoAtual.current;
    if (!o.novo || !linha) return;
    // A pick still waiting for its list (a shop item's sold lot, whose list loads once the date is typed): the row
    // is added when it is chosen, never without it (what was typed is what is saved).
    if (esperando.current.size) {
      adiado.current = { montar };
      return;
    }
    adiado.current = null;
    const m = linhasDoRascunho(o.novo, linha, montar);
    if ('erros' in m) {
      setErrosNovo(m.erros as Record<string, string>);
      return;
    }
    setErrosNovo({});
    setLeituras({});
    acrescentar(m.linhas);
    novoAtual.current = o.novo.padrao;
    setRascunho(o.novo.padrao);
    setAdicionadas((n) => n + 1);
  };
  // After a row is added: the first field of the (fresh) editor takes the focus, for the next row.
  useLayoutEffect(() => {
    if (adicionadas && o.idsNovos[0]) document.getElementById(o.idsNovos[0])?.focus();
  }, [adicionadas]); // eslint-disable-line react-hooks/exhaustive-deps

  /** What a pick of the new-row editor (its input `id`) says while and after it waits for its list (CampoBusca's `aoEsperar`). */
  const esperar = (id: string, estado: 'esperando' | 'escolhido' | 'nada') => {
    if (estado === 'esperando') {
      esperando.current.add(id);
      return;
    }
    esperando.current.delete(id);
    const pedido = adiado.current;
    if (!pedido) return;
    if (estado === 'nada') {
      // What was typed matched nothing: no row; the focus goes to that field, whose list says so.
      adiado.current = null;
      document.getElementById(id)?.focus();
    } else if (!esperando.current.size) adicionar(pedido.montar);
  };

  return {
    rascunho,
    adicionadas,
    erroDe: (field: string) => leituras[field] ?? errosNovo[field],
    mudar: mudarNovo,
    ler: (field: string, m: string | undefined) => setLeituras((l) => ({ ...l, [field]: m })),
    adicionar,
    esperar,
    teclaNovo: (e: KeyboardEvent) => teclaNovo(o, adicionar, e),
    seguirDe: (id: string) => seguirDe(o.idsNovos, id),
  };
}

/**
 * The child rows of a master-detail form, with no markup (ARCHITECTURE.md rule 9): react-hook-form's field array, the
 * page shown (and the page of the first row in error after a failed save), the new-row draft with its messages, the
 * keyboard of the new-row editor (decision 0083: Enter moves to the next field and in the last one adds the
 * row with exactly what was typed, then the focus goes back to the first), adding blank rows, and removing a row after
 * 'Você tem certeza que quer remover este item?' (or showing why it may not be removed).
 */
export function useLinhas<F extends FieldValues, I extends Record<string, unknown>, R extends Record<string, unknown> = I>(o: OpcoesDasLinhas<F, I, R>) {
  const { fields, append, remove } = useFieldArray({ control: o.control, name: o.name });
  const pag = usePagina({ control: o.control, name: o.name, linhasPorPagina: o.linhasPorPagina, total: fields.length });
  const { primeira, porPagina, setPrimeira, irParaNova } = pag;
  const valores = (useWatch({ control: o.control, name: o.name as Path<F> }) as unknown as I[] | undefined) ?? [];
  const msg = (caminho: string): string | undefined => (get(pag.errors, caminho) as { message?: string } | undefined)?.message;
  // The watched values lag one render behind an append: the field array's copy stands in meanwhile.
  const itemDe = (i: number) => (valores[i] ?? fields[i]) as unknown as I;
  const erroDaLista = msg(o.name) ?? msg(`${o.name}.root`);

  // No rows (the draft went elsewhere: the gate's queue of products typed while the list loads) is no change to the
  // array: appending nothing would validate it (mode onTouched) and say 'no rows' while the rows are on their way.
  const novo = useEditorNovo(o, (novas) => {
    if (!novas.length) return;
    append(novas as unknown as FieldArray<F, ArrayPath<F>>[], { shouldFocus: false });
    irParaNova();
  });

  const adicionarEmBranco = () => {
    if (!o.nova) return;
    append(o.nova() as unknown as FieldArray<F, ArrayPath<F>>, { shouldFocus: false });
    irParaNova();
  };

  const tirarLinha = async (i: number) => {
    if (o.aoRemover && !(await o.aoRemover(itemDe(i), i))) return;
    remove(i);
    if (primeira >= fields.length - 1 && primeira > 0) setPrimeira(Math.max(0, primeira - porPagina));
  };
  const removerLinha = (i: number) => {
    const recusa = o.podeRemover?.(itemDe(i), i);
    if (recusa) return void avisar(recusa, REMOCAO_RECUSADA);
    void perguntar(CONFIRMAR_REMOCAO, { perigo: true }).then((sim) => {
      if (sim) void tirarLinha(i);
    });
  };

  /** The rows' keys, in order (a row keeps its key as rows before it leave). */
  const chaves: { id: string }[] = fields;
  return {
    fields: chaves,
    itemDe,
    erroDaLista,
    pagina: { primeira, porPagina, mudar: (p: { first: number; rows: number }) => (setPrimeira(p.first), pag.setPorPagina(p.rows)) },
    novo,
    adicionarEmBranco,
    removerLinha,
  };
}

export type Linhas<I extends Record<string, unknown>, R extends Record<string, unknown> = I> = ReturnType<typeof useLinhas<FieldValues, I, R>>;

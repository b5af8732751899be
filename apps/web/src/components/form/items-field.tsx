import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { Column } from 'primereact/column';
import { confirmDialog } from 'primereact/confirmdialog';
import { confirmarRemocao } from '../confirmar-remocao';
import { DataTable } from 'primereact/datatable';
import { InputText } from 'primereact/inputtext';
import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent, type ReactNode, type Ref } from 'react';
import {
  Controller,
  get,
  useFieldArray,
  useFormState,
  useWatch,
  type ArrayPath,
  type Control,
  type FieldArray,
  type FieldValues,
  type Path,
} from 'react-hook-form';
import type { ZodType } from 'zod';
import { caminhoDoForm } from '@ceasa/shared';
import { CampoBusca } from './campo-busca';
import { EntradaData } from './entrada-data';
import { EntradaNumero } from './entrada-numero';

/**
 * How a child field is edited in its cell (and in the new-row editor); options: a typed pick list (CampoBusca), `vazio` its
 * 'nothing found' text; `render`: an input of the form's own (e.g. the gate's search box), drawn with what `EditorProprio` gives.
 */
export type Editor =
  | 'texto'
  | 'numero'
  | 'checkbox'
  | 'data'
  | { opcoes: { label: string; value: string | number }[]; vazio?: string; carregando?: boolean }
  | { render: (p: EditorProprio) => ReactNode };

/**
 * What an editor of the form's own (`{ render }`) receives. It must put `id` on the input its label names, call `mudar`
 * with each new value (the new-row editor reads the value from there when Enter or a button adds the row), and may
 * call `seguir` to move to the next field (e.g. after a click picked an option); Enter in it moves on by itself
 * unless the editor stops the event (a search that found nothing).
 */
export interface EditorProprio {
  id: string;
  valor: unknown;
  mudar: (v: unknown) => void;
  rotulo: string;
  erro?: string;
  /** The id of the text that describes the input now (its error, or its hint), for `aria-describedby`. */
  descritoPor?: string;
  seguir: () => void;
}

/** What adding from the new-row editor gives: the rows to add, or the message of each field that refuses the draft. */
export type NovasLinhas<I> = { linhas: I[] } | { erros: Partial<Record<keyof I & string, string>> };

export interface ItemColumn<I> {
  /** The child row's field. */
  field: keyof I & string;
  header: string;
  /** Inline editor; absent: shown as text (`body` or the value). */
  editor?: Editor;
  /** Decimal places of a number editor. */
  decimais?: number;
  /**
   * Informative only: never passed to the input, which would clamp a value beyond them silently
   * (20000 shown as 10.000,00). The parent's shared schema refuses such a value with its own message.
   */
  min?: number;
  max?: number;
  /** Thousands separators in a number editor (default: on). */
  agrupar?: boolean;
  /** Text after a number (e.g. ' dias'), from the row. */
  sufixo?: (item: I, index: number) => string;
  /** Longest text a text editor takes. */
  maxLength?: number;
  /** Year range of a date editor ('2010:2030'); the date is typed into a dd/mm/aaaa mask or picked. */
  yearRange?: string;
  body?: (item: I, index: number) => ReactNode;
  /** The cell reads 'N/A' (no editor) while this holds for its row (e.g. a row marked 'não necessárias'). */
  na?: (item: I, index: number) => boolean;
  /** The row's editor is disabled while this holds. */
  desabilitada?: (item: I, index: number) => boolean;
  /** After the user changes the cell: the form's rules (e.g. a checkbox that clears its row). */
  aoMudar?: (valor: unknown, index: number) => void;
  /** Called when the row's editor loses focus, with the value it holds (e.g. a quantity saved on the server at once). */
  aoSair?: (valor: unknown, item: I, index: number) => void;
  /** Accessible name of the row's editor (defaults to '{header} {n}'). */
  rotulo?: (item: I, index: number) => string;
  /** id of the row's input (for labels and tests; default 'celula-{name}-{n}-{field}', n from 0). */
  inputId?: (item: I, index: number) => string;
  /** id of this field's input in the new-row editor (default 'novo-{name}-{field}'). */
  idNovo?: string;
  /** A hint under this field of the new-row editor while it has no error, from the draft (e.g. the unit of a quantity). */
  dica?: (rascunho: I) => ReactNode;
  style?: React.CSSProperties;
}

export const CONFIRMAR_REMOCAO = 'Você tem certeza que quer remover este item?';
/** The header of the dialog that refuses a row's removal (see `podeRemover`). */
export const REMOCAO_RECUSADA = 'Não é possível remover';

/**
 * The child rows of a master-detail form (ARCHITECTURE.md rule 9), on react-hook-form's
 * useFieldArray: a paginated table (10 rows, 10/20/30) whose cells edit the rows inline, validated
 * by the parent's shared zod schema (which holds the child array). Rows are added either from a row
 * editor of the declared fields (`novo`: the button or Enter) or as blank rows edited in the table
 * (`nova`: the button beside the title); each row can be removed after
 * 'Você tem certeza que quer remover este item?' (Sim/Não) and, with `aoRemover`, the caller's
 * consent (an item deleted on the server). A row `podeRemover` refuses shows the refusal instead
 * of the question and stays. Rows stay in the form until the parent is saved; server errors on 'itens[2].x' show on that row's cell, and the table turns to the page
 * of the first row in error after a failed save; a message on a row itself ('itens[2]') shows in its first cell, and one on a
 * field shown as text (no editor) under that text. Without `novo`/`nova` it is a checklist of given rows.
 * `desabilitado` shows the rows read-only (no editing, adding or removing).
 *
 * Keyboard (issue 21, decision 0083): in the new-row editor Enter moves to the next field (a pick list
 * first chooses its first match) and in the last field adds the row with exactly what was typed, then
 * goes back to the first field; Enter anywhere in the items never submits the parent form.
 */
export function ItemsField<F extends FieldValues, I extends Record<string, unknown>>(p: {
  control: Control<F>;
  name: ArrayPath<F>;
  titulo: string;
  colunas: ItemColumn<I>[];
  /**
   * Adding rows: the new-row editor's fields, its starting values and the row's schema (the element of the parent's array);
   * `linhas` turns the draft into the rows to add (or refuses it) where the draft is not the row itself; `outros` are more
   * buttons beside the add button, each adding the rows its `linhas` gives (e.g. 'Adicionar todos').
   */
  novo?: {
    campos: ItemColumn<I>[];
    padrao: I;
    schema?: ZodType;
    rotuloBotao?: string;
    linhas?: (rascunho: I) => NovasLinhas<I>;
    outros?: { rotulo: string; icone?: string; linhas: (rascunho: I) => NovasLinhas<I> }[];
  };
  /** Adding blank rows, edited in the table: the new row (a button beside the title, labelled `rotuloAdicionar`). */
  nova?: () => I;
  rotuloAdicionar?: string;
  /** Rows can be removed (default: when rows can be added). */
  remover?: boolean;
  /**
   * After the removal's confirmation: the row leaves the table only if this resolves true (e.g. an item
   * deleted on the server at once, kept when the server refuses).
   */
  aoRemover?: (item: I, index: number) => Promise<boolean>;
  /**
   * Why a row may not be removed (e.g. a bulletin item that has a field notebook): shown in a dialog
   * instead of the confirmation, and the row stays; null when it may be removed.
   */
  podeRemover?: (item: I, index: number) => string | null;
  /** What a row is called in the remove button's name (default 'item {n}'). */
  rotuloDaLinha?: (item: I, index: number) => string;
  /** More buttons of a row, before its remove button. */
  acoes?: (item: I, index: number) => ReactNode;
  /** Read-only: every editor disabled, no adding or removing (`acoes` stay). */
  desabilitado?: boolean;
  linhasPorPagina?: 10 | 20 | 30;
  vazio?: string;
  /** Text under the title, before the new-row editor. */
  ajuda?: ReactNode;
  /** The rows under a title of their own, below the new-row editor (the table is named by it); default: the table is named by `titulo`. */
  tituloDasLinhas?: string;
  /** More classes of the field's frame. */
  className?: string;
}) {
  const { fields, append, remove } = useFieldArray({ control: p.control, name: p.name });
  const { errors, submitCount } = useFormState({ control: p.control });
  const [linhas, setLinhas] = useState<number>(p.linhasPorPagina ?? 10);
  const [primeira, setPrimeira] = useState(0);
  const [rascunho, setRascunho] = useState<I | undefined>(p.novo?.padrao);
  /**
   * The new row as typed, written at each change and each keystroke of a number (which its input
   * commits only on Enter or blur): what Enter adds is read from here, never from a render behind.
   */
  const novoAtual = useRef<I | undefined>(p.novo?.padrao);
  /** Rows added from the editor: its inputs start afresh for each one, and the focus goes back to the first. */
  const [adicionadas, setAdicionadas] = useState(0);
  const [errosNovo, setErrosNovo] = useState<Record<string, string>>({});
  /** The new-row editor's numbers whose text is not a pt-BR number: their messages. */
  const [leituras, setLeituras] = useState<Record<string, string | undefined>>({});
  const removivel = !p.desabilitado && (p.remover ?? (!!p.novo || !!p.nova));
  const valores = (useWatch({ control: p.control, name: p.name as Path<F> }) as unknown as I[] | undefined) ?? [];
  const msg = (caminho: string): string | undefined => (get(errors, caminho) as { message?: string } | undefined)?.message;
  // The watched values lag one render behind an append: the field array's copy stands in meanwhile.
  const itemDe = (i: number) => (valores[i] ?? fields[i]) as unknown as I;
  const erroDaLista = msg(p.name) ?? msg(`${p.name}.root`);

  // After a failed save, show the page of the first row in error.
  useEffect(() => {
    const lista = get(errors, p.name);
    if (!Array.isArray(lista)) return;
    const i = lista.findIndex((e) => e);
    if (i >= 0) setPrimeira(Math.floor(i / linhas) * linhas);
  }, [submitCount, errors]); // eslint-disable-line react-hooks/exhaustive-deps

  // The new row's page.
  const irParaNova = () => setPrimeira(Math.floor(fields.length / linhas) * linhas);

  const idNovo = (c: ItemColumn<I>) => c.idNovo ?? `novo-${p.name}-${c.field}`;
  const mudarNovo = (field: string, v: unknown, comEstado = true, limparErro = false) => {
    novoAtual.current = { ...(novoAtual.current as I), [field]: v };
    if (comEstado) setRascunho(novoAtual.current);
    if (limparErro) setErrosNovo((e) => (e[field] ? { ...e, [field]: undefined } : e) as Record<string, string>);
  };
  /** An editor of the form's own (`render`): controlled by the draft, it keeps its element from row to row and drops its message as it changes. */
  const proprio = (c: ItemColumn<I>) => typeof c.editor === 'object' && 'render' in c.editor;
  /** Adds the draft (checked by the row's schema), or the rows `montar` makes of it. */
  const adicionar = (montar = p.novo?.linhas) => {
    const linha = novoAtual.current;
    if (!p.novo || !linha) return;
    let novas: I[] = [linha];
    if (montar) {
      const m = montar(linha);
      if ('erros' in m) {
        setErrosNovo(m.erros as Record<string, string>);
        return;
      }
      novas = m.linhas;
    } else {
      const r = p.novo.schema?.safeParse(linha);
      if (r && !r.success) {
        setErrosNovo(Object.fromEntries(r.error.issues.map((is) => [caminhoDoForm(String(is.path[0] ?? '')), is.message])));
        return;
      }
    }
    setErrosNovo({});
    setLeituras({});
    append(novas as unknown as FieldArray<F, ArrayPath<F>>[], { shouldFocus: false });
    novoAtual.current = p.novo.padrao;
    setRascunho(p.novo.padrao);
    setAdicionadas((n) => n + 1);
    irParaNova();
  };
  // After a row is added: the first field of the (fresh) editor takes the focus, for the next row.
  const primeiroNovo = p.novo?.campos[0];
  useLayoutEffect(() => {
    if (adicionadas && primeiroNovo) document.getElementById(idNovo(primeiroNovo))?.focus();
  }, [adicionadas]); // eslint-disable-line react-hooks/exhaustive-deps

  /**
   * The new-row editor's keys: Enter moves to the next field (a pick list has chosen its first match
   * before), and in the last field adds the row and goes back to the first. Ctrl+Enter is the form's save.
   */
  const teclaNovo = (e: KeyboardEvent) => {
    if (e.key !== 'Enter' || e.ctrlKey || e.metaKey || !p.novo) return;
    const alvo = e.target as HTMLElement;
    if (alvo.tagName !== 'INPUT') return;
    e.preventDefault();
    const ids = p.novo.campos.map(idNovo);
    const i = ids.indexOf(alvo.id);
    if (i < 0) return;
    if (i < ids.length - 1) seguirDe(alvo.id);
    else adicionar();
  };
  /** The focus to the new-row editor's field after the one whose input is `id`. */
  const seguirDe = (id: string) => {
    const ids = p.novo?.campos.map(idNovo) ?? [];
    const proximo = document.getElementById(ids[ids.indexOf(id) + 1] ?? '') as HTMLInputElement | null;
    proximo?.focus();
    proximo?.select?.();
  };

  const adicionarEmBranco = () => {
    if (!p.nova) return;
    append(p.nova() as unknown as FieldArray<F, ArrayPath<F>>, { shouldFocus: false });
    irParaNova();
  };

  const removerLinha = (i: number) => {
    const recusa = p.podeRemover?.(itemDe(i), i);
    if (recusa) {
      confirmDialog({
        message: recusa,
        header: REMOCAO_RECUSADA,
        icon: 'pi pi-info-circle',
        footer: (o) => <Button type="button" label="OK" onClick={o.accept} autoFocus />,
      });
      return;
    }
    confirmarRemocao(CONFIRMAR_REMOCAO, () => tirarLinha(i));
  };
  const tirarLinha = async (i: number) => {
    if (p.aoRemover && !(await p.aoRemover(itemDe(i), i))) return;
    remove(i);
    if (primeira >= fields.length - 1 && primeira > 0) setPrimeira(Math.max(0, primeira - linhas));
  };

  const linhasDaTabela = fields.map((f, i) => ({ _chave: f.id, _i: i }));
  const temAcoes = removivel || !!p.acoes;
  const tabela = (
    <DataTable
      value={linhasDaTabela}
      dataKey="_chave"
      paginator={fields.length > 10}
      rows={linhas}
      first={primeira}
      onPage={(e) => {
        setPrimeira(e.first);
        setLinhas(e.rows);
      }}
      rowsPerPageOptions={[10, 20, 30]}
      paginatorTemplate="FirstPageLink PrevPageLink PageLinks NextPageLink LastPageLink RowsPerPageDropdown CurrentPageReport"
      currentPageReportTemplate="{first} a {last} de {totalRecords}"
      emptyMessage={p.vazio ?? 'Nenhum item adicionado'}
      size="small"
      stripedRows
      className="items-tabela"
      aria-label={p.tituloDasLinhas ?? p.titulo}
    >
      {p.colunas.map((c, k) => (
        <Column
          key={c.field}
          header={c.header}
          body={(r: { _i: number }) => (
            <Celula c={c} i={r._i} control={p.control} name={p.name} reserva={itemDe(r._i)} desabilitado={p.desabilitado} primeira={k === 0} />
          )}
          style={c.style}
        />
      ))}
      {temAcoes && (
        <Column
          header="Ações"
          style={{ width: '1%', whiteSpace: 'nowrap' }}
          body={(r: { _i: number }) => (
            <div className="row-actions">
              {p.acoes?.(itemDe(r._i), r._i)}
              {removivel && (
                <Button
                  type="button"
                  icon="pi pi-trash"
                  rounded
                  text
                  severity="danger"
                  aria-label={`Remover ${p.rotuloDaLinha ? p.rotuloDaLinha(itemDe(r._i), r._i) : `item ${r._i + 1}`}`}
                  onClick={() => removerLinha(r._i)}
                />
              )}
            </div>
          )}
        />
      )}
    </DataTable>
  );
  const erroAbaixo = !p.nova && erroDaLista && (
    <small className="p-error" role="alert">
      {erroDaLista}
    </small>
  );
  return (
    <fieldset
      className={p.className ? `items-field ${p.className}` : 'items-field'}
      aria-label={p.nova ? p.titulo : undefined}
      onKeyDown={(e) => {
        // Enter in a row's cell (or anywhere here) never submits the parent form: only Salvar or Ctrl+Enter do.
        if (e.key === 'Enter' && !e.ctrlKey && !e.metaKey && (e.target as HTMLElement).tagName === 'INPUT') e.preventDefault();
      }}
    >
      {p.nova ? (
        <div className="items-header">
          <h2>{p.titulo}</h2>
          {!p.desabilitado && (
            <Button type="button" label={p.rotuloAdicionar ?? 'Adicionar item'} icon="pi pi-plus" outlined size="small" onClick={adicionarEmBranco} />
          )}
        </div>
      ) : (
        <legend>{p.titulo}</legend>
      )}
      {p.ajuda}
      {p.novo && rascunho && !p.desabilitado && (
        <div className="items-novo" onKeyDown={teclaNovo}>
          {p.novo.campos.map((c) => {
            const id = idNovo(c);
            const erro = leituras[c.field] ?? errosNovo[c.field];
            const dica = erro ? undefined : c.dica?.(rascunho);
            return (
              // The built-in editors start afresh for each row (their inputs keep what was typed).
              <div className="field" key={proprio(c) ? c.field : `${c.field}-${adicionadas}`}>
                <label htmlFor={id}>{c.header}</label>
                <Editor
                  c={c}
                  valor={rascunho[c.field]}
                  mudar={(v) => mudarNovo(c.field, v, true, proprio(c))}
                  aoLer={(m) => setLeituras((l) => ({ ...l, [c.field]: m }))}
                  rotulo={c.header}
                  id={id}
                  erro={erro}
                  dica={dica ? `${id}-dica` : undefined}
                  seguir={() => seguirDe(id)}
                />
                {erro ? (
                  <small id={`${id}-erro`} className="p-error" role="alert">
                    {erro}
                  </small>
                ) : (
                  dica && (
                    <small id={`${id}-dica`} className="muted">
                      {dica}
                    </small>
                  )
                )}
              </div>
            );
          })}
          <Button type="button" label={p.novo.rotuloBotao ?? 'Adicionar item'} icon="pi pi-plus" onClick={() => adicionar()} />
          {p.novo.outros?.map((o) => (
            <Button key={o.rotulo} type="button" label={o.rotulo} icon={o.icone ?? 'pi pi-plus-circle'} outlined onClick={() => adicionar(o.linhas)} />
          ))}
        </div>
      )}
      {p.nova && erroDaLista && (
        <small className="p-error" role="alert">
          {erroDaLista}
        </small>
      )}
      {p.tituloDasLinhas ? (
        <fieldset className="items-field">
          <legend>{p.tituloDasLinhas}</legend>
          {tabela}
          {erroAbaixo}
        </fieldset>
      ) : (
        <>
          {tabela}
          {erroAbaixo}
        </>
      )}
    </fieldset>
  );
}

/**
 * One cell of row `i`: its editor (or text, or 'N/A'), and its error; the first cell also shows the
 * message of the row itself. It watches its own row, so a change elsewhere in the row (a 'não
 * necessárias' checkbox) reaches it even where the table keeps cells.
 */
function Celula<F extends FieldValues, I extends Record<string, unknown>>(p: {
  c: ItemColumn<I>;
  i: number;
  control: Control<F>;
  name: ArrayPath<F>;
  /** The row before the watch has it (just after an append). */
  reserva: I;
  desabilitado?: boolean;
  /** The row's first cell: it shows the message on the row itself ('itens[2]'). */
  primeira?: boolean;
}) {
  const { c, i } = p;
  const [leitura, setLeitura] = useState<string>();
  const caminho = `${p.name}.${i}.${c.field}` as Path<F>;
  const item = ((useWatch({ control: p.control, name: `${p.name}.${i}` as Path<F> }) as unknown as I | undefined) ?? p.reserva) as I;
  const { errors } = useFormState({ control: p.control, name: `${p.name}.${i}` as Path<F> });
  const id = c.inputId ? c.inputId(item, i) : `celula-${caminho.replace(/\W/g, '-')}`;
  const daLinha = p.primeira ? mensagemDaLinha(get(errors, `${p.name}.${i}`)) : undefined;
  const erroDaLinha = daLinha && (
    <small id={`linha-${p.name}-${i}-erro`} className="p-error" role="alert">
      {daLinha}
    </small>
  );
  if (c.na?.(item, i)) return <span className="na">N/A</span>;
  if (!c.editor) {
    // A message on a field shown as text (a server refusal of that row's product) shows under it.
    const erro = (get(errors, caminho) as { message?: string } | undefined)?.message;
    const texto = c.body ? c.body(item, i) : String(item?.[c.field] ?? '');
    if (!erro && !erroDaLinha) return <>{texto}</>;
    return (
      <div className="item-celula">
        <span>{texto}</span>
        {erro && (
          <small id={`${id}-erro`} className="p-error" role="alert">
            {erro}
          </small>
        )}
        {erroDaLinha}
      </div>
    );
  }
  const rotulo = c.rotulo ? c.rotulo(item, i) : `${c.header} ${i + 1}`;
  return (
    <Controller
      control={p.control}
      name={caminho}
      render={({ field, fieldState }) => {
        const erro = leitura ?? fieldState.error?.message;
        return (
          <div className="item-celula">
            <Editor
              c={c}
              valor={field.value}
              mudar={(v) => {
                field.onChange(v);
                // A cell showing a message is checked again as it is typed, not only when it is left: a message that
                // vanished on leaving shrank the page under the pointer, and the click that left it (the first
                // 'Salvar' after a date typed in a row) landed beside its button and was lost (issue 28).
                if (fieldState.error) field.onBlur();
                c.aoMudar?.(v, i);
              }}
              sair={(v) => {
                field.onBlur();
                c.aoSair?.(v, item, i);
              }}
              entrada={field.ref}
              rotulo={rotulo}
              id={id}
              erro={erro}
              sufixo={c.sufixo?.(item, i)}
              aoLer={setLeitura}
              desabilitado={p.desabilitado || c.desabilitada?.(item, i)}
            />
            {erro && (
              <small id={`${id}-erro`} className="p-error" role="alert">
                {erro}
              </small>
            )}
            {erroDaLinha}
          </div>
        );
      }}
    />
  );
}

/** The message set on a row itself ('itens.2', or its root), not on one of its fields. */
const mensagemDaLinha = (e: unknown): string | undefined => {
  const r = e as { message?: unknown; root?: { message?: string } } | undefined;
  return typeof r?.message === 'string' ? r.message : r?.root?.message;
};

/** One editor of a child field. */
function Editor<I>(p: {
  c: ItemColumn<I>;
  valor: unknown;
  mudar: (v: unknown) => void;
  rotulo: string;
  id: string | undefined;
  erro?: string;
  /** On blur, with the value the editor holds (a number input commits what was typed just before its blur, in the same event). */
  sair?: (valor: unknown) => void;
  entrada?: Ref<HTMLInputElement>;
  /** A number's text that is not a pt-BR number: its message (undefined once it reads), shown instead of the schema's. */
  aoLer?: (erro: string | undefined) => void;
  sufixo?: string;
  desabilitado?: boolean;
  /** The id of the hint under the editor (new-row editor), described by it while there is no error. */
  dica?: string;
  /** The focus to the next field of the new-row editor. */
  seguir?: () => void;
}) {
  const { c, valor, rotulo, id } = p;
  let atual = valor;
  const mudar = (v: unknown) => {
    atual = v;
    p.mudar(v);
  };
  const sair = () => p.sair?.(atual);
  const invalido = p.erro ? true : undefined;
  const cls = invalido ? 'p-invalid' : '';
  const descritoPor = p.erro ? `${id}-erro` : p.dica;
  const aria = { 'aria-label': rotulo, 'aria-invalid': invalido, 'aria-describedby': descritoPor };
  const e = c.editor;
  if (e && typeof e === 'object' && 'render' in e)
    return e.render({ id: id ?? '', valor, mudar, rotulo, erro: p.erro, descritoPor, seguir: () => p.seguir?.() });
  if (e === 'checkbox')
    return <Checkbox inputId={id} {...aria} checked={!!valor} onChange={(ev) => mudar(!!ev.checked)} disabled={p.desabilitado} className={cls || undefined} />;
  if (e === 'numero')
    return (
      <EntradaNumero
        id={id}
        {...aria}
        inputRef={p.entrada}
        value={valor}
        onChange={mudar}
        onBlur={sair}
        aoLer={p.aoLer}
        decimais={c.decimais ?? 0}
        agrupar={c.agrupar ?? true}
        sufixo={p.sufixo}
        disabled={p.desabilitado}
        className={`p-inputtext-sm w-full ${cls}`}
      />
    );
  if (e === 'data')
    return (
      <EntradaData
        id={id}
        {...aria}
        inputRef={p.entrada}
        value={(valor as string | null) ?? null}
        onChange={mudar}
        onBlur={sair}
        yearRange={c.yearRange}
        disabled={p.desabilitado}
        className={`w-full ${cls}`}
        inputClassName="p-inputtext-sm"
      />
    );
  if (e && typeof e === 'object' && 'opcoes' in e)
    return (
      <CampoBusca
        id={id ?? ''}
        {...aria}
        inputRef={p.entrada}
        value={valor ?? null}
        opcoes={e.opcoes}
        onChange={mudar}
        onBlur={sair}
        vazio={e.vazio}
        carregando={e.carregando}
        disabled={p.desabilitado}
        className={`p-inputtext-sm w-full ${cls}`}
      />
    );
  return (
    <InputText
      id={id}
      {...aria}
      ref={p.entrada}
      value={(valor as string) ?? ''}
      onChange={(ev) => mudar(ev.target.value)}
      onBlur={sair}
      maxLength={c.maxLength}
      disabled={p.desabilitado}
      className={`p-inputtext-sm w-full ${cls}`}
    />
  );
}

import { Button } from 'primereact/button';
import { Calendar } from 'primereact/calendar';
import { Checkbox } from 'primereact/checkbox';
import { Column } from 'primereact/column';
import { confirmDialog } from 'primereact/confirmdialog';
import { DataTable } from 'primereact/datatable';
import { Dropdown } from 'primereact/dropdown';
import { InputNumber } from 'primereact/inputnumber';
import { InputText } from 'primereact/inputtext';
import { useEffect, useState, type KeyboardEvent, type ReactNode } from 'react';
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
import { caminhoDoForm, fromIsoDate, toIsoDate } from '@ceasa/shared';

/** How a child field is edited in its cell (and in the new-row editor). */
export type Editor = 'texto' | 'numero' | 'checkbox' | 'data' | { opcoes: { label: string; value: string | number }[] };

export interface ItemColumn<I> {
  /** The child row's field. */
  field: keyof I & string;
  header: string;
  /** Inline editor; absent: shown as text (`body` or the value). */
  editor?: Editor;
  /** Decimal places and limits of a number editor. */
  decimais?: number;
  min?: number;
  max?: number;
  /** Year range of a date editor ('2010:2030'). */
  yearRange?: string;
  body?: (item: I, index: number) => ReactNode;
  /** Accessible name of the row's editor (defaults to '{header} {n}'). */
  rotulo?: (item: I, index: number) => string;
  /** id of the row's input (for labels and tests). */
  inputId?: (item: I, index: number) => string;
  style?: React.CSSProperties;
}

export const CONFIRMAR_REMOCAO = 'Você tem certeza que quer remover este item?';

/**
 * The child rows of a master-detail form (ARCHITECTURE.md rule 9), on react-hook-form's
 * useFieldArray: a paginated table (10 rows, 10/20/30) whose cells edit the rows inline, validated
 * by the parent's shared zod schema (which holds the child array); with `novo`, a row editor of the
 * declared fields adds rows (the button or Enter), and each row can be removed after
 * 'Você tem certeza que quer remover este item?' (Sim/Não). Rows stay in the form until the parent
 * is saved; server errors on 'itens[2].x' show on that row's cell, and the table turns to the page
 * of the first row in error after a failed save. Without `novo` it is a checklist of given rows.
 */
export function ItemsField<F extends FieldValues, I extends Record<string, unknown>>(p: {
  control: Control<F>;
  name: ArrayPath<F>;
  titulo: string;
  colunas: ItemColumn<I>[];
  /** Adding rows: the new-row editor's fields, its starting values and the row's schema (the element of the parent's array). */
  novo?: { campos: ItemColumn<I>[]; padrao: I; schema?: ZodType; rotuloBotao?: string };
  /** Rows can be removed (default: when rows can be added). */
  remover?: boolean;
  /** What a row is called in the remove button's name (default 'item {n}'). */
  rotuloDaLinha?: (item: I, index: number) => string;
  linhasPorPagina?: 10 | 20 | 30;
  vazio?: string;
}) {
  const { fields, append, remove } = useFieldArray({ control: p.control, name: p.name });
  const { errors, submitCount } = useFormState({ control: p.control });
  const [linhas, setLinhas] = useState<number>(p.linhasPorPagina ?? 10);
  const [primeira, setPrimeira] = useState(0);
  const [rascunho, setRascunho] = useState<I | undefined>(p.novo?.padrao);
  const [errosNovo, setErrosNovo] = useState<Record<string, string>>({});
  const podeRemover = p.remover ?? !!p.novo;
  const valores = (useWatch({ control: p.control, name: p.name as Path<F> }) as unknown as I[] | undefined) ?? [];
  const msg = (caminho: string): string | undefined => (get(errors, caminho) as { message?: string } | undefined)?.message;
  const erroDe = (i: number, campo: string) => msg(`${p.name}.${i}.${campo}`);
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

  const adicionar = () => {
    if (!p.novo || !rascunho) return;
    const r = p.novo.schema?.safeParse(rascunho);
    if (r && !r.success) {
      setErrosNovo(Object.fromEntries(r.error.issues.map((is) => [caminhoDoForm(String(is.path[0] ?? '')), is.message])));
      return;
    }
    setErrosNovo({});
    append(rascunho as unknown as FieldArray<F, ArrayPath<F>>);
    setRascunho(p.novo.padrao);
    // The new row's page.
    setPrimeira(Math.floor(fields.length / linhas) * linhas);
  };

  const removerLinha = (i: number) =>
    confirmDialog({
      message: CONFIRMAR_REMOCAO,
      header: 'Confirmação',
      icon: 'pi pi-exclamation-triangle',
      acceptLabel: 'Sim',
      rejectLabel: 'Não',
      acceptClassName: 'p-button-danger',
      accept: () => {
        remove(i);
        if (primeira >= fields.length - 1 && primeira > 0) setPrimeira(Math.max(0, primeira - linhas));
      },
    });

  const rotuloDe = (c: ItemColumn<I>, item: I, i: number) => (c.rotulo ? c.rotulo(item, i) : `${c.header} ${i + 1}`);

  const celula = (c: ItemColumn<I>, i: number) => {
    const item = itemDe(i);
    if (!c.editor) return c.body ? c.body(item, i) : String(item?.[c.field] ?? '');
    const erro = erroDe(i, c.field);
    return (
      <Controller
        control={p.control}
        name={`${p.name}.${i}.${c.field}` as Path<F>}
        render={({ field }) => (
          <div className="item-celula">
            {campo(c, field.value, field.onChange, rotuloDe(c, item, i), c.inputId?.(item, i), !!erro, field.onBlur)}
            {erro && <small className="p-error">{erro}</small>}
          </div>
        )}
      />
    );
  };

  const linhasDaTabela = fields.map((f, i) => ({ _chave: f.id, _i: i }));
  return (
    <fieldset className="items-field">
      <legend>{p.titulo}</legend>
      {p.novo && rascunho && (
        <div
          className="items-novo"
          onKeyDown={(e: KeyboardEvent) => {
            // Enter adds the row (not the parent's submit).
            if (e.key === 'Enter' && (e.target as HTMLElement).tagName === 'INPUT') {
              e.preventDefault();
              adicionar();
            }
          }}
        >
          {p.novo.campos.map((c) => (
            <div className="field" key={c.field}>
              <label htmlFor={`novo-${p.name}-${c.field}`}>{c.header}</label>
              {campo(c, rascunho[c.field], (v) => setRascunho({ ...rascunho, [c.field]: v }), c.header, `novo-${p.name}-${c.field}`, !!errosNovo[c.field])}
              {errosNovo[c.field] && <small className="p-error">{errosNovo[c.field]}</small>}
            </div>
          ))}
          <Button type="button" label={p.novo.rotuloBotao ?? 'Adicionar item'} icon="pi pi-plus" onClick={adicionar} />
        </div>
      )}
      <DataTable
        value={linhasDaTabela}
        dataKey="_chave"
        paginator={fields.length > 0}
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
        aria-label={p.titulo}
      >
        {p.colunas.map((c) => (
          <Column key={c.field} header={c.header} body={(r: { _i: number }) => celula(c, r._i)} style={c.style} />
        ))}
        {podeRemover && (
          <Column
            header="Ações"
            style={{ width: '1%', whiteSpace: 'nowrap' }}
            body={(r: { _i: number }) => (
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
          />
        )}
      </DataTable>
      {erroDaLista && (
        <small className="p-error" role="alert">
          {erroDaLista}
        </small>
      )}
    </fieldset>
  );
}

/** One editor of a child field. */
function campo<I>(c: ItemColumn<I>, valor: unknown, mudar: (v: unknown) => void, rotulo: string, id: string | undefined, invalido: boolean, sair?: () => void) {
  const cls = invalido ? 'p-invalid' : undefined;
  const e = c.editor;
  if (e === 'checkbox') return <Checkbox inputId={id} aria-label={rotulo} checked={!!valor} onChange={(ev) => mudar(!!ev.checked)} className={cls} />;
  if (e === 'numero')
    return (
      <InputNumber
        inputId={id}
        aria-label={rotulo}
        value={(valor as number | null) ?? null}
        onValueChange={(ev) => mudar(ev.value ?? null)}
        onBlur={sair}
        locale="pt-BR"
        minFractionDigits={c.decimais ?? 0}
        maxFractionDigits={c.decimais ?? 0}
        min={c.min}
        max={c.max}
        className={cls}
      />
    );
  if (e === 'data')
    return (
      <Calendar
        inputId={id}
        ariaLabel={rotulo}
        value={fromIsoDate(valor as string | null)}
        onChange={(ev) => mudar(toIsoDate(ev.value as Date | null))}
        dateFormat="dd/mm/yy"
        placeholder="dd/mm/aaaa"
        mask="99/99/9999"
        showIcon
        showOnFocus={false}
        yearNavigator
        yearRange={c.yearRange}
        className={cls}
      />
    );
  if (e && typeof e === 'object')
    return (
      <Dropdown
        inputId={id}
        aria-label={rotulo}
        value={valor ?? null}
        options={e.opcoes}
        onChange={(ev) => mudar(ev.value ?? null)}
        placeholder="Selecione"
        filter={e.opcoes.length > 8}
        showClear
        className={cls}
      />
    );
  return <InputText id={id} aria-label={rotulo} value={(valor as string) ?? ''} onChange={(ev) => mudar(ev.target.value)} onBlur={sair} className={cls} />;
}

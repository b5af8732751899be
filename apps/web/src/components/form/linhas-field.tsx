import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { Column } from 'primereact/column';
import { confirmDialog } from 'primereact/confirmdialog';
import { DataTable } from 'primereact/datatable';
import { Dropdown } from 'primereact/dropdown';
import { InputNumber } from 'primereact/inputnumber';
import { InputText } from 'primereact/inputtext';
import { useState, type ReactNode } from 'react';
import { useController, useFieldArray, useFormState, type ArrayPath, type Control, type FieldArray, type FieldValues, type Path } from 'react-hook-form';
import { EntradaData } from './entrada-data';
import type { Opcao } from './fields';

/*
 * Child rows edited inside a form (a bulletin's items, a notebook's rows): rows are added, edited
 * inline and removed (after confirmation) in the form's state only, and go to the server with the
 * whole record on save. Knows no resource: a form declares its columns.
 */

interface CelulaBase<T extends FieldValues> {
  control: Control<T>;
  name: Path<T>;
  /** Accessible name of the cell's input (e.g. 'Produto do item 2'). */
  rotulo: string;
  disabled?: boolean;
}

function useCelula<T extends FieldValues>(p: CelulaBase<T>) {
  const { field, fieldState } = useController({ control: p.control, name: p.name });
  const erro = fieldState.error?.message;
  const id = `celula-${String(p.name).replace(/\W/g, '-')}`;
  return { field, erro, id };
}

const Erro = ({ id, erro }: { id: string; erro?: string }) =>
  erro ? (
    <small id={`${id}-erro`} className="p-error celula-erro" role="alert">
      {erro}
    </small>
  ) : null;

export function CelulaTexto<T extends FieldValues>(p: CelulaBase<T> & { maxLength?: number }) {
  const { field, erro, id } = useCelula(p);
  return (
    <div className="celula">
      <InputText
        id={id}
        ref={field.ref}
        aria-label={p.rotulo}
        aria-invalid={!!erro || undefined}
        value={field.value ?? ''}
        onChange={(e) => field.onChange(e.target.value)}
        onBlur={field.onBlur}
        disabled={p.disabled}
        maxLength={p.maxLength}
        className={`p-inputtext-sm w-full ${erro ? 'p-invalid' : ''}`}
      />
      <Erro id={id} erro={erro} />
    </div>
  );
}

export function CelulaNumero<T extends FieldValues>(p: CelulaBase<T> & { decimais?: number; min?: number; max?: number; sufixo?: string }) {
  const { field, erro, id } = useCelula(p);
  return (
    <div className="celula">
      <InputNumber
        inputId={id}
        aria-label={p.rotulo}
        aria-invalid={!!erro || undefined}
        inputRef={field.ref}
        value={field.value ?? null}
        onValueChange={(e) => field.onChange(e.value ?? null)}
        onBlur={field.onBlur}
        locale="pt-BR"
        minFractionDigits={p.decimais ?? 0}
        maxFractionDigits={p.decimais ?? 0}
        useGrouping={(p.decimais ?? 0) > 0}
        min={p.min}
        max={p.max}
        suffix={p.sufixo}
        disabled={p.disabled}
        className={`w-full ${erro ? 'p-invalid' : ''}`}
        inputClassName="p-inputtext-sm w-full"
      />
      <Erro id={id} erro={erro} />
    </div>
  );
}

export function CelulaData<T extends FieldValues>(p: CelulaBase<T> & { yearRange?: string }) {
  const { field, erro, id } = useCelula(p);
  return (
    <div className="celula">
      <EntradaData
        id={id}
        aria-label={p.rotulo}
        aria-invalid={!!erro || undefined}
        inputRef={field.ref}
        value={field.value ?? null}
        onChange={field.onChange}
        onBlur={field.onBlur}
        yearRange={p.yearRange}
        disabled={p.disabled}
        className={`w-full ${erro ? 'p-invalid' : ''}`}
        inputClassName="p-inputtext-sm"
      />
      <Erro id={id} erro={erro} />
    </div>
  );
}

export function CelulaOpcao<T extends FieldValues>(p: CelulaBase<T> & { options: Opcao[]; emptyMessage?: string }) {
  const { field, erro, id } = useCelula(p);
  return (
    <div className="celula">
      <Dropdown
        inputId={id}
        aria-label={p.rotulo}
        aria-invalid={!!erro || undefined}
        value={field.value ?? null}
        options={p.options}
        onChange={(e) => field.onChange(e.value ?? null)}
        onBlur={field.onBlur}
        placeholder="Selecione"
        filter={p.options.length > 8}
        emptyMessage={p.emptyMessage ?? 'Nenhum registro encontrado'}
        emptyFilterMessage={p.emptyMessage ?? 'Nenhum registro encontrado'}
        disabled={p.disabled}
        appendTo={typeof document !== 'undefined' ? document.body : undefined}
        className={`p-inputtext-sm w-full ${erro ? 'p-invalid' : ''}`}
      />
      <Erro id={id} erro={erro} />
    </div>
  );
}

/** A checkbox cell; `aoMudar` lets the form apply its rules (e.g. 'não necessárias' clears the row). */
export function CelulaMarca<T extends FieldValues>(p: CelulaBase<T> & { aoMudar?: (marcado: boolean) => void }) {
  const { field, id } = useCelula(p);
  return (
    <Checkbox
      inputId={id}
      aria-label={p.rotulo}
      checked={!!field.value}
      onChange={(e) => {
        field.onChange(!!e.checked);
        p.aoMudar?.(!!e.checked);
      }}
      disabled={p.disabled}
    />
  );
}

export interface LinhaColuna {
  header: string;
  /** The cell of row `i` (its index in the whole list). */
  celula: (i: number) => ReactNode;
  style?: React.CSSProperties;
}

/**
 * The rows of `name` in a table (10 per page; 10/20/30), an add button and a remove button per row
 * asking 'Você tem certeza que quer remover este item?'. `acoes` adds buttons per row.
 */
export function LinhasField<T extends FieldValues, N extends ArrayPath<T>>(p: {
  control: Control<T>;
  name: N;
  titulo: string;
  colunas: LinhaColuna[];
  nova: () => FieldArray<T, N>;
  rotuloAdicionar?: string;
  vazio?: string;
  acoes?: (i: number) => ReactNode;
  /** Something to say above the table (e.g. the spec's note). */
  nota?: ReactNode;
}) {
  const { fields, append, remove } = useFieldArray({ control: p.control, name: p.name, keyName: '_chave' as 'id' });
  const { errors } = useFormState({ control: p.control, name: p.name as unknown as Path<T> });
  const [primeira, setPrimeira] = useState(0);
  const [porPagina, setPorPagina] = useState(10);
  const erroLista = (() => {
    const e = (p.name as string).split('.').reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], errors) as
      { message?: string; root?: { message?: string } } | undefined;
    return e?.message ?? e?.root?.message;
  })();
  const linhas = fields.map((f, i) => ({ ...(f as object), __i: i }) as { __i: number; _chave: string });

  const remover = (i: number) =>
    confirmDialog({
      message: 'Você tem certeza que quer remover este item?',
      header: 'Confirmação',
      icon: 'pi pi-exclamation-triangle',
      acceptLabel: 'Sim',
      rejectLabel: 'Não',
      acceptClassName: 'p-button-danger',
      accept: () => {
        remove(i);
        // Stay on a page that still has rows.
        if (primeira >= fields.length - 1 && primeira > 0) setPrimeira(Math.max(0, primeira - porPagina));
      },
    });

  const adicionar = () => {
    append(p.nova(), { shouldFocus: false });
    // Show the page of the new row.
    setPrimeira(Math.floor(fields.length / porPagina) * porPagina);
  };

  return (
    <fieldset className="linhas-field" aria-label={p.titulo}>
      <div className="linhas-header">
        <h2>{p.titulo}</h2>
        <Button type="button" label={p.rotuloAdicionar ?? 'Adicionar item'} icon="pi pi-plus" outlined size="small" onClick={adicionar} />
      </div>
      {p.nota}
      {erroLista && (
        <small className="p-error" role="alert">
          {erroLista}
        </small>
      )}
      <DataTable
        value={linhas}
        dataKey="_chave"
        paginator={linhas.length > 10}
        rows={porPagina}
        first={primeira}
        onPage={(e) => {
          setPrimeira(e.first);
          setPorPagina(e.rows);
        }}
        rowsPerPageOptions={[10, 20, 30]}
        emptyMessage={p.vazio ?? 'Nenhum item adicionado'}
        size="small"
        className="linhas-tabela"
      >
        {p.colunas.map((c) => (
          <Column key={c.header} header={c.header} body={(l: { __i: number }) => c.celula(l.__i)} style={c.style} />
        ))}
        <Column
          header="Ações"
          style={{ width: '1%', whiteSpace: 'nowrap' }}
          body={(l: { __i: number }) => (
            <div className="row-actions">
              {p.acoes?.(l.__i)}
              <Button type="button" icon="pi pi-trash" rounded text severity="danger" aria-label={`Remover item ${l.__i + 1}`} onClick={() => remover(l.__i)} />
            </div>
          )}
        />
      </DataTable>
    </fieldset>
  );
}

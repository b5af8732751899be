import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { useState, type CSSProperties, type ReactNode } from 'react';
import { Controller, get, useFormState, useWatch, type ArrayPath, type Control, type FieldValues, type Path } from 'react-hook-form';
import type { EditorDeItem } from './editores';
import type { Linhas } from './use-linhas';

/** A column of the rows' table (and a field of the new-row editor). */
export interface ItemColumn<I> {
  /** The child row's field. */
  field: keyof I & string;
  header: string;
  /** Its editor (editores.tsx, or the form's own); absent: shown as text (`body` or the value). */
  editor?: EditorDeItem<I>;
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
  /**
   * An optional field of the new-row editor that Enter does not walk into (reached with Tab or the pointer); Enter in
   * it adds the row. The clerk's Enter chain (e.g. municipality, product, quantity) stays as it was.
   */
  foraDoEnter?: boolean;
  /** id of this field's input in the new-row editor (default 'novo-{name}-{field}'). */
  idNovo?: string;
  /** A hint under this field of the new-row editor while it has no error, from the draft (e.g. the unit of a quantity). */
  dica?: (rascunho: I) => ReactNode;
  style?: CSSProperties;
}

/**
 * The rows as a paginated table (10 rows, 10/20/30) whose cells edit them inline; server errors on 'itens[2].x' show
 * on that row's cell, a message on a row itself ('itens[2]') in its first cell. The actions column holds the form's
 * `acoes` and, when `removivel`, the remove button named by `rotuloDaLinha` ('Remover item 3').
 */
export function TabelaItens<F extends FieldValues, I extends Record<string, unknown>>(p: {
  control: Control<F>;
  name: ArrayPath<F>;
  linhas: Pick<Linhas<I>, 'fields' | 'itemDe' | 'pagina' | 'removerLinha'>;
  colunas: ItemColumn<I>[];
  /** The table's accessible name. */
  rotulo: string;
  vazio?: string;
  desabilitado?: boolean;
  removivel: boolean;
  rotuloDaLinha?: (item: I, index: number) => string;
  acoes?: (item: I, index: number) => ReactNode;
}) {
  const { fields, itemDe, pagina } = p.linhas;
  return (
    <DataTable
      value={fields.map((f, i) => ({ _chave: f.id, _i: i }))}
      dataKey="_chave"
      paginator={fields.length > 10}
      rows={pagina.porPagina}
      first={pagina.primeira}
      onPage={pagina.mudar}
      rowsPerPageOptions={[10, 20, 30]}
      paginatorTemplate="FirstPageLink PrevPageLink PageLinks NextPageLink LastPageLink RowsPerPageDropdown CurrentPageReport"
      currentPageReportTemplate="{first} a {last} de {totalRecords}"
      emptyMessage={p.vazio ?? 'Nenhum item adicionado'}
      size="small"
      stripedRows
      className="items-tabela"
      aria-label={p.rotulo}
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
      {(p.removivel || !!p.acoes) && (
        <Column
          header="Ações"
          style={{ width: '1%', whiteSpace: 'nowrap' }}
          body={(r: { _i: number }) => (
            <div className="row-actions">
              {p.acoes?.(itemDe(r._i), r._i)}
              {p.removivel && (
                <Button
                  type="button"
                  icon="pi pi-trash"
                  rounded
                  text
                  severity="danger"
                  aria-label={`Remover ${p.rotuloDaLinha ? p.rotuloDaLinha(itemDe(r._i), r._i) : `item ${r._i + 1}`}`}
                  onClick={() => p.linhas.removerLinha(r._i)}
                />
              )}
            </div>
          )}
        />
      )}
    </DataTable>
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
      <CelulaComErro id={id} erro={erro} erroDaLinha={erroDaLinha}>
        <span>{texto}</span>
      </CelulaComErro>
    );
  }
  const editor = c.editor;
  return (
    <Controller
      control={p.control}
      name={caminho}
      render={({ field, fieldState }) => {
        const erro = leitura ?? fieldState.error?.message;
        // What the editor last gave, within this event: a number input commits what was typed just before its blur.
        let atual: unknown = field.value;
        return (
          <CelulaComErro id={id} erro={erro} erroDaLinha={erroDaLinha}>
            {editor({
              id,
              valor: field.value,
              mudar: (v) => {
                atual = v;
                field.onChange(v);
                // A cell showing a message is checked again as it is typed, not only when it is left: a message that
                // vanished on leaving shrank the page under the pointer, and the click that left it (the first
                // 'Salvar' after a date typed in a row) landed beside its button and was lost.
                if (fieldState.error) field.onBlur();
                c.aoMudar?.(v, i);
              },
              sair: () => {
                field.onBlur();
                c.aoSair?.(atual, item, i);
              },
              entrada: field.ref,
              rotulo: c.rotulo ? c.rotulo(item, i) : `${c.header} ${i + 1}`,
              erro,
              descritoPor: erro ? `${id}-erro` : undefined,
              aoLer: setLeitura,
              desabilitado: p.desabilitado || c.desabilitada?.(item, i),
              seguir: () => undefined,
              item,
              indice: i,
            })}
          </CelulaComErro>
        );
      }}
    />
  );
}

/** A cell's content, then its field's message (`${id}-erro`, which the input's aria-describedby names) and the row's. */
function CelulaComErro({ id, erro, erroDaLinha, children }: { id: string; erro?: string; erroDaLinha: ReactNode; children: ReactNode }) {
  return (
    <div className="item-celula">
      {children}
      {erro && (
        <small id={`${id}-erro`} className="p-error" role="alert">
          {erro}
        </small>
      )}
      {erroDaLinha}
    </div>
  );
}

/** The message set on a row itself ('itens.2', or its root), not on one of its fields. */
const mensagemDaLinha = (e: unknown): string | undefined => {
  const r = e as { message?: unknown; root?: { message?: string } } | undefined;
  return typeof r?.message === 'string' ? r.message : r?.root?.message;
};

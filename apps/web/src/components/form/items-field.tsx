import { Button } from 'primereact/button';
import type { ReactNode } from 'react';
import type { ArrayPath, Control, FieldValues } from 'react-hook-form';
import { NovoItem } from './itens/novo-item';
import { TabelaItens, type ItemColumn } from './itens/tabela-itens';
import { useLinhas, type Novo, type NovasLinhas } from './itens/use-linhas';

export { editorCheckbox, editorData, editorNumero, editorOpcoes, editorTexto, type EditorDeItem, type PropsDoEditor } from './itens/editores';
export { CONFIRMAR_REMOCAO, REMOCAO_RECUSADA, useLinhas, type NovasLinhas } from './itens/use-linhas';
export type { ItemColumn } from './itens/tabela-itens';

/** ItemsField's props. */
export interface PropsItemsField<F extends FieldValues, I extends Record<string, unknown>, R extends Record<string, unknown> = I> {
  control: Control<F>;
  name: ArrayPath<F>;
  titulo: string;
  colunas: ItemColumn<I>[];
  /**
   * Adding rows: the new-row editor's fields, its starting values and the row's schema (the element of the parent's array);
   * `linhas` turns the draft into the rows to add (or refuses it) where the draft is not the row itself; `outros` are more
   * buttons beside the add button, each adding the rows its `linhas` gives (e.g. 'Adicionar todos').
   */
  novo?: Novo<I, R> & {
    campos: ItemColumn<R>[];
    rotuloBotao?: string;
    outros?: { rotulo: string; icone?: string; linhas: (rascunho: R) => NovasLinhas<I, R> }[];
  };
  /** Adding blank rows, edited in the table: the new row (a button beside the title, labelled `rotuloAdicionar`). */
  nova?: () => I;
  rotuloAdicionar?: string;
  /** Rows can be removed (default: when rows can be added). */
  remover?: boolean;
  /** After the removal's confirmation: the row leaves only if this resolves true (an item deleted on the server at once). */
  aoRemover?: (item: I, index: number) => Promise<boolean>;
  /** Why a row may not be removed (a bulletin item that has a field notebook), shown instead of the confirmation; null when it may. */
  podeRemover?: (item: I, index: number) => string | null;
  /** What a row is called in the remove button's name (default 'item {n}'). */
  rotuloDaLinha?: (item: I, index: number) => string;
  /** More buttons of a row, before its remove button. */
  acoes?: (item: I, index: number) => ReactNode;
  desabilitado?: boolean;
  linhasPorPagina?: 10 | 20 | 30;
  vazio?: string;
  /** Text under the title, before the new-row editor. */
  ajuda?: ReactNode;
  /** The rows under a title of their own, below the new-row editor (the table is named by it); default: the table is named by `titulo`. */
  tituloDasLinhas?: string;
  /** More classes of the field's frame. */
  className?: string;
}

/**
 * The child rows of a master-detail form (ARCHITECTURE.md rule 9), composed of the headless rows hook (`useLinhas`:
 * rows, page, draft, keyboard, removal), the new-row editor (`NovoItem`) and the table (`TabelaItens`), each column
 * drawn by the editor the form gives it (itens/editores.tsx, or the form's own). Validated by the parent's shared zod
 * schema (which holds the child array); rows stay in the form until the parent is saved. Rows are added from the
 * new-row editor (`novo`: the button or Enter) or as blank rows edited in the table (`nova`: the button beside the
 * title). Without `novo`/`nova` it is a checklist of given rows; `desabilitado` shows the rows read-only (no editing,
 * adding or removing; `acoes` stay). Enter anywhere in the items never submits the parent form.
 */
export function ItemsField<F extends FieldValues, I extends Record<string, unknown>, R extends Record<string, unknown> = I>(p: PropsItemsField<F, I, R>) {
  const idNovo = (c: ItemColumn<R>) => c.idNovo ?? `novo-${p.name}-${c.field}`;
  const linhas = useLinhas<F, I, R>({
    ...p,
    idsNovos: p.novo?.campos.filter((c) => !c.foraDoEnter).map(idNovo) ?? [],
    idsForaDoEnter: p.novo?.campos.filter((c) => c.foraDoEnter).map(idNovo) ?? [],
  });
  const removivel = !p.desabilitado && (p.remover ?? (!!p.novo || !!p.nova));
  const erro = linhas.erroDaLista && (
    <small className="p-error" role="alert">
      {linhas.erroDaLista}
    </small>
  );
  const tabela = (
    <>
      <TabelaItens
        control={p.control}
        name={p.name}
        linhas={linhas}
        colunas={p.colunas}
        rotulo={p.tituloDasLinhas ?? p.titulo}
        vazio={p.vazio}
        desabilitado={p.desabilitado}
        removivel={removivel}
        rotuloDaLinha={p.rotuloDaLinha}
        acoes={p.acoes}
      />
      {!p.nova && erro}
    </>
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
        <TituloComAdicionar titulo={p.titulo} rotulo={p.rotuloAdicionar} desabilitado={p.desabilitado} adicionar={linhas.adicionarEmBranco} />
      ) : (
        <legend>{p.titulo}</legend>
      )}
      {p.ajuda}
      {p.novo && linhas.novo.rascunho && !p.desabilitado && (
        <NovoItem linhas={linhas} campos={p.novo.campos} idDe={idNovo} rotuloBotao={p.novo.rotuloBotao} outros={p.novo.outros} />
      )}
      {p.nova && erro}
      {p.tituloDasLinhas ? (
        <fieldset className="items-field">
          <legend>{p.tituloDasLinhas}</legend>
          {tabela}
        </fieldset>
      ) : (
        tabela
      )}
    </fieldset>
  );
}

/** The title of a field of blank rows, with its add button. */
function TituloComAdicionar(p: { titulo: string; rotulo?: string; desabilitado?: boolean; adicionar: () => void }) {
  return (
    <div className="items-header">
      <h2>{p.titulo}</h2>
      {!p.desabilitado && <Button type="button" label={p.rotulo ?? 'Adicionar item'} icon="pi pi-plus" outlined size="small" onClick={p.adicionar} />}
    </div>
  );
}

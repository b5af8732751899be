import type { Ref } from 'react';
import { createPortal } from 'react-dom';
import { useCampoBusca } from './use-campo-busca';

export interface OpcaoBusca<V extends string | number = string | number> {
  label: string;
  value: V;
  /** The text a search may look in besides the label (the gate's: a producer's CPF digits). */
  busca?: string;
  /** What the box shows once it is chosen (default: the label). */
  escolhido?: string;
}

/** How a box finds the options matching what is typed, the best first (Enter picks the first). */
export type Buscar = <O extends OpcaoBusca>(opcoes: O[], texto: string) => O[];

export interface PropsCampoBusca<V extends string | number> {
  id: string;
  opcoes: OpcaoBusca<V>[];
  value: unknown;
  onChange: (v: V | null) => void;
  onBlur?: () => void;
  inputRef?: Ref<HTMLInputElement>;
  /** The list's accessible name ('Produtores'); by default 'Opções de' the box's aria-label. */
  rotulo?: string;
  /** The text when nothing matches ('Carregando...' while the list loads); a function of what is typed says it all. */
  vazio?: string | ((texto: string) => string);
  /** The options are being fetched (again): what Enter chooses waits for them. */
  carregando?: boolean;
  /**
   * A choice that waits for the list: 'esperando' when Enter kept what was typed while the list loads, then
   * 'escolhido' once it is chosen from the list, or 'nada' when nothing of the list matches it or the typing went on
   * (the items' new-row editor adds its row only after this: never without what was typed).
   */
  aoEsperar?: (estado: 'esperando' | 'escolhido' | 'nada') => void;
  /** The search (by default buscarOpcoes: every word anywhere in the label). */
  buscar?: Buscar;
  /** At most this many matches listed (the search narrows them). */
  limite?: number;
  /** What is typed drops the choice and stays in the box on leaving it or on Escape (the form says it was not picked). */
  guardarTexto?: boolean;
  /** Enter in an empty box keeps the focus there (a choice is needed here). */
  obrigatorio?: boolean;
  /**
   * Enter with a text that chooses nothing (the list loading, or no match) lets the form move on, the text left to it
   * (`aoDigitar`): a clerk's next keys never land in this box.
   */
  seguirSemEscolha?: boolean;
  /** A save stopped on this box (text typed, not picked): the field shows the message. */
  aoNaoEscolher?: (mensagem: string) => void;
  /** After an option was chosen (Enter, a click, the list arriving) or Enter on the chosen one: e.g. the focus onwards. */
  aoEscolher?: (v: V) => void;
  /** Each change of what is typed (null: the chosen option shows). */
  aoDigitar?: (texto: string | null) => void;
  placeholder?: string;
  disabled?: boolean;
  className?: string;
  'aria-label'?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
}

/**
 * The one typed pick list (the gate's keyboard protocol on every form): the text input itself
 * takes the typing (its id is the one the field's `<label for>` names); typing filters the options (`buscar`);
 * ArrowDown/ArrowUp move the highlight (the first match by default); Enter chooses the highlighted match, and is
 * then left to bubble so the form can move to its next field. No other key chooses (Space is a letter, Tab leaves
 * without choosing). Enter with words that match nothing chooses nothing and goes no further. Escape closes the list
 * and keeps the focus. What Enter chooses is read from the input's text at that moment, never from a render behind;
 * the best match comes first. Typing over a chosen option starts a new search with what is typed, never appended to
 * the chosen label. While the list loads (`carregando`) what is typed is kept; Enter then lets the form move on and
 * chooses, from the list once it arrives, the best match of what was typed.
 */
export function CampoBusca<V extends string | number>(p: PropsCampoBusca<V>) {
  const b = useCampoBusca(p);
  const listaId = `${p.id}-lista`;
  const valorNaCaixa = b.texto ?? b.escolhida?.escolhido ?? b.escolhida?.label ?? '';
  return (
    <span className="campo-busca">
      {/* PrimeReact's InputText markup without its code (the producers' portal loads no PrimeReact component). */}
      <input
        id={p.id}
        ref={b.refs}
        type="text"
        role="combobox"
        autoComplete="off"
        spellCheck={false}
        aria-autocomplete="list"
        aria-expanded={b.aberto}
        aria-controls={listaId}
        aria-activedescendant={b.aberto && b.atual >= 0 ? b.idDa(b.atual) : undefined}
        aria-label={p['aria-label']}
        aria-invalid={p['aria-invalid']}
        aria-describedby={p['aria-describedby']}
        value={valorNaCaixa}
        placeholder={p.placeholder ?? 'Digite para buscar'}
        disabled={p.disabled}
        className={['p-inputtext p-component', p.disabled ? 'p-disabled' : '', valorNaCaixa ? 'p-filled' : '', p.className ?? ''].filter(Boolean).join(' ')}
        onFocus={(e) => e.currentTarget.select()}
        onChange={b.aoMudar}
        onKeyDown={b.aoTeclar}
        onBlur={b.aoSair}
      />
      <button
        type="button"
        className="campo-busca-abrir"
        tabIndex={-1}
        aria-label={`Mostrar as opções${p['aria-label'] ? ` de ${p['aria-label']}` : ''}`}
        disabled={p.disabled}
        onMouseDown={(e) => e.preventDefault()}
        onClick={() => {
          b.entrada.current?.focus();
          b.setAberto(!b.aberto);
        }}
      >
        <i className="pi pi-chevron-down" aria-hidden />
      </button>
      {typeof document !== 'undefined' && createPortal(<ListaDaBusca p={p} b={b} listaId={listaId} />, document.body)}
    </span>
  );
}

/** The options under the box (in the page's body, over everything), or what it says when none matches. */
function ListaDaBusca<V extends string | number>({ p, b, listaId }: { p: PropsCampoBusca<V>; b: ReturnType<typeof useCampoBusca<V>>; listaId: string }) {
  return (
    <>
      <ul
        id={listaId}
        role="listbox"
        aria-label={p.rotulo ?? `Opções${p['aria-label'] ? ` de ${p['aria-label']}` : ''}`}
        className="campo-busca-lista"
        hidden={!b.aberto || !b.mostradas.length}
        style={b.posicao}
      >
        {b.aberto &&
          b.mostradas.map((o, i) => (
            <li
              key={String(o.value)}
              id={b.idDa(i)}
              role="option"
              aria-selected={i === b.atual}
              className={i === b.atual ? 'destaque' : undefined}
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => b.escolher(o)}
            >
              {o.label}
            </li>
          ))}
      </ul>
      {b.aberto && !b.mostradas.length && (
        <div className="campo-busca-vazio" role="status" style={b.posicao}>
          {typeof p.vazio === 'function' ? p.vazio(b.texto ?? '') : p.carregando ? 'Carregando...' : (p.vazio ?? 'Nenhum registro encontrado')}
        </div>
      )}
    </>
  );
}

import { createPortal } from 'react-dom';
import { useCampoBusca, type PropsCampoBusca } from './use-campo-busca';

export type { Buscar, OpcaoBusca, PropsCampoBusca } from './use-campo-busca';

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

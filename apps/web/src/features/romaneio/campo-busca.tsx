import { useEffect, useMemo, useState, type Ref } from 'react';
import { filtrarOpcoes } from './busca';

export interface OpcaoBusca<V> {
  label: string;
  value: V;
  /** The text the search looks in (default: the label). */
  busca?: string;
  /** What the box shows once it is chosen (default: the label). */
  escolhido?: string;
}

/** How many matches the list shows at once (the search narrows them). */
const MOSTRADAS = 50;

/**
 * A search box over a list (ARIA combobox with a listbox): typing filters by every word, in any order,
 * without case or accents; Enter picks the first match shown (or the one ArrowUp/ArrowDown moved to);
 * a click on an option picks it. Nothing else picks: not Space, not Tab, not leaving the box. Typing
 * again drops the choice until the next Enter. Escape closes the list; the focus stays in the box.
 * While the list loads (`esperando`), what is typed is kept: Enter picks the first match once the list
 * arrives (issue 28), or, with `seguirSemEscolha`, lets the items field move on and leaves the text to the form.
 */
export function CampoBusca<V extends string | number>(p: {
  id: string;
  /** What the list is called ('Produtores'). */
  rotulo: string;
  opcoes: OpcaoBusca<V>[];
  value: V | null | undefined;
  onChange: (v: V | null) => void;
  /** After Enter (or a click) picked an option: e.g. the focus to the next field. */
  aoEscolher?: (v: V) => void;
  placeholder?: string;
  /** Shown when nothing matches (given what is typed). */
  vazio: string | ((texto: string) => string);
  /** The list is loading: Enter waits for it (see `seguirAoEsperar`). */
  esperando?: boolean;
  /**
   * Enter with a text that picks nothing (the list still loading, or no match) moves on to the items field's next
   * field, the text typed left to the form (`aoDigitar`): a clerk's next keys never land in this box.
   */
  seguirSemEscolha?: boolean;
  /** Each change of the text typed (null: the chosen option's label shows). */
  aoDigitar?: (texto: string | null) => void;
  erro?: string;
  disabled?: boolean;
  inputRef?: Ref<HTMLInputElement>;
  onBlur?: () => void;
  'aria-describedby'?: string;
}) {
  const escolhida = p.opcoes.find((o) => o.value === p.value);
  // null: the box shows the chosen option's label; a string: what the user is typing.
  const [texto, setTexto] = useState<string | null>(null);
  const [aberta, setAberta] = useState(false);
  const [ativa, setAtiva] = useState(0);
  /** Enter pressed while the list was loading: the first match is picked when it arrives. */
  const [enterPendente, setEnterPendente] = useState(false);
  const achadas = useMemo(() => (texto === null ? p.opcoes : filtrarOpcoes(p.opcoes, texto)).slice(0, MOSTRADAS), [p.opcoes, texto]);
  const lista = `${p.id}-lista`;
  const idDa = (i: number) => `${p.id}-opcao-${i}`;

  // A choice made from outside (a reset, the form cleared): the box shows it.
  useEffect(() => {
    if (p.value === null || p.value === undefined) return;
    setTexto(null);
  }, [p.value]);
  useEffect(() => {
    if (aberta) document.getElementById(idDa(ativa))?.scrollIntoView?.({ block: 'nearest' });
  }, [ativa, aberta]); // eslint-disable-line react-hooks/exhaustive-deps

  const digitar = (t: string | null) => {
    setTexto(t);
    p.aoDigitar?.(t);
  };
  const escolher = (o: OpcaoBusca<V>) => {
    setEnterPendente(false);
    digitar(null);
    setAberta(false);
    setAtiva(0);
    p.onChange(o.value);
    p.aoEscolher?.(o.value);
  };

  // The list arrived after an Enter: that Enter picks now, from the text typed then and since.
  useEffect(() => {
    if (!enterPendente || p.esperando) return;
    setEnterPendente(false);
    if (texto) {
      const [primeira] = filtrarOpcoes(p.opcoes, texto);
      if (primeira) escolher(primeira);
    }
  }, [enterPendente, p.esperando, p.opcoes]); // eslint-disable-line react-hooks/exhaustive-deps

  const mostrado = texto ?? escolhida?.escolhido ?? escolhida?.label ?? '';
  const ativaId = aberta && achadas.length ? idDa(Math.min(ativa, achadas.length - 1)) : undefined;
  return (
    <div className="campo-busca">
      <input
        id={p.id}
        ref={p.inputRef}
        type="text"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={aberta}
        aria-controls={lista}
        aria-activedescendant={ativaId}
        aria-invalid={p.erro ? true : undefined}
        aria-describedby={p['aria-describedby']}
        autoComplete="off"
        spellCheck={false}
        className={`p-inputtext p-component${p.erro ? ' p-invalid' : ''}`}
        placeholder={p.placeholder}
        disabled={p.disabled}
        value={mostrado}
        onChange={(e) => {
          digitar(e.target.value);
          setAberta(true);
          setAtiva(0);
          if (p.value !== null && p.value !== undefined) p.onChange(null);
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            // Enter picks; it never submits the form. Nothing picked: the focus stays (an items field does not move on).
            e.preventDefault();
            if (texto === null && escolhida) p.aoEscolher?.(escolhida.value);
            else if (p.esperando && texto?.trim()) {
              // The list is loading: kept, applied when it arrives (never to the list before it).
              if (!p.seguirSemEscolha) {
                setEnterPendente(true);
                e.stopPropagation();
              }
            } else if ((aberta || texto) && achadas.length) escolher(achadas[Math.min(ativa, achadas.length - 1)]);
            else if (p.seguirSemEscolha && texto?.trim()) {
              // Nothing matches: the items field moves on all the same; the form says what was not added.
            } else if (!e.ctrlKey && !e.metaKey) e.stopPropagation();
          } else if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
            e.preventDefault();
            if (!aberta) return setAberta(true);
            const n = achadas.length;
            if (n) setAtiva((a) => (e.key === 'ArrowDown' ? Math.min(a + 1, n - 1) : Math.max(a - 1, 0)));
          } else if (e.key === 'Escape' && aberta) {
            e.preventDefault();
            e.stopPropagation();
            setAberta(false);
          }
        }}
        onBlur={() => {
          setAberta(false);
          // Leaving picks nothing: a chosen option shows its label again; a text not picked stays as typed.
          if (escolhida) digitar(null);
          p.onBlur?.();
        }}
      />
      <ul id={lista} role="listbox" aria-label={p.rotulo} className="campo-busca-lista" hidden={!aberta || !achadas.length}>
        {aberta &&
          achadas.map((o, i) => (
            <li
              key={String(o.value)}
              id={idDa(i)}
              role="option"
              aria-selected={idDa(i) === ativaId}
              className={idDa(i) === ativaId ? 'ativa' : undefined}
              // Keep the focus in the box.
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => escolher(o)}
            >
              {o.label}
            </li>
          ))}
      </ul>
      {aberta && !achadas.length && (
        <div className="campo-busca-vazio" role="status">
          {typeof p.vazio === 'function' ? p.vazio(texto ?? '') : p.vazio}
        </div>
      )}
    </div>
  );
}

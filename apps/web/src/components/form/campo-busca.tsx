import { InputText } from 'primereact/inputtext';
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type CSSProperties, type KeyboardEvent, type Ref } from 'react';
import { createPortal } from 'react-dom';

export interface OpcaoBusca {
  label: string;
  value: string | number;
}

/** Lower case, without accents ('Lúcia' → 'lucia'). */
export const normalizar = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/** The options whose label holds every word typed, in any order, ignoring case and accents; in their own order. */
export function filtrarOpcoes<O extends { label: string }>(opcoes: O[], texto: string): O[] {
  const palavras = normalizar(texto).split(/\s+/).filter(Boolean);
  if (!palavras.length) return opcoes;
  return opcoes.filter((o) => {
    const l = normalizar(o.label);
    return palavras.every((p) => l.includes(p));
  });
}

/**
 * How well a label matches what was typed (lower is better): 0 the same text; 1 the label starts with it as
 * whole words ('Tomate Extra' in 'Tomate Extra - CX 20kg'); 2 starts with it; 3 holds it as a phrase from a
 * word's start; 4 holds its words apart.
 */
function grau(label: string, digitado: string): number {
  const l = normalizar(label).trim();
  const t = normalizar(digitado).trim().replace(/\s+/g, ' ');
  if (l === t) return 0;
  if (l.startsWith(t)) return /[a-z0-9]/.test(l.charAt(t.length)) ? 2 : 1;
  return new RegExp(`(^|[^a-z0-9])${t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`).test(l) ? 3 : 4;
}

/**
 * The options that match what was typed (filtrarOpcoes), the best first (issue 28): the option whose label
 * is what was typed, then those that start with it (as whole words: the shortest first), then the rest, in their own order.
 * Enter picks the first of these, so 'Tomate Extra' picks 'Tomate Extra', never 'Tomate Extra Fino' listed before it.
 */
export function buscarOpcoes<O extends { label: string }>(opcoes: O[], texto: string): O[] {
  const achadas = filtrarOpcoes(opcoes, texto);
  if (!texto.trim()) return achadas;
  return (
    achadas
      .map((o, i) => ({ o, i, g: grau(o.label, texto) }))
      // Among those that start with it as whole words, the one with least besides ('Tomate Extra - CX' before 'Tomate Extra Fino - CX').
      .sort((a, b) => a.g - b.g || (a.g === 1 ? a.o.label.length - b.o.label.length : 0) || a.i - b.i)
      .map((x) => x.o)
  );
}

/**
 * A pick list typed into (the keyboard protocol of issue 21): the text input itself takes the typing
 * (its id is the one the field's `<label for>` names); typing filters the options by every word, in any
 * order, without case or accents; ArrowDown/ArrowUp move the highlight (the first match by default);
 * Enter chooses the highlighted match, and is then left to bubble so the form can move to its next field.
 * No other key chooses (Space is a letter, Tab leaves without choosing). Enter with words that match
 * nothing chooses nothing and goes no further. Escape closes the list and keeps the focus.
 * What Enter chooses is read from the input's text at that moment, never from a render behind; the best
 * match comes first (buscarOpcoes). Typing over a chosen option starts a new search with what is typed,
 * never appended to the chosen label. While the list loads (`carregando`) what is typed is kept; Enter then
 * lets the form move on and chooses, from the list once it arrives, the best match of what was typed (issue 28).
 */
export function CampoBusca(p: {
  id: string;
  opcoes: OpcaoBusca[];
  value: unknown;
  onChange: (v: string | number | null) => void;
  onBlur?: () => void;
  inputRef?: Ref<HTMLInputElement>;
  /** The list's text when nothing matches. */
  vazio?: string;
  /** The options are being fetched (again): Enter waits for them. */
  carregando?: boolean;
  /**
   * A choice that waits for the list: 'esperando' when Enter kept what was typed while the list loads, then
   * 'escolhido' once it is chosen from the list, or 'nada' when nothing of the list matches it or the typing went on
   * (the items' new-row editor adds its row only after this: never without what was typed).
   */
  aoEsperar?: (estado: 'esperando' | 'escolhido' | 'nada') => void;
  placeholder?: string;
  disabled?: boolean;
  className?: string;
  'aria-label'?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
}) {
  /** What was typed since the last choice; null: the input shows the chosen option. */
  const [texto, setTexto] = useState<string | null>(null);
  const [aberto, setAberto] = useState(false);
  const [destaque, setDestaque] = useState(0);
  const [posicao, setPosicao] = useState<CSSProperties>({});
  const entrada = useRef<HTMLInputElement | null>(null);
  const listaId = `${p.id}-opcoes`;
  const escolhida = p.opcoes.find((o) => o.value === p.value);
  const filtradas = texto === null ? p.opcoes : buscarOpcoes(p.opcoes, texto);
  /** What was typed when Enter came while the list loaded: chosen from the list once it arrives. */
  const pendente = useRef<string | null>(null);
  const atual = Math.min(destaque, filtradas.length - 1);

  const refs = useCallback(
    (el: HTMLInputElement | null) => {
      entrada.current = el;
      const r = p.inputRef;
      if (typeof r === 'function') r(el);
      else if (r) (r as { current: HTMLInputElement | null }).current = el;
    },
    [p.inputRef],
  );

  // The list is drawn over the page (not cut by a table's scrolling wrapper), under the input.
  useLayoutEffect(() => {
    if (!aberto) return;
    const posicionar = () => {
      const r = entrada.current?.getBoundingClientRect();
      if (r) setPosicao({ top: r.bottom + 2, left: r.left, minWidth: r.width });
    };
    posicionar();
    window.addEventListener('scroll', posicionar, true);
    window.addEventListener('resize', posicionar);
    return () => {
      window.removeEventListener('scroll', posicionar, true);
      window.removeEventListener('resize', posicionar);
    };
  }, [aberto]);

  const escolher = (o: OpcaoBusca) => {
    setTexto(null);
    setAberto(false);
    setDestaque(0);
    p.onChange(o.value);
  };

  useEffect(() => {
    const t = pendente.current;
    if (p.carregando || t === null) return;
    pendente.current = null;
    const o = buscarOpcoes(p.opcoes, t)[0];
    if (o) {
      escolher(o);
      p.aoEsperar?.('escolhido');
      return;
    }
    setTexto(t);
    p.aoEsperar?.('nada');
    // Still (or again) in this field: the list says nothing matched.
    if (document.activeElement === entrada.current) setAberto(true);
  }, [p.carregando, p.opcoes]); // eslint-disable-line react-hooks/exhaustive-deps

  const aoTeclar = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (!aberto) return setAberto(true);
      const n = filtradas.length;
      if (n) setDestaque((atual + (e.key === 'ArrowDown' ? 1 : n - 1)) % n);
      return;
    }
    if (e.key === 'Escape') {
      if (aberto || texto !== null) {
        e.preventDefault();
        e.stopPropagation();
      }
      setAberto(false);
      setTexto(null);
      return;
    }
    if (e.key !== 'Enter' || e.ctrlKey || e.metaKey) return;
    // Never the form's submit (the form's own Enter handling prevents it); the choice comes from what the input holds now.
    // Enter is left to the form (to move on) unless nothing could be chosen.
    const digitado = e.currentTarget.value;
    if (texto === null && !aberto) return; // Nothing typed: the chosen option stays; the form moves on.
    if (texto !== null && !digitado.trim()) {
      setTexto(null);
      setAberto(false);
      p.onChange(null);
      return;
    }
    if (p.carregando && texto !== null) {
      // The list is not here yet: what was typed waits for it, and the form moves on.
      pendente.current = digitado;
      setAberto(false);
      p.aoEsperar?.('esperando');
      return;
    }
    const candidatas = texto === null ? p.opcoes : buscarOpcoes(p.opcoes, digitado);
    const o = candidatas[Math.max(0, Math.min(destaque, candidatas.length - 1))];
    if (!o) {
      // Words that match nothing: nothing chosen, and the focus stays here.
      e.preventDefault();
      e.stopPropagation();
      setAberto(true);
      return;
    }
    escolher(o);
  };

  return (
    <span className="campo-busca">
      <InputText
        id={p.id}
        ref={refs}
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={aberto}
        aria-controls={listaId}
        aria-activedescendant={aberto && atual >= 0 ? `${listaId}-${atual}` : undefined}
        aria-label={p['aria-label']}
        aria-invalid={p['aria-invalid']}
        aria-describedby={p['aria-describedby']}
        value={texto ?? escolhida?.label ?? ''}
        placeholder={p.placeholder ?? 'Digite para buscar'}
        disabled={p.disabled}
        className={p.className}
        onFocus={(e) => e.currentTarget.select()}
        onChange={(e) => {
          // The first key over a chosen option starts a new search (the label may not be selected: a click's mouseup).
          const ev = e.nativeEvent as InputEvent;
          const novo = texto === null && escolhida && ev.inputType?.startsWith('insert') && ev.data ? ev.data : e.target.value;
          if (pendente.current !== null) {
            pendente.current = null;
            p.aoEsperar?.('nada');
          }
          setTexto(novo);
          setDestaque(0);
          setAberto(true);
        }}
        onKeyDown={aoTeclar}
        onBlur={() => {
          // Leaving chooses nothing (what waits for the list stays); an emptied input clears the choice.
          if (texto !== null && !texto.trim()) p.onChange(null);
          if (pendente.current === null) setTexto(null);
          setAberto(false);
          p.onBlur?.();
        }}
      />
      <button
        type="button"
        className="campo-busca-abrir"
        tabIndex={-1}
        aria-label={`Mostrar as opções${p['aria-label'] ? ` de ${p['aria-label']}` : ''}`}
        disabled={p.disabled}
        onMouseDown={(e) => e.preventDefault()}
        onClick={() => {
          entrada.current?.focus();
          setAberto(!aberto);
        }}
      >
        <i className="pi pi-chevron-down" aria-hidden />
      </button>
      {typeof document !== 'undefined' &&
        createPortal(
          <ul
            id={listaId}
            role="listbox"
            aria-label={`Opções${p['aria-label'] ? ` de ${p['aria-label']}` : ''}`}
            className="campo-busca-lista"
            hidden={!aberto}
            style={posicao}
          >
            {aberto &&
              (p.carregando && !filtradas.length ? (
                <li role="option" aria-selected={false} aria-disabled className="vazio">
                  Carregando...
                </li>
              ) : filtradas.length ? (
                filtradas.map((o, i) => (
                  <li
                    key={String(o.value)}
                    id={`${listaId}-${i}`}
                    role="option"
                    aria-selected={i === atual}
                    className={i === atual ? 'destaque' : undefined}
                    onMouseDown={(e) => e.preventDefault()}
                    onClick={() => escolher(o)}
                  >
                    {o.label}
                  </li>
                ))
              ) : (
                <li role="option" aria-selected={false} aria-disabled className="vazio">
                  {p.vazio ?? 'Nenhum registro encontrado'}
                </li>
              ))}
          </ul>,
          document.body,
        )}
    </span>
  );
}

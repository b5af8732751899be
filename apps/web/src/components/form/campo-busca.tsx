import { InputText } from 'primereact/inputtext';
import { useCallback, useLayoutEffect, useRef, useState, type CSSProperties, type KeyboardEvent, type Ref } from 'react';
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
 * A pick list typed into (the keyboard protocol of issue 21): the text input itself takes the typing
 * (its id is the one the field's `<label for>` names); typing filters the options by every word, in any
 * order, without case or accents; ArrowDown/ArrowUp move the highlight (the first match by default);
 * Enter chooses the highlighted match, and is then left to bubble so the form can move to its next field.
 * No other key chooses (Space is a letter, Tab leaves without choosing). Enter with words that match
 * nothing chooses nothing and goes no further. Escape closes the list and keeps the focus.
 * What Enter chooses is read from the input's text at that moment, never from a render behind.
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
  const filtradas = texto === null ? p.opcoes : filtrarOpcoes(p.opcoes, texto);
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
    // Never the form's submit; the choice comes from what the input holds now.
    e.preventDefault();
    const digitado = e.currentTarget.value;
    if (texto === null && !aberto) return; // Nothing typed: the chosen option stays; the form moves on.
    if (texto !== null && !digitado.trim()) {
      setTexto(null);
      setAberto(false);
      p.onChange(null);
      return;
    }
    const candidatas = texto === null ? p.opcoes : filtrarOpcoes(p.opcoes, digitado);
    const o = candidatas[Math.max(0, Math.min(destaque, candidatas.length - 1))];
    if (!o) {
      // Words that match nothing: nothing chosen, and the focus stays here.
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
          setTexto(e.target.value);
          setDestaque(0);
          setAberto(true);
        }}
        onKeyDown={aoTeclar}
        onBlur={() => {
          // Leaving chooses nothing; an emptied input clears the choice.
          if (texto !== null && !texto.trim()) p.onChange(null);
          setTexto(null);
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
              (filtradas.length ? (
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

import { useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent, type Ref } from 'react';
import { createPortal } from 'react-dom';
import { buscarOpcoes } from './busca-de-opcoes';
import { marcarEspera } from './espera-da-escolha';
import { marcarNaoLido, ouvirNaoLido, textoNaoEscolhido } from './texto-nao-lido';
import { usePosicaoSob } from './posicao-da-lista';

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
  /** What was typed since the last choice; null: the input shows the chosen option. */
  const [texto, setTexto] = useState<string | null>(null);
  const [aberto, setAberto] = useState(false);
  const [destaque, setDestaque] = useState(0);
  const entrada = useRef<HTMLInputElement | null>(null);
  const posicao = usePosicaoSob(entrada, aberto);
  /** What was typed when Enter came while the list loaded: chosen from the list once it arrives. */
  const pendente = useRef<string | null>(null);
  /** The box was left while `pendente` waited: the form hears it was left once the wait ends (not 'required' meanwhile). */
  const saidaAdiada = useRef(false);
  const buscar = p.buscar ?? buscarOpcoes;
  const listaId = `${p.id}-lista`;
  const idDa = (i: number) => `${p.id}-opcao-${i}`;
  const escolhida = p.opcoes.find((o) => o.value === p.value);
  const mostradas = useMemo(() => (texto === null ? p.opcoes : buscar(p.opcoes, texto)).slice(0, p.limite), [p.opcoes, texto, buscar, p.limite]);
  const atual = Math.min(destaque, mostradas.length - 1);

  const refs = useCallback(
    (el: HTMLInputElement | null) => {
      entrada.current = el;
      const r = p.inputRef;
      if (typeof r === 'function') r(el);
      else if (r) (r as { current: HTMLInputElement | null }).current = el;
    },
    [p.inputRef],
  );

  // A choice made from outside (a reset, a form filled in): the box shows it.
  useEffect(() => {
    if (p.value !== null && p.value !== undefined) setTexto(null);
  }, [p.value]);
  // Text typed and not picked (not waiting for the list) stops the form's save with its message (texto-nao-lido.ts).
  const naoEscolhido = texto !== null && texto.trim() !== '' ? texto : null;
  useEffect(() => {
    marcarNaoLido(entrada.current, naoEscolhido === null ? null : textoNaoEscolhido(naoEscolhido));
  }, [naoEscolhido]);
  const aoNaoEscolher = p.aoNaoEscolher;
  useEffect(() => (aoNaoEscolher ? ouvirNaoLido(entrada.current, aoNaoEscolher) : undefined), [aoNaoEscolher]);
  // The highlighted option in sight.
  useEffect(() => {
    if (aberto) document.getElementById(idDa(atual))?.scrollIntoView?.({ block: 'nearest' });
  }, [atual, aberto]); // eslint-disable-line react-hooks/exhaustive-deps

  const digitar = (t: string | null) => {
    setTexto(t);
    p.aoDigitar?.(t);
  };
  const escolher = (o: OpcaoBusca<V>) => {
    // A pick made while what was typed waited for the list (a click on the options still shown): the wait is over.
    const esperava = pendente.current !== null;
    pendente.current = null;
    saidaAdiada.current = false;
    digitar(null);
    setAberto(false);
    setDestaque(0);
    p.onChange(o.value);
    if (esperava) p.aoEsperar?.('escolhido');
    p.aoEscolher?.(o.value);
    marcarEspera(entrada.current, false);
  };

  useEffect(() => {
    const t = pendente.current;
    if (p.carregando || t === null) return;
    pendente.current = null;
    const saiu = saidaAdiada.current;
    saidaAdiada.current = false;
    const o = buscar(p.opcoes, t)[0];
    if (o) {
      escolher(o);
      p.aoEsperar?.('escolhido');
    } else {
      digitar(t);
      p.aoEsperar?.('nada');
      if (document.activeElement === entrada.current) setAberto(true); // still in this field: the list says nothing matched
    }
    if (saiu && document.activeElement !== entrada.current) p.onBlur?.();
    marcarEspera(entrada.current, false);
  }, [p.carregando, p.opcoes]); // eslint-disable-line react-hooks/exhaustive-deps

  const parar = (e: KeyboardEvent) => {
    e.preventDefault();
    e.stopPropagation();
  };
  const aoTeclar = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (!aberto) return setAberto(true);
      const n = mostradas.length;
      if (n) setDestaque((atual + (e.key === 'ArrowDown' ? 1 : n - 1)) % n);
      return;
    }
    if (e.key === 'Escape') {
      if (aberto || (texto !== null && !p.guardarTexto)) parar(e);
      setAberto(false);
      if (texto !== null && !p.guardarTexto) digitar(null);
      return;
    }
    if (e.key !== 'Enter' || e.ctrlKey || e.metaKey) return;
    // Never the form's submit (the form's own Enter handling prevents it); the choice comes from what the input holds now.
    // Enter is left to the form (to move on) unless nothing could be chosen.
    const digitado = e.currentTarget.value;
    if (texto === null && !aberto && escolhida) {
      // Nothing typed: the chosen option stays; the form moves on.
      p.aoEscolher?.(escolhida.value);
      return;
    }
    if (texto === null ? !aberto : !digitado.trim()) {
      // An empty box chooses nothing (emptied, it drops its choice); the form moves on unless a choice is needed here.
      if (texto !== null) {
        digitar(null);
        setAberto(false);
        p.onChange(null);
      }
      if (p.obrigatorio) parar(e);
      return;
    }
    if (p.carregando && texto !== null) {
      // The list is not here yet: what was typed waits for it (or is left to the form), and the form moves on.
      if (!p.seguirSemEscolha) {
        pendente.current = digitado;
        marcarEspera(entrada.current, true);
      }
      setAberto(false);
      p.aoEsperar?.('esperando');
      return;
    }
    const candidatas = texto === null ? p.opcoes : buscar(p.opcoes, digitado);
    const o = candidatas[Math.max(0, Math.min(destaque, candidatas.length - 1))];
    if (o) return escolher(o);
    // Words that match nothing: nothing chosen, and the focus stays here (or the form moves on with the text).
    setAberto(true);
    if (!p.seguirSemEscolha) parar(e);
  };

  const valorNaCaixa = texto ?? escolhida?.escolhido ?? escolhida?.label ?? '';
  return (
    <span className="campo-busca">
      {/* PrimeReact's InputText markup without its code (the producers' portal loads no PrimeReact component). */}
      <input
        id={p.id}
        ref={refs}
        type="text"
        role="combobox"
        autoComplete="off"
        spellCheck={false}
        aria-autocomplete="list"
        aria-expanded={aberto}
        aria-controls={listaId}
        aria-activedescendant={aberto && atual >= 0 ? idDa(atual) : undefined}
        aria-label={p['aria-label']}
        aria-invalid={p['aria-invalid']}
        aria-describedby={p['aria-describedby']}
        value={valorNaCaixa}
        placeholder={p.placeholder ?? 'Digite para buscar'}
        disabled={p.disabled}
        className={['p-inputtext p-component', p.disabled ? 'p-disabled' : '', valorNaCaixa ? 'p-filled' : '', p.className ?? ''].filter(Boolean).join(' ')}
        onFocus={(e) => e.currentTarget.select()}
        onChange={(e) => {
          // The first key over a chosen option starts a new search (the label may not be selected: a click's mouseup).
          const ev = e.nativeEvent as InputEvent;
          const novo = texto === null && escolhida && ev.inputType?.startsWith('insert') && ev.data ? ev.data : e.target.value;
          if (pendente.current !== null) {
            pendente.current = null;
            saidaAdiada.current = false;
            p.aoEsperar?.('nada');
            marcarEspera(entrada.current, false);
          }
          digitar(novo);
          setDestaque(0);
          setAberto(true);
          if (p.guardarTexto && p.value !== null && p.value !== undefined) p.onChange(null);
        }}
        onKeyDown={aoTeclar}
        onBlur={() => {
          // Leaving chooses nothing (what waits stays; the form hears of the leaving when the wait ends); an emptied
          // input clears the choice; a text typed gives way to the chosen option unless the box keeps it.
          if (texto !== null && !texto.trim()) p.onChange(null);
          // Leaving keeps a text typed over the chosen option too (the save stops on it, never saving the old choice unseen).
          if (texto !== null && !texto.trim() && pendente.current === null && !p.guardarTexto) digitar(null);
          setAberto(false);
          if (pendente.current !== null) saidaAdiada.current = true;
          else p.onBlur?.();
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
          <>
            <ul
              id={listaId}
              role="listbox"
              aria-label={p.rotulo ?? `Opções${p['aria-label'] ? ` de ${p['aria-label']}` : ''}`}
              className="campo-busca-lista"
              hidden={!aberto || !mostradas.length}
              style={posicao}
            >
              {aberto &&
                mostradas.map((o, i) => (
                  <li
                    key={String(o.value)}
                    id={idDa(i)}
                    role="option"
                    aria-selected={i === atual}
                    className={i === atual ? 'destaque' : undefined}
                    onMouseDown={(e) => e.preventDefault()}
                    onClick={() => escolher(o)}
                  >
                    {o.label}
                  </li>
                ))}
            </ul>
            {aberto && !mostradas.length && (
              <div className="campo-busca-vazio" role="status" style={posicao}>
                {typeof p.vazio === 'function' ? p.vazio(texto ?? '') : p.carregando ? 'Carregando...' : (p.vazio ?? 'Nenhum registro encontrado')}
              </div>
            )}
          </>,
          document.body,
        )}
    </span>
  );
}

import { useCallback, useEffect, useMemo, useRef, useState, type ChangeEvent, type KeyboardEvent, type MutableRefObject, type Ref } from 'react';
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

/** What the box's key, typing and leaving handlers read and change (one render's view). */
interface Busca<V extends string | number> {
  p: PropsCampoBusca<V>;
  /** What was typed since the last choice; null: the input shows the chosen option. */
  texto: string | null;
  aberto: boolean;
  setAberto: (a: boolean) => void;
  destaque: number;
  setDestaque: (d: number) => void;
  entrada: MutableRefObject<HTMLInputElement | null>;
  /** What was typed when Enter came while the list loaded: chosen from the list once it arrives. */
  pendente: MutableRefObject<string | null>;
  /** The box was left while `pendente` waited: the form hears it was left once the wait ends (not 'required' meanwhile). */
  saidaAdiada: MutableRefObject<boolean>;
  buscar: Buscar;
  escolhida: OpcaoBusca<V> | undefined;
  mostradas: OpcaoBusca<V>[];
  atual: number;
  digitar: (t: string | null) => void;
  escolher: (o: OpcaoBusca<V>) => void;
}

/** The input's ref: the box's own and the form's `inputRef`. */
function useRefs(entrada: MutableRefObject<HTMLInputElement | null>, inputRef: Ref<HTMLInputElement> | undefined) {
  return useCallback(
    (el: HTMLInputElement | null) => {
      entrada.current = el;
      const r = inputRef;
      if (typeof r === 'function') r(el);
      else if (r) (r as { current: HTMLInputElement | null }).current = el;
    },
    [entrada, inputRef],
  );
}

/** Text typed and not picked (not waiting for the list) stops the form's save with its message (texto-nao-lido.ts). */
function useTextoNaoLido(entrada: MutableRefObject<HTMLInputElement | null>, texto: string | null, aoNaoEscolher: PropsCampoBusca<string>['aoNaoEscolher']) {
  const naoEscolhido = texto !== null && texto.trim() !== '' ? texto : null;
  useEffect(() => {
    marcarNaoLido(entrada.current, naoEscolhido === null ? null : textoNaoEscolhido(naoEscolhido));
  }, [entrada, naoEscolhido]);
  useEffect(() => (aoNaoEscolher ? ouvirNaoLido(entrada.current, aoNaoEscolher) : undefined), [entrada, aoNaoEscolher]);
}

/**
 * The wait for the list is over, and the box holds `fica` (null or blank: a choice): its not-picked mark is set or
 * cleared at once, before the end is announced, since a save that waited for it reads the marks as soon as it hears
 * the end (the mark's effect would come a render later: the save then stopped on a producer just chosen).
 */
function terminarEspera(entrada: HTMLInputElement | null, fica: string | null) {
  marcarNaoLido(entrada, fica !== null && fica.trim() !== '' ? textoNaoEscolhido(fica) : null);
  marcarEspera(entrada, false);
}

/** The list arrived (or changed) while what was typed waited for it: its best match is chosen, or the text stays. */
function chegouALista<V extends string | number>(c: Busca<V>) {
  const { p } = c;
  const t = c.pendente.current;
  if (p.carregando || t === null) return;
  c.pendente.current = null;
  const saiu = c.saidaAdiada.current;
  c.saidaAdiada.current = false;
  const o = c.buscar(p.opcoes, t)[0];
  if (o) {
    c.escolher(o);
    p.aoEsperar?.('escolhido');
  } else {
    c.digitar(t);
    p.aoEsperar?.('nada');
    if (document.activeElement === c.entrada.current) c.setAberto(true); // still in this field: the list says nothing matched
  }
  if (saiu && document.activeElement !== c.entrada.current) p.onBlur?.();
  terminarEspera(c.entrada.current, o ? null : t);
}

const parar = (e: KeyboardEvent) => {
  e.preventDefault();
  e.stopPropagation();
};

/** Enter: the choice comes from what the input holds now; Enter is left to the form (to move on) unless nothing could be chosen. */
function enter<V extends string | number>(c: Busca<V>, e: KeyboardEvent<HTMLInputElement>) {
  const { p, texto } = c;
  const digitado = e.currentTarget.value;
  if (texto === null && !c.aberto && c.escolhida) {
    // Nothing typed: the chosen option stays; the form moves on.
    p.aoEscolher?.(c.escolhida.value);
    return;
  }
  if (texto === null ? !c.aberto : !digitado.trim()) {
    // An empty box chooses nothing (emptied, it drops its choice); the form moves on unless a choice is needed here.
    if (texto !== null) {
      c.digitar(null);
      c.setAberto(false);
      p.onChange(null);
    }
    if (p.obrigatorio) parar(e);
    return;
  }
  if (p.carregando && texto !== null) {
    // The list is not here yet: what was typed waits for it (or is left to the form), and the form moves on.
    if (!p.seguirSemEscolha) {
      c.pendente.current = digitado;
      marcarEspera(c.entrada.current, true);
    }
    c.setAberto(false);
    p.aoEsperar?.('esperando');
    return;
  }
  const candidatas = texto === null ? p.opcoes : c.buscar(p.opcoes, digitado);
  const o = candidatas[Math.max(0, Math.min(c.destaque, candidatas.length - 1))];
  if (o) return c.escolher(o);
  // Words that match nothing: nothing chosen, and the focus stays here (or the form moves on with the text).
  c.setAberto(true);
  if (!p.seguirSemEscolha) parar(e);
}

function teclar<V extends string | number>(c: Busca<V>, e: KeyboardEvent<HTMLInputElement>) {
  if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
    e.preventDefault();
    if (!c.aberto) return c.setAberto(true);
    const n = c.mostradas.length;
    if (n) c.setDestaque((c.atual + (e.key === 'ArrowDown' ? 1 : n - 1)) % n);
    return;
  }
  if (e.key === 'Escape') {
    const descarta = c.texto !== null && !c.p.guardarTexto;
    if (c.aberto || descarta) parar(e);
    c.setAberto(false);
    if (descarta) c.digitar(null);
    return;
  }
  if (e.key !== 'Enter' || e.ctrlKey || e.metaKey) return;
  // Never the form's submit (the form's own Enter handling prevents it).
  enter(c, e);
}

function mudar<V extends string | number>(c: Busca<V>, e: ChangeEvent<HTMLInputElement>) {
  const { p } = c;
  // The first key over a chosen option starts a new search (the label may not be selected: a click's mouseup).
  const ev = e.nativeEvent as InputEvent;
  const novo = c.texto === null && c.escolhida && ev.inputType?.startsWith('insert') && ev.data ? ev.data : e.target.value;
  if (c.pendente.current !== null) {
    c.pendente.current = null;
    c.saidaAdiada.current = false;
    p.aoEsperar?.('nada');
    terminarEspera(c.entrada.current, novo);
  }
  c.digitar(novo);
  c.setDestaque(0);
  c.setAberto(true);
  if (p.guardarTexto && p.value !== null && p.value !== undefined) p.onChange(null);
}

function sair<V extends string | number>(c: Busca<V>) {
  const { p, texto } = c;
  // Leaving chooses nothing (what waits stays; the form hears of the leaving when the wait ends); an emptied
  // input clears the choice; a text typed gives way to the chosen option unless the box keeps it.
  if (texto !== null && !texto.trim()) p.onChange(null);
  // Leaving keeps a text typed over the chosen option too (the save stops on it, never saving the old choice unseen).
  if (texto !== null && !texto.trim() && c.pendente.current === null && !p.guardarTexto) c.digitar(null);
  c.setAberto(false);
  if (c.pendente.current !== null) c.saidaAdiada.current = true;
  else p.onBlur?.();
}

/** CampoBusca's state and its handlers (the keyboard protocol is described on CampoBusca). */
export function useCampoBusca<V extends string | number>(p: PropsCampoBusca<V>) {
  const [texto, setTexto] = useState<string | null>(null);
  const [aberto, setAberto] = useState(false);
  const [destaque, setDestaque] = useState(0);
  const entrada = useRef<HTMLInputElement | null>(null);
  const posicao = usePosicaoSob(entrada, aberto);
  const pendente = useRef<string | null>(null);
  const saidaAdiada = useRef(false);
  const buscar = p.buscar ?? buscarOpcoes;
  const idDa = (i: number) => `${p.id}-opcao-${i}`;
  const escolhida = p.opcoes.find((o) => o.value === p.value);
  const mostradas = useMemo(() => (texto === null ? p.opcoes : buscar(p.opcoes, texto)).slice(0, p.limite), [p.opcoes, texto, buscar, p.limite]);
  const atual = Math.min(destaque, mostradas.length - 1);
  const refs = useRefs(entrada, p.inputRef);

  // A choice made from outside (a reset, a form filled in): the box shows it.
  useEffect(() => {
    if (p.value !== null && p.value !== undefined) setTexto(null);
  }, [p.value]);
  useTextoNaoLido(entrada, texto, p.aoNaoEscolher);
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
    terminarEspera(entrada.current, null);
  };
  const c: Busca<V> = {
    p,
    texto,
    aberto,
    setAberto,
    destaque,
    setDestaque,
    entrada,
    pendente,
    saidaAdiada,
    buscar,
    escolhida,
    mostradas,
    atual,
    digitar,
    escolher,
  };
  useEffect(() => chegouALista(c), [p.carregando, p.opcoes]); // eslint-disable-line react-hooks/exhaustive-deps

  return {
    ...c,
    posicao,
    refs,
    idDa,
    aoTeclar: (e: KeyboardEvent<HTMLInputElement>) => teclar(c, e),
    aoMudar: (e: ChangeEvent<HTMLInputElement>) => mudar(c, e),
    aoSair: () => sair(c),
  };
}

import { palavras } from '@ceasa/shared';

/*
 * The gate form's typing rules, as plain functions: how a typed search finds an option, and how a
 * typed quantity reads. No React here (romaneio-form.tsx and its fields use them).
 */

/**
 * Whether every typed word starts a different word of the option, in any order, without case or
 * accents: 'dias lu' finds 'Lúcia Dias' and 'Lucas Dias', not 'Lucas Alves'. An empty search finds all.
 */
export function casaComTodas(busca: string, texto: string): boolean {
  const livres = palavras(texto);
  for (const b of palavras(busca)) {
    const i = livres.findIndex((p) => p.startsWith(b));
    if (i < 0) return false;
    livres.splice(i, 1);
  }
  return true;
}

/**
 * The options a search finds, best first: the whole text typed as the option's text, then options
 * starting with the words in the order typed, then the rest, each group in the list's order. An option's text is
 * what its box shows once chosen (`escolhido`: a producer's name, without the CPF and municipality it is also found by).
 */
export function filtrarOpcoes<O extends { label: string; busca?: string; escolhido?: string }>(opcoes: O[], busca: string): O[] {
  const b = palavras(busca).join(' ');
  if (!b) return opcoes;
  const nota = (o: O) => {
    const t = palavras(o.escolhido ?? o.busca ?? o.label).join(' ');
    return t === b ? 0 : t.startsWith(b) ? 1 : 2;
  };
  return opcoes
    .filter((o) => casaComTodas(busca, o.busca ?? o.label))
    .map((o, i) => ({ o, i, n: nota(o) }))
    .sort((x, y) => x.n - y.n || x.i - y.i)
    .map((x) => x.o);
}

/**
 * The gate's search boxes (components/form/campo-busca.tsx): found by this search, at most 50 matches listed, what is
 * typed kept as typed until Enter picks (typing drops the choice; the form says what was not picked), Enter in an empty
 * box going nowhere.
 */
export const BUSCA_DA_PORTARIA = { buscar: filtrarOpcoes, limite: 50, guardarTexto: true, obrigatorio: true } as const;

/**
 * A quantity as a clerk types it, pt-BR: '60', '120,5', '1.234,56' (dots group thousands), or '2.5'
 * (a single dot with 1 or 2 decimals). null when empty; NaN when it is not a number.
 */
export function lerQuantidade(texto: string | null | undefined): number | null {
  const t = (texto ?? '').replace(/\s/g, '');
  if (!t) return null;
  if (/^\d{1,3}(\.\d{3})+(,\d*)?$/.test(t)) return Number(t.replace(/\./g, '').replace(',', '.'));
  if (/^\d+(,\d*)?$/.test(t)) return Number(t.replace(',', '.'));
  if (/^\d*\.\d{1,2}$/.test(t)) return Number(t);
  if (/^,\d+$/.test(t)) return Number(`0${t.replace(',', '.')}`);
  return Number.NaN;
}

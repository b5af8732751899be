/*
 * How a typed search box (campo-busca.tsx) finds its options by default: every word typed, anywhere in the label.
 * No React here. The gate passes its own search (features/romaneio/busca.ts: words from a word's start, a CPF's digits).
 */

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
 * The options that match what was typed (filtrarOpcoes), the best first: the option whose label
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

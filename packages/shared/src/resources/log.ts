import { z } from 'zod';

export type Log = {
  id: number;
  usuario: string;
  updated: string;
  cadastroId: string;
  cadastro: string;
  acao: 'INSERT' | 'UPDATE' | 'DELETE';
  conteudo: string;
  conteudoAnterior: string | null;
};

export const logFiltro = z.object({
  id: z.union([z.string(), z.number()]).nullish(),
  usuario: z.string().nullish(),
  cadastroId: z.union([z.string(), z.number()]).nullish(),
  cadastro: z.string().nullish(),
  acao: z.string().nullish(),
  updated: z.string().nullish(),
});

/** 'Entity(key=value, key=value)' → lines 'Entity:' / '  key: value' (the YAML-like detail view). */
export function conteudoParaYaml(conteudo: string | null | undefined): string {
  if (!conteudo) return '';
  const m = /^([\w.]+)\(([\s\S]*)\)$/.exec(conteudo.trim());
  if (!m) return conteudo;
  const partes: string[] = [];
  let depth = 0;
  let cur = '';
  for (const ch of m[2]) {
    if (ch === '(' || ch === '[' || ch === '{') depth++;
    if (ch === ')' || ch === ']' || ch === '}') depth--;
    if (ch === ',' && depth === 0) {
      partes.push(cur.trim());
      cur = '';
    } else cur += ch;
  }
  if (cur.trim()) partes.push(cur.trim());
  return [`${m[1]}:`, ...partes.map((p) => {
    const i = p.indexOf('=');
    return i < 0 ? `  ${p}` : `  ${p.slice(0, i)}: ${p.slice(i + 1)}`;
  })].join('\n');
}

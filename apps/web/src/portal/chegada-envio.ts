import { ApiError } from '../lib/api-client';
import { obj, texto } from './leituras';

/* What the load form sends (POST/PUT portal/chegadas) and what it reads of a 409 that asks (the gate's soft rules). */

export interface LinhaDaChegada {
  /** The row's key on screen (not sent). */
  chave: number;
  produtoId: number | null;
  /** kg as read from '12,5' (EntradaNumero), or the text it could not read (the save stops on it first). */
  quantidade: number | string | null;
}
export interface ValoresDaChegada {
  data: string;
  itens: LinhaDaChegada[];
  /** The NF-e access keys, one per line (spaces inside a key, as printed on the DANFE, are dropped). */
  chaves: string;
  observacao: string;
}

/** The keys typed, one per line (or separated by commas), without the spaces a printed key has. */
export const lerChaves = (t: string) =>
  t
    .split(/[\n,;]+/)
    .map((c) => c.replace(/\s/g, '').toUpperCase())
    .filter(Boolean);

/** The body of the save: rows left wholly empty are dropped; what the producer confirmed goes as `confirmar`. */
export function corpoDaChegada(v: ValoresDaChegada, versao: number | null, confirmar: string[]) {
  return {
    ...(versao !== null ? { versao } : {}),
    data: v.data,
    itens: v.itens.filter((i) => i.produtoId !== null || i.quantidade !== null).map((i) => ({ produtoId: i.produtoId, quantidade: i.quantidade })),
    chavesNfe: lerChaves(v.chaves),
    observacao: v.observacao.trim() || null,
    ...(confirmar.length ? { confirmar } : {}),
  };
}

export interface Pergunta {
  codigo: string;
  mensagem: string;
}
/** A 409 that asks (`perguntas`, each with its code and pt-BR message; `confirmar`: the codes): what to ask; else null. */
export function perguntasDaRecusa(e: unknown): { perguntas: Pergunta[]; codigos: string[] } | null {
  if (!(e instanceof ApiError) || e.status !== 409 || !Array.isArray(e.body?.perguntas)) return null;
  const perguntas = (e.body.perguntas as unknown[])
    .map(obj)
    .map((p) => ({ codigo: texto(p, 'codigo') ?? '', mensagem: texto(p, 'mensagem') ?? '' }))
    .filter((p) => p.codigo && p.mensagem);
  if (!perguntas.length) return null;
  const codigos = Array.isArray(e.body.confirmar) ? e.body.confirmar.filter((c): c is string => typeof c === 'string') : perguntas.map((p) => p.codigo);
  return { perguntas, codigos };
}

import { z } from 'zod';
import { declararRecurso } from '../recurso';
import { filtroNumerico } from '../z';

/** An audit row (read-only). */
export const logRegistro = z.object({
  id: z.number().int(),
  usuario: z.string(),
  updated: z.string(),
  cadastroId: z.string(),
  cadastro: z.string(),
  acao: z.enum(['INSERT', 'UPDATE', 'DELETE']),
  conteudo: z.string(),
  conteudoAnterior: z.string().nullable(),
});
export type Log = z.infer<typeof logRegistro>;

export const logFiltro = z.object({
  id: filtroNumerico,
  usuario: z.string().nullish(),
  cadastroId: filtroNumerico,
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
  return [
    `${m[1]}:`,
    ...partes.map((p) => {
      const i = p.indexOf('=');
      return i < 0 ? `  ${p}` : `  ${p.slice(0, i)}: ${p.slice(i + 1)}`;
    }),
  ].join('\n');
}

/** The audit trail: read-only (list and detail), written by the changes themselves. */
export const logsRecurso = declararRecurso({
  rota: 'logs',
  nome: { singular: 'Log', plural: 'Logs', genero: 'm' },
  icone: 'pi pi-history',
  menu: 'Logs',
  // A read-only detail at the edit path.
  caminhos: { editar: '/logs/edit/:id' },
  api: { registro: logRegistro, filtro: logFiltro },
  ordem: { campo: 'id', dir: 'desc' },
  rotulos: { erroObter: 'Erro ao obter logs' },
  campos: {
    id: { rotulo: 'Código', filtro: true, largura: '8rem' },
    usuario: { rotulo: 'Usuário' },
    updated: { rotulo: 'Updated', formato: 'dataHora' },
    cadastroId: { rotulo: 'Cód Cadastro' },
    cadastro: { rotulo: 'Cadastro' },
    acao: { rotulo: 'Ação', filtro: true, opcoes: { INSERT: 'INSERT', UPDATE: 'UPDATE', DELETE: 'DELETE' } },
  },
  lista: { relatorio: { vazio: 'Nenhum registro' } },
});

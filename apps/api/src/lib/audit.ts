import type { FastifyRequest } from 'fastify';
import { logs } from '../db/schema';
import type { Tx } from '../db/client';

/** The acting user's e-mail for the audit trail (routes behind a permission always have one; plugins/auth.ts sets `usuario`). */
export const quem = (req: FastifyRequest) => req.usuario?.email ?? 'anônimo';

export type AcaoLog = 'INSERT' | 'UPDATE' | 'DELETE';

/** 'Entity(key=value, ...)', the audit content format of docs/produto/dados.md. */
export function conteudo(cadastro: string, valores: Record<string, unknown>): string {
  const partes = Object.entries(valores).map(([k, v]) => `${k}=${formatValor(v)}`);
  return `${cadastro}(${partes.join(', ')})`;
}

function formatValor(v: unknown): string {
  if (v === null || v === undefined) return 'null';
  if (v instanceof Date) return v.toISOString();
  if (Array.isArray(v)) return `[${v.map(formatValor).join(', ')}]`;
  if (typeof v === 'object') return conteudo('', v as Record<string, unknown>);
  return String(v);
}

/** A record's content without its `versao` (decision 0085): a save counter, not the record's data, kept out of the audit text. */
const semVersao = ({ versao: _versao, ...r }: Record<string, unknown>) => r;

/** Writes one audit row; call it inside the transaction of the change it records. */
export async function registrarLog(
  tx: Tx,
  usuario: string,
  cadastro: string,
  cadastroId: string | number,
  acao: AcaoLog,
  depois: Record<string, unknown>,
  antes?: Record<string, unknown> | null,
) {
  await tx.insert(logs).values({
    usuario,
    cadastro,
    cadastroId: String(cadastroId),
    acao,
    conteudo: conteudo(cadastro, semVersao(depois)),
    conteudoAnterior: antes ? conteudo(cadastro, semVersao(antes)) : null,
  });
}

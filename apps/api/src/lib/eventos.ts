import type { FastifyBaseLogger } from 'fastify';

/**
 * The security events, one JSON log line each (`"seguranca": "<tipo>"`), so whoever reads the log finds who did
 * what from where: sign-ins and their refusals, a code refused, a reset asked, a 403, a change of roles,
 * permissions, second factor or sessions, a backup and a restore. Never a password, token, code or link: the
 * callers pass only the names below.
 */
export type TipoDeEvento =
  | 'entrada'
  | 'entrada-recusada'
  | 'codigo-recusado'
  | 'redefinicao-pedida'
  | 'acesso-negado'
  | 'limite-de-consultas'
  | 'papeis-alterados'
  | 'permissoes-alteradas'
  | 'fator-ativado'
  | 'fator-redefinido'
  | 'senha-alterada'
  | 'sessao-encerrada'
  | 'sessoes-encerradas'
  | 'backup'
  | 'restauracao';

export interface CamposDoEvento {
  /** The account concerned (normalised e-mail) or the acting person. */
  conta?: string;
  /** The client's address. */
  endereco?: string;
  /** Why (a refusal's reason, a route). */
  motivo?: string;
  rota?: string;
  /** Another person acted on (a role change, a reset of someone's factor). */
  alvo?: string;
  [outro: string]: string | number | boolean | undefined;
}

const RECUSAS = new Set<TipoDeEvento>(['entrada-recusada', 'codigo-recusado', 'acesso-negado', 'limite-de-consultas']);

export function eventoDeSeguranca(log: FastifyBaseLogger, tipo: TipoDeEvento, campos: CamposDoEvento) {
  const linha = { seguranca: tipo, ...campos };
  if (RECUSAS.has(tipo)) log.warn(linha, `evento de segurança: ${tipo}`);
  else log.info(linha, `evento de segurança: ${tipo}`);
}

/**
 * The same event as one JSON line on stdout, for a command run outside the server (`npm run backup`,
 * `npm run restore`), whose output the operator's log collects like the server's.
 */
export function linhaDeEvento(tipo: TipoDeEvento, campos: CamposDoEvento): string {
  return JSON.stringify({ time: Date.now(), seguranca: tipo, ...campos, msg: `evento de segurança: ${tipo}` });
}

import type { FastifyRequest } from 'fastify';
import { PORTAL_OUTRO_PRODUTOR } from '@ceasa/shared';
import { naoEncontrado } from '../../lib/errors';
import { PAPEL_PRODUTOR } from '../../plugins/auth';

/** The OpenAPI document's tag of the portal's routes. */
export const TAGS_DO_PORTAL = ['Portal do produtor'];

/** The person the caller's portal account is bound to; null for a staff account (decision 0298). */
export const produtorDe = (req: FastifyRequest): number | null =>
  req.usuario?.roles.includes(PAPEL_PRODUTOR) && req.usuario.pessoaId != null ? req.usuario.pessoaId : null;

/**
 * The person a portal route reads: the caller's own, never one the request names. A `pessoaId` filter that is not
 * his is answered 404, as any other producer's record is (docs/produto/portal.md).
 */
export function pessoaDoPortal(req: FastifyRequest, filtro?: number): number {
  const pessoaId = produtorDe(req);
  // 'produtor' routes let no one else in (plugins/auth.ts): a missing person here is a misdeclared route.
  if (pessoaId === null) throw new Error(`A rota ${req.routeOptions.url ?? ''} do portal foi chamada sem conta de produtor`);
  if (filtro !== undefined && filtro !== pessoaId) throw naoEncontrado(PORTAL_OUTRO_PRODUTOR);
  return pessoaId;
}

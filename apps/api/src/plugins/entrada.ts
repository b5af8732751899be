import type { FastifyInstance } from 'fastify';
import { MSG_CONTROLE } from '@ceasa/shared';
import { badRequest } from '../lib/errors';

/** The path of the first string holding a NUL character inside `v` ('' for `v` itself), or null. */
export function caminhoComNulo(v: unknown, caminho = '', profundidade = 0): string | null {
  if (typeof v === 'string') return v.includes('\0') ? caminho : null;
  if (!v || typeof v !== 'object' || profundidade > 32) return null;
  for (const [k, filho] of Object.entries(v)) {
    if (k.includes('\0')) return caminho ? `${caminho}.${k.replaceAll('\0', '')}` : k.replaceAll('\0', '');
    const achado = caminhoComNulo(filho, caminho ? `${caminho}.${k}` : k, profundidade + 1);
    if (achado !== null) return achado;
  }
  return null;
}

/**
 * A NUL character cannot be stored by PostgreSQL (error 22021): any string of a request's path, query or
 * body holding one is refused with a pt-BR 400 before validation, on every route (search terms included).
 * The shared text schemas refuse the other control characters where people type text.
 */
export function registerRecusaDeNulos(app: FastifyInstance) {
  // A callback hook: no promise on every call.
  app.addHook('preValidation', (req, _reply, done) => {
    for (const parte of [req.params, req.query, req.body]) {
      const campo = caminhoComNulo(parte);
      if (campo !== null) return done(badRequest(MSG_CONTROLE, [{ field: campo, message: MSG_CONTROLE }]));
    }
    done();
  });
}

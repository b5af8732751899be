import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sessoes, usuarios } from '../src/db/schema';

/*
 * Without vitest: the API tests (through helpers.ts) and a browser spec's set-up script (e2e/conta-do-produtor.ts, run
 * on the server's database before it starts) make a producer's portal account the same way.
 */

/** A producer's portal account (role `produtor`) bound to person `pessoaId`, and a signed access token for it. */
export async function tokenDoProdutor(app: FastifyInstance, pessoaId: number, email?: string) {
  const e = email ?? `produtor-${pessoaId}-${randomUUID().slice(0, 6)}@teste.local`;
  const [u] = await app.ctx.db
    .insert(usuarios)
    .values({ nome: `Produtor ${pessoaId}`, email: e, senhaHash: 'x', roles: ['produtor'], pessoaId })
    .returning();
  const [s] = await app.ctx.db
    .insert(sessoes)
    .values({ usuarioId: u.id, expiraEm: new Date(Date.now() + 3_600_000) })
    .returning();
  return app.ctx.keys.sign({ sub: u.id, email: e, name: u.nome, sid: s.id, realm_access: { roles: ['produtor'] }, scope: 'openid api' });
}

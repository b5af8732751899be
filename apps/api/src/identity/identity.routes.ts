import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { REALM } from './keys';

export function registerIdentity(app: FastifyInstance, ctx: AppContext) {
  app.get(`/realms/${REALM}/protocol/openid-connect/certs`, async () => ctx.keys.jwks);
}

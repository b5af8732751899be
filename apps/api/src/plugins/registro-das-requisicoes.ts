import type { FastifyInstance } from 'fastify';

/**
 * One log line per request, when it is answered (docs/decisions/0200-metricas-e-prontidao.md), instead of
 * Fastify's two ('incoming request' and 'request completed'): method, route pattern (not the URL, which may
 * carry a lot code or a reset token), status, time and the request id (pino's `reqId`). The public routes whose
 * answers are kept log at 'warn' (lib/respostas-em-cache.ts, NIVEL_DO_LOG_PUBLICO), so their lines are not
 * written; nor are the kept answers the HTTP server sends itself (plugins/atalho-publico.ts).
 */
export function registerRegistroDasRequisicoes(app: FastifyInstance) {
  app.addHook('onResponse', (req, reply, done) => {
    const rota = req.routeOptions.url ?? '(rota desconhecida)';
    const ms = Math.round(reply.elapsedTime * 10) / 10;
    req.log.info({ metodo: req.method, rota, status: reply.statusCode, ms }, `${req.method} ${rota} ${reply.statusCode} ${ms} ms`);
    done();
  });
}

import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { loteRegistro } from '@ceasa/shared';
import { naoEncontrado } from '../../lib/errors';
import { enviarJson, NIVEL_DO_LOG_PUBLICO, respostasEmCache } from '../../lib/respostas-em-cache';
import { CANAL_LOTES } from '../../plugins/avisos-de-escrita';
import { buscarLote } from './lote.repository';

/** What the public lot page says when the code names no lot (malformed, unknown, or an item of another romaneio). */
export const SEM_DADOS = 'Sem dados para mostrar.';

/**
 * GET romaneio/lote/{lote}: the public lot page's data (docs/produto/api.md: public, no token), opened by scanning
 * a tracking label's QR code. Any code that names no lot is a 404 with the page's own words, never a 500.
 */
export default function loteRoutes(app: FastifyInstance, { db, config }: AppContext) {
  // Each lot's answer is kept as its JSON text until a back-office write (docs/decisions/0100-cache-das-respostas-publicas.md);
  // a code that names no lot is asked each time (its 404 is not kept: codes are many, lots few).
  const lotes = respostasEmCache(app.avisos, [CANAL_LOTES], 5000);
  // Once kept, a lot is sent by the HTTP server itself (plugins/atalho-publico.ts).
  app.atalhoPublico.get(`${app.prefix}/romaneio/lote/`, lotes.pronta, `${app.prefix}/romaneio/lote/:lote`);
  app.withTypeProvider<ZodTypeProvider>().get(
    '/romaneio/lote/:lote',
    {
      schema: {
        tags: ['Romaneio'],
        summary: 'Dados públicos de um lote (página aberta pelo QR code da etiqueta)',
        params: z.object({ lote: z.string() }),
        response: { 200: loteRegistro },
      },
      config: { acesso: 'publico' },
      // No request/response log lines for the internet's busiest call (errors are still logged).
      logLevel: NIVEL_DO_LOG_PUBLICO,
      // A kept lot goes out as soon as the route is known (its code was valid when it was kept).
      // A callback hook (no promise a call): a kept lot is sent and the chain stops there, without `done`.
      onRequest: (req, reply, done) => {
        const pronta = lotes.pronta((req.params as { lote: string }).lote);
        if (pronta !== undefined) enviarJson(reply, pronta);
        else done();
      },
    },
    async (req, reply) => {
      const texto = await lotes.obter(req.params.lote, async () => {
        const lote = await buscarLote(db, req.params.lote, config.settings.destinoLote);
        if (!lote) throw naoEncontrado(SEM_DADOS);
        // The text the route's response schema writes, computed once per change.
        return reply.serialize(lote) as string;
      });
      return enviarJson(reply, texto);
    },
  );
}

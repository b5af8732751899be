import type { FastifyInstance } from 'fastify';

/** The public quotation's data changed (a price, a product or a product group). */
export const CANAL_PRECOS = 'precos';
/** The public lot pages' data may have changed (any back-office write). */
export const CANAL_LOTES = 'lotes';

/** The routes (permission names) whose writes change the public quotation ('precosDia': 'Publicar cotação'). */
const ROTAS_DA_COTACAO = new Set(['precos', 'precosDia', 'produto', 'produtoGrupo']);
const LEITURAS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Every successful write call tells every server that the public answers built from it changed
 * (docs/decisions/0100-cache-das-respostas-publicas.md), before its answer leaves: the writer's next public
 * call, and anyone's after it, reads the new data. A write is a POST, PUT, PATCH or DELETE behind a
 * permission other than 'visualizar' (the list searches are POSTs that only read). Writes to prices,
 * products and groups notice CANAL_PRECOS; every write notices CANAL_LOTES: a lot page draws on the
 * romaneio, its producer, property, municipality, bulletin, field notebook, stalls and product, and a
 * write is rare next to the public reads.
 */
export function registerAvisosDeEscrita(app: FastifyInstance) {
  // A callback hook, not an async one: the reads (the public calls among them) leave at once, without a promise.
  app.addHook('onSend', (req, reply, payload, done) => {
    if (reply.statusCode >= 400 || LEITURAS.has(req.method)) return done(null, payload);
    const acesso = req.routeOptions.config?.acesso;
    if (!acesso || typeof acesso === 'string' || [acesso.acao].flat().every((a) => a === 'visualizar')) return done(null, payload);
    const canais = ROTAS_DA_COTACAO.has(acesso.rota) ? [CANAL_LOTES, CANAL_PRECOS] : [CANAL_LOTES];
    // The write is committed: a notice that fails is logged, never turned into an error answer.
    void Promise.all(canais.map((c) => app.avisos.avisar(c).catch((e: Error) => req.log.warn(`Aviso '${c}' não enviado: ${e.message}`)))).then(() =>
      done(null, payload),
    );
  });
}

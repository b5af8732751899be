import type { FastifyInstance } from 'fastify';
import { alternativas } from './auth';

/** The public quotation's data changed (a price, a product or a product group). */
export const CANAL_PRECOS = 'precos';
/** The public lot pages' data may have changed (a back-office write, unless its route says otherwise). */
export const CANAL_LOTES = 'lotes';
/** Something was written (every write says so): for answers drawn from much of the data (the open data's files). */
export const CANAL_ESCRITAS = 'escritas';

/**
 * The kept public answers a write on each route name changes, where not only the lot pages (the default):
 * prices ('precosDia': 'Publicar cotação') change the quotation and no lot page (none shows a price);
 * products and groups change both.
 */
const CANAIS_DA_ROTA: Readonly<Record<string, readonly string[]>> = {
  precos: [CANAL_PRECOS],
  precosDia: [CANAL_PRECOS],
  produto: [CANAL_LOTES, CANAL_PRECOS],
  produtoGrupo: [CANAL_LOTES, CANAL_PRECOS],
};
const LEITURAS = new Set(['GET', 'HEAD', 'OPTIONS']);

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The kept public answers (channels) a successful write of this route changes, when not what its route
     * name says (CANAIS_DA_ROTA, else the lot pages): e.g. `[]` for a write that only adds what no kept
     * answer shows.
     */
    avisos?: readonly string[];
  }
}

/**
 * Every successful write call tells every server that the public answers built from it changed
 * (docs/decisions/0100-cache-das-respostas-publicas.md), before its answer leaves: the writer's next public
 * call, and anyone's after it, reads the new data. A write is a POST, PUT, PATCH or DELETE behind a
 * permission other than 'visualizar' (the list searches are POSTs that only read). Every write notices
 * CANAL_ESCRITAS; beyond it, a write drops only the answers it changes (decision 0221): by its route's
 * `avisos` if it says, else by its route name (CANAIS_DA_ROTA), else the lot pages: a lot page draws on the
 * romaneio, its producer, property, municipality, bulletin, field notebook, stalls, inspections and product,
 * so a write no rule names drops them all and a new source cannot be missed.
 */
export function registerAvisosDeEscrita(app: FastifyInstance) {
  // A callback hook, not an async one: the reads (the public calls among them) leave at once, without a promise.
  app.addHook('onSend', (req, reply, payload, done) => {
    if (reply.statusCode >= 400 || LEITURAS.has(req.method)) return done(null, payload);
    const config = req.routeOptions.config;
    // The permission that writes (of a route with alternatives, the first staff one that does).
    const acesso = config?.acesso
      ? alternativas(config.acesso).find((a) => typeof a === 'object' && [a.acao].flat().some((x) => x !== 'visualizar'))
      : undefined;
    if (!acesso || typeof acesso !== 'object') return done(null, payload);
    const canais = [CANAL_ESCRITAS, ...(config.avisos ?? CANAIS_DA_ROTA[acesso.rota] ?? [CANAL_LOTES])];
    // The write is committed: a notice that fails is logged, never turned into an error answer.
    void Promise.all(canais.map((c) => app.avisos.avisar(c).catch((e: Error) => req.log.warn(`Aviso '${c}' não enviado: ${e.message}`)))).then(() =>
      done(null, payload),
    );
  });
}

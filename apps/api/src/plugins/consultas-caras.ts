import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import type { Tx } from '../db/client';
import { chamadasCaras } from '../db/schema';
import { HttpError } from '../lib/errors';
import { eventoDeSeguranca } from '../lib/eventos';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** An expensive call (VAF, recall, statistics, exports, reports): counted per person and per address. */
    cara?: boolean;
  }
}

export const MSG_MUITAS_CONSULTAS = 'Muitas consultas pesadas em pouco tempo. Aguarde um pouco e tente novamente.';

type Limites = Pick<Config, 'consultasCarasPorPessoa' | 'consultasCarasPorEndereco' | 'consultasCarasJanelaS'>;

/**
 * Counts one expensive call of `pessoa` (when signed in) and of `endereco` in the current fixed window of
 * CONSULTAS_CARAS_JANELA_S seconds, in the database (its clock): one atomic upsert, so the servers of one database
 * share the count and a burst over any number of them passes at most the limit. Older windows are purged in the
 * same statement. Answers the seconds until the window ends when either count is past its limit, else null.
 */
export async function contarConsultaCara(db: Tx, limites: Limites, endereco: string, pessoa: string | undefined): Promise<number | null> {
  const j = limites.consultasCarasJanelaS;
  const janela = sql`to_timestamp(floor(extract(epoch FROM now()) / ${j}) * ${j})`;
  const chaves = [`e:${endereco}`, ...(pessoa ? [`p:${pessoa}`] : [])];
  const linhas = await db.execute<{ chave: string; n: number; espera: number }>(
    sql`WITH limpa AS (DELETE FROM ${chamadasCaras} WHERE ${chamadasCaras.janela} < ${janela})
        INSERT INTO ${chamadasCaras} (chave, janela, n)
        VALUES ${sql.join(
          chaves.map((c) => sql`(${c}, ${janela}, 1)`),
          sql`, `,
        )}
        ON CONFLICT (chave, janela) DO UPDATE SET n = ${chamadasCaras}.n + 1
        RETURNING chave, n, ceil(extract(epoch FROM janela + make_interval(secs => ${j}) - now()))::int AS espera`,
  );
  const passou = linhas.rows.some((l) => (l.chave.startsWith('p:') ? l.n > limites.consultasCarasPorPessoa : l.n > limites.consultasCarasPorEndereco));
  return passou ? Math.max(1, linhas.rows[0].espera) : null;
}

/**
 * The limit on expensive calls (routes whose config says `cara: true`): after the session is checked (so a
 * signed-in person is counted as himself as well as by address), a pt-BR 429 with Retry-After past either
 * CONSULTAS_CARAS_POR_PESSOA or CONSULTAS_CARAS_POR_ENDERECO calls in CONSULTAS_CARAS_JANELA_S seconds.
 */
export function registerConsultasCaras(app: FastifyInstance, db: Tx, limites: Limites) {
  app.addHook('preHandler', async (req, reply) => {
    if (!req.routeOptions.config?.cara) return;
    const espera = await contarConsultaCara(db, limites, req.ip, req.usuario?.id);
    if (espera === null) return;
    eventoDeSeguranca(req.log, 'limite-de-consultas', { conta: req.usuario?.email, endereco: req.ip, rota: `${req.method} ${req.routeOptions.url ?? ''}` });
    reply.header('retry-after', String(espera));
    throw new HttpError(429, MSG_MUITAS_CONSULTAS);
  });
}

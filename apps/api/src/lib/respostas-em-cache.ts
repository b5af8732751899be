import type { FastifyReply } from 'fastify';
import type { Avisos } from './avisos';

/**
 * The log level of the public routes whose answers are kept: their 'incoming request' / 'request completed'
 * lines (two JSON lines a call, the largest per-request cost left once the answer is kept; decision 0112) are
 * not written, while warnings and errors (a 500's 'erro inesperado') still are.
 */
export const NIVEL_DO_LOG_PUBLICO = 'warn';

/** Sends a kept JSON text as the answer: Fastify sends a string typed as JSON as it is, without serialising it again. */
export function enviarJson<R>(reply: R, texto: string): R {
  (reply as unknown as FastifyReply).type('application/json; charset=utf-8').send(texto);
  return reply;
}

/**
 * Public answers kept as their JSON text (serialised once, by the route's response schema) until a notice on
 * one of `canais` says their data changed (docs/decisions/0100-cache-das-respostas-publicas.md): then all are
 * dropped at once, on every server (app.avisos). Callers asking for the same key while it is being computed
 * share the one computation. An answer computed while a notice arrived is served but not kept: it may have
 * read the data from before the change. At most `maximo` answers are kept (past it, all are dropped).
 */
export function respostasEmCache(avisos: Avisos, canais: string[], maximo = 1000) {
  const prontas = new Map<string, string>();
  const emCurso = new Map<string, Promise<string>>();
  let geracao = 0;
  const esquecer = () => {
    geracao++;
    prontas.clear();
    emCurso.clear();
  };
  for (const canal of canais) avisos.ouvir(canal, esquecer);
  return {
    /** The kept answer of `chave`, if any (a route's early hook sends it before validation and the handler). */
    pronta: (chave: string): string | undefined => prontas.get(chave),
    /** The kept answer of `chave`, or `calcular`'s (the JSON text), kept unless a notice came meanwhile. */
    obter(chave: string, calcular: () => Promise<string>): Promise<string> {
      const pronta = prontas.get(chave);
      if (pronta !== undefined) return Promise.resolve(pronta);
      const curso = emCurso.get(chave);
      if (curso) return curso;
      const desde = geracao;
      const p = calcular().then(
        (texto) => {
          if (geracao === desde) {
            emCurso.delete(chave);
            if (prontas.size >= maximo) prontas.clear();
            prontas.set(chave, texto);
          }
          return texto;
        },
        (e: unknown) => {
          if (geracao === desde) emCurso.delete(chave);
          throw e;
        },
      );
      emCurso.set(chave, p);
      return p;
    },
  };
}

import type { FastifyReply } from 'fastify';
import { pageQuery } from '@ceasa/shared';
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
 * A map bounded by a byte budget (and a count), least recently used out (docs/decisions/0164-cache-publico-limitado.md):
 * anything the internet can make the server keep (one entry per query string) stays within `bytes`, whatever is
 * asked. `tamanho` says what an entry weighs (a JS string's text counts twice its length: UTF-16).
 */
export class LruPorBytes<V> {
  private itens = new Map<string, { v: V; peso: number }>();
  private total = 0;

  constructor(
    private readonly bytes: number,
    private readonly tamanho: (v: V) => number,
    private readonly maximo = Number.POSITIVE_INFINITY,
  ) {}

  /** The entry, now the most recently used. */
  get(chave: string): V | undefined {
    const e = this.itens.get(chave);
    if (!e) return undefined;
    this.itens.delete(chave);
    this.itens.set(chave, e);
    return e.v;
  }

  /** Keeps `v` (unless it alone passes the budget), dropping the least recently used entries past the budget. */
  set(chave: string, v: V) {
    this.delete(chave);
    const peso = this.tamanho(v) + chave.length * 2;
    if (peso > this.bytes) return;
    this.itens.set(chave, { v, peso });
    this.total += peso;
    while (this.total > this.bytes || this.itens.size > this.maximo) this.delete(this.itens.keys().next().value!);
  }

  delete(chave: string) {
    const e = this.itens.get(chave);
    if (!e) return;
    this.itens.delete(chave);
    this.total -= e.peso;
  }

  clear() {
    this.itens.clear();
    this.total = 0;
  }

  /** Entries and bytes kept (tests). */
  get tamanhoAtual() {
    return { entradas: this.itens.size, bytes: this.total };
  }
}

/**
 * The kept public answers of the whole process, for /metrics (plugins/metricas.ts): answers sent from memory
 * (by a route's hook, the HTTP server's shortcut or a call that found its answer being computed), answers that
 * had to be computed, and what every cache holds now.
 */
export const estatisticasDoCache = { acertos: 0, faltas: 0 };
const vivos = new Set<WeakRef<LruPorBytes<string>>>();
/** Entries and bytes of every live cache of kept answers. */
export function tamanhoDosCaches() {
  let entradas = 0;
  let bytes = 0;
  for (const r of vivos) {
    const c = r.deref();
    if (!c) {
      vivos.delete(r);
      continue;
    }
    entradas += c.tamanhoAtual.entradas;
    bytes += c.tamanhoAtual.bytes;
  }
  return { entradas, bytes };
}

/** What one kept answer weighs: its text (UTF-16) and the map's own share. */
const pesoDoTexto = (texto: string) => texto.length * 2 + 64;

/** The query parameters a kept answer's key carries (the pages'); the others are left out of it. */
const PARAMETROS_CONHECIDOS = new Set(Object.keys(pageQuery.shape));

/**
 * The key an answer is kept under: the path and, of its query as sent, only the parameters the pages know (the
 * route's schema ignores the others, so the answer is the same). Null (not kept) when a parameter's name is
 * escaped or odd, or a known one comes twice: the answer could then differ from the key's.
 */
export function chaveGuardavel(url: string, conhecidos: ReadonlySet<string> = PARAMETROS_CONHECIDOS): string | null {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const vistos = new Set<string>();
  const ficam: string[] = [];
  for (const par of url.slice(q + 1).split('&')) {
    if (!par) continue;
    const i = par.indexOf('=');
    const nome = i < 0 ? par : par.slice(0, i);
    if (!/^[A-Za-z_]\w*$/.test(nome)) return null;
    if (!conhecidos.has(nome)) continue;
    if (vistos.has(nome)) return null;
    vistos.add(nome);
    ficam.push(par);
  }
  return ficam.length ? `${url.slice(0, q)}?${ficam.join('&')}` : url.slice(0, q);
}

/** The byte budget of one route's kept answers, unless it says another. */
export const ORCAMENTO_PADRAO = 4 * 1024 * 1024;

/**
 * Public answers kept as their JSON text (serialised once, by the route's response schema) until a notice on
 * one of `canais` says their data changed (docs/decisions/0100-cache-das-respostas-publicas.md): then all are
 * dropped at once, on every server (app.avisos). Callers asking for the same key while it is being computed
 * share the one computation. An answer computed while a notice arrived is served but not kept: it may have
 * read the data from before the change. At most `maximo` answers and `bytes` of text are kept, the least
 * recently used going first, and the query parameters the pages do not know are not part of the key
 * (chaveGuardavel, decision 0164): what anyone can ask for costs a bounded amount of memory. A route whose
 * answer depends on other query parameters names them in `parametros` (they then make the key instead).
 */
export function respostasEmCache(avisos: Avisos, canais: string[], maximo = 1000, bytes = ORCAMENTO_PADRAO, parametros?: readonly string[]) {
  const conhecidos = parametros ? new Set(parametros) : PARAMETROS_CONHECIDOS;
  const prontas = new LruPorBytes<string>(bytes, pesoDoTexto, maximo);
  vivos.add(new WeakRef(prontas));
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
    pronta: (url: string, contar = true): string | undefined => {
      const chave = chaveGuardavel(url, conhecidos);
      const texto = chave === null ? undefined : prontas.get(chave);
      if (texto !== undefined && contar) estatisticasDoCache.acertos++;
      return texto;
    },
    /** The kept answer of `chave`, or `calcular`'s (the JSON text), kept unless a notice came meanwhile. */
    obter(url: string, calcular: () => Promise<string>): Promise<string> {
      const chave = chaveGuardavel(url, conhecidos);
      if (chave === null) return calcular();
      const pronta = prontas.get(chave);
      if (pronta !== undefined) {
        estatisticasDoCache.acertos++;
        return Promise.resolve(pronta);
      }
      const curso = emCurso.get(chave);
      if (curso) {
        estatisticasDoCache.acertos++;
        return curso;
      }
      estatisticasDoCache.faltas++;
      const desde = geracao;
      const p = calcular().then(
        (texto) => {
          if (geracao === desde) {
            emCurso.delete(chave);
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
    /** What is kept (tests). */
    get guardadas() {
      return prontas.tamanhoAtual;
    },
  };
}

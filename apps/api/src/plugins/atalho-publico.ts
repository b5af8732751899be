import http, { type IncomingMessage, type RequestListener, type Server, type ServerResponse } from 'node:http';
import zlib from 'node:zlib';
import type { FastifyServerOptions } from 'fastify';
import { chaveGuardavel, LruPorBytes } from '../lib/respostas-em-cache';

/** A kept answer's JSON text for a request's raw URL, if one is kept (lib/respostas-em-cache.ts `pronta`). */
type Pronta = (url: string, contar?: boolean) => string | undefined;

/** One kept text as it leaves, for each encoding (made the first time a client asks for it): its headers and bytes. */
interface Saida {
  texto: string;
  formas: Partial<Record<'br' | 'gzip' | '', { cabecalhos: string[]; corpo: Buffer }>>;
}

/** What @fastify/compress sends for a 4.5 KB JSON answer (its defaults: brotli quality 4 in text mode, zlib's gzip). */
const BROTLI = { params: { [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT, [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } };
/** @fastify/compress prefers zstd where Node has it: such a client is left to it. */
const ZSTD_NO_NODE = typeof (zlib as { zstdCompressSync?: unknown }).zstdCompressSync === 'function';
const JSON_UTF8 = 'application/json; charset=utf-8';
/** The body /home's first call sends (`{}`), the only one the shortcut answers; any other goes to Fastify. */
const CORPO_VAZIO = '{}';
/** The bytes the ready-to-send forms may take (decision 0164): least recently sent out past it. */
export const ORCAMENTO_DAS_SAIDAS = 8 * 1024 * 1024;
/** What a kept form weighs: its text (UTF-16, though usually shared with the kept answer) and each encoding's bytes. */
const pesoDaSaida = (s: Saida) => s.texto.length * 2 + Object.values(s.formas).reduce((n, f) => n + f.corpo.length + 200, 0);

/**
 * The encoding @fastify/compress would choose for this `accept-encoding` ('' for none), or null where the
 * shortcut leaves the request to Fastify (q-values, deflate or zstd chosen, an empty header).
 */
export function codificacao(aceita: string | undefined): 'br' | 'gzip' | '' | null {
  if (aceita === undefined) return '';
  if (!aceita || aceita.includes(';')) return null;
  const nomes = aceita
    .toLowerCase()
    .split(',')
    .map((n) => n.trim().replace(/^(\*|x-gzip)$/, 'gzip'));
  // @fastify/compress's order of preference among what the client names: [zstd,] br, gzip, deflate.
  if (ZSTD_NO_NODE && nomes.includes('zstd')) return null;
  if (nomes.includes('br')) return 'br';
  if (nomes.includes('gzip')) return 'gzip';
  return nomes.includes('deflate') ? null : '';
}

/**
 * The public calls whose answers are kept (the quotation's first pages, the lot pages), answered from the
 * HTTP server itself when their answer is kept (docs/decisions/0123-atalho-das-respostas-publicas.md): the
 * request does not go through Fastify (its request object, child logger, hooks, body parser, serialiser,
 * compression), which cost about half of such a call. The answer is the one Fastify sends for it, byte for
 * byte: the same security headers, content type, kept text (or its br/gzip form for the same
 * `accept-encoding`) and content length. Anything else, and any request the shortcut is not sure about (a
 * body other than `{}`, a query on a lot page, percent-escapes, q-values, a server closing), goes to Fastify,
 * which answers as before (and keeps the answer for the next call).
 */
export function criarAtalhoPublico() {
  let cabecalhos: Record<string, string> = {};
  let fechando = false;
  /** POST routes whose kept answers take the body `{}`, by path prefix. */
  const posts: { prefixo: string; pronta: Pronta; rota: string }[] = [];
  /** GET routes whose kept answers are keyed by the rest of the path. */
  const gets: { prefixo: string; pronta: Pronta; rota: string }[] = [];
  /** Who hears each answer sent (the request metrics: these never reach Fastify's hooks). */
  let ouvinte: ((metodo: string, rota: string, segundos: number) => void) | undefined;
  const saidas = new LruPorBytes<Saida>(ORCAMENTO_DAS_SAIDAS, pesoDaSaida, 10_000);
  let atendidas = 0;

  /** The headers and bytes Fastify would send for `texto` in encoding `cod`, in its order. */
  function forma(texto: string, cod: 'br' | 'gzip' | '') {
    let corpo = Buffer.from(texto);
    const h: Record<string, string> = { ...cabecalhos, 'content-type': JSON_UTF8 };
    // Below @fastify/compress's threshold (1024 bytes) an answer goes out as it is.
    if (cod && corpo.length >= 1024) {
      corpo = cod === 'br' ? zlib.brotliCompressSync(corpo, BROTLI) : zlib.gzipSync(corpo);
      h.vary = 'accept-encoding';
      h['content-encoding'] = cod;
    }
    h['content-length'] = String(corpo.length);
    return { cabecalhos: Object.entries(h).flat(), corpo };
  }

  function enviar(res: ServerResponse, url: string, texto: string, cod: 'br' | 'gzip' | '', metodo: string, rota: string, inicio: number) {
    // By the answer's key: query strings that differ only by parameters the pages ignore share one entry.
    const chave = chaveGuardavel(url) ?? url;
    let s = saidas.get(chave);
    if (s?.texto !== texto) s = { texto, formas: {} };
    let f = s.formas[cod];
    if (!f) {
      f = s.formas[cod] = forma(texto, cod);
      // Weighed again with its new form.
      saidas.set(chave, s);
    }
    atendidas++;
    res.writeHead(200, f.cabecalhos);
    res.end(f.corpo);
    ouvinte?.(metodo, rota, (performance.now() - inicio) / 1000);
  }

  /** Answers `req` if its answer is kept; otherwise hands it to Fastify (`seguir`). */
  function atender(req: IncomingMessage, res: ServerResponse, seguir: RequestListener) {
    const url = req.url ?? '';
    const inicio = performance.now();
    if (fechando || (req.method !== 'POST' && req.method !== 'GET')) return seguir(req, res);
    const cod = codificacao(req.headers['accept-encoding'] as string | undefined);
    if (cod === null || req.headers['x-no-compression'] !== undefined) return seguir(req, res);
    if (req.method === 'GET') {
      const g = gets.find((r) => url.startsWith(r.prefixo));
      const chave = g && url.slice(g.prefixo.length);
      // Only a bare code (no query, escapes or further path), and no body.
      const texto =
        chave && /^[\w-]+$/.test(chave) && req.headers['content-length'] === undefined && req.headers['transfer-encoding'] === undefined
          ? g.pronta(chave)
          : undefined;
      return texto === undefined || !g ? seguir(req, res) : enviar(res, url, texto, cod, 'GET', g.rota, inicio);
    }
    const p = posts.find((r) => url.startsWith(r.prefixo));
    const tipo = req.headers['content-type']?.toLowerCase();
    if (
      !p ||
      req.headers['content-length'] !== String(CORPO_VAZIO.length) ||
      req.headers['transfer-encoding'] !== undefined ||
      (tipo !== 'application/json' && tipo !== JSON_UTF8) ||
      p.pronta(url, false) === undefined
    )
      return seguir(req, res);
    // The body's two bytes are read here; any other body is put back for Fastify to read, parse and refuse as it does.
    const ler = () => {
      const pedaco = req.read() as Buffer | null;
      if (pedaco === null) return;
      req.off('readable', ler);
      const texto = pedaco.toString('latin1') === CORPO_VAZIO ? p.pronta(url) : undefined;
      if (texto !== undefined) {
        // Nothing is left to read: the request is complete.
        req.resume();
        return enviar(res, url, texto, cod, 'POST', p.rota, inicio);
      }
      req.unshift(pedaco);
      seguir(req, res);
    };
    req.on('readable', ler);
  }

  return {
    /** How many answers the shortcut sent (tests). */
    get atendidas() {
      return atendidas;
    },
    /** The ready-to-send forms kept (/metrics). */
    get guardadas() {
      return saidas.tamanhoAtual;
    },
    /** The HTTP server Fastify would make (its timeouts), whose requests the shortcut sees first. */
    servidor(handler: RequestListener, opcoes: FastifyServerOptions): Server {
      const o = opcoes as FastifyServerOptions & { http?: http.ServerOptions; keepAliveTimeout: number; requestTimeout: number; connectionTimeout: number };
      const server = http.createServer(o.http ?? {}, (req, res) => atender(req, res, handler));
      server.keepAliveTimeout = o.keepAliveTimeout;
      server.requestTimeout = o.requestTimeout;
      server.setTimeout(o.connectionTimeout);
      if (o.maxRequestsPerSocket) server.maxRequestsPerSocket = o.maxRequestsPerSocket;
      return server;
    },
    /** The security headers every answer carries (plugins/seguranca.ts). */
    cabecalhos(h: Record<string, string>) {
      cabecalhos = h;
    },
    /** A POST route under `prefixo` whose answer to the body `{}` is kept by its raw URL; `rota` its Fastify pattern. */
    post(prefixo: string, pronta: Pronta, rota: string) {
      posts.push({ prefixo, pronta, rota });
    },
    /** A GET route `prefixo` + a code, whose answers are kept by that code; `rota` its Fastify pattern. */
    get(prefixo: string, pronta: Pronta, rota: string) {
      gets.push({ prefixo, pronta, rota });
    },
    /** Hears each answer the shortcut sends: method, route pattern and seconds (plugins/metricas.ts). */
    ouvir(o: (metodo: string, rota: string, segundos: number) => void) {
      ouvinte = o;
    },
    /** From a stop on, every request goes to Fastify (which refuses new ones while closing). */
    fechar() {
      fechando = true;
    },
  };
}

export type AtalhoPublico = ReturnType<typeof criarAtalhoPublico>;

declare module 'fastify' {
  interface FastifyInstance {
    /** The kept public answers the HTTP server sends itself (plugins/atalho-publico.ts). */
    atalhoPublico: AtalhoPublico;
  }
}

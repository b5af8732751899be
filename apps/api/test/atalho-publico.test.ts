import http from 'node:http';
import zlib from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codificacao } from '../src/plugins/atalho-publico';
import { inserirGrupo, inserirPessoa, inserirPreco, inserirProduto, inserirRomaneio, inserirRomaneioItem } from './fabricas';
import { build, call, portaLivre, tokenFor } from './helpers';

/**
 * The kept public answers sent by the HTTP server itself (plugins/atalho-publico.ts, decision 0123), on a
 * listening app (app.inject never reaches the HTTP server): the same bytes and headers Fastify sends for the
 * same request, Fastify not called for them, a write in the next answer, and every other request answered by
 * Fastify as before.
 */
const t = {} as { app: FastifyInstance; admin: string };
const COTACAO = '/api/precos/searchPrecosHome/precoData/desc?page=0&size=20';
let porta: number;
let lote: string;
let item: number;
let produto: number;
/** Runs `fn`; answers how many of its requests the shortcut answered (the rest went to Fastify). */
async function peloAtalho(fn: () => Promise<unknown>): Promise<number> {
  const antes = t.app.atalhoPublico.atendidas;
  await fn();
  return t.app.atalhoPublico.atendidas - antes;
}

interface Resposta {
  status: number;
  cabecalhos: Record<string, string | string[] | undefined>;
  corpo: Buffer;
}

/** A raw request on loopback: status, headers and the bytes as sent (not decompressed). */
function pedir(metodo: string, url: string, o: { corpo?: string; cabecalhos?: Record<string, string> } = {}): Promise<Resposta> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { ...o.cabecalhos };
    if (o.corpo !== undefined) {
      headers['content-type'] ??= 'application/json';
      headers['content-length'] = String(Buffer.byteLength(o.corpo));
    }
    const req = http.request({ host: '127.0.0.1', port: porta, method: metodo, path: url, headers, agent: false }, (res) => {
      const partes: Buffer[] = [];
      res.on('data', (c: Buffer) => partes.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, cabecalhos: res.headers, corpo: Buffer.concat(partes) }));
    });
    req.on('error', reject);
    req.end(o.corpo);
  });
}
const semData = (h: Resposta['cabecalhos']) => Object.entries(h).filter(([k]) => k !== 'date');
const cotacao = (cabecalhos: Record<string, string> = {}, corpo = '{}') => pedir('POST', COTACAO, { corpo, cabecalhos });
const json = (r: Resposta) => JSON.parse(r.corpo.toString()) as { content: { produtoGrupoId: number; valorMinimo: number }[] };

beforeAll(async () => {
  const app = (t.app = await build());
  t.admin = await tokenFor(app, ['super-admin']);
  const grupo = await inserirGrupo(app, 'Graviola');
  produto = await inserirProduto(app, grupo, 'Graviola Comum');
  for (let d = 1; d <= 25; d++) await inserirPreco(app, produto, `2031-02-${String(d).padStart(2, '0')}`, 10 + d);
  const produtor = await inserirPessoa(app, 'Ana do Pomar');
  const romaneio = await inserirRomaneio(app, produtor, '2031-02-03', 990001);
  item = await inserirRomaneioItem(app, romaneio, produto, 12, null);
  lote = ((await app.ctx.db.execute(sql`SELECT codigo_lote FROM romaneio_itens WHERE id = ${item}`)).rows[0] as { codigo_lote: string }).codigo_lote;
  porta = await portaLivre();
  await app.listen({ port: porta, host: '127.0.0.1' });
});

afterAll(() => t.app?.close());

describe('kept public answers sent by the HTTP server', () => {
  it('sends the quotation Fastify kept, byte for byte with its headers, in each encoding, without calling Fastify', async () => {
    for (const aceita of [undefined, 'gzip, deflate, br', 'gzip', 'identity']) {
      const cab: Record<string, string> = aceita ? { 'accept-encoding': aceita } : {};
      // The first call is Fastify's (the route keeps the page); the next ones the server answers alone.
      let pelaRota!: Resposta;
      expect(await peloAtalho(async () => (pelaRota = await cotacao(cab))), aceita).toBe(aceita === undefined ? 0 : 1);
      for (let i = 0; i < 2; i++) {
        let r!: Resposta;
        expect(await peloAtalho(async () => (r = await cotacao(cab))), aceita).toBe(1);
        expect(r.status).toBe(200);
        expect(semData(r.cabecalhos)).toEqual(semData(pelaRota.cabecalhos));
        expect(r.corpo.equals(pelaRota.corpo), aceita).toBe(true);
      }
    }
    const br = await cotacao({ 'accept-encoding': 'gzip, deflate, br' });
    expect(br.cabecalhos['content-encoding']).toBe('br');
    expect(br.cabecalhos['content-security-policy']).toContain("frame-ancestors 'none'");
    const plano = await cotacao();
    expect(zlib.brotliDecompressSync(br.corpo).equals(plano.corpo)).toBe(true);
    expect(json(plano).content).toHaveLength(20);
    // The same page a fresh answer gives (app.inject goes through Fastify and the route).
    expect(JSON.parse(plano.corpo.toString())).toEqual((await call(t.app, null, { method: 'POST', url: COTACAO, payload: {} })).body);
  });

  it('a price written is in the next answer', async () => {
    await cotacao();
    const antes = json(await cotacao()).content[0];
    const r = await call(t.app, t.admin, {
      method: 'POST',
      url: '/api/precos',
      payload: { produtoId: produto, data: '2031-02-25', valor: 1, confirmar: true },
    });
    expect(r.status).toBe(201);
    let depois!: Resposta;
    // Fastify's: the kept page was dropped by the write.
    expect(await peloAtalho(async () => (depois = await cotacao()))).toBe(0);
    expect(json(depois).content[0]).toMatchObject({ produtoGrupoId: antes.produtoGrupoId, valorMinimo: 1 });
    expect(antes.valorMinimo).toBe(35);
    expect(await peloAtalho(() => cotacao())).toBe(1);
  });

  it('leaves every other request to Fastify, which answers as before', async () => {
    await cotacao();
    const outras = await peloAtalho(async () => {
      // Two bytes that are not `{}`: Fastify reads them (put back by the shortcut) and refuses them in pt-BR.
      const invalido = await cotacao({}, 'ab');
      expect(invalido.status).toBe(400);
      expect(JSON.parse(invalido.corpo.toString()).message).toBe('O conteúdo enviado não é um JSON válido.');
      // A filter is asked of the database; `{ }` is the kept page, through the route.
      const filtrada = json(await cotacao({}, '{"produtoGrupoNome":"grav"}'));
      expect(filtrada.content.length).toBeGreaterThan(0);
      expect(filtrada.content.every((l) => l.produtoGrupoId === filtrada.content[0].produtoGrupoId)).toBe(true);
      expect((await cotacao({}, '{ }')).corpo.toString()).toBe((await call(t.app, null, { method: 'POST', url: COTACAO, payload: {} })).raw.body);
      // deflate and q-values are left to @fastify/compress.
      const deflate = await cotacao({ 'accept-encoding': 'deflate' });
      expect(deflate.cabecalhos['content-encoding']).toBe('deflate');
      const q = await cotacao({ 'accept-encoding': 'br;q=1, gzip;q=0.5' });
      expect(q.cabecalhos['content-encoding']).toBe('br');
      expect(zlib.inflateSync(deflate.corpo).equals(zlib.brotliDecompressSync(q.corpo))).toBe(true);
      // Another page and order, another content type: the route's answers (text/plain is refused as before).
      expect((await pedir('POST', '/api/precos/searchPrecosHome/precoData/asc?page=0&size=20', { corpo: '{}' })).status).toBe(200);
      const texto = await cotacao({ 'content-type': 'text/plain' });
      expect(texto.status).toBe(400);
      expect(texto.corpo.toString()).toBe(
        (await call(t.app, null, { method: 'POST', url: COTACAO, payload: '{}', headers: { 'content-type': 'text/plain' } })).raw.body,
      );
    });
    expect(outras).toBe(0);
  });

  it('sends a kept lot page, and leaves unknown codes and queries to Fastify', async () => {
    const url = `/api/romaneio/lote/${lote}`;
    await call(t.app, t.admin, { method: 'POST', url: '/api/precos', payload: { produtoId: produto, data: '2031-02-26', valor: 2, confirmar: true } });
    let pelaRota!: Resposta;
    let pronta!: Resposta;
    expect(await peloAtalho(async () => (pelaRota = await pedir('GET', url)))).toBe(0);
    expect(await peloAtalho(async () => (pronta = await pedir('GET', url)))).toBe(1);
    expect(pronta.status).toBe(200);
    expect(semData(pronta.cabecalhos)).toEqual(semData(pelaRota.cabecalhos));
    expect(pronta.corpo.equals(pelaRota.corpo)).toBe(true);
    expect(JSON.parse(pronta.corpo.toString()).lote).toBe(lote);
    expect(
      await peloAtalho(async () => {
        const desconhecido = await pedir('GET', '/api/romaneio/lote/ZZZZZZZZ');
        expect(desconhecido.status).toBe(404);
        expect(JSON.parse(desconhecido.corpo.toString()).message).toBe('Sem dados para mostrar.');
        expect((await pedir('GET', `${url}?x=1`)).corpo.equals(pelaRota.corpo)).toBe(true);
      }),
    ).toBe(0);
    // A back-office write that may change a lot page (an item's quantity; decision 0221) drops the kept lots: the next one is Fastify's again.
    expect((await call(t.app, t.admin, { method: 'PUT', url: '/api/romaneioitens/updateQtde', payload: { id: item, quantidade: 13 } })).status).toBe(200);
    let depois!: Resposta;
    expect(await peloAtalho(async () => (depois = await pedir('GET', url)))).toBe(0);
    expect(JSON.parse(depois.corpo.toString()).quantidade).toBe(13);
    expect(await peloAtalho(() => pedir('GET', url))).toBe(1);
  });

  it('reads accept-encoding as @fastify/compress does, or leaves it to it', () => {
    expect(codificacao(undefined)).toBe('');
    expect(codificacao('identity')).toBe('');
    expect(codificacao('gzip, deflate, br')).toBe('br');
    expect(codificacao('gzip, deflate')).toBe('gzip');
    expect(codificacao('deflate')).toBeNull();
    // Where Node compresses zstd, @fastify/compress prefers it: such a request is its own.
    expect(codificacao('gzip, deflate, br, zstd')).toBe('zstdCompressSync' in zlib ? null : 'br');
    expect(codificacao('x-gzip')).toBe('gzip');
    expect(codificacao('*')).toBe('gzip');
    expect(codificacao('br;q=0.5, gzip')).toBeNull();
    expect(codificacao('')).toBeNull();
  });
});

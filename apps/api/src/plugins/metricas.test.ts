import type { FastifyInstance } from 'fastify';
import parsePrometheusTextFormat from 'parse-prometheus-text-format';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, call } from '../../test/helpers';
import { MSG_METRICAS_TOKEN, msgMetricasEndereco } from './metricas';

type Familia = { name: string; type: string; metrics: { value?: string; count?: string; labels?: Record<string, string>; buckets?: Record<string, string> }[] };

const TOKEN = 'token-das-metricas-de-teste-1234';
let app: FastifyInstance;
let semToken: FastifyInstance;
beforeAll(async () => {
  app = await build({ metricsIps: ['127.0.0.1', '10.9.0.0/16'], metricsToken: TOKEN });
  semToken = await build({ metricsIps: ['127.0.0.1'] });
});
afterAll(async () => {
  await app?.close();
  await semToken?.close();
});

async function metricas(a: FastifyInstance, opcoes: { remoteAddress?: string; authorization?: string } = {}) {
  const r = await a.inject({
    method: 'GET',
    url: '/metrics',
    remoteAddress: opcoes.remoteAddress,
    headers: opcoes.authorization ? { authorization: opcoes.authorization } : {},
  });
  return r;
}

const familia = (fs: Familia[], nome: string) => {
  const f = fs.find((x) => x.name === nome);
  if (!f) throw new Error(`sem ${nome}`);
  return f;
};

describe('GET /metrics', () => {
  it('is Prometheus text a parser reads: requests by route pattern, method and status, latency, database time, public cache, event loop, memory', async () => {
    await call(app, null, { method: 'GET', url: '/api/health' });
    await call(app, null, { method: 'GET', url: '/api/romaneio/lote/NAOEXISTE123' });
    await call(app, null, { method: 'GET', url: '/api/municipio' });
    // The public quotation twice: computed once, then sent from memory.
    for (let i = 0; i < 2; i++) await call(app, null, { method: 'POST', url: '/api/precos/searchPrecosHome/data/desc', payload: {} });
    const r = await metricas(app);
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const fs = parsePrometheusTextFormat(r.body) as Familia[];
    const req = familia(fs, 'ceasa_http_requisicoes_total');
    expect(req.type).toBe('COUNTER');
    const valor = (rota: string, status: string, metodo = 'GET') =>
      Number(req.metrics.find((m) => m.labels?.rota === rota && m.labels?.status === status && m.labels?.metodo === metodo)?.value ?? 0);
    expect(valor('/api/health', '200')).toBeGreaterThanOrEqual(1);
    expect(valor('/api/romaneio/lote/:lote', '404')).toBe(1);
    expect(valor('/api/municipio', '401')).toBe(1);
    expect(valor('/api/precos/searchPrecosHome/:field/:dir', '200', 'POST')).toBe(2);
    // The route's pattern, never the URL: a lot code makes no series of its own.
    expect(r.body).not.toContain('NAOEXISTE123');
    const dur = familia(fs, 'ceasa_http_duracao_segundos');
    expect(dur.type).toBe('HISTOGRAM');
    // The parser folds a labelled histogram's series into one set of buckets: the counts are read from the text.
    const contagem = (serie: string) => Number(new RegExp(`^${serie.replace(/[{}/.]/g, '\\$&')} (\\d+)$`, 'm').exec(r.body)?.[1]);
    expect(contagem('ceasa_http_duracao_segundos_count{metodo="GET",rota="/api/health"}')).toBeGreaterThanOrEqual(1);
    expect(familia(fs, 'ceasa_banco_consulta_segundos').type).toBe('HISTOGRAM');
    expect(contagem('ceasa_banco_consulta_segundos_count{tipo="consulta",resultado="ok"}')).toBeGreaterThan(0);
    expect(Number(familia(fs, 'ceasa_cache_publico_acertos_total').metrics[0].value)).toBeGreaterThanOrEqual(1);
    expect(Number(familia(fs, 'ceasa_cache_publico_faltas_total').metrics[0].value)).toBeGreaterThanOrEqual(1);
    expect(Number(familia(fs, 'ceasa_cache_publico_bytes').metrics[0].value)).toBeGreaterThan(0);
    expect(Number(familia(fs, 'ceasa_cache_publico_entradas').metrics[0].value)).toBeGreaterThan(0);
    expect(familia(fs, 'nodejs_eventloop_lag_seconds').type).toBe('GAUGE');
    expect(Number(familia(fs, 'process_resident_memory_bytes').metrics[0].value)).toBeGreaterThan(10_000_000);
    expect(familia(fs, 'nodejs_heap_size_used_bytes')).toBeTruthy();
    expect(familia(fs, 'ceasa_backup_falhas').metrics[0].value).toBe('0');
  });

  it('opens to METRICS_IPS (addresses and blocks, IPv4-mapped too) and to the token; refuses others with a pt-BR 401 or 403', async () => {
    expect((await metricas(app, { remoteAddress: '10.9.4.4' })).statusCode).toBe(200);
    expect((await metricas(app, { remoteAddress: '::ffff:127.0.0.1' })).statusCode).toBe(200);
    const fora = await metricas(app, { remoteAddress: '10.1.2.3' });
    expect(fora.statusCode).toBe(401);
    expect(JSON.parse(fora.body)).toMatchObject({ status: 401, message: MSG_METRICAS_TOKEN });
    const errado = await metricas(app, { remoteAddress: '10.1.2.3', authorization: `Bearer ${TOKEN}x` });
    expect(errado.statusCode).toBe(401);
    expect(JSON.parse(errado.body).message).toBe(MSG_METRICAS_TOKEN);
    const certo = await metricas(app, { remoteAddress: '10.1.2.3', authorization: `Bearer ${TOKEN}` });
    expect(certo.statusCode).toBe(200);
    expect(certo.body).toContain('ceasa_http_requisicoes_total');
    // Without METRICS_TOKEN only the addresses open it: a 403 naming the address.
    const semLista = await metricas(semToken, { remoteAddress: '192.168.0.7' });
    expect(semLista.statusCode).toBe(403);
    expect(JSON.parse(semLista.body)).toMatchObject({ status: 403, message: msgMetricasEndereco('192.168.0.7') });
    expect((await metricas(semToken, { remoteAddress: '192.168.0.7', authorization: 'Bearer qualquer-coisa-aqui-1234' })).statusCode).toBe(401);
    expect((await metricas(semToken)).statusCode).toBe(200);
  });
});

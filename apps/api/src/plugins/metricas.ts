import { timingSafeEqual } from 'node:crypto';
import { BlockList, isIP } from 'node:net';
import type { FastifyInstance } from 'fastify';
import client from 'prom-client';
import type { Config } from '../config';
import { ouvirConsultas } from '../db/tempo-das-consultas';
import { HttpError } from '../lib/errors';
import { estatisticasDoCache, tamanhoDosCaches } from '../lib/respostas-em-cache';

/**
 * `GET /metrics` in Prometheus's text format (docs/decisions/0200-metricas-e-prontidao.md): requests by route
 * pattern (never the URL: a lot code or a search must not make a new series), method and status; their
 * latency; the database's time; the kept public answers (hits, misses, size); the event loop's lag and the
 * memory (prom-client's process metrics); the scheduled backups. Only the addresses of METRICS_IPS (this
 * machine by default) or a request with `Authorization: Bearer METRICS_TOKEN` may read it.
 */

/** Seconds: from a kept answer (~0.1 ms) to a slow report. */
const FAIXAS_HTTP = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.02, 0.05, 0.1, 0.15, 0.25, 0.5, 1, 2.5, 5, 10];
const FAIXAS_BANCO = [0.0002, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5];

/** The process's own figures (memory, event loop, database time): one set per process, whatever the apps in it. */
let doProcesso: client.Registry | undefined;
function metricasDoProcesso(): client.Registry {
  if (doProcesso) return doProcesso;
  const reg = new client.Registry();
  // Event-loop lag (nodejs_eventloop_lag_*), resident memory, heap, GC, handles.
  client.collectDefaultMetrics({ register: reg, eventLoopMonitoringPrecision: 20 });
  const banco = new client.Histogram({
    name: 'ceasa_banco_consulta_segundos',
    help: 'Tempo do banco de dados por consulta (no banco embutido também por transação inteira)',
    labelNames: ['tipo', 'resultado'],
    buckets: FAIXAS_BANCO,
    registers: [reg],
  });
  ouvirConsultas((tipo, s, erro) => banco.observe({ tipo, resultado: erro ? 'erro' : 'ok' }, s));
  new client.Counter({
    name: 'ceasa_cache_publico_acertos_total',
    help: 'Respostas públicas enviadas da memória (cotação e página do lote)',
    registers: [reg],
    collect() {
      this.reset();
      this.inc(estatisticasDoCache.acertos);
    },
  });
  new client.Counter({
    name: 'ceasa_cache_publico_faltas_total',
    help: 'Respostas públicas que precisaram ser calculadas',
    registers: [reg],
    collect() {
      this.reset();
      this.inc(estatisticasDoCache.faltas);
    },
  });
  new client.Gauge({
    name: 'ceasa_cache_publico_entradas',
    help: 'Respostas públicas guardadas agora',
    registers: [reg],
    collect() {
      this.set(tamanhoDosCaches().entradas);
    },
  });
  doProcesso = reg;
  return reg;
}

/** What the backups report to /metrics (modules/backups): read from the database, so every server says the same. */
export interface EstadoDosBackups {
  sucessos: number;
  falhas: number;
  /** Unix seconds of the last successful backup's end, or null. */
  ultimoSucesso: number | null;
  ultimaFalha: number | null;
}

/** Addresses as the request's (`::ffff:10.0.0.1` counts as `10.0.0.1`). */
const semPrefixoV4 = (ip: string) => (ip.startsWith('::ffff:') && isIP(ip.slice(7)) === 4 ? ip.slice(7) : ip);

export function permitidosDasMetricas(ips: string[]): BlockList {
  const lista = new BlockList();
  for (const e of ips) {
    const [ip, bits] = e.split('/');
    const tipo = isIP(ip) === 6 ? 'ipv6' : 'ipv4';
    if (bits === undefined) lista.addAddress(ip, tipo);
    else lista.addSubnet(ip, Number(bits), tipo);
  }
  return lista;
}

export const MSG_METRICAS_TOKEN = 'Token das métricas inválido: envie Authorization: Bearer com o valor de METRICS_TOKEN.';
export const msgMetricasEndereco = (ip: string) => `O endereço ${ip} não pode ler as métricas: inclua-o em METRICS_IPS ou use METRICS_TOKEN.`;

export function registerMetricas(app: FastifyInstance, config: Config, backups: () => Promise<EstadoDosBackups>) {
  // From the start: the database's time is heard from the first query on.
  const processo = metricasDoProcesso();
  const reg = new client.Registry();
  const requisicoes = new client.Counter({
    name: 'ceasa_http_requisicoes_total',
    help: 'Requisições atendidas, por rota (o padrão da rota, não o endereço), método e status',
    labelNames: ['metodo', 'rota', 'status'],
    registers: [reg],
  });
  const duracao = new client.Histogram({
    name: 'ceasa_http_duracao_segundos',
    help: 'Tempo de resposta, por rota e método',
    labelNames: ['metodo', 'rota'],
    buckets: FAIXAS_HTTP,
    registers: [reg],
  });
  new client.Gauge({
    name: 'ceasa_cache_publico_bytes',
    help: 'Bytes das respostas públicas guardadas (textos e formas prontas para envio)',
    registers: [reg],
    collect() {
      this.set(tamanhoDosCaches().bytes + app.atalhoPublico.guardadas.bytes);
    },
  });
  const backupsOk = new client.Gauge({ name: 'ceasa_backup_sucessos', help: 'Backups agendados gravados (registrados no banco)', registers: [reg] });
  const backupsFalhas = new client.Gauge({ name: 'ceasa_backup_falhas', help: 'Backups agendados que falharam (registrados no banco)', registers: [reg] });
  const ultimoOk = new client.Gauge({
    name: 'ceasa_backup_ultimo_sucesso_timestamp_segundos',
    help: 'Fim do último backup agendado gravado (segundos Unix; 0 se nenhum)',
    registers: [reg],
  });
  const ultimaFalha = new client.Gauge({
    name: 'ceasa_backup_ultima_falha_timestamp_segundos',
    help: 'Hora da última falha de backup agendado (segundos Unix; 0 se nenhuma)',
    registers: [reg],
  });

  const registrar = (metodo: string, rota: string, status: number, segundos: number) => {
    requisicoes.inc({ metodo, rota, status: String(status) });
    duracao.observe({ metodo, rota }, segundos);
  };
  app.addHook('onResponse', (req, reply, done) => {
    registrar(req.method, req.routeOptions.url ?? '(rota desconhecida)', reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
  // The kept public answers the HTTP server sends itself never reach Fastify's hooks.
  app.atalhoPublico.ouvir((metodo, rota, s) => registrar(metodo, rota, 200, s));

  const permitidos = permitidosDasMetricas(config.metricsIps);
  const token = config.metricsToken ? Buffer.from(config.metricsToken) : undefined;
  const tokenCerto = (cabecalho: string | undefined) => {
    const m = /^Bearer\s+(\S+)$/i.exec(cabecalho ?? '');
    if (!m || !token) return false;
    const dado = Buffer.from(m[1]);
    return dado.length === token.length && timingSafeEqual(dado, token);
  };

  app.get('/metrics', { schema: { hide: true }, config: { acesso: 'publico' } }, async (req, reply) => {
    const ip = semPrefixoV4(req.ip);
    const daLista = isIP(ip) !== 0 && permitidos.check(ip, isIP(ip) === 6 ? 'ipv6' : 'ipv4');
    if (!daLista) {
      if (req.headers.authorization !== undefined || token) {
        if (!tokenCerto(req.headers.authorization)) throw new HttpError(401, MSG_METRICAS_TOKEN);
      } else throw new HttpError(403, msgMetricasEndereco(ip));
    }
    const b = await backups().catch(() => null);
    if (b) {
      backupsOk.set(b.sucessos);
      backupsFalhas.set(b.falhas);
      ultimoOk.set(b.ultimoSucesso ?? 0);
      ultimaFalha.set(b.ultimaFalha ?? 0);
    }
    const texto = await client.Registry.merge([processo, reg]).metrics();
    return reply.type(reg.contentType).send(texto);
  });
}

import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import parsePrometheusTextFormat from 'parse-prometheus-text-format';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linhaDoNodeAntigo, nodeAntigo } from '../src/versao-do-node';
import { iniciarServidor, portaLivre } from './helpers';

/**
 * Metrics, health and scheduled backups on the real server (node apps/api/dist/server.mjs): backups on a short schedule
 * (BACKUP_INTERVALO_MINUTOS=0.05, 3 s) observed as files written and rotated, /metrics over HTTP read by a
 * Prometheus text parser, one log line per request, and pt-BR start-up lines only.
 */
let dataDir: string;
let backupDir: string;
let servidor: ChildProcess;
let porta: number;
let saida = () => '';
let stdout = () => '';

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'ceasa-operacao-'));
  backupDir = path.join(dataDir, 'backups');
  porta = await portaLivre();
  ({
    processo: servidor,
    saida,
    stdout,
  } = await iniciarServidor(porta, {
    DATABASE_URL: '',
    PUBLIC_URL: `http://127.0.0.1:${porta}`,
    NODE_ENV: 'production',
    DATA_DIR: path.join(dataDir, 'dados'),
    LOG_LEVEL: 'info',
    BACKUP_DIR: backupDir,
    BACKUP_INTERVALO_MINUTOS: '0.05',
    BACKUP_MANTER: '2',
    METRICS_IPS: '',
    METRICS_TOKEN: '',
  }));
}, 120_000);

afterAll(() => {
  if (servidor?.exitCode === null) servidor.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

/** The JSON log lines printed so far. */
const linhasJson = () =>
  saida()
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as { msg: string; level: number; reqId?: string; rota?: string; status?: number; ms?: number });

async function esperar(condicao: () => boolean | Promise<boolean>, ms: number, oQue: string) {
  const fim = Date.now() + ms;
  while (!(await condicao())) {
    if (Date.now() > fim) throw new Error(`${oQue} não aconteceu em ${ms / 1000} s:\n${saida()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('the real server, operated', () => {
  it('writes a backup at each due moment and keeps the BACKUP_MANTER newest files', async () => {
    const gravados = () => linhasJson().filter((l) => l.msg.startsWith('Backup agendado gravado em')).length;
    await esperar(() => gravados() >= 3, 30_000, 'Três backups agendados');
    await esperar(() => readdirSync(backupDir).filter((n) => n.endsWith('.jsonl.gz')).length === 2, 5_000, 'A rotação');
    const arquivos = readdirSync(backupDir).filter((n) => !n.endsWith('.parcial'));
    expect(arquivos).toHaveLength(2);
    for (const a of arquivos) expect(a).toMatch(/^ceasa-backup-\d{4}-\d{2}-\d{2}-\d{6}\.jsonl\.gz$/);
    expect(linhasJson().some((l) => / 1 backup\(s\) antigo\(s\) removido\(s\), ficam os 2 mais novos\.$/.test(l.msg))).toBe(true);
    expect(linhasJson().filter((l) => l.level >= 50)).toEqual([]);
    // /metrics from this machine (METRICS_IPS' default), parsed as Prometheus reads it.
    const r = await fetch(`http://127.0.0.1:${porta}/metrics`);
    expect(r.status).toBe(200);
    const fs = parsePrometheusTextFormat(await r.text()) as { name: string; metrics: { value?: string }[] }[];
    expect(Number(fs.find((f) => f.name === 'ceasa_backup_sucessos')?.metrics[0].value)).toBeGreaterThanOrEqual(3);
    expect(fs.find((f) => f.name === 'ceasa_backup_falhas')?.metrics[0].value).toBe('0');
    expect(Number(fs.find((f) => f.name === 'nodejs_eventloop_lag_p99_seconds')?.metrics[0].value)).toBeGreaterThan(0);
  }, 45_000);

  it('logs one line per request (method, route, status, time, request id) and only pt-BR lines at start', async () => {
    await fetch(`http://127.0.0.1:${porta}/api/municipio/12`);
    await esperar(() => linhasJson().some((l) => l.rota === '/api/municipio/:id'), 5_000, 'A linha do pedido');
    const doPedido = linhasJson().filter((l) => l.rota === '/api/municipio/:id');
    expect(doPedido).toHaveLength(1);
    expect(doPedido[0]).toMatchObject({ msg: expect.stringMatching(/^GET \/api\/municipio\/:id 401 [\d.]+ ms$/), status: 401, reqId: expect.any(String) });
    expect(saida()).not.toMatch(/incoming request|request completed|Server listening|Unsupported runtime/);
    // The lines before the one that says where the server is (a JSON line in production).
    const todas = saida().split('\n');
    const inicio = todas
      .slice(
        0,
        todas.findIndex((l) => l.includes(`CEASA Regional em http://localhost:${porta}`)),
      )
      .join('\n');
    expect(inicio.length).toBeGreaterThan(0);
    if (nodeAntigo(process.versions.node)) expect(inicio).toContain(linhaDoNodeAntigo(process.versions.node));
    else expect(inicio).not.toContain('Aviso: este servidor roda no Node.js');
    // Every line before the server says where it is: pt-BR (a JSON line's message or a plain line).
    const ingles = /\b(the|is|are|listening|server|warning|error|unsupported)\b/i;
    for (const l of inicio.split('\n').filter(Boolean)) expect(l.startsWith('{') ? (JSON.parse(l) as { msg: string }).msg : l).not.toMatch(ingles);
  });

  it('in production writes only JSON lines on stdout, and the generated password to a 0600 file in DATA_DIR, never to the log', () => {
    const linhas = stdout().split('\n').filter(Boolean);
    expect(linhas.length).toBeGreaterThan(2);
    for (const l of linhas) expect(() => JSON.parse(l), l).not.toThrow();
    const arquivo = path.join(dataDir, 'dados', 'senha-inicial-do-admin.txt');
    expect(statSync(arquivo).mode & 0o777).toBe(0o600);
    const senha = /^Senha: (.+)$/m.exec(readFileSync(arquivo, 'utf8'))![1];
    expect(senha.length).toBeGreaterThanOrEqual(8);
    expect(saida()).not.toContain(senha);
    const msgs = linhasJson().map((l) => l.msg);
    expect(msgs).toContain(
      `CEASA Regional em http://localhost:${porta} (entre em http://localhost:${porta}/login). Banco: embutido (PGlite) em ${path.join(dataDir, 'dados')}. Para parar: Ctrl+C.`,
    );
    expect(msgs).toContain(
      `Primeiro início: super-admin criado. E-mail: admin@ceasa.local  Senha: gerada, no arquivo ${arquivo} (só o dono lê; apagado quando a senha for trocada)`,
    );
  });
});

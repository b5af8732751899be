import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { iniciarServidor, portaLivre } from './helpers';

/**
 * The real server (node apps/api/dist/server.mjs, as `npm start` runs it) on a temporary
 * embedded database: a stop is a stop, and the start-up warns when PUBLIC_URL is missing.
 */
let dataDir: string;
let servidor: ChildProcess;
let porta: number;
let saida = () => '';

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'ceasa-servidor-'));
  porta = await portaLivre();
  ({ processo: servidor, saida } = await iniciarServidor(porta, {
    DATABASE_URL: '',
    PUBLIC_URL: '',
    QR_HOST: '',
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'info',
  }));
}, 120_000);

afterAll(() => {
  if (servidor?.exitCode === null) servidor.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the real server', () => {
  it('warns at start when PUBLIC_URL is unset outside development, naming where links and the labels’ QR codes will point', () => {
    expect(saida()).toContain(`PUBLIC_URL não definido: os links dos e-mails (redefinição de senha) apontam para http://127.0.0.1:${porta}`);
    expect(saida()).toContain(`Os QR codes das etiquetas impressas abrem http://127.0.0.1:${porta}/lote/..., que só funciona neste computador`);
  });

  it('exits 0 within the 10 s the README promises on SIGTERM, even with a half-sent request open', async () => {
    const meio = net.connect(porta, '127.0.0.1');
    await new Promise<void>((resolve) => meio.once('connect', () => resolve()));
    meio.on('error', () => undefined);
    // Headers promise a body that never comes; the socket stays open.
    meio.write(`POST /api/auth/reset HTTP/1.1\r\nHost: 127.0.0.1:${porta}\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"email":`);
    await new Promise((r) => setTimeout(r, 300));

    const saiu = new Promise<{ em: number; codigo: number | null }>((resolve) => servidor.once('exit', (codigo) => resolve({ em: Date.now(), codigo })));
    const enviado = Date.now();
    servidor.kill('SIGTERM');
    const limite = new Promise<'ainda vivo'>((resolve) => setTimeout(() => resolve('ainda vivo'), 14_000));
    const fim = await Promise.race([saiu, limite]);
    meio.destroy();
    expect(fim).not.toBe('ainda vivo');
    const { em, codigo } = fim as { em: number; codigo: number | null };
    // README, Security: "SIGTERM waits at most 10 s for requests in flight, then exits" (the whole stop).
    expect(em - enviado).toBeLessThan(10_000);
    expect(codigo).toBe(0);
    expect(saida()).toContain('SIGTERM recebido: encerrando');
    expect(saida()).toContain('conexões encerradas');
  }, 30_000);
});

/**
 * One process per embedded folder: the server takes DATA_DIR at start; a second server or a restore on the
 * folder in use is refused in pt-BR naming the holder's pid, a backup is written by the server that holds it; a lock left by a process
 * that died is taken over. Real processes (`node apps/api/dist/server.mjs` and the backup command line), on the
 * embedded database whatever DATABASE_URL says.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ARQUIVO_DO_BACKUP_LOCAL } from '../src/db/backup-local';
import { ARQUIVO_DA_TRAVA, inicioDoProcesso } from '../src/db/trava-da-pasta';
import { iniciarServidor, portaLivre, SERVIDOR_COMPILADO, type ServidorReal } from './helpers';

const raiz = path.resolve(import.meta.dirname, '../../..');
const dirs: string[] = [];
const servidores: ServidorReal[] = [];
const env = (dataDir: string) => ({ DATABASE_URL: '', DATA_DIR: dataDir, NODE_ENV: 'test', ADMIN_PASSWORD: 'admin-senha-1', LOG_LEVEL: 'warn' });

function cli(dataDir: string, ...args: string[]) {
  const r = spawnSync(process.execPath, ['--import', 'tsx', 'apps/api/src/db/backup-cli.ts', ...args], {
    cwd: raiz,
    encoding: 'utf8',
    env: { ...process.env, ...env(dataDir) },
    timeout: 120_000,
  });
  return { status: r.status, saida: `${r.stdout}${r.stderr}` };
}

/** A second server on the folder: it must stop at start, saying why. */
function segundoServidor(dataDir: string, porta: number): Promise<{ codigo: number | null; saida: string }> {
  return new Promise((resolve) => {
    const p = spawn(process.execPath, [SERVIDOR_COMPILADO], { cwd: raiz, env: { ...process.env, ...env(dataDir), PORT: String(porta), HOST: '127.0.0.1' } });
    let saida = '';
    p.stdout.on('data', (c: Buffer) => (saida += c.toString()));
    p.stderr.on('data', (c: Buffer) => (saida += c.toString()));
    const limite = setTimeout(() => p.kill('SIGKILL'), 60_000);
    p.on('exit', (codigo) => {
      clearTimeout(limite);
      resolve({ codigo, saida });
    });
  });
}

afterAll(() => {
  for (const s of servidores) if (s.processo.exitCode === null) s.processo.kill('SIGKILL');
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe('one process per embedded folder', () => {
  it('refuses a second server and a restore while a server uses the folder, naming its pid; a backup is written by that server', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ceasa-trava-'));
    dirs.push(dataDir);
    const porta = await portaLivre();
    const s = await iniciarServidor(porta, env(dataDir));
    servidores.push(s);
    const pid = s.processo.pid!;
    expect(readFileSync(path.join(dataDir, ARQUIVO_DA_TRAVA), 'utf8').trim()).toBe(`${pid} ${inicioDoProcesso(pid)}`);
    const mensagem = `A pasta de dados ${dataDir} já está em uso pelo processo ${pid}`;

    const outro = await segundoServidor(dataDir, await portaLivre());
    expect(outro.codigo).toBe(1);
    expect(outro.saida).toContain(mensagem);

    const arquivo = path.join(dataDir, '..', `${path.basename(dataDir)}.backup.gz`);
    dirs.push(arquivo);
    // A backup is written by the server that holds the folder (db/backup-local.ts); a restore is refused.
    const b = cli(dataDir, 'backup', arquivo);
    expect(b.status, b.saida).toBe(0);
    expect(b.saida).toContain(`gravado em ${arquivo} pelo servidor em execução (processo ${pid})`);
    expect(statSync(arquivo).size).toBeGreaterThan(0);
    const deNovo = cli(dataDir, 'backup', arquivo);
    expect(deNovo.status).toBe(1);
    expect(deNovo.saida).toContain('já existe');
    expect(deNovo.saida).not.toMatch(/\n\s+at /);
    rmSync(arquivo);
    const r = cli(dataDir, 'restaurar', path.join(raiz, 'package.json'));
    expect(r.status).toBe(1);
    expect(r.saida).toContain(mensagem);

    // The server still answers; stopped, it frees the folder and a backup goes through.
    expect((await fetch(`http://127.0.0.1:${porta}/api/health`)).status).toBe(200);
    s.processo.kill('SIGTERM');
    await new Promise((ok) => s.processo.once('exit', ok));
    expect(existsSync(path.join(dataDir, ARQUIVO_DO_BACKUP_LOCAL))).toBe(false);
    const depois = cli(dataDir, 'backup', arquivo);
    expect(depois.status, depois.saida).toBe(0);
  }, 180_000);

  it('takes over the lock of a process that no longer runs', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ceasa-trava-'));
    dirs.push(dataDir);
    // A pid that ran and ended: the lock a `kill -9` leaves behind.
    const morto = spawnSync(process.execPath, ['-e', 'console.log(process.pid)'], { encoding: 'utf8' });
    const pidMorto = Number(morto.stdout.trim());
    writeFileSync(path.join(dataDir, ARQUIVO_DA_TRAVA), `${pidMorto}\n`);
    const s = await iniciarServidor(await portaLivre(), env(dataDir));
    servidores.push(s);
    expect(readFileSync(path.join(dataDir, ARQUIVO_DA_TRAVA), 'utf8').trim()).toBe(`${s.processo.pid} ${inicioDoProcesso(s.processo.pid!)}`);
    s.processo.kill('SIGTERM');
    await new Promise((ok) => s.processo.once('exit', ok));
  }, 180_000);
});

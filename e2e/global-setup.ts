import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { caixaSmtp } from '../apps/api/test/smtp';
import { E2E_PORT } from '../playwright.config';
import { ADMIN, CLIENTE_OIDC, DIVIDAS_E2E, MAIL_DIR } from './support';

/**
 * Starts a real SMTP receiver (mails saved as files for the tests to read) and the product
 * itself on a fresh embedded database, exactly as `npm start` runs it.
 */
export default async function globalSetup() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ceasa-e2e-'));
  rmSync(MAIL_DIR, { recursive: true, force: true });
  mkdirSync(MAIL_DIR, { recursive: true });
  let n = 0;
  const smtp = await caixaSmtp((_m, bytes) => writeFileSync(path.join(MAIL_DIR, `${Date.now()}-${++n}.eml`), bytes));

  const root = path.resolve(import.meta.dirname, '..');
  // The debts the tests look up, through the real CSV import (the embedded database has one user at a time: before the server).
  const csv = path.join(dataDir, 'dividas-e2e.csv');
  writeFileSync(csv, ['numero;nomeContribuinte;valorPgto', ...DIVIDAS_E2E.map((d) => `${d.numero};${d.nomeContribuinte};"${d.valorPgto}"`)].join('\n') + '\n');
  const importacao = spawnSync(process.execPath, ['--import', 'tsx', 'apps/api/src/modules/divida/import-csv.ts', csv], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (importacao.status !== 0) throw new Error('A importação das dívidas de teste falhou');

  const server = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: '',
      PORT: String(E2E_PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.senha,
      SMTP_URL: smtp.url,
      LOG_LEVEL: 'warn',
      LOGIN_MAX_ATTEMPTS: '50',
      // The tests create many accounts from 127.0.0.1 (criarUsuario).
      REGISTER_MAX_ACCOUNTS: '1000',
      // Another system that signs people in through the built-in provider (e2e/oidc.spec.ts).
      OIDC_CLIENTS: JSON.stringify([CLIENTE_OIDC]),
      // Every romaneio drawn for inspection, so the inspector's day list has the test's (e2e/inspecao.spec.ts).
      INSPECAO_PERCENTUAL: '100',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const base = `http://127.0.0.1:${E2E_PORT}`;
  const inicio = Date.now();
  for (;;) {
    if (server.exitCode !== null) throw new Error('O servidor terminou durante o início dos testes e2e');
    try {
      const r = await fetch(`${base}/api/health`);
      if (r.ok) break;
    } catch {
      /* not yet */
    }
    if (Date.now() - inicio > 60_000) throw new Error('O servidor não respondeu em 60 s');
    await new Promise((r) => setTimeout(r, 250));
  }
  return async () => {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    await smtp.fechar();
    rmSync(dataDir, { recursive: true, force: true });
  };
}

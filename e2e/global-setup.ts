import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FullConfig } from '@playwright/test';
import { caixaSmtp } from '../apps/api/test/smtp';
import { portaDoWorker } from '../playwright.config';
import { ADMIN, clienteOidc, DIVIDAS_E2E, pastaDeMails } from './support';

const root = path.resolve(import.meta.dirname, '..');

/**
 * For each worker: a real SMTP receiver (mails saved as files for the tests to read) and the product itself
 * on a fresh embedded database, exactly as `npm start` runs it, on the worker's port (playwright.config.ts).
 * The servers start side by side.
 */
export default async function globalSetup(config: FullConfig) {
  const paradas = await Promise.all(Array.from({ length: config.workers }, (_, i) => iniciarServidor(i)));
  return async () => {
    await Promise.all(paradas.map((parar) => parar()));
  };
}

async function iniciarServidor(indice: number): Promise<() => Promise<void>> {
  const porta = portaDoWorker(indice);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ceasa-e2e-'));
  const pastaMails = pastaDeMails(indice);
  rmSync(pastaMails, { recursive: true, force: true });
  mkdirSync(pastaMails, { recursive: true });
  let n = 0;
  const smtp = await caixaSmtp((_m, bytes) => writeFileSync(path.join(pastaMails, `${Date.now()}-${++n}.eml`), bytes));

  // The debts the tests look up, through the real CSV import (the embedded database has one user at a time: before the server).
  const csv = path.join(dataDir, 'dividas-e2e.csv');
  writeFileSync(csv, ['numero;nomeContribuinte;valorPgto', ...DIVIDAS_E2E.map((d) => `${d.numero};${d.nomeContribuinte};"${d.valorPgto}"`)].join('\n') + '\n');
  const importacao = spawnSync(process.execPath, ['--import', 'tsx', 'apps/api/src/modules/divida/import-csv.ts', csv], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (importacao.status !== 0) throw new Error('A importação das dívidas de teste falhou');

  // 'Fazer backup agora' writes here (e2e/backups.spec.ts); a BACKUP_DIR of the run's environment wins.
  const pastaDeBackups = process.env.BACKUP_DIR || path.join(dataDir, 'backups');
  mkdirSync(pastaDeBackups, { recursive: true });

  const server = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: '',
      PORT: String(porta),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      BACKUP_DIR: pastaDeBackups,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.senha,
      SMTP_URL: smtp.url,
      LOG_LEVEL: 'warn',
      LOGIN_MAX_ATTEMPTS: '50',
      // The flows sign in with a password alone; e2e/segundo-fator.spec.ts enrols a factor by choice.
      MFA_OBRIGATORIO: 'nenhum',
      // The tests create many accounts from 127.0.0.1 (criarUsuario).
      REGISTER_MAX_ACCOUNTS: '1000',
      // The workers share 127.0.0.1 and the seeded accounts: the limit on expensive calls (VAF, recall, statistics,
      // exports, reports) would refuse their runs; apps/api/test/consultas-caras.test.ts checks it.
      CONSULTAS_CARAS_POR_PESSOA: '100000',
      CONSULTAS_CARAS_POR_ENDERECO: '100000',
      // Another system that signs people in through the built-in provider (e2e/oidc.spec.ts).
      OIDC_CLIENTS: JSON.stringify([clienteOidc(porta)]),
      // Every romaneio drawn for inspection, so the inspector's day list has the test's (e2e/inspecao.spec.ts).
      INSPECAO_PERCENTUAL: '100',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const base = `http://127.0.0.1:${porta}`;
  const inicio = Date.now();
  for (;;) {
    if (server.exitCode !== null) throw new Error(`O servidor da porta ${porta} terminou durante o início dos testes e2e`);
    try {
      const r = await fetch(`${base}/api/health`);
      if (r.ok) break;
    } catch {
      /* not yet */
    }
    if (Date.now() - inicio > 90_000) throw new Error(`O servidor da porta ${porta} não respondeu em 90 s`);
    await new Promise((r) => setTimeout(r, 250));
  }
  return async () => {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    await smtp.fechar();
    rmSync(dataDir, { recursive: true, force: true });
  };
}

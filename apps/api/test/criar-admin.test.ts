/**
 * `npm run admin:criar -- EMAIL`: the operator's way back in. A new e-mail becomes a super-admin; an existing
 * account becomes an active super-admin with its sessions revoked; both get a generated password shown once on the
 * terminal (only a note that it changed goes to the audit log). A bad e-mail or a folder held by a server changes
 * nothing. The real command line on the embedded database, whatever DATABASE_URL says.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { verify } from '@node-rs/argon2';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../src/db/client';
import { logs, sessoes, usuarios } from '../src/db/schema';
import { templatePglite } from './helpers';

const raiz = path.resolve(import.meta.dirname, '../../..');
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ceasa-criar-admin-'));
const abrir = async () => openDatabase({ databaseUrl: undefined, dataDir, memoryDb: false });

function cli(...args: string[]): Promise<{ status: number | null; saida: string }> {
  return new Promise((resolve, reject) => {
    const p = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/identity/criar-admin.ts', ...args], {
      cwd: raiz,
      env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: 120_000,
    });
    let saida = '';
    p.stdout.setEncoding('utf8').on('data', (t: string) => (saida += t));
    p.stderr.setEncoding('utf8').on('data', (t: string) => (saida += t));
    p.on('error', reject);
    p.on('close', (status) => resolve({ status, saida }));
  });
}

const senhaDe = (saida: string) => /Senha: (\S+)/.exec(saida)?.[1] ?? '';

async function estado() {
  const database = await abrir();
  try {
    const contas = await database.db.select().from(usuarios).orderBy(usuarios.email);
    const auditoria = await database.db.select().from(logs).where(eq(logs.usuario, 'admin:criar')).orderBy(logs.id);
    const abertas = await database.db.execute(sql`SELECT count(*)::int AS n FROM sessoes WHERE revogada_em IS NULL`);
    return { contas, auditoria, sessoesAbertas: (abertas.rows[0] as { n: number }).n };
  } finally {
    await database.close();
  }
}

let clerkId: string;

beforeAll(async () => {
  // A migrated database with one clerk, disabled, holding an open session.
  const database = await openDatabase({ databaseUrl: undefined, dataDir, memoryDb: false }, await templatePglite());
  try {
    const [u] = await database.db
      .insert(usuarios)
      .values({ nome: 'Balcão', email: 'balcao@ceasa.local', senhaHash: 'x', ativo: false, roles: ['user-agro'] })
      .returning();
    clerkId = u.id;
    await database.db.insert(sessoes).values({ usuarioId: u.id, expiraEm: new Date(Date.now() + 3_600_000) });
  } finally {
    await database.close();
  }
}, 120_000);

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('npm run admin:criar', () => {
  it('refuses a missing or bad e-mail in pt-BR and changes nothing', async () => {
    const antes = await estado();
    const semArgumento = await cli();
    expect(semArgumento.status).toBe(2);
    expect(semArgumento.saida).toContain('Uso: npm run admin:criar -- EMAIL');
    const ruim = await cli('nao-e-email');
    expect(ruim.status).toBe(2);
    expect(ruim.saida).toContain('E-mail inválido: nao-e-email.');
    expect(await estado()).toEqual(antes);
  }, 120_000);

  it('refuses while another process holds the embedded folder, and changes nothing', async () => {
    const antes = await estado();
    const aberto: Database = await abrir();
    try {
      const r = await cli('ti@prefeitura.gov.br');
      expect(r.status).toBe(1);
      expect(r.saida).toMatch(/já está em uso pelo processo/);
    } finally {
      await aberto.close();
    }
    expect(await estado()).toEqual(antes);
  }, 120_000);

  it('creates a super-admin for a new e-mail, with a generated password shown once and only noted in the audit log', async () => {
    const r = await cli('TI@Prefeitura.gov.br');
    expect(r.status).toBe(0);
    expect(r.saida).toContain('Super-admin criado. E-mail: ti@prefeitura.gov.br  Senha: ');
    const senha = senhaDe(r.saida);
    expect(senha.length).toBeGreaterThanOrEqual(16);
    const { contas, auditoria } = await estado();
    const ti = contas.find((c) => c.email === 'ti@prefeitura.gov.br')!;
    expect(ti).toMatchObject({ roles: ['super-admin'], ativo: true, trocarSenha: true });
    expect(await verify(ti.senhaHash, senha)).toBe(true);
    expect(auditoria.map((l) => [l.acao, l.cadastroId])).toEqual([['INSERT', ti.id]]);
    expect(auditoria.map((l) => l.conteudo).join()).not.toContain(senha);
  }, 120_000);

  it('makes an existing account an active super-admin with a new password and ends its sessions', async () => {
    const r = await cli('balcao@ceasa.local');
    expect(r.status).toBe(0);
    expect(r.saida).toContain('Conta tornada super-admin, ativa e com senha nova (as sessões dela foram encerradas). E-mail: balcao@ceasa.local');
    const senha = senhaDe(r.saida);
    const { contas, auditoria, sessoesAbertas } = await estado();
    const balcao = contas.find((c) => c.id === clerkId)!;
    expect(balcao).toMatchObject({ roles: ['user-agro', 'super-admin'], ativo: true, trocarSenha: true });
    expect(await verify(balcao.senhaHash, senha)).toBe(true);
    expect(sessoesAbertas).toBe(0);
    const ultima = auditoria.at(-1)!;
    expect([ultima.acao, ultima.cadastroId]).toEqual(['UPDATE', clerkId]);
    expect(ultima.conteudo).toContain('senha=alterada');
    expect(ultima.conteudo).not.toContain(senha);
  }, 120_000);
});

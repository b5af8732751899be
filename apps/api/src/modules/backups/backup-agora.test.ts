import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, call, countRows, tokenFor } from '../../../test/helpers';
import { ARQUIVO_AGENDADO, MSG_BACKUP_EM_ANDAMENTO, MSG_BACKUP_SEM_PASTA, nomeDoServidor, rodarBackupAgendado } from './backups.service';

/**
 * 'Fazer backup agora' (POST /api/backups): one run now, as the scheduled one; refused in pt-BR (409, 403), writing
 * nothing, without BACKUP_DIR, while another backup of the database runs, or without the permission.
 */
const dir = mkdtempSync(path.join(os.tmpdir(), 'ceasa-backup-agora-'));
const linhas: Record<string, unknown>[] = [];
let app: FastifyInstance;
let semPasta: FastifyInstance;
let admin: string;
let adminSemPasta: string;
let userAdmin: string;

beforeAll(async () => {
  app = await build(
    { backup: { dir, minutoDoDia: 2 * 60, manter: 2 } },
    { destinoDoLog: { write: (l) => linhas.push(JSON.parse(l) as Record<string, unknown>) } },
  );
  semPasta = await build();
  admin = await tokenFor(app, ['super-admin']);
  userAdmin = await tokenFor(app, ['user-admin']);
  adminSemPasta = await tokenFor(semPasta, ['super-admin']);
}, 120_000);
afterAll(async () => {
  await app?.close();
  await semPasta?.close();
  rmSync(dir, { recursive: true, force: true });
});

const agora = (token: string, a = app) => call(a, token, { method: 'POST', url: '/api/backups' });
const nosso = () => readdirSync(dir).filter((n) => ARQUIVO_AGENDADO.test(n) && !n.startsWith('ceasa-backup-2020'));

describe('Fazer backup agora', () => {
  it('writes the file the schedule would, answers 201 with its row, rotates the folder and logs the security event with the person', async () => {
    // Two older scheduled files and one of someone else's: with BACKUP_MANTER 2 the oldest goes, the other file stays.
    for (const n of ['ceasa-backup-2020-01-01-020000.jsonl.gz', 'ceasa-backup-2020-01-02-020000.jsonl.gz', 'meu.gz']) writeFileSync(path.join(dir, n), 'x');
    const antes = await countRows(app, 'backups');
    const r = await agora(admin);
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body).toMatchObject({ id: expect.any(Number), erro: null, fim: expect.any(String), inicio: expect.any(String), servidor: nomeDoServidor() });
    expect(path.dirname(r.body.arquivo)).toBe(dir);
    expect(path.basename(r.body.arquivo)).toMatch(ARQUIVO_AGENDADO);
    expect(r.body.bytes).toBeGreaterThan(1000);
    expect(await countRows(app, 'backups')).toBe(antes + 1);
    // The file is a whole backup of this database (the header, the end mark), of the size the row says.
    const texto = gunzipSync(readFileSync(r.body.arquivo)).toString('utf8').trim().split('\n');
    expect(JSON.parse(texto[0])[0]).toBe('CEASA-BACKUP');
    expect(JSON.parse(texto[texto.length - 1])[0]).toBe('FIM');
    expect(readFileSync(r.body.arquivo).length).toBe(r.body.bytes);
    expect(readdirSync(dir).sort()).toEqual(['ceasa-backup-2020-01-02-020000.jsonl.gz', path.basename(r.body.arquivo), 'meu.gz'].sort());
    // The list shows it, newest first.
    const lista = await call(app, admin, { method: 'GET', url: '/api/backups' });
    expect(lista.body.content[0]).toEqual(r.body);
    expect(linhas.filter((l) => l.seguranca === 'backup')).toEqual([
      expect.objectContaining({ seguranca: 'backup', conta: expect.stringMatching(/^super-admin-.*@teste\.local$/), arquivo: r.body.arquivo }),
    ]);
    expect(linhas.some((l) => String(l.msg).startsWith(`Backup pedido na tela gravado em ${r.body.arquivo} (`))).toBe(true);
  });

  it('without BACKUP_DIR: a pt-BR 409 saying to set it, and no row', async () => {
    const antes = await countRows(semPasta, 'backups');
    const r = await agora(adminSemPasta, semPasta);
    expect(r.status).toBe(409);
    expect(r.body.message).toBe(MSG_BACKUP_SEM_PASTA);
    expect(r.body.message).toMatch(/defina BACKUP_DIR/);
    expect(await countRows(semPasta, 'backups')).toBe(antes);
  });

  it('without the permission: the pt-BR 403, no row, no file', async () => {
    const [antes, arquivos] = [await countRows(app, 'backups'), readdirSync(dir).sort()];
    const r = await agora(userAdmin);
    expect(r.status).toBe(403);
    expect(r.body.message).toBe('Você não tem permissão para cadastrar em backups.');
    expect(await countRows(app, 'backups')).toBe(antes);
    expect(readdirSync(dir).sort()).toEqual(arquivos);
  });

  it('two at once: one is written, the other a pt-BR 409 that writes nothing (not a second file)', async () => {
    const [antes, arquivos] = [await countRows(app, 'backups'), nosso().length];
    const [a, b] = await Promise.all([agora(admin), agora(admin)]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);
    expect([a, b].find((x) => x.status === 409)!.body.message).toBe(MSG_BACKUP_EM_ANDAMENTO);
    expect(await countRows(app, 'backups')).toBe(antes + 1);
    expect(nosso().length).toBe(Math.min(2, arquivos + 1));
  });

  it('while the schedule writes: a pt-BR 409; the scheduled run is not disturbed', async () => {
    const antes = await countRows(app, 'backups');
    const quando = new Date(Date.UTC(2031, 5, 1, 5, 0) + Math.floor(Math.random() * 1e6) * 60_000);
    const agendado = rodarBackupAgendado(app.ctx.database, { dir, minutoDoDia: 120, manter: 2 }, quando, app.log, 'agendado:1');
    // The schedule reserves its row first, then takes the lock: ask once its row is there.
    for (let i = 0; i < 200 && (await countRows(app, 'backups')) === antes; i++) await new Promise((ok) => setTimeout(ok, 5));
    const r = await agora(admin);
    await agendado;
    expect(r.status).toBe(409);
    expect(r.body.message).toBe(MSG_BACKUP_EM_ANDAMENTO);
    expect(await countRows(app, 'backups')).toBe(antes + 1);
    const lista = await call(app, admin, { method: 'GET', url: '/api/backups' });
    expect(lista.body.content[0]).toMatchObject({ servidor: 'agendado:1', erro: null, fim: expect.any(String) });
  });

  it('a run that fails is recorded as a scheduled failure is, and answered with a pt-BR 409 naming the reason', async () => {
    const ruim = path.join(mkdtempSync(path.join(os.tmpdir(), 'ceasa-backup-ruim-')), 'nao-e-pasta');
    writeFileSync(ruim, 'x');
    const outroApp = await build({ backup: { dir: ruim, minutoDoDia: 120, manter: 2 } });
    try {
      const token = await tokenFor(outroApp, ['super-admin']);
      const r = await agora(token, outroApp);
      expect(r.status).toBe(409);
      expect(r.body.message).toMatch(/^O backup falhou: (ENOTDIR|EEXIST).*A falha ficou registrada na lista; confira a pasta BACKUP_DIR/);
      const lista = await call(outroApp, token, { method: 'GET', url: '/api/backups' });
      expect(lista.body.content[0].erro).toMatch(/^(ENOTDIR|EEXIST)/);
      expect(existsSync(lista.body.content[0].arquivo)).toBe(false);
    } finally {
      await outroApp.close();
      rmSync(path.dirname(ruim), { recursive: true, force: true });
    }
  });
});

import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { appDeTeste, call, countRows } from '../../../test/helpers';
import { nomeDoArquivo, rodarArquivos, rodarBackupAgendado } from './backups.service';
import { proximoHorario } from '../../lib/todo-dia';

const t = appDeTeste({ tokens: ['admin', 'userAdmin'] });
const pastas: string[] = [];
const pasta = () => {
  const d = mkdtempSync(path.join(os.tmpdir(), 'ceasa-backups-'));
  pastas.push(d);
  return d;
};
afterAll(() => pastas.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** A logger that keeps its lines. */
function logDeTeste() {
  const linhas: { nivel: string; msg: string }[] = [];
  const log = Object.fromEntries(['info', 'warn', 'error', 'debug', 'trace', 'fatal'].map((n) => [n, (m: string) => linhas.push({ nivel: n, msg: m })]));
  return { log: log as unknown as FastifyBaseLogger, linhas };
}

/** A moment no other test run uses (the table is shared by the runs on one PostgreSQL database: each test file has its own database). */
let minuto = Date.UTC(2031, 0, 1, 5, 0) + Math.floor(Math.random() * 1e6) * 60_000;
const momento = () => new Date((minuto += 60_000));

describe('scheduled backups', () => {
  it('BACKUP_HORA is São Paulo time: the next 02:00 after now, today or tomorrow; an interval counts from the epoch', () => {
    const b = { minutoDoDia: 2 * 60 };
    expect(proximoHorario(b, new Date('2026-11-27T04:59:00Z')).toISOString()).toBe('2026-11-27T05:00:00.000Z');
    expect(proximoHorario(b, new Date('2026-11-27T05:00:00Z')).toISOString()).toBe('2026-11-28T05:00:00.000Z');
    expect(proximoHorario({ minutoDoDia: 23 * 60 + 30 }, new Date('2026-12-31T12:00:00Z')).toISOString()).toBe('2027-01-01T02:30:00.000Z');
    expect(proximoHorario({ minutoDoDia: 0, intervaloMinutos: 5 }, new Date('2026-11-27T10:02:10Z')).toISOString()).toBe('2026-11-27T10:05:00.000Z');
    expect(nomeDoArquivo(new Date('2026-11-27T05:00:00Z'))).toBe('ceasa-backup-2026-11-27-020000.jsonl.gz');
  });

  it('two servers at the same moment: one writes the file, one row records start, end, file and size; the oldest files past BACKUP_MANTER go', async () => {
    const dir = pasta();
    // Three older scheduled files and one of someone else's that rotation leaves alone.
    for (const n of ['ceasa-backup-2020-01-01-020000.jsonl.gz', 'ceasa-backup-2020-01-02-020000.jsonl.gz', 'ceasa-backup-2020-01-03-020000.jsonl.gz', 'meu.gz'])
      writeFileSync(path.join(dir, n), 'x');
    const b = { dir, minutoDoDia: 120, manter: 2 };
    const quando = momento();
    const antes = await countRows(t.app, 'backups');
    const { log, linhas } = logDeTeste();
    await Promise.all([
      rodarBackupAgendado(t.app.ctx.database, b, quando, log, 'servidor-a:1'),
      rodarBackupAgendado(t.app.ctx.database, b, quando, log, 'servidor-b:2'),
    ]);
    expect(await countRows(t.app, 'backups')).toBe(antes + 1);
    const nome = nomeDoArquivo(quando);
    expect(readdirSync(dir).sort()).toEqual(['ceasa-backup-2020-01-03-020000.jsonl.gz', nome, 'meu.gz'].sort());
    // One security event (who took the backup, where it went) and one line for the operator, from one server only.
    const info = linhas.filter((l) => l.nivel === 'info');
    expect(info).toHaveLength(2);
    expect(info[0].msg).toMatchObject({ seguranca: 'backup', conta: 'agendado', arquivo: path.join(dir, nome) });
    expect(info[1].msg).toMatch(
      new RegExp(`^Backup agendado gravado em .*${nome} \\(.* KB, .* s\\); 2 backup\\(s\\) antigo\\(s\\) removido\\(s\\), ficam os 2 mais novos\\.$`),
    );
    const lista = await call(t.app, t.admin, { method: 'POST', url: '/api/backups/searchBackups/desc/id', payload: {} });
    expect(lista.status).toBe(200);
    const linha = lista.body.content.find((x: { arquivo: string | null }) => x.arquivo === path.join(dir, nome));
    expect(linha).toMatchObject({ erro: null, fim: expect.any(String), inicio: expect.any(String), servidor: expect.stringMatching(/^servidor-[ab]:[12]$/) });
    expect(linha.bytes).toBeGreaterThan(1000);
  });

  it('a failure is a row with its pt-BR error, an error line in the log and a count in /metrics; no file is left', async () => {
    const arquivoNoLugar = path.join(pasta(), 'nao-e-pasta');
    writeFileSync(arquivoNoLugar, 'x');
    const { log, linhas } = logDeTeste();
    const quando = momento();
    await rodarBackupAgendado(t.app.ctx.database, { dir: arquivoNoLugar, minutoDoDia: 0, manter: 3 }, quando, log, 'servidor-c:3');
    expect(linhas.map((l) => l.nivel)).toEqual(['error']);
    expect(linhas[0].msg).toMatch(/^Backup agendado falhou \(.*nao-e-pasta.*\): /);
    const lista = await call(t.app, t.admin, { method: 'GET', url: '/api/backups?size=50' });
    expect(lista.status).toBe(200);
    const linha = lista.body.content.find((x: { servidor: string }) => x.servidor === 'servidor-c:3');
    expect(linha.erro).toMatch(/^(ENOTDIR|EEXIST)/);
    expect(linha.bytes).toBeNull();
    expect(existsSync(path.join(arquivoNoLugar, nomeDoArquivo(quando)))).toBe(false);
    const m = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(m.body).toMatch(/^ceasa_backup_falhas [1-9]/m);
    expect(m.body).toMatch(/^ceasa_backup_ultima_falha_timestamp_segundos [1-9]/m);
  });

  it("the list is the super-admin's: another profile gets the pt-BR 403 and nothing changes", async () => {
    const antes = await countRows(t.app, 'backups');
    const r = await call(t.app, t.userAdmin, { method: 'GET', url: '/api/backups' });
    expect(r.status).toBe(403);
    expect(r.body.message).toBe('Você não tem permissão para visualizar em backups.');
    expect((await call(t.app, t.admin, { method: 'DELETE', url: '/api/backups/1' })).status).toBe(404);
    expect(await countRows(t.app, 'backups')).toBe(antes);
  });

  it('rotation keeps the newest BACKUP_MANTER scheduled files by name (their time)', async () => {
    const dir = pasta();
    for (const d of ['01', '02', '03', '04']) writeFileSync(path.join(dir, `ceasa-backup-2025-03-${d}-020000.jsonl.gz`), 'x');
    expect(await rodarArquivos(dir, 3)).toBe(1);
    expect(readdirSync(dir).sort()).toEqual([
      'ceasa-backup-2025-03-02-020000.jsonl.gz',
      'ceasa-backup-2025-03-03-020000.jsonl.gz',
      'ceasa-backup-2025-03-04-020000.jsonl.gz',
    ]);
  });
});

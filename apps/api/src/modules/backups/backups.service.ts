/**
 * Backups on a schedule (docs/decisions/0201-backups-agendados.md): with BACKUP_DIR, every day at BACKUP_HORA
 * (America/Sao_Paulo; or every BACKUP_INTERVALO_MINUTOS) one server of the database writes a backup
 * (db/backup.ts, the file `npm run backup` writes) and keeps the BACKUP_MANTER newest files of the folder.
 * Which server: the one whose insert of the due moment succeeds (a unique index on backups.agendado_para), so
 * servers sharing a database never write two. Each run is a row (start, end, file, size or error): the
 * super-admin's 'Backups' screen and /metrics read them; a failure is also an error line in the log.
 */
import { existsSync } from 'node:fs';
import { readdir, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { formatTamanho, partesNoMercado } from '@ceasa/shared';
import { proximoHorario } from '../../lib/todo-dia';
import type { BackupAgendado } from '../../config';
import { TRAVA_DO_BACKUP, type Database } from '../../db/client';
import { ErroDeBackup, fazerBackup } from '../../db/backup';
import { backupsRepository } from './backups.repository';
import { eventoDeSeguranca } from '../../lib/eventos';
import { conflict } from '../../lib/errors';

/** The files the schedule writes and rotates (any other file of the folder is left alone). */
export const ARQUIVO_AGENDADO = /^ceasa-backup-\d{4}-\d{2}-\d{2}-\d{6}\.jsonl\.gz$/;

/** The file name of a due moment, in São Paulo's time (sorts by time). */
export function nomeDoArquivo(agendadoPara: Date): string {
  const p = partesNoMercado(agendadoPara);
  return `ceasa-backup-${p.year}-${p.month}-${p.day}-${p.hour}${p.minute}${p.second}.jsonl.gz`;
}

/** Removes the scheduled files past the `manter` newest; returns how many went. */
export async function rodarArquivos(dir: string, manter: number): Promise<number> {
  const nomes = (await readdir(dir)).filter((n) => ARQUIVO_AGENDADO.test(n)).sort();
  const sobram = nomes.slice(0, Math.max(0, nomes.length - manter));
  for (const n of sobram) await rm(path.join(dir, n), { force: true });
  return sobram.length;
}

/**
 * A backup's lock on `database`, or null when another backup holds it (`esperar`: wait for it instead). In this
 * process one backup at a time (the embedded database has no other server); on PostgreSQL also every server of the
 * database, under a session advisory lock (TRAVA_DO_BACKUP) on a connection of its own: a server that dies holding
 * it frees it with its connection. Returns the release.
 */
async function travarBackup(database: Database, esperar: boolean): Promise<(() => Promise<void>) | null> {
  for (let outro = emCurso.get(database); outro; outro = emCurso.get(database)) {
    if (!esperar) return null;
    await outro;
  }
  let liberar = () => {};
  emCurso.set(database, new Promise<void>((ok) => (liberar = ok)));
  const soltarAqui = () => {
    emCurso.delete(database);
    liberar();
  };
  if (!database.url) return async () => soltarAqui();
  const c = new pg.Client({ connectionString: database.url, application_name: `ceasa-backup pid ${process.pid}` });
  c.on('error', () => undefined);
  try {
    await c.connect();
    if (esperar) await c.query('SELECT pg_advisory_lock($1)', [TRAVA_DO_BACKUP]);
    else if (!(await c.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1) AS ok', [TRAVA_DO_BACKUP])).rows[0].ok) {
      await c.end().catch(() => undefined);
      soltarAqui();
      return null;
    }
  } catch (e) {
    await c.end().catch(() => undefined);
    soltarAqui();
    throw e;
  }
  return async () => {
    await c.end().catch(() => undefined);
    soltarAqui();
  };
}
/** The backups this process is writing, by database (the in-process half of travarBackup). */
const emCurso = new WeakMap<Database, Promise<void>>();

/** Who took a run: the schedule, or a person on the 'Backups' screen ('Fazer backup agora'). */
interface Origem {
  /** The security event's `conta`: 'agendado', or the person's e-mail. */
  conta: string;
  /** The log lines' subject. */
  rotulo: 'Backup agendado' | 'Backup pedido na tela';
  servidor: string;
}

/**
 * The run of row `id` (taken for `agendadoPara`): the backup written, the old files removed, the row completed, the
 * security event and the operator's line; a failure is the row's error and an error line in the log. Never throws:
 * returns the failure's reason, or null.
 */
async function gravarBackup(database: Database, b: Pick<BackupAgendado, 'dir' | 'manter'>, id: number, agendadoPara: Date, log: FastifyBaseLogger, o: Origem) {
  const repo = backupsRepository(database.db);
  const arquivo = path.join(b.dir, nomeDoArquivo(agendadoPara));
  const inicio = Date.now();
  try {
    await fazerBackup(database, arquivo);
    const { size } = await stat(arquivo);
    await repo.gravado(id, arquivo, size);
    const removidos = await rodarArquivos(b.dir, b.manter);
    eventoDeSeguranca(log, 'backup', { conta: o.conta, arquivo, servidor: o.servidor });
    log.info(
      `${o.rotulo} gravado em ${arquivo} (${formatTamanho(size)}, ${((Date.now() - inicio) / 1000).toFixed(1)} s)${removidos ? `; ${removidos} backup(s) antigo(s) removido(s), ficam os ${b.manter} mais novos` : ''}.`,
    );
    return null;
  } catch (e) {
    const motivo =
      e instanceof ErroDeBackup ? e.message : `${(e as { code?: string }).code ?? (e as Error).name}: ${(e as Error).message?.split('\n')[0] ?? ''}`.trim();
    log.error(`${o.rotulo} falhou (${arquivo}): ${motivo}`);
    await repo.falhou(id, motivo, arquivo).catch(() => undefined);
    return motivo;
  }
}

/**
 * One due moment: taken by this server (or skipped: another took it), then, once no other backup of the database
 * is being written (a 'Fazer backup agora' is waited for, not skipped), the run (gravarBackup). Never throws.
 */
export async function rodarBackupAgendado(database: Database, b: BackupAgendado, agendadoPara: Date, log: FastifyBaseLogger, servidor = nomeDoServidor()) {
  const repo = backupsRepository(database.db);
  let id: number | null;
  try {
    id = await repo.reservar(agendadoPara, servidor);
  } catch (e) {
    log.error(`Backup agendado de ${agendadoPara.toISOString()} não foi iniciado: o banco não respondeu (${(e as Error).message}).`);
    return;
  }
  if (id === null) return;
  let soltar: (() => Promise<void>) | null;
  try {
    soltar = await travarBackup(database, true);
  } catch (e) {
    const motivo = `o banco não respondeu (${(e as Error).message.split('\n')[0]})`;
    log.error(`Backup agendado falhou (${path.join(b.dir, nomeDoArquivo(agendadoPara))}): ${motivo}`);
    await repo.falhou(id, motivo, path.join(b.dir, nomeDoArquivo(agendadoPara))).catch(() => undefined);
    return;
  }
  try {
    await gravarBackup(database, b, id, agendadoPara, log, { conta: 'agendado', rotulo: 'Backup agendado', servidor });
  } finally {
    await soltar?.();
  }
}

export const MSG_BACKUP_SEM_PASTA =
  'Os backups não estão ligados neste servidor: defina BACKUP_DIR com a pasta dos backups (docs/operacao.md, Backups) e reinicie-o.';
export const MSG_BACKUP_EM_ANDAMENTO = 'Já há um backup em andamento neste banco: espere ele terminar (a lista mostra quando) e peça de novo se precisar.';

/**
 * 'Fazer backup agora' (POST /api/backups): one run now, on this server, exactly as a scheduled one (the same file
 * name from the moment, row, rotation, security event and log lines), with `conta` (the person) in the event.
 * Returns the row's id once the file is written. Refused with a pt-BR 409, writing nothing, without BACKUP_DIR
 * or while another backup of the database is being written (this server's or another's); a run that fails is
 * recorded as a scheduled failure is, then answered with a pt-BR 409 naming the reason.
 */
export async function fazerBackupAgora(database: Database, b: BackupAgendado | undefined, conta: string, log: FastifyBaseLogger, servidor = nomeDoServidor()) {
  if (!b) throw conflict(MSG_BACKUP_SEM_PASTA);
  const soltar = await travarBackup(database, false);
  if (!soltar) throw conflict(MSG_BACKUP_EM_ANDAMENTO);
  try {
    let agendadoPara = new Date();
    // The name has the second: a backup asked within the second of the last one waits for the next second.
    while (existsSync(path.join(b.dir, nomeDoArquivo(agendadoPara)))) {
      await new Promise((ok) => setTimeout(ok, 1000 - (agendadoPara.getTime() % 1000)));
      agendadoPara = new Date();
    }
    const id = await backupsRepository(database.db).reservar(agendadoPara, servidor);
    if (id === null) throw conflict(MSG_BACKUP_EM_ANDAMENTO);
    const falha = await gravarBackup(database, b, id, agendadoPara, log, { conta, rotulo: 'Backup pedido na tela', servidor });
    if (falha) throw conflict(`O backup falhou: ${falha}. A falha ficou registrada na lista; confira a pasta BACKUP_DIR (${b.dir}).`);
    return id;
  } finally {
    await soltar();
  }
}

export const nomeDoServidor = () => `${os.hostname()}:${process.pid}`;

/** Starts the schedule; returns its stop (the server's close). */
export function agendarBackups(database: Database, b: BackupAgendado, log: FastifyBaseLogger): () => Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  let parado = false;
  let emCurso: Promise<void> = Promise.resolve();
  const proximo = () => {
    if (parado) return;
    const quando = proximoHorario(b, new Date());
    // setTimeout holds at most ~24.8 days; a day is far below.
    timer = setTimeout(
      () => {
        emCurso = rodarBackupAgendado(database, b, quando, log).finally(proximo);
      },
      Math.max(0, quando.getTime() - Date.now()),
    );
    timer.unref();
  };
  const quando = proximoHorario(b, new Date());
  log.info(
    `Backups agendados em ${b.dir}: ${b.intervaloMinutos ? `a cada ${String(b.intervaloMinutos).replace('.', ',')} min` : `todo dia às ${String(Math.floor(b.minutoDoDia / 60)).padStart(2, '0')}:${String(b.minutoDoDia % 60).padStart(2, '0')} (horário de Brasília)`}, ficam os ${b.manter} mais novos; o próximo em ${quando.toISOString()}.`,
  );
  proximo();
  return async () => {
    parado = true;
    clearTimeout(timer);
    await emCurso;
  };
}

/** What /metrics says of the backups (every server reads the same rows). */
export const estadoDosBackups = (database: Database) => backupsRepository(database.db).estado();

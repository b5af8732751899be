import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';

/**
 * One process per embedded database folder (docs/decisions/0162-uma-pasta-um-processo.md): PGlite does not
 * stop a second process from opening the same DATA_DIR, and two writers on one folder lose acknowledged
 * writes. Whoever opens the folder (the server, a backup, a restore, the seed) first creates
 * DATA_DIR/em-uso.pid holding its pid and its start time, exclusively; a file left by a process that no longer
 * runs (a `kill -9`, a power cut) is taken over, and so is one whose pid a later, unrelated process happens to
 * have been given (after a reboot pids repeat): the holder is the process with that pid AND that start time
 * (Linux's /proc/<pid>/stat, field 22, clock ticks since boot; where there is no /proc the pid alone decides).
 */
export const ARQUIVO_DA_TRAVA = 'em-uso.pid';

export class PastaEmUso extends Error {
  constructor(
    readonly pasta: string,
    readonly pid: number,
  ) {
    super(
      `A pasta de dados ${pasta} já está em uso pelo processo ${pid} (um servidor, backup ou restauração): pare esse processo antes; um só processo por pasta.`,
    );
  }
}

/** When the process `pid` started (clock ticks since boot, /proc/<pid>/stat field 22), or null where it cannot be read. */
export function inicioDoProcesso(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) is in parentheses and may hold spaces: fields are counted after its last ')'.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

function vivo(pid: number, inicio: string | undefined): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
  } catch (e) {
    // EPERM: it runs, as another user.
    if ((e as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  // The pid runs: it is the holder only if it started when the holder did (a reused pid started later).
  const agora = inicioDoProcesso(pid);
  return !inicio || agora === null || agora === inicio;
}

/** Takes the folder's lock for this process, or throws PastaEmUso naming the holder. Returns its release. */
export function travarPasta(pasta: string): () => void {
  const arquivo = path.join(pasta, ARQUIVO_DA_TRAVA);
  for (let tentativa = 0; ; tentativa++) {
    let fd: number;
    try {
      fd = openSync(arquivo, 'wx', 0o600);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST' || tentativa > 2) throw e;
      let dono = NaN;
      let inicio: string | undefined;
      try {
        const [pid, comeco] = readFileSync(arquivo, 'utf8').trim().split(/\s+/);
        dono = Number.parseInt(pid, 10);
        inicio = comeco;
      } catch {
        // Removed meanwhile: try again.
      }
      if (vivo(dono, inicio)) throw new PastaEmUso(pasta, dono);
      rmSync(arquivo, { force: true });
      continue;
    }
    writeSync(fd, `${process.pid} ${inicioDoProcesso(process.pid) ?? ''}`.trim() + '\n');
    closeSync(fd);
    let solta = false;
    return () => {
      if (solta) return;
      solta = true;
      try {
        if (Number.parseInt(readFileSync(arquivo, 'utf8'), 10) === process.pid) rmSync(arquivo, { force: true });
      } catch {
        // Already gone.
      }
    };
  }
}

import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';

/**
 * One process per embedded database folder (docs/decisions/0162-uma-pasta-um-processo.md): PGlite does not
 * stop a second process from opening the same DATA_DIR, and two writers on one folder lose acknowledged
 * writes. Whoever opens the folder (the server, a backup, a restore, the seed) first creates
 * DATA_DIR/em-uso.pid holding its pid, exclusively; a file left by a process that no longer runs (a
 * `kill -9`, a power cut) is taken over.
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

function vivo(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    // EPERM: it runs, as another user.
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
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
      try {
        dono = Number.parseInt(readFileSync(arquivo, 'utf8').trim(), 10);
      } catch {
        // Removed meanwhile: try again.
      }
      if (vivo(dono)) throw new PastaEmUso(pasta, dono);
      rmSync(arquivo, { force: true });
      continue;
    }
    writeSync(fd, `${process.pid}\n`);
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

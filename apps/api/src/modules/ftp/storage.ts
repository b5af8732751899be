import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../../config';

/**
 * Where person photos live. One small interface so a deployment can swap the filesystem for
 * something else (an object store, the municipality's file server) without touching the routes.
 * Names are always `<digits>.png` (the CPF/CNPJ digits, SPEC.md section 9).
 */
export interface FotoStorage {
  /** Writes the whole file or nothing (never a half-written photo). */
  save(name: string, buffer: Buffer): Promise<void>;
  exists(name: string): Promise<boolean>;
  /** The bytes, or null when there is no such photo. */
  read(name: string): Promise<Buffer | null>;
  /** true: removed; false: there was nothing to remove. Throws when the photo could not be removed. */
  remover(name: string): Promise<boolean>;
}

/** The only names the storage accepts: digits + '.png' (no path, no traversal). */
export const NOME_FOTO = /^[0-9]{1,30}\.png$/;

export function nomeFotoValido(name: unknown): name is string {
  return typeof name === 'string' && NOME_FOTO.test(name);
}

function checar(name: string) {
  if (!nomeFotoValido(name)) throw new Error(`Nome de foto inválido: ${JSON.stringify(name)}`);
}

const semArquivo = (e: unknown) => (e as NodeJS.ErrnoException)?.code === 'ENOENT';

/** The default: files under `<dir>` (by default `${dataDir}/fotos/pessoas`). */
export function filesystemFotoStorage(dir: string): FotoStorage {
  const caminho = (name: string) => {
    checar(name);
    return path.join(dir, name);
  };
  return {
    async save(name, buffer) {
      const destino = caminho(name);
      await mkdir(dir, { recursive: true });
      // Same directory, so the rename is atomic: readers see the old photo or the new one.
      const temp = path.join(dir, `.${name}.${randomUUID()}.tmp`);
      try {
        await writeFile(temp, buffer, { flag: 'wx' });
        await rename(temp, destino);
      } catch (e) {
        await unlink(temp).catch(() => undefined);
        throw e;
      }
    },
    async exists(name) {
      try {
        return (await stat(caminho(name))).isFile();
      } catch (e) {
        if (semArquivo(e)) return false;
        throw e;
      }
    },
    async read(name) {
      try {
        return await readFile(caminho(name));
      } catch (e) {
        if (semArquivo(e) || (e as NodeJS.ErrnoException)?.code === 'EISDIR') return null;
        throw e;
      }
    },
    async remover(name) {
      try {
        await unlink(caminho(name));
        return true;
      } catch (e) {
        if (semArquivo(e)) return false;
        throw e;
      }
    },
  };
}

export const diretorioFotos = (config: Pick<Config, 'dataDir'>) => path.join(config.dataDir, 'fotos', 'pessoas');

/** The storage the app uses for this configuration. */
export function fotoStorage(config: Pick<Config, 'dataDir'>): FotoStorage {
  return filesystemFotoStorage(diretorioFotos(config));
}

/** PNG or JPEG, by the first bytes (never by the name or the declared type). */
export function tipoImagem(buf: Buffer): 'image/png' | 'image/jpeg' | null {
  if (buf.length >= 8 && buf.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (buf.length >= 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return 'image/jpeg';
  return null;
}

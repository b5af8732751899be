import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { Config } from '../config';
import type { Tx } from './client';
import { fotoPessoa } from './schema';

/**
 * Where person photos live: the database (table foto_pessoa), so every server of it serves the same photos
 * (docs/decisions/0103-fotos-no-banco.md). One small interface, so the routes do not know where.
 * Names are always `<digits>.png` (the CPF/CNPJ digits, docs/produto/funcionamento.md).
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
export const NOME_FOTO = /^[0-9A-Z]{1,30}\.png$/;

export function nomeFotoValido(name: unknown): name is string {
  return typeof name === 'string' && NOME_FOTO.test(name);
}

function checar(name: string) {
  if (!nomeFotoValido(name)) throw new Error(`Nome de foto inválido: ${JSON.stringify(name)}`);
}

const semArquivo = (e: unknown) => (e as NodeJS.ErrnoException)?.code === 'ENOENT';

/** Files under `<dir>`: where photos lived before they moved into the database (read once by importarFotosDaPasta). */
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

/** The folder photos were kept in before they moved into the database. */
export const diretorioFotos = (config: Pick<Config, 'dataDir'>) => path.join(config.dataDir, 'fotos', 'pessoas');

/** The photos in the database: one row per photo, written whole in one statement (never half a photo). */
export function fotoStorage(db: Tx): FotoStorage {
  return {
    async save(name, buffer) {
      checar(name);
      await db
        .insert(fotoPessoa)
        .values({ nome: name, dados: buffer })
        .onConflictDoUpdate({ target: fotoPessoa.nome, set: { dados: buffer, alteradaEm: sql`now()` } });
    },
    async exists(name) {
      if (!nomeFotoValido(name)) return false;
      const r = await db.select({ nome: fotoPessoa.nome }).from(fotoPessoa).where(eq(fotoPessoa.nome, name));
      return r.length > 0;
    },
    async read(name) {
      if (!nomeFotoValido(name)) return null;
      const [r] = await db.select({ dados: fotoPessoa.dados }).from(fotoPessoa).where(eq(fotoPessoa.nome, name));
      return r?.dados ?? null;
    },
    async remover(name) {
      checar(name);
      const r = await db.delete(fotoPessoa).where(eq(fotoPessoa.nome, name)).returning({ nome: fotoPessoa.nome });
      return r.length > 0;
    },
  };
}

/**
 * Photos a version before 0103 kept in `DATA_DIR/fotos/pessoas`: copied into the database (a photo the database
 * already has is kept), then the folder is renamed `pessoas.importadas`, so it is read once and stays as a copy.
 * Runs at start, under the start-up lock (Database.sozinho). Answers how many photos it copied.
 */
export async function importarFotosDaPasta(db: Tx, config: Pick<Config, 'dataDir'>, log?: { info(m: string): void; warn(m: string): void }): Promise<number> {
  const dir = diretorioFotos(config);
  if (!config.dataDir || !existsSync(dir)) return 0;
  const pasta = filesystemFotoStorage(dir);
  let n = 0;
  for (const nome of (await readdir(dir)).filter(nomeFotoValido).sort()) {
    const dados = await pasta.read(nome);
    if (!dados) continue;
    const r = await db.insert(fotoPessoa).values({ nome, dados }).onConflictDoNothing().returning({ nome: fotoPessoa.nome });
    n += r.length;
  }
  let destino = `${dir}.importadas`;
  if (existsSync(destino)) destino = `${destino}-${Date.now()}`;
  await rename(dir, destino);
  log?.info(`${n} foto(s) de pessoas copiada(s) de ${dir} para o banco; a pasta ficou como cópia em ${destino}.`);
  return n;
}

/** PNG or JPEG, by the first bytes (never by the name or the declared type). */
export function tipoImagem(buf: Buffer): 'image/png' | 'image/jpeg' | null {
  if (buf.length >= 8 && buf.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (buf.length >= 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return 'image/jpeg';
  return null;
}

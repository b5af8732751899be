/**
 * `node --import tsx apps/api/src/db/banco-inicial.ts ARQUIVO` (run by scripts/release.mjs): an empty embedded
 * database with every migration applied, written as PGlite's data directory in a gzipped tarball. A release
 * ships it beside its migrations (`bancoInicial`, db/client.ts) and a first start copies it instead of creating
 * the database. Only the migrations are in it: the reference data and the first super-admin are made by the start.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { openDatabase } from './client';

const [arquivo] = process.argv.slice(2);
if (!arquivo) {
  console.error('Uso: node --import tsx apps/api/src/db/banco-inicial.ts ARQUIVO');
  process.exit(2);
}
// Made in a folder, as a server's is: a copy of one made in memory peaked at 364–370 MB at a first start, this one at
// 322–328 MB (two starts each, load 15–18).
const pasta = mkdtempSync(path.join(os.tmpdir(), 'ceasa-banco-inicial-'));
try {
  const database = await openDatabase({ dataDir: pasta, databaseUrl: undefined, memoryDb: false });
  try {
    writeFileSync(arquivo, gzipSync(Buffer.from(await (await database.dump!()).arrayBuffer()), { level: 9 }));
  } finally {
    await database.close();
  }
} finally {
  rmSync(pasta, { recursive: true, force: true });
}

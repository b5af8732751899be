/**
 * `node --import tsx apps/api/src/db/banco-inicial.ts ARQUIVO` (run by scripts/release.mjs): an empty embedded
 * database with every migration applied, written as PGlite's data directory in a gzipped tarball. A release
 * ships it beside its migrations (`bancoInicial`, db/client.ts) and a first start copies it instead of creating
 * the database. Only the migrations are in it: the reference data and the first super-admin are made by the start.
 */
import { writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { openDatabase } from './client';

const [arquivo] = process.argv.slice(2);
if (!arquivo) {
  console.error('Uso: node --import tsx apps/api/src/db/banco-inicial.ts ARQUIVO');
  process.exit(2);
}
// Made in memory (no disk to write meanwhile), as the tests' migrated template is; a folder opens it the same way.
const database = await openDatabase({ dataDir: '', databaseUrl: undefined, memoryDb: true });
try {
  writeFileSync(arquivo, gzipSync(Buffer.from(await (await database.dump!()).arrayBuffer()), { level: 9 }));
} finally {
  await database.close();
}

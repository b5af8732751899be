/**
 * `node --import tsx apps/api/src/db/banco-inicial.ts PASTA` (run by scripts/release.mjs): an empty embedded
 * database with every migration applied, written as PGlite's data directory, closed, into PASTA. A release
 * ships it beside its migrations (`bancoInicial`, db/client.ts) and a first start copies its files into DATA_DIR
 * instead of creating the database. Only the migrations are in it: the reference data and the first super-admin are
 * made by the start.
 */
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from './client';

const [destino] = process.argv.slice(2);
if (!destino) {
  console.error('Uso: node --import tsx apps/api/src/db/banco-inicial.ts PASTA');
  process.exit(2);
}
if (existsSync(destino)) {
  console.error(`${destino} já existe: remova-o antes.`);
  process.exit(2);
}
const pasta = mkdtempSync(path.join(os.tmpdir(), 'ceasa-banco-inicial-'));
try {
  const database = await openDatabase({ dataDir: pasta, databaseUrl: undefined, memoryDb: false });
  await database.close();
  cpSync(path.join(pasta, 'pgdata'), destino, { recursive: true });
} finally {
  rmSync(pasta, { recursive: true, force: true });
}

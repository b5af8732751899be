/**
 * `npm run backup -- FILE` and `npm run restore -- FILE [--substituir]`: the whole product (every table and
 * the person photos) to one file and back, with the server's configuration (DATA_DIR or DATABASE_URL).
 * The embedded database is opened by one process at a time: while a server holds it, a backup is written by that
 * server (db/backup-local.ts) and a restore is refused (stop the server first).
 * On PostgreSQL a backup may run beside the server (one consistent snapshot); a restore is refused while a
 * server runs. A backup holds no key, session or token: after a restore everyone signs in again.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { linhaDeEvento } from '../lib/eventos';
import { registrarLog } from '../lib/audit';
import { loadConfig } from '../config';
import { importarFotosDaPasta } from './fotos';
import { openDatabase, type Database } from './client';
import { pedirBackupAoServidor } from './backup-local';
import { PastaEmUso } from './trava-da-pasta';
import { ErroDeBackup, fazerBackup, MSG_CHAVES_NOVAS, restaurar, type ResumoBackup } from './backup';

const USO = 'Uso: npm run backup -- ARQUIVO   |   npm run restore -- ARQUIVO [--substituir]';

const resumir = (r: ResumoBackup) => {
  const linhas = Object.values(r.tabelas).reduce((a, b) => a + b, 0);
  return `${Object.keys(r.tabelas).length} tabelas, ${linhas.toLocaleString('pt-BR')} linhas, ${r.fotos} foto(s)`;
};

async function main(argv: string[]): Promise<number> {
  const [acao, ...resto] = argv;
  const substituir = resto.includes('--substituir');
  const arquivos = resto.filter((a) => !a.startsWith('--'));
  const desconhecidas = resto.filter((a) => a.startsWith('--') && a !== '--substituir');
  if ((acao !== 'backup' && acao !== 'restaurar') || arquivos.length !== 1 || desconhecidas.length || (acao === 'backup' && substituir)) {
    console.error(USO);
    return 2;
  }
  if (acao === 'restaurar' && !existsSync(arquivos[0])) {
    console.error(`Arquivo de backup não encontrado: ${arquivos[0]}`);
    return 1;
  }
  if (acao === 'backup' && existsSync(arquivos[0])) {
    console.error(`O arquivo ${arquivos[0]} já existe: escolha outro nome ou remova-o.`);
    return 1;
  }
  const config = loadConfig();
  const onde = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `banco embutido em ${config.dataDir}`;
  const inicio = Date.now();
  let database: Database;
  try {
    database = await openDatabase(config);
  } catch (e) {
    if (e instanceof PastaEmUso) {
      if (acao === 'backup') {
        try {
          const r = await pedirBackupAoServidor(config.dataDir, arquivos[0]);
          if (r) {
            console.log(
              `Backup de ${onde} gravado em ${arquivos[0]} pelo servidor em execução (processo ${e.pid}): ${resumir(r)} (${((Date.now() - inicio) / 1000).toFixed(1)} s).`,
            );
            return 0;
          }
        } catch (erro) {
          console.error(erro instanceof ErroDeBackup ? erro.message : e.message);
          return 1;
        }
      }
      console.error(e.message);
      return 1;
    }
    throw e;
  }
  try {
    // Photos a version before decision 0103 left in DATA_DIR move into the database first (as a start does).
    await database.sozinho(() => importarFotosDaPasta(database.db, config));
    if (acao === 'backup') {
      const r = await fazerBackup(database, arquivos[0]);
      console.log(linhaDeEvento('backup', { conta: 'npm run backup', arquivo: arquivos[0] }));
      console.log(`Backup de ${onde} gravado em ${arquivos[0]}: ${resumir(r)} (${((Date.now() - inicio) / 1000).toFixed(1)} s).`);
    } else {
      const r = await restaurar(database, arquivos[0], { substituir });
      // The restore is in the audit log of the database it filled, and a security event.
      await registrarLog(database.db, 'npm run restore', 'Backup', path.basename(arquivos[0]), 'INSERT', {
        arquivo: arquivos[0],
        tabelas: Object.keys(r.tabelas).length,
        fotos: r.fotos,
        substituir,
      });
      console.log(linhaDeEvento('restauracao', { conta: 'npm run restore', arquivo: arquivos[0], substituir }));
      console.log(`Backup ${arquivos[0]} restaurado em ${onde}: ${resumir(r)} (${((Date.now() - inicio) / 1000).toFixed(1)} s).`);
      console.log(MSG_CHAVES_NOVAS);
    }
    return 0;
  } catch (e) {
    // One pt-BR line, never a query with its values (password hashes among them).
    console.error(e instanceof ErroDeBackup ? e.message : `Falha inesperada (${(e as { code?: string }).code ?? (e as Error).name}): nada foi alterado.`);
    return 1;
  } finally {
    await database.close();
  }
}

process.exitCode = await main(process.argv.slice(2));

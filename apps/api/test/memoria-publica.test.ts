/**
 * Memory without a token: the public fast path keeps a bounded amount. A real server process
 * (`node apps/api/dist/server.mjs`) on an embedded database holding a large quotation (20,000 rows: a page of
 * 1,000 is ~0.25 MB of JSON) is asked the public quotation with 10,000 distinct query strings, as anyone may;
 * its resident memory (RSS, /proc) grows by less than 50 MB.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client';
import { iniciarServidor, portaLivre, templatePglite, type ServidorReal } from './helpers';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ceasa-memoria-'));
let servidor: ServidorReal | undefined;

afterAll(() => {
  if (servidor?.processo.exitCode === null) servidor.processo.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;

describe('the public fast path under 10,000 distinct query strings', () => {
  it('raises the server RSS by less than 50 MB', async () => {
    // Ten groups quoted every day for 2,000 days: 20,000 quotation rows, written straight into the quotation's
    // table (what the public page reads; kept by triggers from the prices, too slow to fill here).
    const database = await openDatabase({ databaseUrl: undefined, dataDir, memoryDb: false }, await templatePglite());
    await database.db.execute(sql`INSERT INTO produto_grupo (nome, un_padrao) SELECT 'Grupo de memória ' || g, 'KG' FROM generate_series(1, 10) g`);
    await database.db.execute(sql`INSERT INTO precos_resumo (produto_grupo_id, data, quantidade, valor_minimo, valor_medio, valor_maximo,
        valor_kg_minimo, valor_kg_medio, valor_kg_maximo, produto_grupo_nome, produto_grupo_un)
      SELECT g.id, DATE '2020-01-01' + d, 3, 10 + d % 50, 11 + d % 50, 12 + d % 50, 1.5, 1.6, 1.7, g.nome, g.un_padrao
      FROM produto_grupo g, generate_series(0, 1999) d`);
    await database.db.execute(sql`UPDATE precos_resumo_total SET linhas = 20000, precos = 60000`);
    await database.close();

    const porta = await portaLivre();
    servidor = await iniciarServidor(porta, { DATABASE_URL: '', DATA_DIR: dataDir, NODE_ENV: 'test', ADMIN_PASSWORD: 'admin-senha-1', LOG_LEVEL: 'warn' });
    const pid = servidor.processo.pid!;
    const agente = new http.Agent({ keepAlive: true, maxSockets: 16 });
    /** The quotation's page as /home asks it (br, as browsers accept), answered bytes only counted. */
    const pedir = (query: string) =>
      new Promise<number>((resolve, reject) => {
        const req = http.request(
          {
            host: '127.0.0.1',
            port: porta,
            method: 'POST',
            path: `/api/precos/searchPrecosHome/precoData/desc?${query}`,
            agent: agente,
            headers: { 'content-type': 'application/json', 'content-length': '2', 'accept-encoding': 'br' },
          },
          (res) => {
            let n = 0;
            res.on('data', (c: Buffer) => (n += c.length));
            res.on('end', () => (res.statusCode === 200 ? resolve(n) : reject(new Error(`status ${res.statusCode}`))));
          },
        );
        req.on('error', reject);
        req.end('{}');
      });
    const todas = async (queries: string[]) => {
      let i = 0;
      await Promise.all(
        Array.from({ length: 16 }, async () => {
          while (i < queries.length) await pedir(queries[i++]);
        }),
      );
    };
    // Warm: the server's code and the database's pages for these queries are in memory.
    const semCompressao = await fetch(`http://127.0.0.1:${porta}/api/precos/searchPrecosHome/precoData/desc?page=0&size=1000`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-encoding': 'identity' },
      body: '{}',
    });
    expect((await semCompressao.text()).length).toBeGreaterThan(100_000);
    await todas(Array.from({ length: 8 }, (_, i) => `page=${i % 4}&size=1000`));
    const antes = rssMb(pid);
    // 10,000 distinct query strings: 9,950 with a parameter the page does not know (on the four pages of 1,000
    // rows), and 50 distinct known pages.
    await todas([
      ...Array.from({ length: 9_950 }, (_, i) => `page=${i % 4}&size=1000&v=${i}`),
      ...Array.from({ length: 50 }, (_, i) => `page=${i % 25}&size=${1000 - Math.floor(i / 25)}`),
    ]);
    agente.destroy();
    const depois = rssMb(pid);
    expect(depois - antes, `RSS de ${antes.toFixed(0)} MB para ${depois.toFixed(0)} MB`).toBeLessThan(50);
  }, 240_000);
});

/**
 * Crashes: the real server (`node apps/api/dist/server.mjs`, as `npm start`
 * runs it) under a write load of prices and romaneios is killed with SIGKILL at random moments and started
 * again on the same data: every write it had acknowledged with a 2xx is there. Then SIGTERM with writes in
 * flight: they finish with their answers, the process exits within 10 s, and they are there after a restart.
 * On the embedded database (a DATA_DIR) or, with DATABASE_URL, on a throw-away database of that server.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { openDatabase } from '../src/db/client';
import { inserirGrupo, inserirProduto, inserirProdutorComColheita } from './fabricas';
import { bancoDescartavel, iniciarServidor, portaLivre } from './helpers';

const urlServidor = process.env.DATABASE_URL;
const SENHA = 'Queda-do-servidor-9';
const DIA_DE_MERCADO = '2026-11-23'; // a Monday, inside the bulletin item's harvest window below
let dataDir: string;
let databaseUrl: string | undefined;
let apagarBanco: (() => Promise<void>) | undefined;
let porta: number;
let servidor: ChildProcess | undefined;
const fixos = { produtos: [] as number[], produtor: 0, boletimItem: 0, produtoDoItem: 0 };

async function iniciar(): Promise<ChildProcess> {
  const r = await iniciarServidor(porta, {
    DATABASE_URL: databaseUrl ?? '',
    DATA_DIR: dataDir,
    NODE_ENV: 'test',
    ADMIN_EMAIL: 'admin@queda.local',
    ADMIN_PASSWORD: SENHA,
    LOG_LEVEL: 'warn',
  });
  return r.processo;
}

const terminou = (p: ChildProcess) =>
  new Promise<void>((resolve) => (p.exitCode !== null || p.signalCode !== null ? resolve() : p.once('exit', () => resolve())));

async function token(): Promise<string> {
  const r = await fetch(`http://127.0.0.1:${porta}/realms/ceasa/protocol/openid-connect/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'password', client_id: 'ceasa-web', username: 'admin@queda.local', password: SENHA }),
  });
  expect(r.status).toBe(200);
  return ((await r.json()) as { access_token: string }).access_token;
}

/** What the server acknowledged: the ids of prices and romaneios answered with a 2xx. */
interface Confirmados {
  precos: number[];
  romaneios: number[];
}

let proximoDia = 0;
let proximaDivida = 900_000;
const diaDoPreco = () => new Date(Date.UTC(2020, 0, 1) + proximoDia++ * 86_400_000).toISOString().slice(0, 10);

/**
 * Writers in parallel until `parar` resolves: each sends a price or a romaneio, one after the other, and
 * keeps the ids of what was answered 2xx. A request cut by the crash is not acknowledged and not counted.
 */
async function carga(bearer: string, parar: Promise<unknown>, c: Confirmados, escritores = 4) {
  let fim = false;
  void parar.then(() => (fim = true));
  const h = { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' };
  const escritor = async (n: number) => {
    for (let i = 0; !fim; i++) {
      try {
        if ((n + i) % 2 === 0) {
          const produtoId = fixos.produtos[(n + i) % fixos.produtos.length];
          const r = await fetch(`http://127.0.0.1:${porta}/api/precos`, {
            method: 'POST',
            headers: h,
            body: JSON.stringify({ produtoId, data: diaDoPreco(), valor: 10 + (i % 50) }),
          });
          if (r.ok) c.precos.push(((await r.json()) as { id: number }).id);
          else if (r.status < 500) throw new Error(`preço recusado: ${r.status} ${await r.text()}`);
        } else {
          const r = await fetch(`http://127.0.0.1:${porta}/api/romaneio`, {
            method: 'POST',
            headers: h,
            body: JSON.stringify([
              {
                dataEmissao: DIA_DE_MERCADO,
                divida: proximaDivida++,
                pessoaId: fixos.produtor,
                itens: [{ produtoId: fixos.produtoDoItem, quantidade: 1, boletimItensId: fixos.boletimItem }],
              },
            ]),
          });
          if (r.ok) c.romaneios.push(...((await r.json()) as { id: number }[]).map((x) => x.id));
          else if (r.status < 500 && r.status !== 409) throw new Error(`romaneio recusado: ${r.status} ${await r.text()}`);
        }
      } catch (e) {
        if (/^(romaneio|preço) recusado/.test((e as Error).message)) throw e;
        // The connection died with the server: that write was never acknowledged.
        if (fim) return;
        await new Promise((r) => setTimeout(r, 20));
      }
    }
  };
  await Promise.all(Array.from({ length: escritores }, (_, n) => escritor(n)));
}

/** Every acknowledged write, read back from the (restarted) server. */
async function conferir(bearer: string, c: Confirmados) {
  const h = { authorization: `Bearer ${bearer}` };
  const faltam: string[] = [];
  for (const id of c.precos) if ((await fetch(`http://127.0.0.1:${porta}/api/precos/${id}`, { headers: h })).status !== 200) faltam.push(`preço ${id}`);
  for (const id of c.romaneios) if ((await fetch(`http://127.0.0.1:${porta}/api/romaneio/${id}`, { headers: h })).status !== 200) faltam.push(`romaneio ${id}`);
  return faltam;
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'ceasa-queda-'));
  porta = await portaLivre();
  if (urlServidor) {
    const banco = await bancoDescartavel(urlServidor, 'ceasa_queda');
    databaseUrl = banco.url;
    apagarBanco = banco.apagar;
  }
  // The data the writes need, before the server opens the database (the embedded one has one user at a time).
  const database = await openDatabase({ databaseUrl, dataDir, memoryDb: false });
  const app = await buildApp({ database, logger: false, web: false, config: { adminEmail: 'admin@queda.local', adminPassword: SENHA, dataDir } });
  await app.ready();
  try {
    const grupo = await inserirGrupo(app, 'Hortaliças');
    for (let i = 0; i < 5; i++) fixos.produtos.push(await inserirProduto(app, grupo, `Produto ${i}`));
    fixos.produtoDoItem = fixos.produtos[0];
    const c = await inserirProdutorComColheita(app, fixos.produtoDoItem);
    fixos.produtor = c.produtor;
    fixos.boletimItem = c.item;
  } finally {
    await app.close();
    await database.close();
  }
}, 120_000);

afterAll(async () => {
  if (servidor && servidor.exitCode === null && servidor.signalCode === null) {
    servidor.kill('SIGKILL');
    await terminou(servidor);
  }
  await apagarBanco?.();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('crashes and stops of the real server', () => {
  it('keeps every acknowledged write through kill -9 at random moments', async () => {
    const c: Confirmados = { precos: [], romaneios: [] };
    for (let rodada = 0; rodada < 3; rodada++) {
      servidor = await iniciar();
      const bearer = await token();
      // Killed at a random moment once the load is running (a few writes acknowledged in this round).
      const antes = c.precos.length + c.romaneios.length;
      const morto = (async () => {
        while (c.precos.length + c.romaneios.length < antes + 4) await new Promise((r) => setTimeout(r, 10));
        await new Promise((r) => setTimeout(r, Math.floor(Math.random() * 600)));
        servidor!.kill('SIGKILL');
      })();
      await carga(bearer, morto, c);
      await terminou(servidor);
    }
    servidor = await iniciar();
    expect(c.precos.length + c.romaneios.length, 'writes acknowledged before the crashes').toBeGreaterThan(10);
    expect(await conferir(await token(), c)).toEqual([]);
  }, 300_000);

  it('finishes the writes in flight on SIGTERM, exits within 10 s, and keeps them', async () => {
    servidor ??= await iniciar();
    if (servidor.exitCode !== null) servidor = await iniciar();
    const bearer = await token();
    const c: Confirmados = { precos: [], romaneios: [] };
    // Writes in flight at the signal: sent, and the signal follows at once.
    const emVoo = Array.from({ length: 6 }, (_, i) =>
      fetch(`http://127.0.0.1:${porta}/api/precos`, {
        method: 'POST',
        headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' },
        body: JSON.stringify({ produtoId: fixos.produtos[i % fixos.produtos.length], data: diaDoPreco(), valor: 20 }),
      }),
    );
    await new Promise((r) => setTimeout(r, 30));
    const enviado = Date.now();
    servidor.kill('SIGTERM');
    const respostas = await Promise.allSettled(emVoo);
    await terminou(servidor);
    expect(Date.now() - enviado).toBeLessThan(10_000);
    expect(servidor.exitCode).toBe(0);
    for (const r of respostas) {
      // A request the server had accepted gets its answer; one that reached it after the listener closed is refused whole.
      if (r.status === 'fulfilled' && r.value.ok) c.precos.push(((await r.value.json()) as { id: number }).id);
    }
    expect(c.precos.length, 'writes in flight answered before the exit').toBeGreaterThan(0);
    servidor = await iniciar();
    expect(await conferir(await token(), c)).toEqual([]);
  }, 180_000);
});

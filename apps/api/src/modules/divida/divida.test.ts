import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { appDeTeste, build, call, countRows, tokenFor } from '../../../test/helpers';
import { decodificar, importarCsv } from './import-csv';
import { dividaHttpProvider } from './provider';

const t = appDeTeste();

const CSV = [
  'numero;nomeContribuinte;valorPgto',
  '20240001;José da Silva;1.234,56',
  '20240002;"Maria; Souza";80,00',
  '',
  '20240003;Empresa X;99.9',
  'abc;Sem Número;10,00',
  '20240004;;10,00',
  '20240005;Valor Ruim;dez',
  '20240006;Três Casas;1,234',
  '20240007;Negativo;-5,00',
  '20240003;Empresa X Ltda;100',
].join('\r\n');

describe('importarCsv', () => {
  it('upserts the good lines in one go and reports the bad ones with their line numbers', async () => {
    const logsAntes = await countRows(t.app, 'logs');
    const r = await importarCsv(t.app.ctx.db, CSV);
    expect(r).toEqual({
      lidas: 9,
      inseridas: 3,
      atualizadas: 0,
      repetidas: 1,
      gravado: true,
      rejeitadas: [
        { linha: 6, motivo: "número da dívida inválido: 'abc' (apenas dígitos, até 15)" },
        { linha: 7, motivo: 'nomeContribuinte vazio' },
        { linha: 8, motivo: "valorPgto inválido: 'dez'" },
        { linha: 9, motivo: "valorPgto com mais de 2 casas decimais: '1,234'" },
        { linha: 10, motivo: "valorPgto negativo: '-5,00'" },
      ],
    });
    expect(await countRows(t.app, 'dividas')).toBe(3);
    expect(await countRows(t.app, 'logs')).toBe(logsAntes + 1);
    const rows = (await t.app.ctx.db.execute('SELECT numero::text, nome_contribuinte, valor_pgto::text FROM dividas ORDER BY numero' as never)).rows;
    expect(rows).toEqual([
      { numero: '20240001', nome_contribuinte: 'José da Silva', valor_pgto: '1234.56' },
      { numero: '20240002', nome_contribuinte: 'Maria; Souza', valor_pgto: '80.00' },
      { numero: '20240003', nome_contribuinte: 'Empresa X Ltda', valor_pgto: '100.00' },
    ]);

    // ',' separated, columns in another order, quoted pt-BR decimals, BOM: updates and inserts.
    const r2 = await importarCsv(
      t.app.ctx.db,
      '\uFEFFvalorPgto,NUMERO,nomeContribuinte\n"2.000,00",20240001,José da Silva Filho\n"R$ 5,00",20240008,"Ana ""Aninha"" Lima"\n',
    );
    expect(r2).toMatchObject({ lidas: 2, inseridas: 1, atualizadas: 1, rejeitadas: [], gravado: true });
    const jose = (await t.app.ctx.db.execute('SELECT nome_contribuinte, valor_pgto::text FROM dividas WHERE numero = 20240001' as never)).rows[0];
    expect(jose).toEqual({ nome_contribuinte: 'José da Silva Filho', valor_pgto: '2000.00' });
    const ana = (await t.app.ctx.db.execute('SELECT nome_contribuinte FROM dividas WHERE numero = 20240008' as never)).rows[0];
    expect(ana).toEqual({ nome_contribuinte: 'Ana "Aninha" Lima' });
  });

  it('writes nothing in strict mode with a bad line, or with a bad header', async () => {
    const antes = await countRows(t.app, 'dividas');
    const logsAntes = await countRows(t.app, 'logs');
    const r = await importarCsv(t.app.ctx.db, 'numero;nomeContribuinte;valorPgto\n30000001;Novo;1,00\nxx;Ruim;1,00\n', { estrito: true });
    expect(r).toMatchObject({ lidas: 2, inseridas: 0, gravado: false, rejeitadas: [{ linha: 3 }] });
    await expect(importarCsv(t.app.ctx.db, 'numero;nome;valor\n1;a;1\n')).rejects.toThrow(/faltam as colunas nomeContribuinte, valorPgto/);
    await expect(importarCsv(t.app.ctx.db, '')).rejects.toThrow(/Arquivo vazio/);
    expect(await importarCsv(t.app.ctx.db, 'numero;nomeContribuinte;valorPgto\n')).toMatchObject({ lidas: 0, gravado: false });
    expect(await countRows(t.app, 'dividas')).toBe(antes);
    expect(await countRows(t.app, 'logs')).toBe(logsAntes);
  });

  it('reads Latin-1 exports', () => {
    expect(decodificar(Buffer.from('numero;nomeContribuinte;valorPgto\n1;João;1,00', 'latin1'))).toContain('João');
    expect(decodificar(Buffer.from('João', 'utf8'))).toBe('João');
  });

  it('runs as the operator command against the configured database', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'ceasa-dividas-'));
    try {
      const arquivo = path.join(dir, 'dividas.csv');
      await writeFile(arquivo, 'numero;nomeContribuinte;valorPgto\n1;Fulano;10,00\nx;Ruim;1\n');
      const script = fileURLToPath(new URL('./import-csv.ts', import.meta.url));
      const raiz = fileURLToPath(new URL('../../../../../', import.meta.url));
      // As npm runs it: from the repository root, the operator's directory in INIT_CWD, a relative file name.
      const env = { ...process.env, DATA_DIR: dir, DATABASE_URL: '', INIT_CWD: dir };
      const r = await promisify(execFile)(process.execPath, ['--import', 'tsx', script, path.basename(arquivo)], { env, cwd: raiz }).catch((e) => e);
      expect(r.stdout).toContain(arquivo);
      expect(r.code).toBe(1);
      expect(r.stdout).toContain('1 inserida(s)');
      expect(r.stdout).toContain('1 rejeitada(s)');
      expect(r.stderr).toContain('linha 3:');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 60_000);
});

describe('debt lookup', () => {
  it('answers from the dividas table on both routes', async () => {
    await importarCsv(t.app.ctx.db, 'numero;nomeContribuinte;valorPgto\n555001;Contribuinte Um;45,90\n555002;Contribuinte Zero;0\n');
    const r = await call(t.app, t.userAdmin, { method: 'GET', url: '/api/romaneio/divida/555001' });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ nomeContribuinte: 'Contribuinte Um', valorPgto: 45.9 });
    const e = await call(t.app, t.userAdmin, { method: 'GET', url: '/api/estacionamento/divida/555002' });
    expect(e.body).toEqual({ nomeContribuinte: 'Contribuinte Zero', valorPgto: 0 });

    for (const rota of ['romaneio', 'estacionamento']) {
      const nf = await call(t.app, t.userAdmin, { method: 'GET', url: `/api/${rota}/divida/999999999` });
      expect(nf.status).toBe(404);
      expect(nf.body).toEqual({ status: 404, error: 'Not Found', message: 'Dívida não encontrada...' });
      const bad = await call(t.app, t.userAdmin, { method: 'GET', url: `/api/${rota}/divida/12a` });
      expect(bad.status).toBe(400);
      expect(bad.body.message).toBe('O número da dívida deve conter apenas dígitos');
    }
  });

  it('enforces permissions (romaneio / estacionamento visualizar)', async () => {
    for (const rota of ['romaneio', 'estacionamento']) {
      const url = `/api/${rota}/divida/555001`;
      // user-agro has neither romaneio nor estacionamento in the seed.
      const r = await call(t.app, t.agro, { method: 'GET', url });
      expect(r.status).toBe(403);
      expect(r.body.message).toBe(`Você não tem permissão para visualizar em ${rota}.`);
      expect((await call(t.app, t.semPerfil, { method: 'GET', url })).status).toBe(403);
      expect((await call(t.app, null, { method: 'GET', url })).status).toBe(401);
      expect((await call(t.app, t.admin, { method: 'GET', url })).status).toBe(200);
    }
  });

  describe('from an HTTP provider (DIVIDAS_URL)', () => {
    let server: Server;
    let base: string;
    let httpApp: FastifyInstance;
    const pedidos: string[] = [];

    beforeAll(async () => {
      server = createServer((req, res) => {
        pedidos.push(req.url ?? '');
        const numero = /\/dividas\/(\d+)$/.exec(req.url ?? '')?.[1];
        if (numero === '1001') {
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ nomeContribuinte: 'Via HTTP', valorPgto: 321.5 }));
        } else if (numero === '1002') {
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ nomeContribuinte: 'Texto', valorPgto: '12.30' }));
        } else if (numero === '1500') {
          res.writeHead(500);
          res.end('erro');
        } else if (numero === '1600') {
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end('{"outra": "coisa"}');
        } else if (numero === '1700') {
          setTimeout(() => res.end('{}'), 2000);
        } else {
          res.writeHead(404);
          res.end();
        }
      });
      await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
      base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      httpApp = await build({ dividasUrl: `${base}/api/dividas/{numero}` });
    });
    afterAll(async () => {
      await httpApp.close();
      server.closeAllConnections();
      await new Promise((ok) => server.close(ok));
    });

    it('answers from the remote system, 404 when it does not know the debt, 502 when it fails', async () => {
      const token = await tokenFor(httpApp, ['user-admin']);
      const r = await call(httpApp, token, { method: 'GET', url: '/api/romaneio/divida/1001' });
      expect(r.status).toBe(200);
      expect(r.body).toEqual({ nomeContribuinte: 'Via HTTP', valorPgto: 321.5 });
      expect(pedidos).toContain('/api/dividas/1001');
      expect((await call(httpApp, token, { method: 'GET', url: '/api/estacionamento/divida/1002' })).body).toEqual({
        nomeContribuinte: 'Texto',
        valorPgto: 12.3,
      });
      // The table is not consulted: the remote system is the source.
      const nf = await call(httpApp, token, { method: 'GET', url: '/api/estacionamento/divida/555001' });
      expect(nf.status).toBe(404);
      expect(nf.body.message).toBe('Dívida não encontrada...');
      for (const n of ['1500', '1600']) {
        const f = await call(httpApp, token, { method: 'GET', url: `/api/romaneio/divida/${n}` });
        expect(f.status).toBe(502);
        expect(f.body.message).toMatch(/sistema de arrecadação/);
      }
    });

    it('gives up after the timeout', async () => {
      const p = dividaHttpProvider(`${base}/api/dividas/{numero}`, { timeoutMs: 200 });
      const t0 = Date.now();
      await expect(p.buscar(1700)).rejects.toMatchObject({ status: 502 });
      expect(Date.now() - t0).toBeLessThan(1500);
      await expect(dividaHttpProvider('http://127.0.0.1:1/{numero}').buscar(1)).rejects.toMatchObject({ status: 502 });
    });
  });
});

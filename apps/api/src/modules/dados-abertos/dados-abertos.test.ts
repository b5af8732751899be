import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { COLUNAS_COTACAO_ABERTA, COLUNAS_MOVIMENTO_ABERTO, DADOS_ABERTOS_MSG } from '@ceasa/shared';
import { appDeTeste, call } from '../../../test/helpers';
import {
  inserirColheita,
  inserirGrupo,
  inserirLojaComItens,
  inserirMunicipio,
  inserirPessoa,
  inserirPreco,
  inserirProduto,
  inserirRomaneioComItens,
} from '../../../test/fabricas';

const t = appDeTeste({ tokens: ['admin'] });
const ids: Record<string, number> = {};

beforeAll(async () => {
  const tomates = await inserirGrupo(t.app, 'Tomate', 'CX 20kg');
  const folhas = await inserirGrupo(t.app, 'Alface', 'UN');
  ids.tomates = tomates;
  ids.folhas = folhas;
  ids.italiano = await inserirProduto(t.app, tomates, 'Tomate Italiano', { peso: 20 });
  ids.cereja = await inserirProduto(t.app, tomates, 'Tomate Cereja', { peso: 2 });
  ids.alface = await inserirProduto(t.app, folhas, 'Alface Crespa', { peso: 0.5 });
  // Prices of March 2026 (and one of April, outside the month).
  await inserirPreco(t.app, ids.italiano, '2026-03-02', 100);
  await inserirPreco(t.app, ids.cereja, '2026-03-02', 40);
  await inserirPreco(t.app, ids.italiano, '2026-03-09', 120);
  await inserirPreco(t.app, ids.alface, '2026-03-02', 3);
  await inserirPreco(t.app, ids.italiano, '2026-04-01', 500);

  const ibiuna = await inserirMunicipio(t.app, 'Ibiúna', 'SP');
  const imperatriz = await inserirMunicipio(t.app, 'Imperatriz', 'MA');
  const produtor = await inserirPessoa(t.app, 'João', 1);
  const tecnico = await inserirPessoa(t.app, 'Carla', 2);
  const lojista = await inserirPessoa(t.app, 'Zé', 3);
  const { item: bi } = await inserirColheita(t.app, {
    produtorId: produtor,
    tecnicoId: tecnico,
    municipioId: ibiuna,
    produtoId: ids.italiano,
    propriedade: 'Sítio',
    inicio: '2026-02-01',
    fim: '2026-05-31',
  });
  // 200 kg from Ibiúna; 15 kg, origin unknown.
  await inserirRomaneioComItens(t.app, produtor, '2026-03-02', 5001, [
    [ids.italiano, 10, bi],
    [ids.alface, 30, null],
  ]);
  await inserirRomaneioComItens(t.app, produtor, '2026-03-31', 5002, [[ids.italiano, 2.5, bi]]); // +50 kg from Ibiúna
  await inserirRomaneioComItens(t.app, produtor, '2026-04-01', 5003, [[ids.italiano, 99, bi]]); // April: not in March's file
  await inserirLojaComItens(t.app, lojista, '2026-03-05', [[ids.cereja, 7, imperatriz]]); // 14 kg from Imperatriz
});

const get = (url: string, headers: Record<string, string> = {}) => call(t.app, null, { method: 'GET', url, headers });

describe('GET /api/publico/cotacao (public, no token)', () => {
  it("answers the day's quotation per group with the public quotation's fields, an ETag and Cache-Control", async () => {
    const r = await get('/api/publico/cotacao?data=2026-03-02');
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(r.headers['cache-control']).toBe('public, no-cache');
    expect(r.headers.etag).toMatch(/^"[\w-]{27}"$/);
    expect(r.body).toEqual([
      {
        produtoGrupoId: ids.folhas,
        produtoGrupoNome: 'Alface',
        produtoGrupoUn: 'UN',
        valorMinimo: 3,
        valorMedio: 3,
        valorMaximo: 3,
        precoData: '2026-03-02',
        valorKgMinimo: 6,
        valorKgMedio: 6,
        valorKgMaximo: 6,
      },
      {
        produtoGrupoId: ids.tomates,
        produtoGrupoNome: 'Tomate',
        produtoGrupoUn: 'CX 20kg',
        valorMinimo: 40,
        valorMedio: 70,
        valorMaximo: 100,
        precoData: '2026-03-02',
        valorKgMinimo: 5,
        valorKgMedio: 12.5,
        valorKgMaximo: 20,
      },
    ]);
    // The same fields as the public quotation's rows (searchPrecosHome).
    const home = await call(t.app, null, { method: 'POST', url: '/api/precos/searchPrecosHome/produtoGrupoNome/asc', payload: { precoData: '2026-03-02' } });
    expect(home.body.content).toEqual(r.body);
    expect(COLUNAS_COTACAO_ABERTA).toEqual(Object.keys(r.body[0]));
  });

  it('If-None-Match with the ETag: 304 without a body; a new or changed price changes the answer and the ETag at once', async () => {
    const a = await get('/api/publico/cotacao?data=2026-03-02');
    const naoMudou = await get('/api/publico/cotacao?data=2026-03-02', { 'if-none-match': a.headers.etag as string });
    expect(naoMudou.status).toBe(304);
    expect(naoMudou.raw.body).toBe('');
    expect(naoMudou.headers.etag).toBe(a.headers.etag);
    expect((await get('/api/publico/cotacao?data=2026-03-02', { 'if-none-match': `"outra", W/${a.headers.etag}` })).status).toBe(304);

    // A new price: another answer and ETag on the very next call.
    const novo = await inserirPreco(t.app, ids.cereja, '2026-03-02', 10);
    const b = await get('/api/publico/cotacao?data=2026-03-02', { 'if-none-match': a.headers.etag as string });
    expect(b.status).toBe(200);
    expect(b.headers.etag).not.toBe(a.headers.etag);
    expect(b.body.find((l: { produtoGrupoNome: string }) => l.produtoGrupoNome === 'Tomate').valorMinimo).toBe(10);
    // A changed price: again.
    await t.app.ctx.db.execute(sql`UPDATE precos SET valor = 12 WHERE id = ${novo}`);
    const c = await get('/api/publico/cotacao?data=2026-03-02', { 'if-none-match': b.headers.etag as string });
    expect(c.status).toBe(200);
    expect(c.headers.etag).not.toBe(b.headers.etag);
    expect(c.body.find((l: { produtoGrupoNome: string }) => l.produtoGrupoNome === 'Tomate').valorMinimo).toBe(12);
    await t.app.ctx.db.execute(sql`DELETE FROM precos WHERE id = ${novo}`);
    expect((await get('/api/publico/cotacao?data=2026-03-02')).headers.etag).toBe(a.headers.etag);
  });

  it('formato=csv: text/csv with the same columns, its own ETag; a day without prices is an empty list', async () => {
    const r = await get('/api/publico/cotacao?data=2026-03-02&formato=csv');
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toBe('text/csv; charset=utf-8');
    const json = await get('/api/publico/cotacao?data=2026-03-02');
    expect(r.headers.etag).not.toBe(json.headers.etag);
    expect(r.raw.body.slice(1).split('\r\n')).toEqual([
      COLUNAS_COTACAO_ABERTA.join(';'),
      `${ids.folhas};Alface;UN;3;3;3;2026-03-02;6;6;6`,
      `${ids.tomates};Tomate;CX 20kg;40;70;100;2026-03-02;5;12.5;20`,
      '',
    ]);
    expect((await get('/api/publico/cotacao?data=2026-03-03&formato=csv', { 'if-none-match': r.headers.etag as string })).status).toBe(200);
    expect((await get('/api/publico/cotacao?data=2026-03-02&formato=csv', { 'if-none-match': r.headers.etag as string })).status).toBe(304);
    expect((await get('/api/publico/cotacao?data=2026-03-03')).body).toEqual([]);
  });

  it('refuses a missing or bad date in Portuguese', async () => {
    for (const [url, msg] of [
      ['/api/publico/cotacao', DADOS_ABERTOS_MSG.dataObrigatoria],
      ['/api/publico/cotacao?data=02/03/2026', DADOS_ABERTOS_MSG.dataInvalida],
      ['/api/publico/cotacao?data=2026-02-30', DADOS_ABERTOS_MSG.dataInvalida],
      ['/api/publico/cotacao?data=2026-03-02&formato=pdf', "O formato deve ser 'json' ou 'csv'"],
    ]) {
      const r = await get(url);
      expect(r.status, url).toBe(400);
      expect(r.body.message, url).toBe(msg);
    }
  });
});

describe('GET /api/publico/movimento (public, no token)', () => {
  it("the month's arrivals by product and municipality of origin, in kg, with the month's prices of the group", async () => {
    const r = await get('/api/publico/movimento?mes=2026-03');
    expect(r.status).toBe(200);
    expect(r.headers['cache-control']).toBe('public, no-cache');
    expect(r.headers.etag).toBeTruthy();
    const tomates = { produtoGrupoNome: 'Tomate', produtoGrupoUn: 'CX 20kg', valorMinimo: 40, valorMedio: 86.67, valorMaximo: 120 };
    expect(r.body).toEqual([
      {
        mes: '2026-03',
        produtoId: ids.alface,
        produtoNome: 'Alface Crespa',
        produtoGrupoNome: 'Alface',
        produtoGrupoUn: 'UN',
        municipioNome: null,
        municipioUf: null,
        quantidade: 30,
        quantidadeKg: 15,
        valorMinimo: 3,
        valorMedio: 3,
        valorMaximo: 3,
      },
      {
        mes: '2026-03',
        produtoId: ids.cereja,
        produtoNome: 'Tomate Cereja',
        ...tomates,
        municipioNome: 'Imperatriz',
        municipioUf: 'MA',
        quantidade: 7,
        quantidadeKg: 14,
      },
      {
        mes: '2026-03',
        produtoId: ids.italiano,
        produtoNome: 'Tomate Italiano',
        ...tomates,
        municipioNome: 'Ibiúna',
        municipioUf: 'SP',
        quantidade: 12.5,
        quantidadeKg: 250,
      },
    ]);
    const com304 = await get('/api/publico/movimento?mes=2026-03', { 'if-none-match': r.headers.etag as string });
    expect(com304.status).toBe(304);
    // A month without prices: the prices are null.
    const abril = await get('/api/publico/movimento?mes=2026-04');
    expect(abril.body).toEqual([
      expect.objectContaining({ produtoNome: 'Tomate Italiano', quantidadeKg: 1980, valorMinimo: 500, valorMedio: 500, valorMaximo: 500 }),
    ]);
    expect((await get('/api/publico/movimento?mes=2026-05')).body).toEqual([]);
  });

  it('formato=csv: text/csv, the documented columns, empty cells for a missing origin', async () => {
    const r = await get('/api/publico/movimento?mes=2026-03&formato=csv');
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(r.headers['content-disposition']).toBe('inline; filename="movimento-2026-03.csv"');
    const linhas = r.raw.body.slice(1).split('\r\n');
    expect(linhas[0]).toBe(COLUNAS_MOVIMENTO_ABERTO.join(';'));
    expect(linhas[1]).toBe(`2026-03;${ids.alface};Alface Crespa;Alface;UN;;;30;15;3;3;3`);
    expect(linhas[3]).toBe(`2026-03;${ids.italiano};Tomate Italiano;Tomate;CX 20kg;Ibiúna;SP;12.5;250;40;86.67;120`);
  });

  it('formato=csv: a product or municipality named like a formula goes out as text, the numbers as documented', async () => {
    // Decision 0150: every CSV neutralises a cell starting with =, +, -, @, tab or CR; numbers stay numbers.
    const g = await inserirGrupo(t.app, "=cmd|' /C calc'!A0", 'CX 10kg');
    const a = await inserirProduto(t.app, g, '@SUM(A1)', { peso: 10 });
    const b = await inserirProduto(t.app, g, '+1', { peso: 10 });
    await inserirPreco(t.app, a, '2026-07-06', 10.5);
    await inserirPreco(t.app, b, '2026-07-06', 20);
    const mun = await inserirMunicipio(t.app, '-1+1', 'GO');
    await inserirLojaComItens(t.app, await inserirPessoa(t.app, 'Lojista Julho', 3), '2026-07-06', [[a, 1.5, mun]]);
    const cotacao = (await get('/api/publico/cotacao?data=2026-07-06&formato=csv')).raw.body.slice(1).split('\r\n');
    expect(cotacao[1]).toBe(`${g};'=cmd|' /C calc'!A0;CX 10kg;10.5;15.25;20;2026-07-06;1.05;1.53;2`);
    const movimento = (await get('/api/publico/movimento?mes=2026-07&formato=csv')).raw.body.slice(1).split('\r\n');
    expect(movimento[1]).toBe(`2026-07;${a};'@SUM(A1);'=cmd|' /C calc'!A0;CX 10kg;'-1+1;GO;1.5;15;10.5;15.25;20`);
  });

  it('refuses a missing or bad month in Portuguese', async () => {
    for (const [url, msg] of [
      ['/api/publico/movimento', DADOS_ABERTOS_MSG.mesObrigatorio],
      ['/api/publico/movimento?mes=2026-13', DADOS_ABERTOS_MSG.mesInvalido],
      ['/api/publico/movimento?mes=03/2026', DADOS_ABERTOS_MSG.mesInvalido],
    ]) {
      const r = await get(url);
      expect(r.status, url).toBe(400);
      expect(r.body.message, url).toBe(msg);
    }
  });

  it('both files are in the OpenAPI document as public operations with their CSV form and headers', async () => {
    const doc = (await get('/api/docs/json')).body;
    for (const p of ['/api/publico/cotacao', '/api/publico/movimento']) {
      const op = doc.paths[p].get;
      expect(op.security).toEqual([]);
      expect(Object.keys(op.responses['200'].content)).toEqual(['application/json', 'text/csv']);
      expect(Object.keys(op.responses['200'].headers)).toEqual(['ETag', 'Cache-Control']);
      expect(op.responses['304']).toBeDefined();
    }
  });
});

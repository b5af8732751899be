import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { appDeTeste, build, call, countRows } from '../../../test/helpers';
import { inserirGrupo, inserirPreco, inserirProduto } from '../../../test/fabricas';
import { CANAL_PRECOS } from '../../plugins/avisos-de-escrita';

/** The public quotation (searchPrecosHome) and the price-history chart: no token needed. */
let tomate: number;
let acucar: number;

const t = appDeTeste();
beforeAll(async () => {
  tomate = await inserirGrupo(t.app, 'Tomate', 'CX 20kg');
  acucar = await inserirGrupo(t.app, 'Açúcar', 'SC 50kg');
  const t1 = await inserirProduto(t.app, tomate, 'Tomate Italiano', { peso: 20 });
  const t2 = await inserirProduto(t.app, tomate, 'Tomate Santa Cruz', { peso: 25 });
  const t3 = await inserirProduto(t.app, tomate, 'Tomate Cereja', { peso: 1 });
  const a1 = await inserirProduto(t.app, acucar, 'Açúcar Cristal', { peso: 50 });
  const a2 = await inserirProduto(t.app, acucar, 'Açúcar Refinado', { peso: 1 });
  await inserirPreco(t.app, t1, '2024-06-03', '100.00');
  await inserirPreco(t.app, t2, '2024-06-03', '90.50');
  await inserirPreco(t.app, t3, '2024-06-03', '5.25');
  await inserirPreco(t.app, t1, '2024-06-06', '110.00');
  await inserirPreco(t.app, t2, '2024-06-06', '100.00');
  await inserirPreco(t.app, a1, '2024-06-03', '150.00');
  await inserirPreco(t.app, a2, '2024-06-03', '3.33');
  await inserirPreco(t.app, t1, '2024-01-10', '80.00');
});

const home = (payload: object | undefined, caminho = 'precoData/desc', query = 'page=0&size=20') =>
  call(t.app, null, { method: 'POST', url: `/api/precos/searchPrecosHome/${caminho}?${query}`, payload });

const tomate0606 = () => ({
  produtoGrupoId: tomate,
  produtoGrupoNome: 'Tomate',
  produtoGrupoUn: 'CX 20kg',
  valorMinimo: 100,
  valorMedio: 105,
  valorMaximo: 110,
  precoData: '2024-06-06',
  valorKgMinimo: 4,
  valorKgMedio: 4.75,
  valorKgMaximo: 5.5,
});
const acucar0603 = () => ({
  produtoGrupoId: acucar,
  produtoGrupoNome: 'Açúcar',
  produtoGrupoUn: 'SC 50kg',
  valorMinimo: 3.33,
  valorMedio: 76.67, // (150 + 3.33) / 2 = 76.665
  valorMaximo: 150,
  precoData: '2024-06-03',
  valorKgMinimo: 3,
  valorKgMedio: 3.17, // (3.00 + 3.33) / 2 = 3.165
  valorKgMaximo: 3.33,
});
const tomate0603 = () => ({
  produtoGrupoId: tomate,
  produtoGrupoNome: 'Tomate',
  produtoGrupoUn: 'CX 20kg',
  valorMinimo: 5.25,
  valorMedio: 65.25, // (100 + 90.50 + 5.25) / 3
  valorMaximo: 100,
  precoData: '2024-06-03',
  valorKgMinimo: 3.62, // 90.50 / 25
  valorKgMedio: 4.62, // (5.00 + 3.62 + 5.25) / 3 = 4.6233
  valorKgMaximo: 5.25,
});
const tomate0110 = () => ({
  produtoGrupoId: tomate,
  produtoGrupoNome: 'Tomate',
  produtoGrupoUn: 'CX 20kg',
  valorMinimo: 80,
  valorMedio: 80,
  valorMaximo: 80,
  precoData: '2024-01-10',
  valorKgMinimo: 4,
  valorKgMedio: 4,
  valorKgMaximo: 4,
});

describe('precos/searchPrecosHome (public)', () => {
  it('aggregates min/avg/max per group and date with exact numbers, newest date first then name', async () => {
    const r = await home({});
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ content: [tomate0606(), acucar0603(), tomate0603(), tomate0110()], totalElements: 4, totalPages: 1, number: 0, size: 20 });
    const semCorpo = await call(t.app, null, { method: 'POST', url: '/api/precos/searchPrecosHome/precoData/desc' });
    expect(semCorpo.status).toBe(200);
    expect(semCorpo.body.content).toHaveLength(4);
  });

  it('filters by group name (accent-insensitive), date, group id and values', async () => {
    expect((await home({ produtoGrupoNome: 'acucar' })).body.content).toEqual([acucar0603()]);
    expect((await home({ produtoGrupoNome: 'ÇÚC' })).body.content).toEqual([acucar0603()]);
    expect((await home({ precoData: '2024-06-03' })).body.content).toEqual([acucar0603(), tomate0603()]);
    expect((await home({ precoData: '2024-06-03T03:00:00.000Z' })).body.content).toEqual([acucar0603(), tomate0603()]);
    expect((await home({ produtoGrupoId: tomate })).body.totalElements).toBe(3);
    expect((await home({ produtoGrupoId: String(tomate), precoData: '2024-06-06' })).body.content).toEqual([tomate0606()]);
    expect((await home({ valorMinimo: '3,33' })).body.content).toEqual([acucar0603()]);
    expect((await home({ valorMedio: '65.25' })).body.content).toEqual([tomate0603()]);
    expect((await home({ valorMaximo: 110 })).body.content).toEqual([tomate0606()]);
    expect(
      (await home({ produtoGrupoNome: '', precoData: null, produtoGrupoId: '', valorMinimo: null, valorMedio: '', valorMaximo: undefined })).body.totalElements,
    ).toBe(4);
    expect((await home({ precoData: '2030-01-01' })).body).toEqual({ content: [], totalElements: 0, totalPages: 0, number: 0, size: 20 });
  });

  it('sorts by every column and pages after the aggregation', async () => {
    const ordem = async (campo: string, dir: string) =>
      (await home({}, `${campo}/${dir}`)).body.content.map((r: { produtoGrupoNome: string; precoData: string }) => `${r.produtoGrupoNome} ${r.precoData}`);
    expect(await ordem('valorMinimo', 'asc')).toEqual(['Açúcar 2024-06-03', 'Tomate 2024-06-03', 'Tomate 2024-01-10', 'Tomate 2024-06-06']);
    expect(await ordem('valorMedio', 'desc')).toEqual(['Tomate 2024-06-06', 'Tomate 2024-01-10', 'Açúcar 2024-06-03', 'Tomate 2024-06-03']);
    expect(await ordem('valorMaximo', 'desc')).toEqual(['Açúcar 2024-06-03', 'Tomate 2024-06-06', 'Tomate 2024-06-03', 'Tomate 2024-01-10']);
    expect(await ordem('precoData', 'asc')).toEqual(['Tomate 2024-01-10', 'Açúcar 2024-06-03', 'Tomate 2024-06-03', 'Tomate 2024-06-06']);
    expect(await ordem('produtoGrupoNome', 'asc')).toEqual(['Açúcar 2024-06-03', 'Tomate 2024-06-06', 'Tomate 2024-06-03', 'Tomate 2024-01-10']);
    expect(await ordem('produtoGrupoNome', 'desc')).toEqual(['Tomate 2024-06-06', 'Tomate 2024-06-03', 'Tomate 2024-01-10', 'Açúcar 2024-06-03']);
    expect(await ordem('produtoGrupoUn', 'desc')).toEqual(['Açúcar 2024-06-03', 'Tomate 2024-06-06', 'Tomate 2024-06-03', 'Tomate 2024-01-10']);
    expect(await ordem('produtoGrupoId', 'desc')).toEqual(['Açúcar 2024-06-03', 'Tomate 2024-06-06', 'Tomate 2024-06-03', 'Tomate 2024-01-10']);
    expect(await ordem('valorKgMinimo', 'asc')).toEqual(['Açúcar 2024-06-03', 'Tomate 2024-06-03', 'Tomate 2024-06-06', 'Tomate 2024-01-10']);
    expect(await ordem('valorKgMedio', 'desc')).toEqual(['Tomate 2024-06-06', 'Tomate 2024-06-03', 'Tomate 2024-01-10', 'Açúcar 2024-06-03']);
    expect(await ordem('valorKgMaximo', 'asc')).toEqual(['Açúcar 2024-06-03', 'Tomate 2024-01-10', 'Tomate 2024-06-03', 'Tomate 2024-06-06']);
    // An unknown column is a pt-BR 400 (the sort fields are a closed list, decision 0076).
    expect((await home({}, 'inexistente/asc')).body).toEqual({ status: 400, error: 'Bad Request', message: 'Campo de ordenação inválido: inexistente' });

    const p1 = await home({}, 'precoData/desc', 'page=1&size=3');
    expect(p1.body).toEqual({ content: [tomate0110()], totalElements: 4, totalPages: 2, number: 1, size: 3 });
    // A page past the end carries no row to read the total from: it is still the total.
    expect((await home({}, 'precoData/desc', 'page=5&size=3')).body).toEqual({ content: [], totalElements: 4, totalPages: 2, number: 5, size: 3 });
    expect((await home({ produtoGrupoId: tomate }, 'precoData/desc', 'page=5&size=3')).body).toEqual({
      content: [],
      totalElements: 3,
      totalPages: 1,
      number: 5,
      size: 3,
    });
    expect((await home({}, 'precoData/desc', 'size=1001')).status).toBe(400);
  });

  it('stays right when prices and products change (the aggregate is kept by the database)', async () => {
    const grupo = await inserirGrupo(t.app, 'Cebola', 'SC 20kg');
    const outro = await inserirGrupo(t.app, 'Alho', 'CX 10kg');
    const c1 = await inserirProduto(t.app, grupo, 'Cebola Nacional', { peso: 20 });
    const c2 = await inserirProduto(t.app, grupo, 'Cebola Roxa', { peso: 10 });
    const linha = async (g: number) => (await home({ produtoGrupoId: g, precoData: '2025-01-02' })).body.content;

    const a = await call(t.app, t.admin, { method: 'POST', url: '/api/precos', payload: { produtoId: c1, data: '2025-01-02', valor: 40 } });
    const b = await call(t.app, t.admin, { method: 'POST', url: '/api/precos', payload: { produtoId: c2, data: '2025-01-02', valor: '30,00' } });
    expect(await linha(grupo)).toEqual([
      expect.objectContaining({ valorMinimo: 30, valorMedio: 35, valorMaximo: 40, valorKgMinimo: 2, valorKgMedio: 2.5, valorKgMaximo: 3 }),
    ]);
    await call(t.app, t.admin, { method: 'PUT', url: '/api/precos', payload: { id: b.body.id, produtoId: c2, data: '2025-01-02', valor: 50 } });
    expect(await linha(grupo)).toEqual([expect.objectContaining({ valorMinimo: 40, valorMedio: 45, valorMaximo: 50, valorKgMaximo: 5 })]);

    // the product's weight and group come from the product: editing it moves its prices
    const put = await call(t.app, t.admin, {
      method: 'PUT',
      url: '/api/produto',
      payload: { id: c2, nome: 'Cebola Roxa', embalagem: 'CX', pesoEmKg: 25, produtoGrupoId: outro, status: 'ATIVO' },
    });
    expect(put.status).toBe(200);
    expect(await linha(grupo)).toEqual([expect.objectContaining({ valorMinimo: 40, valorMedio: 40, valorMaximo: 40, valorKgMedio: 2 })]);
    expect(await linha(outro)).toEqual([
      expect.objectContaining({ produtoGrupoNome: 'Alho', produtoGrupoUn: 'CX 10kg', valorMinimo: 50, valorMaximo: 50, valorKgMinimo: 2, valorKgMaximo: 2 }),
    ]);

    // the price moves to another day, then goes away
    await call(t.app, t.admin, { method: 'PUT', url: `/api/precos/${a.body.id}`, payload: { produtoId: c1, data: '2025-01-03', valor: 40 } });
    expect(await linha(grupo)).toEqual([]);
    expect((await home({ produtoGrupoId: grupo })).body.content.map((r: { precoData: string }) => r.precoData)).toEqual(['2025-01-03']);
    expect((await call(t.app, t.admin, { method: 'DELETE', url: `/api/precos/${a.body.id}` })).status).toBe(204);
    expect((await home({ produtoGrupoId: grupo })).body.totalElements).toBe(0);

    // a refused write leaves it as it was
    const antes = (await home({})).body;
    expect((await call(t.app, t.admin, { method: 'POST', url: '/api/precos', payload: { produtoId: 999999, data: '2025-01-02', valor: 1 } })).status).toBe(400);
    expect((await home({})).body).toEqual(antes);

    // the unfiltered totals (a counter kept by the triggers) match a real count
    const grupos = await t.app.ctx.db.execute(
      sql`SELECT count(*)::int AS n FROM (SELECT DISTINCT pr.produto_grupo_id, p.data FROM precos p JOIN produto pr ON pr.id = p.produto_id) x`,
    );
    expect(antes.totalElements).toBe(Number((grupos.rows[0] as { n: number }).n));
    const lista = await call(t.app, t.admin, { method: 'GET', url: '/api/precos' });
    expect(lista.body.totalElements).toBe(await countRows(t.app, 'precos'));
    // short "contains" filters: their totals match a recount
    for (const [campo, coluna, texto] of [
      ['valorMinimo', 'valor_minimo', '5'],
      ['valorMedio', 'valor_medio', ',5'],
      ['valorMaximo', 'valor_maximo', '10'],
    ]) {
      const n = await t.app.ctx.db.execute(
        sql`SELECT count(*)::int AS n FROM precos_resumo WHERE ${sql.raw(coluna)}::text LIKE ${'%' + texto.replace(',', '.') + '%'}`,
      );
      expect((await home({ [campo]: texto })).body.totalElements, `${campo} ${texto}`).toBe(Number((n.rows[0] as { n: number }).n));
    }
  });

  it('stays right under concurrent writes to the same group and day', async () => {
    const g = await inserirGrupo(t.app, 'Concorrência', 'CX');
    const produtos = await Promise.all(Array.from({ length: 8 }, (_, i) => inserirProduto(t.app, g, `Concorrente ${i}`, { peso: 2 })));
    const r = await Promise.all(
      produtos.map((produtoId, i) => call(t.app, t.admin, { method: 'POST', url: '/api/precos', payload: { produtoId, data: '2025-03-03', valor: 10 + i } })),
    );
    expect(r.map((x) => x.status)).toEqual(produtos.map(() => 201));
    expect((await home({ produtoGrupoId: g })).body.content).toEqual([
      expect.objectContaining({ valorMinimo: 10, valorMedio: 13.5, valorMaximo: 17, valorKgMinimo: 5, valorKgMedio: 6.75, valorKgMaximo: 8.5 }),
    ]);
    await Promise.all(r.slice(0, 4).map((x) => call(t.app, t.admin, { method: 'DELETE', url: `/api/precos/${x.body.id}` })));
    expect((await home({ produtoGrupoId: g })).body.content).toEqual([expect.objectContaining({ valorMinimo: 14, valorMedio: 15.5, valorMaximo: 17 })]);
    const lista = await call(t.app, t.admin, { method: 'GET', url: '/api/precos' });
    expect(lista.body.totalElements).toBe(await countRows(t.app, 'precos'));
  });

  it('empties the aggregate and its totals when the prices are truncated', async () => {
    const outro = await build();
    try {
      const g = await inserirGrupo(outro, 'Quiabo');
      const p = await inserirProduto(outro, g, 'Quiabo Liso');
      await inserirPreco(outro, p, '2025-02-03', 9);
      const total = async () =>
        (await call(outro, null, { method: 'POST', url: '/api/precos/searchPrecosHome/precoData/desc', payload: {} })).body.totalElements;
      expect(await total()).toBe(1);
      // Written beside the app (as psql would): the app is told, as its own writes tell it (plugins/avisos-de-escrita.ts).
      await outro.ctx.db.execute(sql`TRUNCATE precos`);
      await outro.avisos.avisar(CANAL_PRECOS);
      expect(await total()).toBe(0);
      expect(await countRows(outro, 'precos_resumo')).toBe(0);
      await inserirPreco(outro, p, '2025-02-03', 9);
      await outro.avisos.avisar(CANAL_PRECOS);
      expect(await total()).toBe(1);
    } finally {
      await outro.close();
    }
  });

  it('serves the price history of a group for the chart', async () => {
    const r = await call(t.app, null, { method: 'GET', url: `/api/precos/historico/${tomate}` });
    expect(r.status).toBe(200);
    expect(r.body).toEqual([
      { data: '2024-06-03', valorMinimo: 5.25, valorMedio: 65.25, valorMaximo: 100 },
      { data: '2024-06-06', valorMinimo: 100, valorMedio: 105, valorMaximo: 110 },
    ]);
    const ano = await call(t.app, null, { method: 'GET', url: `/api/precos/historico/${tomate}?dias=365` });
    expect(ano.body.map((p: { data: string }) => p.data)).toEqual(['2024-01-10', '2024-06-03', '2024-06-06']);
    const um = await call(t.app, null, { method: 'GET', url: `/api/precos/historico/${tomate}?dias=1` });
    expect(um.body.map((p: { data: string }) => p.data)).toEqual(['2024-06-06']);
    const vazio = await inserirGrupo(t.app, 'Sem preços');
    expect((await call(t.app, null, { method: 'GET', url: `/api/precos/historico/${vazio}` })).body).toEqual([]);
    const nf = await call(t.app, null, { method: 'GET', url: '/api/precos/historico/999999' });
    expect(nf.status).toBe(404);
    expect(nf.body.message).toBe('Grupo de produto não encontrado');
    expect((await call(t.app, null, { method: 'GET', url: `/api/precos/historico/${tomate}?dias=0` })).status).toBe(400);
    expect((await call(t.app, null, { method: 'GET', url: '/api/precos/historico/abc' })).status).toBe(400);
  });

  it('answers a price written, changed or removed in the next quotation after a kept one', async () => {
    const primeira = async () =>
      (await call(t.app, null, { method: 'POST', url: '/api/precos/searchPrecosHome/precoData/desc?page=0&size=20', payload: {} })).body;
    const g = await inserirGrupo(t.app, 'Pitaia', 'CX');
    const p = await inserirProduto(t.app, g, 'Pitaia Vermelha', { peso: 2 });
    // A write through the app tells the cache; the page is then kept (a write beside the app, as psql would do it, is not seen).
    const a = await call(t.app, t.admin, { method: 'POST', url: '/api/precos', payload: { produtoId: p, data: '2031-01-06', valor: 10 } });
    expect(a.status).toBe(201);
    expect((await primeira()).content[0]).toMatchObject({ produtoGrupoId: g, precoData: '2031-01-06', valorMinimo: 10, valorMaximo: 10 });
    await inserirPreco(t.app, p, '2031-01-06', 40);
    expect((await primeira()).content[0]).toMatchObject({ produtoGrupoId: g, valorMinimo: 10, valorMaximo: 10 });

    // Each write through the API is in the very next answer (and so is what was written beside it).
    // (a second price of the day, far below the other: confirmed, decision 0136)
    const b = await call(t.app, t.admin, { method: 'POST', url: '/api/precos', payload: { produtoId: p, data: '2031-01-06', valor: 4, confirmar: true } });
    expect(b.status).toBe(201);
    expect((await primeira()).content[0]).toMatchObject({ produtoGrupoId: g, valorMinimo: 4, valorMedio: 18, valorMaximo: 40 });
    const c = await call(t.app, t.admin, { method: 'PUT', url: `/api/precos/${b.body.id}`, payload: { produtoId: p, data: '2031-01-06', valor: 16 } });
    expect(c.status).toBe(200);
    expect((await primeira()).content[0]).toMatchObject({ valorMinimo: 10, valorMedio: 22, valorMaximo: 40, valorKgMinimo: 5 });
    expect((await call(t.app, t.admin, { method: 'DELETE', url: `/api/precos/${a.body.id}` })).status).toBe(204);
    expect((await primeira()).content[0]).toMatchObject({ valorMinimo: 16, valorMedio: 28, valorMaximo: 40 });
    // A group renamed through the API: its new name at once.
    const grupo = (await call(t.app, t.admin, { method: 'GET', url: `/api/produtoGrupo/${g}` })).body;
    const r = await call(t.app, t.admin, { method: 'PUT', url: `/api/produtoGrupo/${g}`, payload: { ...grupo, nome: 'Pitaia Nacional' } });
    expect(r.status).toBe(200);
    expect((await primeira()).content[0]).toMatchObject({ produtoGrupoId: g, produtoGrupoNome: 'Pitaia Nacional' });
  });
});

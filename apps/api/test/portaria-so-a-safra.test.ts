import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ATIVOS_DESDE_MSG, COLHEITA_EM_MSG } from '@ceasa/shared';
import {
  inserirBoletim,
  inserirBoletimItem,
  inserirGrupo,
  inserirPessoa,
  inserirProduto,
  inserirProdutorComColheita,
  inserirRomaneio,
  inserirRomaneioItem,
} from './fabricas';
import { appDeTeste, call } from './helpers';

/**
 * The gate form asks for a season's rows, not every row of every year:
 * - GET boletimitens/produtos/{pessoaId}?colheitaEm=d1,d2: the items harvestable on one of the dates (decision 0125);
 * - GET pessoa/tipo/1?ativosDesde=d: the producers with a harvest ending on or after d (decision 0126).
 * Without the parameters both answer as before (every item, every producer).
 */
const t = appDeTeste();

let produtor: number;
let antigo: number;
let semBoletim: number;
let tecnico: number;
/** The producer's items: an old bulletin's (2019), this season's tomato (Nov–Dec 2026) and lettuce (Dec 2026–Jan 2027). */
let it2019: number;
let itTomate: number;
let itAlface: number;
/** Romaneios of the producer: one with a tomato item, one with lettuce, one with both. */
const romaneios: { tomate?: number; alface?: number; ambos?: number } = {};

const get = (url: string, token = t.userAdmin) => call(t.app, token, { method: 'GET', url: `/api/${url}` });
const ids = (body: { id: number }[]) => body.map((x) => x.id).sort((a, b) => a - b);

beforeAll(async () => {
  const app = t.app;
  const grupo = await inserirGrupo(app, 'Hortaliças');
  const tomate = await inserirProduto(app, grupo, 'Tomate Safra');
  const alface = await inserirProduto(app, grupo, 'Alface Safra');
  let propriedade: number;
  ({
    produtor,
    tecnico,
    propriedade,
    item: itTomate,
  } = await inserirProdutorComColheita(app, tomate, { produtor: 'Safra Atual', inicio: '2026-11-01', fim: '2026-12-10' }));
  const boletim = await inserirBoletim(app, { produtorId: produtor, tecnicoId: tecnico, propriedadeId: propriedade, dataEmissao: '2026-10-15' });
  itAlface = await inserirBoletimItem(app, boletim, alface, '2026-12-01', '2027-01-31');
  const velho = await inserirBoletim(app, { produtorId: produtor, tecnicoId: tecnico, propriedadeId: propriedade, dataEmissao: '2019-03-01' });
  it2019 = await inserirBoletimItem(app, velho, tomate, '2019-04-01', '2019-06-30');
  // A producer whose last harvest ended in 2019, and one with no bulletin.
  antigo = await inserirPessoa(app, 'Safra Antiga', 1);
  const outro = await inserirBoletim(app, { produtorId: antigo, tecnicoId: tecnico, propriedadeId: propriedade, dataEmissao: '2019-03-01' });
  await inserirBoletimItem(app, outro, alface, '2019-04-01', '2019-05-31');
  semBoletim = await inserirPessoa(app, 'Sem Boletim Algum', 1);
  romaneios.tomate = await inserirRomaneio(app, produtor, '2026-11-30', 881001);
  await inserirRomaneioItem(app, romaneios.tomate, tomate, 5, itTomate);
  romaneios.alface = await inserirRomaneio(app, produtor, '2026-12-03', 881002);
  await inserirRomaneioItem(app, romaneios.alface, alface, 5, itAlface);
  romaneios.ambos = await inserirRomaneio(app, produtor, '2026-12-07', 881003);
  await inserirRomaneioItem(app, romaneios.ambos, alface, 5, itAlface);
  await inserirRomaneioItem(app, romaneios.ambos, tomate, 5, itTomate);
});

describe('GET boletimitens/produtos/{pessoaId}?colheitaEm (decision 0125)', () => {
  it('without it: every item of every bulletin of the producer, as before', async () => {
    const r = await get(`boletimitens/produtos/${produtor}`);
    expect(r.status).toBe(200);
    expect(ids(r.body)).toEqual([itTomate, itAlface, it2019].sort((a, b) => a - b));
  });

  it('one date: only the items whose harvest window contains it (both ends included)', async () => {
    const nov = await get(`boletimitens/produtos/${produtor}?colheitaEm=2026-11-30`);
    expect(nov.status).toBe(200);
    expect(ids(nov.body)).toEqual([itTomate]);
    expect(nov.body[0]).toMatchObject({ produtoNome: 'Tomate Safra', inicioColheita: '2026-11-01', fimColheita: '2026-12-10' });
    expect(ids((await get(`boletimitens/produtos/${produtor}?colheitaEm=2026-12-10`)).body)).toEqual([itTomate, itAlface].sort((a, b) => a - b));
    expect(ids((await get(`boletimitens/produtos/${produtor}?colheitaEm=2027-01-31`)).body)).toEqual([itAlface]);
    expect((await get(`boletimitens/produtos/${produtor}?colheitaEm=2026-10-31`)).body).toEqual([]);
  });

  it('several dates: the items harvestable on at least one, in the same order as without (product name, then id)', async () => {
    const r = await get(`boletimitens/produtos/${produtor}?colheitaEm=2027-01-04,2026-11-30,2026-11-30`);
    expect(r.status).toBe(200);
    expect(r.body.map((x: { id: number }) => x.id)).toEqual([itAlface, itTomate]);
    const todos = (await get(`boletimitens/produtos/${produtor}`)).body as { id: number }[];
    expect(todos.filter((x) => x.id !== it2019)).toEqual(r.body);
  });

  it('refuses a malformed or impossible date, an empty value and more than 31 dates with 400 in Portuguese', async () => {
    const muitas = Array.from({ length: 32 }, (_, i) => `2026-01-${String(i + 1).padStart(2, '0')}`.replace('2026-01-32', '2026-02-01')).join(',');
    for (const v of ['30/11/2026', '2026-11-31', '2026-02-30', '', '2026-11-30,', 'hoje', muitas]) {
      const r = await get(`boletimitens/produtos/${produtor}?colheitaEm=${encodeURIComponent(v)}`);
      expect(r.status, v).toBe(400);
      expect(r.body.message, v).toBe(COLHEITA_EM_MSG.invalida);
    }
    // 31 dates are accepted.
    const trinta = Array.from({ length: 31 }, (_, i) => `2026-12-${String(i + 1).padStart(2, '0')}`).join(',');
    expect((await get(`boletimitens/produtos/${produtor}?colheitaEm=${trinta}`)).status).toBe(200);
  });

  it('keeps the route its access: no profile, 403; no token, 401', async () => {
    expect((await get(`boletimitens/produtos/${produtor}?colheitaEm=2026-11-30`, t.semPerfil)).status).toBe(403);
    expect((await call(t.app, null, { method: 'GET', url: `/api/boletimitens/produtos/${produtor}?colheitaEm=2026-11-30` })).status).toBe(401);
  });
});

describe('GET pessoa/tipo/1?ativosDesde (decision 0126)', () => {
  it('without it: every producer, with and without bulletins, as before', async () => {
    const r = await get('pessoa/tipo/1');
    expect(r.status).toBe(200);
    expect(ids(r.body)).toEqual(expect.arrayContaining([produtor, antigo, semBoletim]));
  });

  it('only the producers with a bulletin item whose harvest ends on that day or later, each once, by name', async () => {
    const r = await get('pessoa/tipo/1?ativosDesde=2025-11-30');
    expect(r.status).toBe(200);
    // Two items of this season and one of 2019: listed once; the 2019-only producer and the one without a bulletin are not.
    expect(r.body).toEqual([{ id: produtor, nome: 'Safra Atual', cpfcnpj: expect.any(String), carteiraValidaAte: null, suspensoes: [] }]);
    // The harvest's last day counts; the day after, nobody.
    expect(ids((await get('pessoa/tipo/1?ativosDesde=2027-01-31')).body)).toEqual([produtor]);
    expect((await get('pessoa/tipo/1?ativosDesde=2027-02-01')).body).toEqual([]);
    // Far enough back, the 2019 producer too, in name order.
    const todos = await get('pessoa/tipo/1?ativosDesde=2019-05-31');
    expect(todos.body.map((p: { nome: string }) => p.nome)).toEqual(['Safra Antiga', 'Safra Atual']);
  });

  it('refuses a bad date, and the filter on another type than producers, with 400 in Portuguese', async () => {
    for (const v of ['30/11/2025', '2025-02-30', '', 'ontem']) {
      const r = await get(`pessoa/tipo/1?ativosDesde=${encodeURIComponent(v)}`);
      expect(r.status, v).toBe(400);
      expect(r.body.message, v).toBe(ATIVOS_DESDE_MSG.invalida);
    }
    const tecnicos = await get('pessoa/tipo/2?ativosDesde=2025-11-30');
    expect(tecnicos.status).toBe(400);
    expect(tecnicos.body.message).toBe(ATIVOS_DESDE_MSG.soProdutores);
    expect(ids((await get('pessoa/tipo/2')).body)).toContain(tecnico);
  });

  it('keeps the route its access: any profile; no profile, 403', async () => {
    expect((await get('pessoa/tipo/1?ativosDesde=2025-11-30', t.agro)).status).toBe(200);
    expect((await get('pessoa/tipo/1?ativosDesde=2025-11-30', t.semPerfil)).status).toBe(403);
  });
});

describe('the romaneio list filtered by a product name (checked from the items index)', () => {
  const buscar = async (produtoNome: string) => {
    const r = await call(t.app, t.userAdmin, { method: 'POST', url: '/api/romaneio/searchRomaneio/desc/dataEmissao?page=0&size=20', payload: { produtoNome } });
    expect(r.status).toBe(200);
    return { ids: (r.body.content as { id: number }[]).map((x) => x.id), total: r.body.totalElements as number };
  };

  it('a romaneio with an item of a product whose name contains the text, each once, newest first, with its total', async () => {
    expect(await buscar('TOMÁTE saf')).toEqual({ ids: [romaneios.ambos, romaneios.tomate], total: 2 });
    expect(await buscar('alface')).toEqual({ ids: [romaneios.ambos, romaneios.alface], total: 2 });
    // Two matching items in one romaneio: it is listed and counted once.
    expect(await buscar('safra')).toEqual({ ids: [romaneios.ambos, romaneios.alface, romaneios.tomate], total: 3 });
    // LIKE's own signs are text.
    expect(await buscar('%')).toEqual({ ids: [], total: 0 });
    expect(await buscar('tomate_safra')).toEqual({ ids: [], total: 0 });
  });

  it('counts up to 1,000 (decision 0098) from the products\' items: 1,001 romaneios say "more than 1,000"; the same with another filter too', async () => {
    const app = t.app;
    const grupo = await inserirGrupo(app, 'Contagem');
    const repolho = await inserirProduto(app, grupo, 'Repolho Contado');
    const couve = await inserirProduto(app, grupo, 'Couve Contada');
    // 1,001 romaneios of one producer: each with a cabbage item, every other one with a kale item too.
    await app.ctx.db.execute(sql`INSERT INTO romaneio_divida (divida) SELECT 990000 + g FROM generate_series(1, 1001) g`);
    await app.ctx.db
      .execute(sql`WITH r AS (INSERT INTO romaneio (data_emissao, divida, pessoa_id) SELECT '2026-11-02'::date, 990000 + g, ${antigo}::int FROM generate_series(1, 1001) g RETURNING id)
      INSERT INTO romaneio_itens (romaneio_id, produto_id, quantidade) SELECT id, ${repolho}::int, 1 FROM r UNION ALL SELECT id, ${couve}::int, 1 FROM r WHERE id % 2 = 0`);
    const pagina = async (filtro: Record<string, unknown>) =>
      (await call(t.app, t.userAdmin, { method: 'POST', url: '/api/romaneio/searchRomaneio/desc/dataEmissao?page=0&size=20', payload: filtro })).body;
    // Over the cap: 1,000 and not exact, for one product and for two (a romaneio with both counted once).
    expect(await pagina({ produtoNome: 'repolho contado' })).toMatchObject({ totalElements: 1000, totalExato: false, totalPages: 50 });
    expect(await pagina({ produtoNome: 'contad' })).toMatchObject({ totalElements: 1000, totalExato: false });
    // Under it, exact: the kale items are in 500 or 501 romaneios.
    const couves = await pagina({ produtoNome: 'couve contada' });
    const esperado = Number(
      (await app.ctx.db.execute(sql`SELECT count(DISTINCT romaneio_id)::int AS n FROM romaneio_itens WHERE produto_id = ${couve}`)).rows[0].n,
    );
    expect(couves.totalElements).toBe(esperado);
    expect(couves.totalExato).toBeUndefined();
    // With the producer too (the ordinary count): the same totals.
    expect((await pagina({ produtoNome: 'couve contada', produtor: { id: antigo } })).totalElements).toBe(esperado);
    expect(await pagina({ produtoNome: 'repolho contado', produtor: { id: antigo } })).toMatchObject({ totalElements: 1000, totalExato: false });
  });
});

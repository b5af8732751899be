import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { RECALL_COLUNAS, RECALL_MSG, codigoDoLote } from '@ceasa/shared';
import { seedReference } from '../../db/seed/reference';
import { appDeTeste, call } from '../../../test/helpers';
import {
  inserirBoletim,
  inserirBoletimItem,
  inserirCadernoComAplicacao,
  inserirGrupo,
  inserirLoja,
  inserirLojaItem,
  inserirMunicipio,
  inserirPessoa,
  inserirProduto,
  inserirPropriedade,
  inserirRomaneio,
  inserirRomaneioItem,
  reservarPedra,
} from '../../../test/fabricas';

const t = appDeTeste();
const ids: Record<string, number> = {};
const r1 = { romaneio: 0, a: 0, b: 0 };
const itens: Record<'a' | 'b' | 'c' | 'd' | 'e', number> = { a: 0, b: 0, c: 0, d: 0, e: 0 };

/**
 * The prepared data set: João (Sítio, Ibiúna) sprayed 'Inseticida Ácaro-Mortal' on his tomato item,
 * Maria (Chácara, Piedade) 'Fungicida Cobre' on hers; five romaneio items over March and April 2026;
 * shop sheets with tomato and lettuce on those days.
 */
beforeAll(async () => {
  const g = await inserirGrupo(t.app, 'Tomate');
  ids.tomate = await inserirProduto(t.app, g, 'Tomate Italiano', { peso: 20, embalagem: 'CX 20kg' });
  ids.alface = await inserirProduto(t.app, g, 'Alface Crespa', { peso: 1, embalagem: 'UN' });
  const ibiuna = await inserirMunicipio(t.app, 'Ibiúna', 'SP');
  const piedade = await inserirMunicipio(t.app, 'Piedade', 'SP');
  ids.joao = await inserirPessoa(t.app, 'João Lavrador', 1, '11987650001');
  ids.maria = await inserirPessoa(t.app, 'Maria Horta', 1, null);
  const tecnico = await inserirPessoa(t.app, 'Carla Técnica', 2);
  const ze = await inserirPessoa(t.app, 'Zé da Banca', 3);
  const ana = await inserirPessoa(t.app, 'Ana Verduras', 3);
  ids.sitio = await inserirPropriedade(t.app, 'Sítio Boa Vista', ibiuna, ids.joao);
  ids.chacara = await inserirPropriedade(t.app, 'Chácara Serra', piedade, ids.maria);
  const b1 = await inserirBoletim(t.app, { produtorId: ids.joao, tecnicoId: tecnico, propriedadeId: ids.sitio, dataEmissao: '2026-01-10' });
  const b2 = await inserirBoletim(t.app, { produtorId: ids.maria, tecnicoId: tecnico, propriedadeId: ids.chacara, dataEmissao: '2026-01-10' });
  const bi1 = await inserirBoletimItem(t.app, b1, ids.tomate, '2026-02-01', '2026-05-31');
  const bi2 = await inserirBoletimItem(t.app, b1, ids.alface, '2026-02-01', '2026-05-31');
  const bi3 = await inserirBoletimItem(t.app, b2, ids.tomate, '2026-02-01', '2026-05-31');
  await inserirCadernoComAplicacao(t.app, bi1, ids.tomate, { nomeProduto: 'Inseticida Ácaro-Mortal', data: '2026-02-10', periodoCarencia: 7 });
  await inserirCadernoComAplicacao(t.app, bi3, ids.tomate, { nomeProduto: 'Fungicida Cobre 50%', data: '2026-02-12', periodoCarencia: 3 });

  r1.romaneio = await inserirRomaneio(t.app, ids.joao, '2026-03-02', 9001);
  itens.a = await inserirRomaneioItem(t.app, r1.romaneio, ids.tomate, 10, bi1);
  itens.b = await inserirRomaneioItem(t.app, r1.romaneio, ids.alface, 5, bi2);
  await reservarPedra(t.app, r1.romaneio, '12', '2026-03-02');
  await reservarPedra(t.app, r1.romaneio, '3', '2026-03-02');
  const r2 = await inserirRomaneio(t.app, ids.joao, '2026-03-09', 9002);
  itens.c = await inserirRomaneioItem(t.app, r2, ids.tomate, 4, bi1);
  const r3 = await inserirRomaneio(t.app, ids.maria, '2026-03-02', 9003);
  itens.d = await inserirRomaneioItem(t.app, r3, ids.tomate, 7, bi3);
  await reservarPedra(t.app, r3, '40', '2026-03-02');
  const r4 = await inserirRomaneio(t.app, ids.maria, '2026-04-20', 9004);
  itens.e = await inserirRomaneioItem(t.app, r4, ids.tomate, 1, null);

  ids.l1 = await inserirLoja(t.app, ze, '2026-03-02');
  await inserirLojaItem(t.app, ids.l1, ids.tomate, 3, ibiuna);
  await inserirLojaItem(t.app, ids.l1, ids.tomate, 2, piedade);
  await inserirLojaItem(t.app, ids.l1, ids.alface, 1, ibiuna);
  ids.l2 = await inserirLoja(t.app, ana, '2026-03-02');
  await inserirLojaItem(t.app, ids.l2, ids.alface, 6, ibiuna);
  ids.l3 = await inserirLoja(t.app, ana, '2026-03-09');
  await inserirLojaItem(t.app, ids.l3, ids.tomate, 8, piedade);
});

const recall = (query: Record<string, string | number>, token = t.admin) =>
  call(t.app, token, { method: 'GET', url: '/api/recall', query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])) });
const itensDe = (body: { itemId: number }[]) => body.map((i) => i.itemId);
/** An item's lot code as its label prints it: its random code (decision 0107). */
const loteDe = async (itemId: number) =>
  ((await t.app.ctx.db.execute(sql`SELECT codigo_lote AS c FROM romaneio_itens WHERE id = ${itemId}`)).rows[0] as { c: string }).c;

describe('GET /api/recall', () => {
  it('from a lot: the lot and every item taken from the same bulletin item, with stalls, producer, property and the shops of that day', async () => {
    const lote = await loteDe(itens.a);
    const r = await recall({ lote: lote.toLowerCase() });
    expect(r.status).toBe(200);
    expect(itensDe(r.body)).toEqual([itens.c, itens.a]);
    const a = r.body[1];
    expect(a).toEqual({
      romaneioId: r1.romaneio,
      itemId: itens.a,
      lote,
      dataEmissao: '2026-03-02',
      pedras: '3, 12',
      produtoId: ids.tomate,
      produtoNome: 'Tomate Italiano',
      produtoEmbalagem: 'CX 20kg',
      quantidade: 10,
      quantidadeKg: 200,
      produtorId: ids.joao,
      produtorNome: 'João Lavrador',
      produtorCelular: '11987650001',
      propriedadeId: ids.sitio,
      propriedadeNome: 'Sítio Boa Vista',
      municipioNome: 'Ibiúna',
      municipioUf: 'SP',
      boletimItemId: expect.any(Number),
      lojas: [{ lojaId: ids.l1, lojistaNome: 'Zé da Banca', quantidade: 5 }],
      // No shop sheet named this lot as sold (decision 0181: loja/lotes.test.ts).
      compradores: [],
    });
    expect(r.body[0].lojas).toEqual([{ lojaId: ids.l3, lojistaNome: 'Ana Verduras', quantidade: 8 }]);
    expect(r.body[0].pedras).toBe('');
  });

  it('from a lot without a bulletin item: that item alone; an unknown or malformed code: nothing', async () => {
    const r4 = (await t.app.ctx.db.execute(sql`SELECT romaneio_id AS id FROM romaneio_itens WHERE id = ${itens.e}`)).rows[0] as { id: number };
    const r = await recall({ lote: await loteDe(itens.e) });
    expect(itensDe(r.body)).toEqual([itens.e]);
    // A new item's sequential code names nothing; an item saved before random codes keeps its old one.
    expect((await recall({ lote: codigoDoLote(r4.id, itens.e) })).body).toEqual([]);
    await t.app.ctx.db.execute(sql`UPDATE romaneio_itens SET codigo_lote = NULL WHERE id = ${itens.e}`);
    try {
      const antigo = await recall({ lote: codigoDoLote(r4.id, itens.e) });
      expect(itensDe(antigo.body)).toEqual([itens.e]);
      expect(antigo.body[0].lote).toBe(codigoDoLote(r4.id, itens.e));
    } finally {
      await t.app.ctx.db.execute(sql`UPDATE romaneio_itens SET codigo_lote = f_codigo_lote() WHERE id = ${itens.e}`);
    }
    expect(r.body[0]).toMatchObject({ propriedadeId: null, propriedadeNome: null, municipioNome: null, boletimItemId: null, produtorCelular: null });
    expect((await recall({ lote: '999999R999999' })).body).toEqual([]);
    expect((await recall({ lote: 'ABC' })).body).toEqual([]);
  });

  it('from a producer, a property and a product; the period bounds the issue date; points given together narrow', async () => {
    expect(itensDe((await recall({ pessoaId: ids.joao })).body)).toEqual([itens.c, itens.a, itens.b]);
    expect(itensDe((await recall({ propriedadeId: ids.chacara })).body)).toEqual([itens.d]);
    expect(itensDe((await recall({ produtoId: ids.tomate })).body)).toEqual([itens.e, itens.c, itens.d, itens.a]);
    expect(itensDe((await recall({ produtoId: ids.tomate, inicio: '2026-03-01', fim: '2026-03-31' })).body)).toEqual([itens.c, itens.d, itens.a]);
    expect(itensDe((await recall({ produtoId: ids.tomate, inicio: '2026-03-03' })).body)).toEqual([itens.e, itens.c]);
    expect(itensDe((await recall({ produtoId: ids.tomate, fim: '2026-03-02' })).body)).toEqual([itens.d, itens.a]);
    expect(itensDe((await recall({ pessoaId: ids.joao, produtoId: ids.alface })).body)).toEqual([itens.b]);
    const alface = (await recall({ pessoaId: ids.joao, produtoId: ids.alface })).body[0];
    expect(alface.lojas).toEqual([
      { lojaId: ids.l1, lojistaNome: 'Zé da Banca', quantidade: 1 },
      { lojaId: ids.l2, lojistaNome: 'Ana Verduras', quantidade: 6 },
    ]);
  });

  it('from a chemical product applied: contains, accents and case ignored, wildcards taken literally', async () => {
    expect(itensDe((await recall({ produtoAplicado: 'acaro' })).body)).toEqual([itens.c, itens.a]);
    expect(itensDe((await recall({ produtoAplicado: 'ÁCARO-MORTAL' })).body)).toEqual([itens.c, itens.a]);
    expect(itensDe((await recall({ produtoAplicado: 'cobre 50%' })).body)).toEqual([itens.d]);
    expect(itensDe((await recall({ produtoAplicado: 'co_re' })).body)).toEqual([]);
    expect(itensDe((await recall({ produtoAplicado: 'inseticida', fim: '2026-03-05' })).body)).toEqual([itens.a]);
  });

  it('formato=csv: the same rows as a CSV for a pt-BR spreadsheet (dd/mm/yyyy, the phone as text)', async () => {
    const r = await recall({ pessoaId: ids.joao, formato: 'csv' });
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toBe('text/csv; charset=utf-8');
    const texto = r.raw.body;
    expect(texto.startsWith('\uFEFF')).toBe(true);
    const linhas = texto.slice(1).split('\r\n');
    expect(linhas[0]).toBe(RECALL_COLUNAS.join(';'));
    expect(linhas).toHaveLength(5); // header, three items (newest first), the final line break
    expect(linhas[4]).toBe('');
    expect(linhas[2]).toBe(
      `${r1.romaneio};${await loteDe(itens.a)};02/03/2026;3, 12;Tomate Italiano;CX 20kg;10;200;João Lavrador;(11) 98765-0001;Sítio Boa Vista;Ibiúna;SP;Loja ${ids.l1} - Zé da Banca (5);`,
    );
    expect(linhas[3]).toBe(
      `${r1.romaneio};${await loteDe(itens.b)};02/03/2026;3, 12;Alface Crespa;UN;5;5;João Lavrador;(11) 98765-0001;Sítio Boa Vista;Ibiúna;SP;Loja ${ids.l1} - Zé da Banca (1) | Loja ${ids.l2} - Ana Verduras (6);`,
    );
  });

  it('formato=csv: a name that a spreadsheet would run as a formula goes out as text; decimals with a comma', async () => {
    // Names a person can give themselves (decision 0150): each starts with a formula character.
    const g = await inserirGrupo(t.app, 'Pepino');
    const pepino = await inserirProduto(t.app, g, '@SUM(A1)', { peso: 1.5, embalagem: '+1' });
    const mun = await inserirMunicipio(t.app, '-1+1', 'SP');
    const tecnico = await inserirPessoa(t.app, 'Técnica Pepino', 2);
    const produtor = await inserirPessoa(t.app, "=cmd|' /C calc'!A0", 1, '6232210000');
    const sitio = await inserirPropriedade(t.app, '\tSítio', mun, produtor);
    const b = await inserirBoletim(t.app, { produtorId: produtor, tecnicoId: tecnico, propriedadeId: sitio, dataEmissao: '2026-06-01' });
    const bi = await inserirBoletimItem(t.app, b, pepino, '2026-06-01', '2026-06-30');
    const r = await inserirRomaneio(t.app, produtor, '2026-06-15', 9101);
    const item = await inserirRomaneioItem(t.app, r, pepino, 2.5, bi);
    const csv = await recall({ pessoaId: produtor, formato: 'csv' });
    expect(csv.status).toBe(200);
    expect(csv.raw.body.slice(1).split('\r\n')[1]).toBe(
      `${r};${await loteDe(item)};15/06/2026;;'@SUM(A1);'+1;2,5;3,75;'=cmd|' /C calc'!A0;(62) 3221-0000;'\tSítio;'-1+1;SP;;`,
    );
  });

  it('refuses in Portuguese a search without a starting point, a bad date, a reversed period, a bad id or format', async () => {
    const casos: [Record<string, string | number>, string][] = [
      [{}, RECALL_MSG.semPontoDePartida],
      [{ inicio: '2026-03-01', fim: '2026-03-31' }, RECALL_MSG.semPontoDePartida],
      [{ produtoId: ids.tomate, inicio: '2026-02-30' }, RECALL_MSG.inicioInvalido],
      [{ produtoId: ids.tomate, fim: '31/03/2026' }, RECALL_MSG.fimInvalido],
      [{ produtoId: ids.tomate, inicio: '2026-04-01', fim: '2026-03-01' }, RECALL_MSG.periodoInvalido],
      [{ pessoaId: 'abc' }, RECALL_MSG.produtorInvalido],
      [{ produtoAplicado: 'a' }, RECALL_MSG.produtoAplicadoInvalido],
      [{ pessoaId: ids.joao, formato: 'xls' }, RECALL_MSG.formatoInvalido],
    ];
    for (const [q, mensagem] of casos) {
      const r = await recall(q);
      expect(r.status, JSON.stringify(q)).toBe(400);
      expect(r.body.message, JSON.stringify(q)).toBe(mensagem);
    }
  });

  it('is for super-admin and user-admin (route name recall), not for user-agro nor anonymous callers', async () => {
    expect((await recall({ pessoaId: ids.joao }, t.userAdmin)).status).toBe(200);
    expect((await recall({ pessoaId: ids.joao }, t.agro)).status).toBe(403);
    expect((await call(t.app, null, { method: 'GET', url: `/api/recall?pessoaId=${ids.joao}` })).status).toBe(401);
  });

  it('a database made before recall existed gives it to user-admin at the next start', async () => {
    const db = t.app.ctx.db;
    await db.execute(sql`DELETE FROM permissoes WHERE rota_id = (SELECT id FROM rotas WHERE nome = 'recall')`);
    await db.execute(sql`DELETE FROM rotas WHERE nome = 'recall'`);
    await seedReference(db, { adminEmail: 'admin@teste.local', adminPassword: 'admin-senha' });
    const r = await db.execute(
      sql`SELECT p.grupo_id AS grupo, p.visualizar, p.criar FROM permissoes p JOIN rotas r ON r.id = p.rota_id WHERE r.nome = 'recall' ORDER BY 1`,
    );
    expect(r.rows).toEqual([
      { grupo: 1, visualizar: true, criar: false },
      { grupo: 3, visualizar: true, criar: true },
    ]);
  });
});

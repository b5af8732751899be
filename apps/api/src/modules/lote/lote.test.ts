import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ALFABETO_LOTE } from '@ceasa/shared';
import { appDeTeste, call, countRows } from '../../../test/helpers';
import { CANAL_ESCRITAS, CANAL_LOTES, CANAL_PRECOS } from '../../plugins/avisos-de-escrita';
import {
  inserirBoletim,
  inserirBoletimItem,
  inserirCaderno,
  inserirGrupo,
  inserirMunicipio,
  inserirPessoa,
  inserirProduto,
  inserirPropriedade,
  inserirRomaneio,
  inserirRomaneioItem,
} from '../../../test/fabricas';

/**
 * GET romaneio/lote/{lote}: the public lot page's data, without a token; any code that names no lot is a clean 404.
 * The items of the first romaneios are made older items (no random code: their code is 'romaneioIdRitemId').
 */
const t = appDeTeste({ tokens: ['admin'] });
let romaneio: number;
let outro: number;
let item1: number;
let item2: number;
let itemOutro: number;
let itemSemBoletim: number;
let produtorCpf: string;
let produtor: number;
let tomate: number;
let alface: number;
let municipio: number;
let tecnico: number;
/** The lettuce's bulletin item (harvest 2026-05-01 to 2026-06-30, no notebook). */
let bAlface: number;
/** A new item (its random code) of a stall-booked romaneio, its bulletin item with a notebook. */
let novo: { id: number; romaneio: number; codigo: string; boletimItem: number };

beforeAll(async () => {
  const { app } = t;
  const grupo = await inserirGrupo(app, 'Tomate');
  tomate = await inserirProduto(app, grupo, 'Tomate Italiano', { embalagem: 'CX 20kg' });
  alface = await inserirProduto(app, grupo, 'Alface Crespa', { embalagem: 'Engradado' });
  produtor = await inserirPessoa(app, 'Maria da Horta');
  tecnico = await inserirPessoa(app, 'Técnico Agrícola');
  municipio = await inserirMunicipio(app, 'Vale Verde', 'MG');
  const propriedade = await inserirPropriedade(app, 'Sítio Boa Vista', municipio, produtor);
  const boletim = await inserirBoletim(app, { produtorId: produtor, tecnicoId: tecnico, propriedadeId: propriedade, dataEmissao: '2026-05-01' });
  const bTomate = await inserirBoletimItem(app, boletim, tomate, '2026-05-01', '2026-06-30');
  bAlface = await inserirBoletimItem(app, boletim, alface, '2026-05-01', '2026-06-30');
  romaneio = await inserirRomaneio(app, produtor, '2026-05-04', 880001);
  item1 = await inserirRomaneioItem(app, romaneio, tomate, 100, bTomate);
  item2 = await inserirRomaneioItem(app, romaneio, alface, 30.5, bAlface);
  itemSemBoletim = await inserirRomaneioItem(app, romaneio, alface, 2, null);
  outro = await inserirRomaneio(app, produtor, '2026-05-07', 880002);
  itemOutro = await inserirRomaneioItem(app, outro, tomate, 50, bTomate);
  // Saved before random lot codes (migration 0018): no code of their own.
  await app.ctx.db.execute(sql`UPDATE romaneio_itens SET codigo_lote = NULL`);
  const r = await app.ctx.db.execute(`SELECT cpfcnpj FROM pessoa WHERE id = ${produtor}` as never);
  produtorCpf = (r.rows[0] as { cpfcnpj: string }).cpfcnpj;

  // A new item: a bulletin item with a notebook (an application whose period ended on 2026-05-11), sold on
  // Monday 2026-05-11 from stalls 12 and 3.
  const b2 = await inserirBoletimItem(app, boletim, tomate, '2026-05-01', '2026-07-15');
  await inserirCaderno(app, b2, tomate, [{ nomeProduto: 'Inseticida X', data: '2026-05-01', periodoCarencia: 10 }]);
  const rn = await inserirRomaneio(app, produtor, '2026-05-11', 880003);
  const id = await inserirRomaneioItem(app, rn, tomate, 40, b2);
  for (const numero of ['12', '3'])
    await app.ctx.db.execute(
      sql`INSERT INTO romaneio_pedras (romaneio_id, pedra_id, data) SELECT ${rn}, id, '2026-05-11' FROM pedras WHERE trim(numero) = ${numero}`,
    );
  const c = await app.ctx.db.execute(sql`SELECT codigo_lote FROM romaneio_itens WHERE id = ${id}`);
  novo = { id, romaneio: rn, codigo: (c.rows[0] as { codigo_lote: string }).codigo_lote, boletimItem: b2 };
});

const mascarado = (cpf: string) => `***.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-**`;

const lote = (codigo: string, token: string | null = null) => call(t.app, token, { method: 'GET', url: `/api/romaneio/lote/${codigo}` });

describe('GET /api/romaneio/lote/{lote}', () => {
  it('answers the lot of the first item without a token: product, producer, property, municipality, date, destination', async () => {
    const r = await lote(`${romaneio}R${item1}`);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      lote: `${romaneio}R${item1}`,
      produtoNome: 'Tomate Italiano',
      produtoEmbalagem: 'CX 20kg',
      produtoPesoEmKg: 1,
      quantidade: 100,
      produtorNome: 'Maria da Horta',
      // LGPD: the middle six digits only.
      cpfcnpj: mascarado(produtorCpf),
      propriedadeNome: 'Sítio Boa Vista',
      municipioNome: 'Vale Verde',
      dataEmissao: '2026-05-04',
      destino: t.app.ctx.config.settings.destinoLote,
      inicioColheita: '2026-05-01',
      fimColheita: '2026-06-30',
      pedras: [],
      carenciaRespeitada: null,
      // The romaneio's entity fields (docs/produto/dados.md), narrowed to the lot's item; no person id (decision 0105).
      id: romaneio,
      pessoa: { nome: 'Maria da Horta', cpfcnpj: mascarado(produtorCpf) },
      itens: [
        {
          id: item1,
          romaneioId: romaneio,
          produtoId: tomate,
          produtoNome: 'Tomate Italiano',
          produtoEmbalagem: 'CX 20kg',
          produtoPesoEmKg: 1,
          quantidade: 100,
          boletimItensBoletimPropriedadeNome: 'Sítio Boa Vista',
          boletimItensBoletimPropriedadeMunicipioNome: 'Vale Verde',
        },
      ],
    });
    expect(r.body.destino).toMatch(/CEASA Regional/);
    expect(r.body.cpfcnpj).toMatch(/^\*\*\*\.\d{3}\.\d{3}-\*\*$/);
    expect(JSON.stringify(r.body)).not.toContain(produtorCpf);
  });

  it('a new item opens by its random code only (12 signs, any case), with its harvest window, stalls and respected withdrawal period', async () => {
    expect(novo.codigo).toMatch(new RegExp(`^[${ALFABETO_LOTE}]{12}$`));
    const r = await lote(novo.codigo);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      lote: novo.codigo,
      id: novo.romaneio,
      quantidade: 40,
      dataEmissao: '2026-05-11',
      inicioColheita: '2026-05-01',
      fimColheita: '2026-07-15',
      pedras: ['3', '12'],
      carenciaRespeitada: true,
      cpfcnpj: mascarado(produtorCpf),
    });
    expect(r.body.pessoa).toEqual({ nome: 'Maria da Horta', cpfcnpj: mascarado(produtorCpf) });
    expect((await lote(novo.codigo.toLowerCase())).body.lote).toBe(novo.codigo);
    // Its sequential code names nothing: the next lot cannot be guessed from one label.
    expect((await lote(`${novo.romaneio}R${novo.id}`)).status).toBe(404);
    // The database keeps each code unique.
    await expect(t.app.ctx.db.execute(sql`UPDATE romaneio_itens SET codigo_lote = ${novo.codigo} WHERE id = ${item1}`)).rejects.toThrow();
  });

  it('carenciaRespeitada is false when an application of its notebook had not ended its period on the commerce date', async () => {
    await t.app.ctx.db.execute(
      sql`INSERT INTO aplicacao_produtos_quimicos (caderno_id, data, periodo_carencia, praga_doenca_alvo, nome_produto, dose, forma_dose, volume_calda, operador)
        SELECT id, '2026-05-08', 4, 'Ácaro', 'Acaricida Y', 1, 'L_M', 100, 'Operador' FROM caderno WHERE boletim_item_id = ${novo.boletimItem}`,
    );
    // Written in SQL, not through the API: the kept lot answers hear of it as a write through the app would tell them.
    await t.app.avisos.avisar('lotes');
    expect((await lote(novo.codigo)).body.carenciaRespeitada).toBe(false);
    await t.app.ctx.db.execute(sql`DELETE FROM aplicacao_produtos_quimicos WHERE nome_produto = 'Acaricida Y'`);
    await t.app.avisos.avisar('lotes');
    expect((await lote(novo.codigo)).body.carenciaRespeitada).toBe(true);
  });

  it("a company's CNPJ is shown whole; no answer carries the person's id", async () => {
    const empresa = await inserirPessoa(t.app, 'Hortifruti Vale Ltda');
    await t.app.ctx.db.execute(sql`UPDATE pessoa SET cpfcnpj = '12345678000195' WHERE id = ${empresa}`);
    const prop = await inserirPropriedade(t.app, 'Fazenda Empresa', municipio, empresa);
    const b = await inserirBoletim(t.app, { produtorId: empresa, tecnicoId: tecnico, propriedadeId: prop, dataEmissao: '2026-05-01' });
    const bi = await inserirBoletimItem(t.app, b, alface, '2026-05-01', '2026-06-30');
    const rom = await inserirRomaneio(t.app, empresa, '2026-05-14', 880004);
    const item = await inserirRomaneioItem(t.app, rom, alface, 3, bi);
    const c = await t.app.ctx.db.execute(sql`SELECT codigo_lote FROM romaneio_itens WHERE id = ${item}`);
    const r = await lote((c.rows[0] as { codigo_lote: string }).codigo_lote);
    expect(r.status).toBe(200);
    expect(r.body.cpfcnpj).toBe('12.345.678/0001-95');
    expect(r.body.pessoa).toEqual({ nome: 'Hortifruti Vale Ltda', cpfcnpj: '12.345.678/0001-95' });
    expect(r.body.carenciaRespeitada).toBeNull();
    expect(JSON.stringify(r.body)).not.toMatch(new RegExp(`"(pessoaId|produtorId)"|"pessoa":\\{"id"`));
    expect(r.body.pessoa).not.toHaveProperty('id');
  });

  it("answers each item's own lot (one label per item), and the item's product", async () => {
    const r = await lote(`${romaneio}R${item2}`);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ lote: `${romaneio}R${item2}`, produtoNome: 'Alface Crespa', produtoEmbalagem: 'Engradado', dataEmissao: '2026-05-04' });
    expect(r.body.itens).toMatchObject([{ id: item2, produtoNome: 'Alface Crespa', quantidade: 30.5 }]);
    // A lowercase 'r' is the same code.
    expect((await lote(`${outro}r${itemOutro}`)).body).toMatchObject({ lote: `${outro}R${itemOutro}`, dataEmissao: '2026-05-07' });
  });

  it('an item taken from no bulletin has no property or municipality, and still answers', async () => {
    const r = await lote(`${romaneio}R${itemSemBoletim}`);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ propriedadeNome: null, municipioNome: null, produtorNome: 'Maria da Horta' });
  });

  it("no public route answers a person's whole CPF or id (every route the app declares public, taken from its route table)", async () => {
    const { formatCpfCnpj } = await import('@ceasa/shared');
    const publicas = t.app.rotasApi.filter((r) => r.acesso === 'publico');
    expect(publicas.map((r) => r.url)).toContain('/api/romaneio/lote/:lote');
    let lidas = 0;
    for (const r of publicas)
      for (const lote of [novo.codigo, `${romaneio}R${item1}`]) {
        const url = r.url
          .replace(':lote', lote)
          .replace(':dir', 'desc')
          .replace(':field', 'precoData')
          .replace(/:[a-zA-Z]+/g, '1');
        const res = await call(t.app, null, { method: r.method as 'GET', url, ...(r.method === 'POST' ? { payload: {} } : {}) });
        const texto = res.raw.body;
        expect(texto, url).not.toContain(produtorCpf);
        expect(texto, url).not.toContain(formatCpfCnpj(produtorCpf));
        expect(texto, url).not.toMatch(/"pessoaId"|"produtorId"/);
        if (res.status === 200) lidas++;
      }
    expect(lidas).toBeGreaterThanOrEqual(4);
  });

  it('is the same with a token (a public route ignores it)', async () => {
    expect((await lote(`${romaneio}R${item1}`, t.admin)).status).toBe(200);
  });

  const semDados = [
    ['abc', 'letters'],
    ['1R', 'no item'],
    ['R1', 'no romaneio'],
    ['99999999999R1', 'an id longer than any'],
    ['0R0', 'zero ids'],
    ['999999R999999', 'unknown ids'],
    ['-1R1', 'a sign'],
    ['1.5R2', 'a decimal'],
    ['1R2R3', 'two Rs'],
    ["1R1'%20OR%20'1'='1", 'SQL in the item'],
    ['1%3BDROP%20TABLE%20romaneio', 'SQL after the romaneio'],
    ['%27%3B--', 'a quote and a comment'],
    ['%F0%9F%8D%85', 'an emoji'],
  ] as const;
  it.each(semDados)("answers 404 'Sem dados para mostrar.' for %s (%s), never a 500", async (codigo) => {
    const r = await lote(codigo);
    expect(r.status).toBe(404);
    expect(r.body).toMatchObject({ status: 404, message: 'Sem dados para mostrar.' });
  });

  it("refuses an item of another romaneio (the code's item must belong to its romaneio)", async () => {
    for (const codigo of [`${romaneio}R${itemOutro}`, `${outro}R${item1}`, `${outro}R${item2}`]) {
      const r = await lote(codigo);
      expect(r.status, codigo).toBe(404);
      expect(r.body.message).toBe('Sem dados para mostrar.');
    }
  });

  it('a control character is refused like everywhere in the API (400, pt-BR), not a 500', async () => {
    const r = await lote('1R%00');
    expect(r.status).toBe(400);
    expect(r.body.message).toMatch(/caracteres de controle|inválid/i);
  });

  it('the SQL-looking codes changed nothing', async () => {
    expect(await countRows(t.app, 'romaneio')).toBe(4);
    expect(await countRows(t.app, 'romaneio_itens')).toBe(6);
    expect((await lote(`${romaneio}R${item1}`)).status).toBe(200);
  });

  it('answers the romaneio as edited in the very next call after a kept answer', async () => {
    const codigo = `${outro}R${itemOutro}`;
    expect((await lote(codigo)).body.quantidade).toBe(50);
    // Kept: a change written beside the app (as psql would) is not seen...
    await t.app.ctx.db.execute(`UPDATE romaneio_itens SET quantidade = 90 WHERE id = ${itemOutro}` as never);
    expect((await lote(codigo)).body.quantidade).toBe(50);
    // ...an edit through the API is, at once.
    const r = await call(t.app, t.admin, { method: 'GET', url: `/api/romaneio/${outro}` });
    const itens = r.body.itens.map((i: { id: number; produtoId: number; quantidade: number; boletimItensId: number | null }) => ({
      id: i.id,
      produtoId: i.produtoId,
      quantidade: i.id === itemOutro ? 120 : i.quantidade,
      boletimItensId: i.boletimItensId,
    }));
    const corpo = { id: outro, dataEmissao: r.body.dataEmissao, divida: r.body.divida, pessoaId: r.body.pessoaId, pedras: [], itens };
    const put = await call(t.app, t.admin, { method: 'PUT', url: `/api/romaneio/${outro}`, payload: corpo });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect((await lote(codigo)).body.quantidade).toBe(120);
    const qtde = await call(t.app, t.admin, { method: 'PUT', url: '/api/romaneioitens/updateQtde', payload: { id: itemOutro, quantidade: 50 } });
    expect(qtde.status).toBe(200);
    expect((await lote(codigo)).body.quantidade).toBe(50);
  });
});

describe('what a write drops of the kept lot pages (decision 0221)', () => {
  it('a price saved and a new romaneio keep them (neither changes a lot page); a correction drops them; the open data hears every write', async () => {
    const ouvidos: string[] = [];
    const parar = [CANAL_LOTES, CANAL_PRECOS, CANAL_ESCRITAS].map((c) => t.app.avisos.ouvir(c, () => ouvidos.push(c)));
    try {
      const codigo = `${romaneio}R${item2}`;
      const antes = (await lote(codigo)).body;
      expect(antes.quantidade).toBe(30.5);
      // Changed beside the app (as psql would): a kept answer shows it only after a write that may change a lot page.
      await t.app.ctx.db.execute(sql`UPDATE romaneio_itens SET quantidade = 31 WHERE id = ${item2}`);

      const preco = await call(t.app, t.admin, { method: 'POST', url: '/api/precos', payload: { produtoId: alface, data: '2026-05-18', valor: 12 } });
      expect(preco.status, JSON.stringify(preco.body)).toBe(201);
      expect(ouvidos.splice(0)).toEqual([CANAL_ESCRITAS, CANAL_PRECOS]);
      expect((await lote(codigo)).body).toEqual(antes);

      const novo = await call(t.app, t.admin, {
        method: 'POST',
        url: '/api/romaneio',
        payload: [
          { dataEmissao: '2026-05-18', divida: 880009, pessoaId: produtor, pedras: [], itens: [{ produtoId: alface, quantidade: 7, boletimItensId: bAlface }] },
        ],
      });
      expect(novo.status, JSON.stringify(novo.body)).toBe(201);
      expect(ouvidos.splice(0)).toEqual([CANAL_ESCRITAS]);
      expect((await lote(codigo)).body).toEqual(antes);
      // The new romaneio's lot opens at once (a code that named no lot was never kept).
      const codigoNovo = novo.body[0].itens[0].lote as string;
      expect(await lote(codigoNovo)).toMatchObject({ status: 200, body: { lote: codigoNovo, quantidade: 7, dataEmissao: '2026-05-18' } });

      // A correction may change a lot page: all are dropped, and the next call reads the item as it is now.
      const qtde = await call(t.app, t.admin, { method: 'PUT', url: '/api/romaneioitens/updateQtde', payload: { id: item2, quantidade: 32 } });
      expect(qtde.status).toBe(200);
      expect(ouvidos.splice(0)).toEqual([CANAL_ESCRITAS, CANAL_LOTES]);
      expect((await lote(codigo)).body).toEqual({ ...antes, quantidade: 32, itens: [{ ...antes.itens[0], quantidade: 32 }] });
    } finally {
      parar.forEach((p) => p());
    }
  });
});

import { beforeAll, describe, expect, it } from 'vitest';
import { appDeTeste, call, countRows } from '../../../test/helpers';
import {
  inserirBoletim,
  inserirBoletimItem,
  inserirGrupo,
  inserirMunicipio,
  inserirPessoa,
  inserirProduto,
  inserirPropriedade,
  inserirRomaneio,
  inserirRomaneioItem,
} from '../../../test/fabricas';

/** GET romaneio/lote/{lote}: the public lot page's data, without a token; any code that names no lot is a clean 404. */
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

beforeAll(async () => {
  const { app } = t;
  const grupo = await inserirGrupo(app, 'Tomate');
  tomate = await inserirProduto(app, grupo, 'Tomate Italiano', { embalagem: 'CX 20kg' });
  const alface = await inserirProduto(app, grupo, 'Alface Crespa', { embalagem: 'Engradado' });
  produtor = await inserirPessoa(app, 'Maria da Horta');
  const tecnico = await inserirPessoa(app, 'Técnico Agrícola');
  const municipio = await inserirMunicipio(app, 'Vale Verde', 'MG');
  const propriedade = await inserirPropriedade(app, 'Sítio Boa Vista', municipio, produtor);
  const boletim = await inserirBoletim(app, { produtorId: produtor, tecnicoId: tecnico, propriedadeId: propriedade, dataEmissao: '2026-05-01' });
  const bTomate = await inserirBoletimItem(app, boletim, tomate, '2026-05-01', '2026-06-30');
  const bAlface = await inserirBoletimItem(app, boletim, alface, '2026-05-01', '2026-06-30');
  romaneio = await inserirRomaneio(app, produtor, '2026-05-04', 880001);
  item1 = await inserirRomaneioItem(app, romaneio, tomate, 100, bTomate);
  item2 = await inserirRomaneioItem(app, romaneio, alface, 30.5, bAlface);
  itemSemBoletim = await inserirRomaneioItem(app, romaneio, alface, 2, null);
  outro = await inserirRomaneio(app, produtor, '2026-05-07', 880002);
  itemOutro = await inserirRomaneioItem(app, outro, tomate, 50, bTomate);
  const r = await app.ctx.db.execute(`SELECT cpfcnpj FROM pessoa WHERE id = ${produtor}` as never);
  produtorCpf = (r.rows[0] as { cpfcnpj: string }).cpfcnpj;
});

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
      cpfcnpj: produtorCpf,
      propriedadeNome: 'Sítio Boa Vista',
      municipioNome: 'Vale Verde',
      dataEmissao: '2026-05-04',
      destino: t.app.ctx.config.settings.destinoLote,
      // The romaneio's entity fields (SPEC.md section 3), narrowed to the lot's item.
      id: romaneio,
      pessoa: { id: produtor, nome: 'Maria da Horta', cpfcnpj: produtorCpf },
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
    expect(await countRows(t.app, 'romaneio')).toBe(2);
    expect(await countRows(t.app, 'romaneio_itens')).toBe(4);
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

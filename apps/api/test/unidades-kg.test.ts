import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { inserirGrupo, inserirProduto, inserirProdutorComColheita } from './fabricas';
import { appDeTeste, call } from './helpers';

/**
 * One unit story (docs/produto/dados.md 'Derived values', docs/decisions 0081): a romaneio quantity counts
 * packages of the product's embalagem, the bulletin's estimate is kg, and whatever compares the two
 * (producaoComercializada, saldoQtde, the 'Comercializado' table, the balance report, tipoQuantidade)
 * weighs the packages first (quantity × pesoEmKg).
 */
const t = appDeTeste();

// Market days (Monday and Thursday).
const SEG = '2026-11-30';
const QUI = '2026-12-03';

let produtor: number;
let tomate: number;
let boletimId: number;
/** The bulletin item: 10,000 kg of tomato estimated. */
let biTomate: number;
let dividas = 7100;

const req = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
  call(t.app, t.userAdmin, { method, url: `/api/${url}`, ...(payload === undefined ? {} : { payload: payload as object }) });

const romaneio = (dataEmissao: string, quantidade: number) => ({
  dataEmissao,
  divida: ++dividas,
  pessoa: { id: produtor },
  itens: [{ produtoId: tomate, quantidade, boletimItensId: biTomate }],
  pedras: [],
});

const linhaComercializado = async () => {
  const r = await req('GET', `produtos-comercializados?page=0&size=50&boletimId=${boletimId}`);
  expect(r.status).toBe(200);
  return (r.body.content as { id: number; quantidadeEstimada: number; quantidadeComercializada: number; porcentagemComercializada: number }[]).find(
    (l) => l.id === biTomate,
  );
};

beforeAll(async () => {
  const app = t.app;
  const grupo = await inserirGrupo(app, 'Frutos');
  tomate = await inserirProduto(app, grupo, 'Tomate Italiano', { embalagem: 'CX 20kg', peso: 20 });
  ({ produtor, boletim: boletimId, item: biTomate } = await inserirProdutorComColheita(app, tomate, { produtor: 'Rosa Quilos', municipio: 'Balsas' }));
  await app.ctx.db.execute(sql`UPDATE boletim_itens SET producao_estimada = 10000 WHERE id = ${biTomate}`);
});

describe('packages weighed in kg before they meet the estimate', () => {
  it('a 300-box sale of a 20 kg product leaves 6,000 kg less balance, everywhere it shows', async () => {
    const antes = await req('GET', `boletimitens/${biTomate}`);
    expect(antes.body).toMatchObject({ producaoEstimada: 10000, producaoComercializada: 0, saldoQtde: 10000, produtoPesoEmKg: 20 });

    const r = await req('POST', 'romaneio', [romaneio(SEG, 300)]);
    expect(r.status).toBe(201);
    // The romaneio keeps the packages as typed, and says what one weighs.
    expect(r.body[0].itens[0]).toMatchObject({ quantidade: 300, produtoEmbalagem: 'CX 20kg', produtoPesoEmKg: 20 });
    expect(r.body[0].tipoQuantidade).toBe('NÃO');

    expect((await req('GET', `boletimitens/${biTomate}`)).body).toMatchObject({ producaoComercializada: 6000, saldoQtde: 4000 });
    const saldo = await req('GET', `boletim/saldo/${boletimId}`);
    expect(saldo.status).toBe(200);
    expect(saldo.body.itens[0]).toMatchObject({ producaoEstimada: 10000, producaoComercializada: 6000, saldoQtde: 4000, produtoPesoEmKg: 20 });
    const doBoletim = await req('GET', `boletim/${boletimId}`);
    expect(doBoletim.body.itens[0]).toMatchObject({ producaoComercializada: 6000, saldoQtde: 4000 });
    // The romaneio form's offer of the producer's items: the balance in kg.
    const oferta = await req('GET', `boletimitens/produtos/${produtor}`);
    expect(oferta.body).toEqual([expect.objectContaining({ id: biTomate, saldoQtde: 4000, produtoPesoEmKg: 20 })]);

    expect(await linhaComercializado()).toMatchObject({ quantidadeEstimada: 10000, quantidadeComercializada: 6000, porcentagemComercializada: 0.6 });
  });

  it('tipoQuantidade flips at the kg threshold: SIM only when the packages weigh the whole estimate', async () => {
    // 6,000 kg already sold (the test above); 199 boxes more are 3,980 kg: 20 kg still left.
    const quase = await req('POST', 'romaneio', [romaneio(QUI, 199)]);
    expect(quase.status).toBe(201);
    expect(quase.body[0].tipoQuantidade).toBe('NÃO');
    expect((await req('GET', `boletimitens/${biTomate}`)).body).toMatchObject({ producaoComercializada: 9980, saldoQtde: 20 });
    const tipo = async (id: number) => (await req('GET', `romaneio/${id}`)).body.tipoQuantidade;

    // One more box on the same romaneio (updateQtde): 10,000 kg, the balance is 0 → SIM.
    const item = quase.body[0].itens[0];
    const u = await req('PUT', 'romaneioitens/updateQtde', { id: item.id, quantidade: 200 });
    expect(u.status).toBe(200);
    expect(await tipo(quase.body[0].id)).toBe('SIM');
    expect((await req('GET', `boletimitens/${biTomate}`)).body).toMatchObject({ producaoComercializada: 10000, saldoQtde: 0 });
    expect(await linhaComercializado()).toMatchObject({ quantidadeComercializada: 10000, porcentagemComercializada: 1 });
    const sim = await req('POST', 'romaneio/searchRomaneio/asc/id', { tipoQuantidade: 'SIM', produtor });
    expect(sim.body.content.map((x: { id: number }) => x.id)).toContain(quase.body[0].id);

    // Back to 199 boxes: 20 kg left again → NÃO (a package count of 10,000 would never be reached).
    await req('PUT', 'romaneioitens/updateQtde', { id: item.id, quantidade: 199 });
    expect(await tipo(quase.body[0].id)).toBe('NÃO');
  });
});

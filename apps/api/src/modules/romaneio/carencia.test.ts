import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { appDeTeste, call, countRows } from '../../../test/helpers';
import { inserirBoletimItem, inserirCaderno, inserirGrupo, inserirProduto, inserirProdutorComColheita } from '../../../test/fabricas';

/**
 * The withdrawal period at the gate (decision 0106): an item whose notebook has a chemical
 * application still in its period on the issue date is refused with a 400 naming the product and the first
 * allowed day, and the batch stores nothing; after the period, and without a notebook, it is accepted.
 */
const t = appDeTeste();

// Market days (Monday and Thursday): Thursday 26 and Monday 30 November 2026.
const QUI = '2026-11-26';
const SEG_LIBERADO = '2026-11-30';
const RECUSA = 'Carência não cumprida: Inseticida X aplicado em 20/11/2026 só permite comercializar a partir de 30/11/2026.';

let produtor: number;
let tomate: number;
let alface: number;
/** Sprayed on 20/11 with 10 days of withdrawal: sellable from 30/11. */
let biPulverizado: number;
/** No notebook. */
let biSemCaderno: number;
/** A notebook whose applications were 'não necessárias'. */
let biCadernoLimpo: number;
let pedra12: number;
let dividas = 7000;

beforeAll(async () => {
  const app = t.app;
  const grupo = await inserirGrupo(app, 'Hortaliças');
  tomate = await inserirProduto(app, grupo, 'Tomate');
  alface = await inserirProduto(app, grupo, 'Alface');
  const p = await inserirProdutorComColheita(app, tomate);
  produtor = p.produtor;
  biPulverizado = p.item;
  await inserirCaderno(app, biPulverizado, tomate, [
    { nomeProduto: 'Fungicida Antigo', data: '2026-10-01', periodoCarencia: 7 },
    { nomeProduto: 'Inseticida X', data: '2026-11-20', periodoCarencia: 10 },
  ]);
  biSemCaderno = await inserirBoletimItem(app, p.boletim, alface, '2026-11-01', '2026-12-31');
  const repolho = await inserirProduto(app, grupo, 'Repolho');
  biCadernoLimpo = await inserirBoletimItem(app, p.boletim, repolho, '2026-11-01', '2026-12-31');
  await inserirCaderno(app, biCadernoLimpo, repolho);
  const r = await app.ctx.db.execute(sql`SELECT id FROM pedras WHERE trim(numero) = '12'`);
  pedra12 = (r.rows[0] as { id: number }).id;
});

const post = (body: unknown) => call(t.app, t.userAdmin, { method: 'POST', url: '/api/romaneio', payload: body as object });
const romaneio = (dataEmissao: string, divida: number, itens: { produtoId: number; boletimItensId: number }[], pedras: number[] = []) => ({
  dataEmissao,
  divida,
  pessoa: { id: produtor },
  pedras,
  itens: itens.map((i) => ({ ...i, quantidade: 10 })),
  // This file's producer enters several romaneios a day, over his bulletin's balance: those questions (perguntas.test.ts) confirmed.
  confirmar: ['romaneioNoDia', 'saldoBoletim'],
});
const contagem = async () => ({
  romaneio: await countRows(t.app, 'romaneio'),
  itens: await countRows(t.app, 'romaneio_itens'),
  pedras: await countRows(t.app, 'romaneio_pedras'),
  dividas: await countRows(t.app, 'romaneio_divida'),
});

describe('withdrawal period at the gate', () => {
  it('refuses a sprayed item inside its period with the message on its field, and stores nothing of the batch', async () => {
    const divida = ++dividas;
    const antes = await contagem();
    const r = await post([
      romaneio(QUI, divida, [{ produtoId: alface, boletimItensId: biSemCaderno }], [pedra12]),
      romaneio(SEG_LIBERADO, divida, [{ produtoId: tomate, boletimItensId: biPulverizado }]),
      romaneio('2026-12-03', divida, [{ produtoId: alface, boletimItensId: biSemCaderno }]),
    ]);
    // The 30th is the first allowed day: accepted. Send the refused one.
    expect(r.status).toBe(201);
    const recusado = await post([
      romaneio('2026-12-07', ++dividas, [{ produtoId: alface, boletimItensId: biSemCaderno }], [pedra12]),
      romaneio(QUI, dividas, [
        { produtoId: alface, boletimItensId: biSemCaderno },
        { produtoId: tomate, boletimItensId: biPulverizado },
      ]),
    ]);
    expect(recusado.status).toBe(400);
    expect(recusado.body.message).toBe(RECUSA);
    expect(recusado.body.fieldErrors).toEqual([{ field: '[1].itens[1].boletimItensId', message: RECUSA }]);
    const depois = await contagem();
    expect(depois).toEqual({ romaneio: antes.romaneio + 3, itens: antes.itens + 3, pedras: antes.pedras + 1, dividas: antes.dividas + 1 });
    // The debt is still free: the same batch without the sprayed item is saved under it.
    const sem = await post([
      romaneio('2026-12-07', dividas, [{ produtoId: alface, boletimItensId: biSemCaderno }], [pedra12]),
      romaneio(QUI, dividas, [{ produtoId: alface, boletimItensId: biSemCaderno }]),
    ]);
    expect(sem.status).toBe(201);
  });

  it('the day before the first allowed day is refused, the day itself accepted (date + period days)', async () => {
    // Thursday 26 is before Monday 30; the refusal is the same whatever the item's place.
    const r = await post([romaneio(QUI, ++dividas, [{ produtoId: tomate, boletimItensId: biPulverizado }])]);
    expect(r.status).toBe(400);
    expect(r.body.message).toBe(RECUSA);
    expect(await t.app.ctx.db.execute(sql`SELECT 1 FROM romaneio_divida WHERE divida = ${dividas}`).then((x) => x.rows.length)).toBe(0);
  });

  it("accepts an item without a notebook, and one whose notebook's applications were 'não necessárias'", async () => {
    const r = await post([
      romaneio(QUI, ++dividas, [
        { produtoId: alface, boletimItensId: biSemCaderno },
        {
          produtoId: (await t.app.ctx.db.execute(sql`SELECT produto_id FROM boletim_itens WHERE id = ${biCadernoLimpo}`)).rows[0].produto_id as number,
          boletimItensId: biCadernoLimpo,
        },
      ]),
    ]);
    expect(r.status).toBe(201);
    // The control sheet marks the item without a notebook (temCaderno false).
    expect(r.body[0].itens.map((i: { boletimItensId: number; temCaderno: boolean }) => [i.boletimItensId, i.temCaderno])).toEqual([
      [biSemCaderno, false],
      [biCadernoLimpo, true],
    ]);
    // Each item's label code: random, 12 signs.
    for (const i of r.body[0].itens) expect(i.lote).toMatch(/^[2-9A-HJ-NP-Z]{12}$/);
  });

  it("GET boletimitens/produtos gives the gate form each item's applications (null without a notebook)", async () => {
    const r = await call(t.app, t.userAdmin, { method: 'GET', url: `/api/boletimitens/produtos/${produtor}` });
    expect(r.status).toBe(200);
    const de = (id: number) => r.body.find((i: { id: number }) => i.id === id).aplicacoes;
    expect(de(biSemCaderno)).toBeNull();
    expect(de(biCadernoLimpo)).toEqual([]);
    expect(de(biPulverizado)).toEqual([
      { nomeProduto: 'Fungicida Antigo', data: '2026-10-01', periodoCarencia: 7 },
      { nomeProduto: 'Inseticida X', data: '2026-11-20', periodoCarencia: 10 },
    ]);
  });

  it('PUT romaneio is refused the same way once an application inside the period is recorded, and changes nothing', async () => {
    const criado = await post([romaneio(QUI, ++dividas, [{ produtoId: alface, boletimItensId: biSemCaderno }])]);
    expect(criado.status).toBe(201);
    const rom = criado.body[0];
    await inserirCaderno(t.app, biSemCaderno, alface, [{ nomeProduto: 'Herbicida Z', data: '2026-11-25', periodoCarencia: 3 }]);
    const body = { ...rom, pessoaId: produtor, itens: rom.itens.map((i: { id: number }) => ({ ...i, quantidade: 99 })) };
    const r = await call(t.app, t.userAdmin, { method: 'PUT', url: `/api/romaneio/${rom.id}`, payload: body });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('Carência não cumprida: Herbicida Z aplicado em 25/11/2026 só permite comercializar a partir de 28/11/2026.');
    expect(r.body.fieldErrors).toEqual([{ field: 'itens[0].boletimItensId', message: r.body.message }]);
    const q = await t.app.ctx.db.execute(sql`SELECT quantidade::float8 AS q FROM romaneio_itens WHERE romaneio_id = ${rom.id}`);
    expect(q.rows).toEqual([{ q: 10 }]);
  });
});

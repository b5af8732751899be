import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { mensagemDiaDeMercado, NAO_PRODUTOR, NAO_TECNICO, PRODUTO_JA_ADICIONADO, VALOR_ESTACIONAMENTO_ACIMA } from '@ceasa/shared';
import { SETTINGS_PADRAO } from '@ceasa/shared/settings';
import { appDeTeste, call, countRows, type AppDeTeste } from './helpers';
import { inserirGrupo, inserirPessoa, inserirProduto, inserirPropriedade, inserirRomaneio, inserirRomaneioItem, inserirProdutorComColheita } from './fabricas';

/**
 * Rules the browser checks, the server checks too, with the same shared rule and message
 * (docs/decisions/0077). Dates are fixed, never today's: November 2026 has Monday 23,
 * Tuesday 24, Wednesday 25 and Thursday 26 (all inside the romaneio's years, 1900 to next year).
 */
const SEG = '2026-11-23';
const TER = '2026-11-24';
const QUA = '2026-11-25';
const QUI = '2026-11-26';

/** A producer with a bulletin item of tomatoes harvested from November to December 2026. */
async function cenario(t: AppDeTeste) {
  const app = t.app;
  const tomate = await inserirProduto(app, await inserirGrupo(app, 'Hortaliças'), 'Tomate');
  const c = await inserirProdutorComColheita(app, tomate);
  return { tomate, mun: c.municipio, produtor: c.produtor, tecnico: c.tecnico, sitio: c.propriedade, item: c.item };
}

type Cenario = Awaited<ReturnType<typeof cenario>>;

const pedido = (t: AppDeTeste, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
  call(t.app, t.userAdmin, { method, url: `/api/${url}`, ...(payload === undefined ? {} : { payload: payload as object }) });

let dividas = 810_000;
const romaneio = (c: Cenario, dataEmissao: string, divida: number, o: Record<string, unknown> = {}) => ({
  dataEmissao,
  divida,
  pessoa: { id: c.produtor },
  pedras: [],
  itens: [{ produtoId: c.tomate, quantidade: 10, boletimItensId: c.item }],
  // The scenario's producer enters several romaneios a day: that question (romaneio/portaria.test.ts) confirmed.
  confirmar: ['romaneioNoDia'],
  ...o,
});

/** The rows a refused romaneio must not leave. */
const linhasDoRomaneio = async (t: AppDeTeste) => ({
  romaneio: await countRows(t.app, 'romaneio'),
  itens: await countRows(t.app, 'romaneio_itens'),
  pedras: await countRows(t.app, 'romaneio_pedras'),
  dividas: await countRows(t.app, 'romaneio_divida'),
  logs: await countRows(t.app, 'logs'),
});

describe('romaneio: the issue date is a market day (CEASA_DIAS_MERCADO, default Monday and Thursday)', () => {
  const t = appDeTeste({ tokens: ['userAdmin'] });
  let c: Cenario;
  beforeAll(async () => {
    c = await cenario(t);
  });
  const MSG = 'A data de emissão deve ser um dia de mercado (segunda-feira ou quinta-feira).';

  it('POST romaneio on a Tuesday is a 400 on the date with the market days named, and stores nothing', async () => {
    expect(mensagemDiaDeMercado([1, 4])).toBe(MSG);
    const antes = await linhasDoRomaneio(t);
    const divida = ++dividas;
    const r = await pedido(t, 'POST', 'romaneio', [romaneio(c, TER, divida)]);
    expect(r.status).toBe(400);
    expect(r.body.message).toBe(MSG);
    expect(r.body.fieldErrors).toEqual([{ field: '[0].dataEmissao', message: MSG }]);
    // A batch with one good and one bad date: the bad one named, nothing of the good one stored.
    const lote = await pedido(t, 'POST', 'romaneio', [romaneio(c, SEG, divida), romaneio(c, TER, divida)]);
    expect(lote.status).toBe(400);
    expect(lote.body.fieldErrors).toEqual([{ field: '[1].dataEmissao', message: MSG }]);
    expect(await linhasDoRomaneio(t)).toEqual(antes);
    expect((await pedido(t, 'GET', `romaneio/dividas/${divida}`)).body).toEqual([]);
    // The same debt on Monday and Thursday is accepted.
    const ok = await pedido(t, 'POST', 'romaneio', [romaneio(c, SEG, divida), romaneio(c, QUI, divida)]);
    expect(ok.status).toBe(201);
    expect(ok.body.map((x: { dataEmissao: string }) => x.dataEmissao)).toEqual([SEG, QUI]);
  });

  it('PUT romaneio with a date that is not a market day is a 400 on the date and changes nothing', async () => {
    const [salvo] = (await pedido(t, 'POST', 'romaneio', [romaneio(c, QUI, ++dividas)])).body;
    const corpo = (dataEmissao: string, id: number, itens: { id: number; quantidade: number }[]) => ({
      id,
      dataEmissao,
      divida: salvo.divida,
      pessoaId: c.produtor,
      pedras: [],
      itens: itens.map((i) => ({ id: i.id, produtoId: c.tomate, quantidade: i.quantidade + 5, boletimItensId: c.item })),
    });
    const antes = await linhasDoRomaneio(t);
    for (const url of [`romaneio/${salvo.id}`, 'romaneio']) {
      const r = await pedido(t, 'PUT', url, corpo(QUA, salvo.id, salvo.itens));
      expect(r.status, url).toBe(400);
      expect(r.body.fieldErrors, url).toEqual([{ field: 'dataEmissao', message: MSG }]);
    }
    // A romaneio stored on a Tuesday (before the server checked the day): its quantities are not saved through PUT romaneio either.
    const divida = ++dividas;
    const antigo = await inserirRomaneio(t.app, c.produtor, TER, divida);
    const itemAntigo = await inserirRomaneioItem(t.app, antigo, c.tomate, 7, c.item);
    const r = await pedido(t, 'PUT', `romaneio/${antigo}`, { ...corpo(TER, antigo, [{ id: itemAntigo, quantidade: 7 }]), divida });
    expect(r.status).toBe(400);
    expect(r.body.fieldErrors).toEqual([{ field: 'dataEmissao', message: MSG }]);
    expect((await pedido(t, 'GET', `romaneio/${antigo}`)).body.itens[0].quantidade).toBe(7);
    expect((await pedido(t, 'GET', `romaneio/${salvo.id}`)).body).toEqual(salvo);
    expect(await linhasDoRomaneio(t)).toEqual({ ...antes, romaneio: antes.romaneio + 1, itens: antes.itens + 1, dividas: antes.dividas + 1 });
  });

  it('a bulletin item repeated in one romaneio is refused on its row (the form says the same on adding it), storing nothing', async () => {
    const antes = await linhasDoRomaneio(t);
    const item = { produtoId: c.tomate, quantidade: 10, boletimItensId: c.item };
    const r = await pedido(t, 'POST', 'romaneio', [romaneio(c, SEG, ++dividas, { itens: [item, { ...item, quantidade: 3 }] })]);
    expect(r.status).toBe(400);
    expect(r.body.fieldErrors).toEqual([{ field: '[0].itens[1].boletimItensId', message: PRODUTO_JA_ADICIONADO }]);
    expect(await linhasDoRomaneio(t)).toEqual(antes);
  });
});

describe('romaneio: the market days are the configured ones (CEASA_DIAS_MERCADO=1,3,5)', () => {
  const t = appDeTeste({ tokens: ['userAdmin'], config: { settings: { ...SETTINGS_PADRAO, diasDeMercado: [1, 3, 5] } } });
  let c: Cenario;
  beforeAll(async () => {
    c = await cenario(t);
  });

  it('accepts a Wednesday and refuses a Thursday naming Monday, Wednesday and Friday', async () => {
    const msg = 'A data de emissão deve ser um dia de mercado (segunda-feira, quarta-feira ou sexta-feira).';
    expect(mensagemDiaDeMercado([5, 1, 3])).toBe(msg);
    // The web form reads the same days from GET /api/config.
    expect((await call(t.app, null, { method: 'GET', url: '/api/config' })).body.diasDeMercado).toEqual([1, 3, 5]);
    const antes = await linhasDoRomaneio(t);
    const r = await pedido(t, 'POST', 'romaneio', [romaneio(c, QUI, ++dividas)]);
    expect(r.status).toBe(400);
    expect(r.body.fieldErrors).toEqual([{ field: '[0].dataEmissao', message: msg }]);
    expect(await linhasDoRomaneio(t)).toEqual(antes);
    expect((await pedido(t, 'POST', 'romaneio', [romaneio(c, QUA, ++dividas)])).status).toBe(201);
  });
});

describe('boletim: the producer is a producer and the technician a technician (the form lists only those)', () => {
  const t = appDeTeste({ tokens: ['admin'] });
  let c: Cenario;
  let lojista: number;
  let propriedadeDoTecnico: number;
  beforeAll(async () => {
    c = await cenario(t);
    lojista = await inserirPessoa(t.app, 'Loja do Zé', 3);
    propriedadeDoTecnico = await inserirPropriedade(t.app, 'Chácara da Técnica', c.mun, c.tecnico);
  });
  const linhas = async () => ({
    boletim: await countRows(t.app, 'boletim'),
    itens: await countRows(t.app, 'boletim_itens'),
    logs: await countRows(t.app, 'logs'),
  });
  const corpo = (o: Record<string, unknown> = {}) => ({
    dataVisita: '2026-10-05',
    dataEmissao: '2026-10-05',
    produtorId: c.produtor,
    propriedadeId: c.sitio,
    tecnicoId: c.tecnico,
    itens: [{ produtoId: c.tomate, areaProducao: 1, producaoEstimada: 1000, producaoEmbalada: 50, inicioColheita: '2026-11-01', fimColheita: '2026-11-30' }],
    ...o,
  });
  const enviar = (method: 'POST' | 'PUT', url: string, payload: unknown) => call(t.app, t.admin, { method, url: `/api/${url}`, payload: payload as object });

  it('POST and PUT boletim refuse a producer of another type and a technician of another type, changing nothing', async () => {
    const salvo = await enviar('POST', 'boletim', corpo());
    expect(salvo.status).toBe(201);
    const antes = await linhas();
    const casos: [Record<string, unknown>, string, string][] = [
      // The technician as producer, on a property of their own: only the type is wrong.
      [{ produtorId: c.tecnico, propriedadeId: propriedadeDoTecnico }, 'produtorId', NAO_PRODUTOR],
      [{ tecnicoId: c.produtor }, 'tecnicoId', NAO_TECNICO],
      [{ tecnicoId: lojista }, 'tecnicoId', NAO_TECNICO],
    ];
    for (const [o, campo, mensagem] of casos) {
      const criar = await enviar('POST', 'boletim', corpo(o));
      expect(criar.status, campo).toBe(400);
      expect(criar.body.fieldErrors, campo).toEqual([{ field: campo, message: mensagem }]);
      const alterar = await enviar('PUT', `boletim/${salvo.body.id}`, corpo({ ...o, itens: salvo.body.itens }));
      expect(alterar.status, campo).toBe(400);
      expect(alterar.body.fieldErrors, campo).toEqual([{ field: campo, message: mensagem }]);
    }
    expect(await linhas()).toEqual(antes);
    expect((await call(t.app, t.admin, { method: 'GET', url: `/api/boletim/${salvo.body.id}` })).body).toEqual(salvo.body);
    const [b] = (await t.app.ctx.db.execute(sql`SELECT produtor_id AS "produtorId", tecnico_id AS "tecnicoId" FROM boletim WHERE id = ${salvo.body.id}`))
      .rows as { produtorId: number; tecnicoId: number }[];
    expect(b).toEqual({ produtorId: c.produtor, tecnicoId: c.tecnico });
  });
});

describe("estacionamento: the fee stops at R$ 9.999.999,99 (the form's input does not go past it)", () => {
  const t = appDeTeste({ tokens: ['admin'] });
  let pessoa: number;
  beforeAll(async () => {
    pessoa = await inserirPessoa(t.app, 'Comprador Avulso', 4);
  });

  it('refuses a larger fee of 10 characters or fewer on the field, storing nothing; the largest one is accepted', async () => {
    const corpo = (valor: unknown) => ({ data: '2026-11-23', placa: 'ABC1D23', valor, divida: 20261123, pessoaId: pessoa, veiculoTipoId: 1 });
    const enviar = (valor: unknown) => call(t.app, t.admin, { method: 'POST', url: '/api/estacionamento', payload: corpo(valor) });
    const antes = { linhas: await countRows(t.app, 'estacionamento'), logs: await countRows(t.app, 'logs') };
    for (const valor of [10_000_000, '12345678', '99999999,9']) {
      const r = await enviar(valor);
      expect(r.status, String(valor)).toBe(400);
      expect(r.body.fieldErrors, String(valor)).toEqual([{ field: 'valor', message: VALOR_ESTACIONAMENTO_ACIMA }]);
    }
    expect({ linhas: await countRows(t.app, 'estacionamento'), logs: await countRows(t.app, 'logs') }).toEqual(antes);
    const ok = await enviar(9_999_999.99);
    expect(ok.status).toBe(201);
    expect(ok.body.valor).toBe(9_999_999.99);
  });
});

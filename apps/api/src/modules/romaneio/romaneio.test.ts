import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { DIVIDA_EM_USO, FORA_DA_COLHEITA, romaneioRecurso } from '@ceasa/shared';
import { appDeTeste, call, countRows } from '../../../test/helpers';
import { inserirBoletim, inserirBoletimItem, inserirGrupo, inserirMunicipio, inserirPessoa, inserirProduto, inserirPropriedade } from '../../../test/fabricas';

const t = appDeTeste();

// Market days: Monday 23 and Thursday 26 November 2026 (and the Mondays/Thursdays after).
const SEG = '2026-11-23';
const QUI = '2026-11-26';

let produtor: number;
let outroProdutor: number;
let tecnico: number;
let tomate: number;
let alface: number;
/** Bulletin items of `produtor`: tomato harvested all November, lettuce from the 24th (not on Monday 23). */
let biTomate: number;
let biAlface: number;
let biOutro: number;
/** Stall id of each number. */
const pedra: Record<string, number> = {};

let dividas = 5000;
const novaDivida = () => ++dividas;

beforeAll(async () => {
  const app = t.app;
  const grupo = await inserirGrupo(app, 'Hortaliças');
  tomate = await inserirProduto(app, grupo, 'Tomate');
  alface = await inserirProduto(app, grupo, 'Alface', { embalagem: 'CX 10kg' });
  const mun = await inserirMunicipio(app, 'Imperatriz', 'MA');
  produtor = await inserirPessoa(app, 'João Lavrador', 1);
  outroProdutor = await inserirPessoa(app, 'Ana Colheita', 1);
  tecnico = await inserirPessoa(app, 'Carla Técnica', 2);
  const sitio = await inserirPropriedade(app, 'Sítio Boa Esperança', mun, produtor);
  const fazenda = await inserirPropriedade(app, 'Fazenda Açude', mun, outroProdutor);
  const b = await inserirBoletim(app, { produtorId: produtor, tecnicoId: tecnico, propriedadeId: sitio, dataEmissao: '2026-10-01' });
  biTomate = await inserirBoletimItem(app, b, tomate, '2026-11-01', '2026-11-30');
  biAlface = await inserirBoletimItem(app, b, alface, '2026-11-24', '2026-12-31');
  const b2 = await inserirBoletim(app, { produtorId: outroProdutor, tecnicoId: tecnico, propriedadeId: fazenda, dataEmissao: '2026-10-01' });
  biOutro = await inserirBoletimItem(app, b2, tomate, '2026-11-01', '2026-12-31');
  const r = await app.ctx.db.execute(sql`SELECT id, numero FROM pedras`);
  for (const p of r.rows as { id: number; numero: string }[]) pedra[p.numero] = p.id;
});

const req = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  call(t.app, token, { method, url: `/api/${url}`, ...(payload === undefined ? {} : { payload: payload as object }) });

const itemTomate = (quantidade = 10) => ({ produtoId: tomate, quantidade, boletimItensId: biTomate, produtoNome: 'Tomate' });
const itemAlface = (quantidade = 5) => ({ produtoId: alface, quantidade, boletimItensId: biAlface });
const romaneio = (dataEmissao: string, divida: number, o: Record<string, unknown> = {}) => ({
  dataEmissao,
  divida,
  pessoa: { id: produtor },
  itens: [itemTomate()],
  pedras: [],
  // This file's producer enters several romaneios a day, over his bulletin's balance: those questions (perguntas.test.ts) confirmed.
  confirmar: ['romaneioNoDia', 'saldoBoletim'],
  ...o,
});

/** Rows that a refused batch must not leave. */
const contagem = async () => ({
  romaneio: await countRows(t.app, 'romaneio'),
  itens: await countRows(t.app, 'romaneio_itens'),
  pedras: await countRows(t.app, 'romaneio_pedras'),
  dividas: await countRows(t.app, 'romaneio_divida'),
});

const dividaExiste = async (divida: number) => (await t.app.ctx.db.execute(sql`SELECT 1 FROM romaneio_divida WHERE divida = ${divida}`)).rows.length === 1;

describe('romaneio form data', () => {
  it("GET boletimitens/produtos/{pessoaId} lists the producer's bulletin items with harvest window and balance", async () => {
    const r = await req(t.userAdmin, 'GET', `boletimitens/produtos/${produtor}`);
    expect(r.status).toBe(200);
    expect(r.body).toEqual([
      expect.objectContaining({ id: biAlface, produtoId: alface, produtoNome: 'Alface', produtoEmbalagem: 'CX 10kg', inicioColheita: '2026-11-24' }),
      expect.objectContaining({ id: biTomate, produtoId: tomate, produtoNome: 'Tomate', fimColheita: '2026-11-30', saldoQtde: expect.any(Number) }),
    ]);
    expect(r.body.map((i: { id: number }) => i.id)).not.toContain(biOutro);
    expect((await req(t.userAdmin, 'GET', 'boletimitens/produtos/999999')).body).toEqual([]);
    expect((await req(t.agro, 'GET', `boletimitens/produtos/${produtor}`)).status).toBe(403);
  });

  it('POST pedras/livres answers the stalls free on every date, by number', async () => {
    const d1 = '2027-01-04';
    const d2 = '2027-01-07';
    const todas = await req(t.userAdmin, 'POST', 'pedras/livres', [d1, d2]);
    expect(todas.status).toBe(200);
    expect(todas.body).toHaveLength(252);
    expect(todas.body.slice(0, 3)).toEqual([
      { id: pedra['1'], numero: '1' },
      { id: pedra['2'], numero: '2' },
      { id: pedra['3'], numero: '3' },
    ]);
    const biDez = await inserirBoletimItem(t.app, (await req(t.admin, 'GET', `boletimitens/${biTomate}`)).body.boletimId, tomate, '2027-01-01', '2027-01-31');
    const c = await req(t.userAdmin, 'POST', 'romaneio', [
      romaneio(d1, novaDivida(), { itens: [{ ...itemTomate(), boletimItensId: biDez }], pedras: [pedra['7']] }),
      romaneio(d2, dividas, { itens: [{ ...itemTomate(), boletimItensId: biDez }], pedras: [{ pedrasId: pedra['9'], ocupacao: 'avulsa' }] }),
    ]);
    expect(c.status).toBe(201);
    const livres = (datas: string[]) => req(t.userAdmin, 'POST', 'pedras/livres', datas).then((x) => x.body.map((p: { numero: string }) => p.numero));
    expect(await livres([d1])).not.toContain('7');
    expect(await livres([d1])).toContain('9');
    const ambas = await livres([d1, d2]);
    expect(ambas).toHaveLength(250);
    expect(ambas).not.toContain('9');
    expect(c.body[1].pedras).toEqual([expect.objectContaining({ pedrasId: pedra['9'], pedrasNumero: '9', ocupacao: 'avulsa' })]);
    expect((await req(t.userAdmin, 'POST', 'pedras/livres', ['23/11/2026'])).body.message).toBe('A Data da emissao é inválida');
    expect((await req(t.agro, 'POST', 'pedras/livres', [d1])).status).toBe(403);
  });
});

describe('romaneio batch (POST romaneio)', () => {
  it('saves one romaneio per date with its items and bookings on its own date, in one call', async () => {
    const divida = novaDivida();
    const antes = await contagem();
    const r = await req(t.userAdmin, 'POST', 'romaneio', [
      romaneio(SEG, divida, { pedras: [pedra['12'], pedra['13']] }),
      romaneio(QUI, divida, { itens: [itemTomate(20), itemAlface(5)], pedras: [pedra['12']] }),
    ]);
    expect(r.status).toBe(201);
    expect(r.body).toHaveLength(2);
    const [seg, qui] = r.body;
    expect(seg).toMatchObject({
      dataEmissao: SEG,
      divida,
      pessoaId: produtor,
      produtorNome: 'João Lavrador',
      pessoa: { id: produtor, nome: 'João Lavrador' },
      tipoQuantidade: 'NÃO',
      itens: [
        {
          produtoId: tomate,
          produtoNome: 'Tomate',
          produtoEmbalagem: 'CX 20kg',
          quantidade: 10,
          boletimItensId: biTomate,
          boletimItensInicioColheita: '2026-11-01',
          boletimItensFimColheita: '2026-11-30',
          boletimItensBoletimPropriedadeNome: 'Sítio Boa Esperança',
          boletimItensBoletimPropriedadeMunicipioNome: 'Imperatriz',
        },
      ],
    });
    expect(seg.pedras.map((p: { pedrasNumero: string }) => p.pedrasNumero)).toEqual(['12', '13']);
    expect(qui.itens.map((i: { produtoNome: string }) => i.produtoNome)).toEqual(['Tomate', 'Alface']);
    const datas = await t.app.ctx.db.execute(
      sql`SELECT rp.data, r.data_emissao AS d FROM romaneio_pedras rp JOIN romaneio r ON r.id = rp.romaneio_id WHERE r.divida = ${divida}`,
    );
    for (const row of datas.rows as { data: string; d: string }[]) expect(row.data).toBe(row.d);
    expect(await contagem()).toEqual({ romaneio: antes.romaneio + 2, itens: antes.itens + 3, pedras: antes.pedras + 3, dividas: antes.dividas + 1 });
    expect((await req(t.userAdmin, 'GET', `romaneio/${seg.id}`)).body).toEqual(seg);
    // The bulletin item's derived values follow.
    expect((await req(t.admin, 'GET', `boletimitens/${biAlface}`)).body).toMatchObject({ producaoComercializada: 5, saldoQtde: 995 });
  });

  it('takes the stalls as POST pedras/livres answers them ({ id, numero }), as { pedrasId } or as ids', async () => {
    const [livre] = (await req(t.userAdmin, 'POST', 'pedras/livres', [SEG])).body as { id: number; numero: string }[];
    const r = await req(t.userAdmin, 'POST', 'romaneio', [romaneio(SEG, novaDivida(), { pedras: [livre] })]);
    expect(r.status).toBe(201);
    expect(r.body[0].pedras).toMatchObject([{ pedrasId: livre.id, pedrasNumero: livre.numero }]);
    // Neither shape: refused on the field, nothing stored.
    const antes = await contagem();
    const errada = await req(t.userAdmin, 'POST', 'romaneio', [romaneio(SEG, novaDivida(), { pedras: [{ numero: livre.numero }] })]);
    expect(errada.status).toBe(400);
    expect(errada.body.fieldErrors).toEqual([{ field: '[0].pedras[0]', message: 'A pedra deve estar na lista' }]);
    expect(await contagem()).toEqual(antes);
  });

  it("refuses an item outside its harvest window with the spec's message on its field, storing nothing", async () => {
    const antes = await contagem();
    const divida = novaDivida();
    const r = await req(t.userAdmin, 'POST', 'romaneio', [
      romaneio(QUI, divida, { itens: [itemTomate(), itemAlface()] }),
      romaneio(SEG, divida, { itens: [itemTomate(), itemAlface()] }),
    ]);
    expect(r.status).toBe(400);
    expect(r.body.message).toBe(FORA_DA_COLHEITA);
    expect(r.body.fieldErrors).toEqual([{ field: '[1].itens[1].boletimItensId', message: FORA_DA_COLHEITA }]);
    expect(await contagem()).toEqual(antes);
    expect(await dividaExiste(divida)).toBe(false);
  });

  it('stores nothing of the first date when the second date fails (one transaction)', async () => {
    const antes = await contagem();
    const divida = novaDivida();
    // Stall 12 is booked on Thursday by the first test; Monday's part would be fine alone.
    const r = await req(t.userAdmin, 'POST', 'romaneio', [
      romaneio('2026-11-30', divida, { pedras: [pedra['40']] }),
      romaneio(QUI, divida, { pedras: [pedra['12']] }),
    ]);
    expect(r.status).toBe(409);
    expect(r.body.message).toBe('A pedra 12 já está ocupada em 26/11/2026');
    expect(r.body.fieldErrors).toEqual([{ field: '[1].pedras[0].pedrasId', message: 'A pedra 12 já está ocupada em 26/11/2026' }]);
    expect(await contagem()).toEqual(antes);
    expect(await dividaExiste(divida)).toBe(false);
    expect((await req(t.userAdmin, 'POST', 'pedras/livres', ['2026-11-30'])).body.map((p: { numero: string }) => p.numero)).toContain('40');
    // A database refusal inside the second romaneio's save (a check no schema rule caught) also undoes the first.
    const r2 = await req(t.userAdmin, 'POST', 'romaneio', [romaneio('2026-11-30', divida), romaneio(QUI, divida, { pedras: [pedra['41'], pedra['41']] })]);
    expect(r2.status).toBe(400);
    expect(r2.body.fieldErrors[0].field).toBe('[1].pedras[1].pedrasId');
    expect(await contagem()).toEqual(antes);
  });

  it('refuses a stall booked on that date (409 naming stall and date) and a reused debt (409 on divida)', async () => {
    const antes = await contagem();
    const ocupada = await req(t.userAdmin, 'POST', 'romaneio', [romaneio(SEG, novaDivida(), { pedras: [pedra['13']] })]);
    expect(ocupada.status).toBe(409);
    expect(ocupada.body.message).toBe('A pedra 13 já está ocupada em 23/11/2026');
    const usada = (await req(t.userAdmin, 'GET', 'romaneio?size=100')).body.content[0].divida;
    const reusada = await req(t.userAdmin, 'POST', 'romaneio', [romaneio('2026-12-03', usada, { itens: [itemAlface()] })]);
    expect(reusada.status).toBe(409);
    expect(reusada.body).toMatchObject({ message: DIVIDA_EM_USO, fieldErrors: [{ field: 'divida', message: DIVIDA_EM_USO }] });
    expect(await contagem()).toEqual(antes);
  });

  it('two clerks booking the same stall at the same moment: exactly one wins, the other leaves no row', async () => {
    const antes = await contagem();
    const [d1, d2] = [novaDivida(), novaDivida()];
    const rs = await Promise.all([
      req(t.userAdmin, 'POST', 'romaneio', [romaneio('2026-11-30', d1, { pedras: [pedra['50']] })]),
      req(t.admin, 'POST', 'romaneio', [romaneio('2026-11-30', d2, { pedras: [pedra['50']] })]),
    ]);
    expect(rs.map((r) => r.status).sort()).toEqual([201, 409]);
    const perdeu = rs.find((r) => r.status === 409)!;
    expect(perdeu.body.message).toBe('A pedra 50 já está ocupada em 30/11/2026');
    expect(await contagem()).toEqual({ romaneio: antes.romaneio + 1, itens: antes.itens + 1, pedras: antes.pedras + 1, dividas: antes.dividas + 1 });
    expect([await dividaExiste(d1), await dividaExiste(d2)].sort()).toEqual([false, true]);
  });

  it('two batches booking the same stalls in opposite orders: one wins, the other gets the 409 (no deadlock, no 500)', async () => {
    const antes = await contagem();
    const [d1, d2] = [novaDivida(), novaDivida()];
    const rs = await Promise.all([
      req(t.userAdmin, 'POST', 'romaneio', [
        romaneio(SEG, d1, { pedras: [pedra['90'], pedra['91']] }),
        romaneio(QUI, d1, { pedras: [pedra['90'], pedra['91']] }),
      ]),
      req(t.admin, 'POST', 'romaneio', [romaneio(QUI, d2, { pedras: [pedra['91'], pedra['90']] }), romaneio(SEG, d2, { pedras: [pedra['91'], pedra['90']] })]),
    ]);
    expect(rs.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(rs.find((r) => r.status === 409)!.body.message).toMatch(/^A pedra 9[01] já está ocupada em (23|26)\/11\/2026$/);
    expect(await contagem()).toEqual({ romaneio: antes.romaneio + 2, itens: antes.itens + 2, pedras: antes.pedras + 4, dividas: antes.dividas + 1 });
    // The answer keeps the order of the request.
    const ganhou = rs.find((r) => r.status === 201)!.body as { dataEmissao: string }[];
    expect(ganhou.map((r) => r.dataEmissao)).toEqual(rs[0].status === 201 ? [SEG, QUI] : [QUI, SEG]);
  });

  it('two clerks saving the same debt at the same moment: exactly one wins, the other leaves no row', async () => {
    const antes = await contagem();
    const divida = novaDivida();
    const rs = await Promise.all([
      req(t.userAdmin, 'POST', 'romaneio', [romaneio('2026-12-03', divida, { itens: [itemAlface()], pedras: [pedra['60']] })]),
      req(t.admin, 'POST', 'romaneio', [romaneio('2026-12-07', divida, { itens: [itemAlface()], pedras: [pedra['61']] })]),
    ]);
    expect(rs.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(rs.find((r) => r.status === 409)!.body.message).toBe(DIVIDA_EM_USO);
    expect(await contagem()).toEqual({ romaneio: antes.romaneio + 1, itens: antes.itens + 1, pedras: antes.pedras + 1, dividas: antes.dividas + 1 });
    expect((await req(t.userAdmin, 'GET', `romaneio/dividas/${divida}`)).body).toHaveLength(1);
  });

  it("refuses with the spec's 400 messages: no item, a non-producer, another producer's item, repeated dates, mixed debts, bad quantity", async () => {
    const antes = await contagem();
    const casos: [unknown, string, string][] = [
      [[romaneio(SEG, novaDivida(), { itens: [] })], '[0].itens', 'É obrigatório adicionar ao menos um produto.'],
      [[romaneio(SEG, novaDivida(), { pessoa: { id: tecnico } })], '[0].pessoaId', 'A pessoa selecionada não é um produtor'],
      [[romaneio(SEG, novaDivida(), { pessoa: undefined })], '[0].pessoaId', 'O produtor é obrigatório'],
      [
        [romaneio(SEG, novaDivida(), { itens: [{ ...itemTomate(), boletimItensId: biOutro }] })],
        '[0].itens[0].boletimItensId',
        'O item do boletim deve ser do produtor selecionado',
      ],
      [[romaneio(SEG, novaDivida(), { itens: [{ ...itemTomate(), produtoId: alface }] })], '[0].itens[0].produtoId', 'O produto deve ser o do item do boletim'],
      [[romaneio(SEG, 77), romaneio(SEG, 77)], '[1].dataEmissao', 'A data 23/11/2026 aparece mais de uma vez no lote'],
      [[romaneio(SEG, 78), romaneio(QUI, 79)], '[1].divida', 'Todos os romaneios do lote devem ter a mesma dívida'],
      [[romaneio(SEG, novaDivida(), { itens: [itemTomate(10001)] })], '[0].itens[0].quantidade', 'A quantidade deve ser no máximo 10.000'],
      [[romaneio(SEG, novaDivida(), { itens: [itemTomate(0)] })], '[0].itens[0].quantidade', 'A quantidade deve ser maior que 0'],
      [[romaneio(SEG, novaDivida(), { divida: undefined })], '[0].divida', 'A divida é obrigatório'],
      [[romaneio('', novaDivida())], '[0].dataEmissao', 'A Data da emissao é obrigatória'],
      // The year range of the issue-date picker holds on the server too.
      [
        [romaneio(`${new Date().getFullYear() + 2}-01-04`, novaDivida())],
        '[0].dataEmissao',
        `A data de emissão deve estar entre os anos 1900 e ${new Date().getFullYear() + 1}.`,
      ],
      [[romaneio(SEG, novaDivida(), { pedras: [999999] })], '[0].pedras[0].pedrasId', 'A pedra deve estar na lista'],
    ];
    for (const [body, campo, mensagem] of casos) {
      const r = await req(t.userAdmin, 'POST', 'romaneio', body);
      expect(r.status, campo).toBe(400);
      expect(r.body.fieldErrors, campo).toContainEqual({ field: campo, message: mensagem });
    }
    expect(await contagem()).toEqual(antes);
  });
});

describe('romaneio list, record and debt', () => {
  it('answers tipoQuantidade SIM / PARCIAL / NÃO from the linked bulletin items balances, and filters by it', async () => {
    const mun = await inserirMunicipio(t.app, 'Açailândia', 'MA');
    const p = await inserirPessoa(t.app, 'Beatriz Saldo', 1);
    const prop = await inserirPropriedade(t.app, 'Chácara Saldo', mun, p);
    const b = await inserirBoletim(t.app, { produtorId: p, tecnicoId: tecnico, propriedadeId: prop, dataEmissao: '2026-10-01' });
    const [a, c] = [
      await inserirBoletimItem(t.app, b, tomate, '2026-11-01', '2026-11-30'),
      await inserirBoletimItem(t.app, b, alface, '2026-11-01', '2026-11-30'),
    ];
    const it = (boletimItensId: number, produtoId: number, quantidade: number) => ({ produtoId, quantidade, boletimItensId });
    const divida = novaDivida();
    // Estimated 1000 each (fixture): Monday takes 400 of both, Thursday the other 600 of the tomato.
    const r = await req(t.userAdmin, 'POST', 'romaneio', [
      romaneio(SEG, divida, { pessoa: { id: p }, itens: [it(a, tomate, 400), it(c, alface, 400)] }),
      romaneio(QUI, divida, { pessoa: { id: p }, itens: [it(a, tomate, 600)] }),
    ]);
    expect(r.status).toBe(201);
    const tipo = async (id: number) => (await req(t.userAdmin, 'GET', `romaneio/${id}`)).body.tipoQuantidade;
    expect(await tipo(r.body[0].id)).toBe('PARCIAL');
    expect(await tipo(r.body[1].id)).toBe('SIM');
    const segunda = await req(t.userAdmin, 'POST', 'romaneio', [romaneio('2026-11-30', novaDivida(), { pessoa: { id: p }, itens: [it(c, alface, 100)] })]);
    expect(segunda.body[0].tipoQuantidade).toBe('NÃO');
    const sim = await req(t.userAdmin, 'POST', 'romaneio/searchRomaneio/asc/id', { tipoQuantidade: 'SIM' });
    expect(sim.status).toBe(200);
    expect(sim.body.content.map((x: { id: number }) => x.id)).toEqual([r.body[1].id]);
    const lista = await req(t.userAdmin, 'POST', 'romaneio/searchRomaneio/desc/id', { produtor: p });
    expect(lista.body.content.map((x: { id: number; tipoQuantidade: string }) => [x.id, x.tipoQuantidade])).toEqual([
      [segunda.body[0].id, 'NÃO'],
      [r.body[1].id, 'SIM'],
      [r.body[0].id, 'PARCIAL'],
    ]);
    expect((await req(t.userAdmin, 'POST', 'romaneio/searchRomaneio/asc/id', { produtor: 'beatriz', divida: String(divida) })).body.totalElements).toBe(2);
    expect((await req(t.userAdmin, 'POST', 'romaneio/searchRomaneio/asc/id', { produtoNome: 'alfa', produtor: p })).body.totalElements).toBe(2);
  });

  it('lists the newest romaneios first by default (issue date, then id, both descending), as romaneioRecurso.ordem declares', async () => {
    expect(romaneioRecurso.ordem).toEqual({ campo: 'dataEmissao', dir: 'desc' });
    const antigo = await req(t.userAdmin, 'POST', 'romaneio', [romaneio('2026-11-02', novaDivida())]);
    const dezembro = { itens: [itemAlface(1)] };
    const novos = await req(t.userAdmin, 'POST', 'romaneio', [romaneio('2026-12-28', novaDivida(), dezembro), romaneio('2026-12-31', dividas, dezembro)]);
    const mesmoDia = await req(t.userAdmin, 'POST', 'romaneio', [romaneio('2026-12-31', novaDivida(), dezembro)]);
    expect([antigo.status, novos.status, mesmoDia.status]).toEqual([201, 201, 201]);
    const chave = (x: { dataEmissao: string; id: number }) => `${x.dataEmissao}#${String(x.id).padStart(9, '0')}`;
    const lista = await req(t.userAdmin, 'GET', 'romaneio?size=1000');
    expect(lista.status).toBe(200);
    const linhas = lista.body.content as { dataEmissao: string; id: number }[];
    const meus = [antigo.body[0].id, novos.body[0].id, novos.body[1].id, mesmoDia.body[0].id];
    expect(linhas.map((x) => x.id).filter((id) => meus.includes(id))).toEqual([mesmoDia.body[0].id, novos.body[1].id, novos.body[0].id, antigo.body[0].id]);
    expect(linhas.map(chave)).toEqual(linhas.map(chave).sort().reverse());
    expect(linhas.at(-1)!.dataEmissao <= antigo.body[0].dataEmissao).toBe(true);
  });

  it('GET romaneio/dividas/{divida} answers the batch by date; an unknown debt an empty list', async () => {
    const divida = novaDivida();
    const c = await req(t.userAdmin, 'POST', 'romaneio', [romaneio('2026-11-30', divida), romaneio('2026-11-16', divida)]);
    expect(c.status).toBe(201);
    const r = await req(t.userAdmin, 'GET', `romaneio/dividas/${divida}`);
    expect(r.status).toBe(200);
    expect(r.body.map((x: { dataEmissao: string }) => x.dataEmissao)).toEqual(['2026-11-16', '2026-11-30']);
    expect(r.body[0]).toEqual((await req(t.userAdmin, 'GET', `romaneio/${r.body[0].id}`)).body);
    expect((await req(t.userAdmin, 'GET', 'romaneio/dividas/987654321')).body).toEqual([]);
    expect((await req(t.userAdmin, 'GET', 'romaneio/dividas/abc')).status).toBe(400);
    expect((await req(t.userAdmin, 'GET', 'romaneio/999999')).body.message).toBe('Romaneio não encontrado');
  });
});

describe('romaneio edit and delete', () => {
  it('PUT romaneioitens/updateQtde changes one quantity at once with an audit row; 404 for an unknown item', async () => {
    const c = await req(t.userAdmin, 'POST', 'romaneio', [romaneio('2026-11-19', novaDivida())]);
    const item = c.body[0].itens[0];
    const logs = await countRows(t.app, 'logs');
    const r = await req(t.userAdmin, 'PUT', 'romaneioitens/updateQtde', { id: item.id, quantidade: 12.5 });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ id: item.id, quantidade: 12.5, produtoNome: 'Tomate' });
    expect(await countRows(t.app, 'logs')).toBe(logs + 1);
    const [log] = (await t.app.ctx.db.execute(sql`SELECT cadastro, acao, cadastro_id AS "cadastroId" FROM logs ORDER BY id DESC LIMIT 1`)).rows;
    expect(log).toEqual({ cadastro: 'RomaneioItens', acao: 'UPDATE', cadastroId: String(item.id) });
    expect((await req(t.userAdmin, 'GET', `romaneio/${c.body[0].id}`)).body.itens[0].quantidade).toBe(12.5);
    const nao = await req(t.userAdmin, 'PUT', 'romaneioitens/updateQtde', { id: 999999, quantidade: 1 });
    expect(nao.status).toBe(404);
    expect(nao.body.message).toBe('Item do romaneio não encontrado');
    const demais = await req(t.userAdmin, 'PUT', 'romaneioitens/updateQtde', { id: item.id, quantidade: 10000.01 });
    expect(demais.status).toBe(400);
    expect(demais.body.message).toBe('A quantidade deve ser no máximo 10.000');
    expect((await req(t.agro, 'PUT', 'romaneioitens/updateQtde', { id: item.id, quantidade: 3 })).status).toBe(403);
    expect(await countRows(t.app, 'logs')).toBe(logs + 1);
  });

  it('PUT romaneio keeps its date, producer, debt and the products of saved items: a changed one is a 400', async () => {
    const divida = novaDivida();
    const c = await req(t.userAdmin, 'POST', 'romaneio', [romaneio(QUI, divida, { itens: [itemTomate(3), itemAlface(4)], pedras: [pedra['70']] })]);
    const r = c.body[0];
    const corpo = (o: Record<string, unknown> = {}) => ({
      id: r.id,
      dataEmissao: r.dataEmissao,
      divida: r.divida,
      pessoaId: r.pessoaId,
      pedras: r.pedras.map((p: { pedrasId: number }) => ({ pedrasId: p.pedrasId })),
      itens: r.itens.map((i: { id: number; produtoId: number; quantidade: number; boletimItensId: number }) => ({
        id: i.id,
        produtoId: i.produtoId,
        quantidade: i.quantidade,
        boletimItensId: i.boletimItensId,
      })),
      confirmar: ['romaneioNoDia', 'saldoBoletim'],
      ...o,
    });
    // Quantities alone need no reason (docs/produto/api.md's PUT).
    const ok = await req(
      t.userAdmin,
      'PUT',
      `romaneio/${r.id}`,
      corpo({ itens: corpo().itens.map((i: object, n: number) => ({ ...i, quantidade: n ? 40 : 30 })) }),
    );
    expect(ok.status).toBe(200);
    expect(ok.body.itens.map((i: { quantidade: number }) => i.quantidade)).toEqual([30, 40]);
    // PUT romaneio (id in the body) too: back to the first quantities.
    const volta = await req(t.userAdmin, 'PUT', 'romaneio', corpo());
    expect(volta.status).toBe(200);
    expect(volta.body.itens.map((i: { quantidade: number }) => i.quantidade)).toEqual([3, 4]);
    const recusas: [Record<string, unknown>, string][] = [
      [{ dataEmissao: '2026-12-14' }, 'dataEmissao'],
      [{ pessoaId: outroProdutor }, 'pessoaId'],
      [{ divida: divida + 1000 }, 'divida'],
      [{ itens: [{ ...corpo().itens[0], produtoId: alface }, corpo().itens[1]] }, 'itens[0].produtoId'],
      [{ itens: [corpo().itens[0], { ...corpo().itens[1], boletimItensId: biOutro }] }, 'itens[1].boletimItensId'],
    ];
    const antes = await contagem();
    for (const [o, campo] of recusas) {
      const x = await req(t.userAdmin, 'PUT', `romaneio/${r.id}`, corpo({ ...o, motivo: 'Erro de digitação' }));
      expect(x.status, campo).toBe(400);
      expect(x.body.fieldErrors[0].field, campo).toBe(campo);
      expect(x.body.message).toContain('no romaneio salvo a data de emissão, o produtor, a dívida e os produtos dos itens ficam como estão.');
    }
    expect(await contagem()).toEqual(antes);
    expect((await req(t.userAdmin, 'GET', `romaneio/${r.id}`)).body).toEqual(volta.body);
    expect((await req(t.userAdmin, 'PUT', 'romaneio/999999', corpo())).status).toBe(404);
  });

  it('DELETE removes a romaneio with its items and bookings; the last one of a debt frees the debt', async () => {
    const divida = novaDivida();
    const c = await req(t.userAdmin, 'POST', 'romaneio', [
      romaneio('2026-12-14', divida, { itens: [itemAlface()], pedras: [pedra['80']] }),
      romaneio('2026-12-17', divida, { itens: [itemAlface()], pedras: [pedra['80']] }),
    ]);
    expect(c.status).toBe(201);
    const antes = await contagem();
    const logs = await countRows(t.app, 'logs');
    expect((await req(t.agro, 'DELETE', `romaneio/${c.body[0].id}`)).status).toBe(403);
    const d1 = await req(t.userAdmin, 'DELETE', `romaneio/${c.body[0].id}`);
    expect(d1.status).toBe(204);
    // Romaneio, its item and its booking: one audit row each.
    expect(await countRows(t.app, 'logs')).toBe(logs + 3);
    expect(await contagem()).toEqual({ romaneio: antes.romaneio - 1, itens: antes.itens - 1, pedras: antes.pedras - 1, dividas: antes.dividas });
    expect((await req(t.userAdmin, 'POST', 'pedras/livres', ['2026-12-14'])).body.map((p: { numero: string }) => p.numero)).toContain('80');
    // The debt still belongs to its batch (the Thursday romaneio): a date the batch was not entered with is refused.
    expect((await req(t.userAdmin, 'POST', 'romaneio', [romaneio('2026-12-21', divida, { itens: [itemAlface()] })])).status).toBe(409);
    expect((await req(t.userAdmin, 'DELETE', `romaneio/${c.body[1].id}`)).status).toBe(204);
    expect(await dividaExiste(divida)).toBe(false);
    expect((await req(t.userAdmin, 'GET', `romaneio/${c.body[1].id}`)).status).toBe(404);
    expect((await req(t.userAdmin, 'DELETE', `romaneio/${c.body[1].id}`)).status).toBe(404);
    // Freed: a new batch may take it.
    expect((await req(t.userAdmin, 'POST', 'romaneio', [romaneio('2026-12-21', divida, { itens: [itemAlface()] })])).status).toBe(201);
  });

  it('permissions: user-admin and super-admin use the romaneio; user-agro and no role get 403', async () => {
    const corpo = [romaneio('2026-12-24', novaDivida(), { itens: [itemAlface()] })];
    for (const token of [t.agro, t.semPerfil]) {
      expect((await req(token, 'GET', 'romaneio')).status).toBe(403);
      expect((await req(token, 'POST', 'romaneio/searchRomaneio/asc/id', {})).status).toBe(403);
      expect((await req(token, 'POST', 'romaneio', corpo)).status).toBe(403);
      expect((await req(token, 'GET', 'romaneio/dividas/1')).status).toBe(403);
    }
    const antes = await contagem();
    expect(antes.romaneio).toBeGreaterThan(0);
    expect((await req(t.admin, 'GET', 'romaneio')).status).toBe(200);
    expect((await req(t.userAdmin, 'GET', 'romaneio')).body.totalElements).toBe(antes.romaneio);
    expect((await req(t.admin, 'POST', 'romaneio', corpo)).status).toBe(201);
  });
});

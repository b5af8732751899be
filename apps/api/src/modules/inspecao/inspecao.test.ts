import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { INSPECAO_MSG, ITENS_ROTULAGEM, suspensaoNaData } from '@ceasa/shared';
import { appDeTeste, call, countRows } from '../../../test/helpers';
import { inserirGrupo, inserirProduto, inserirProdutorComColheita, inserirRomaneio, inserirRomaneioItem } from '../../../test/fabricas';
import { sortear } from './inspecao.service';

/**
 * Inspections at the gate (decisions 0185–0187): the day's draw, the inspection's create and
 * update with their refusals and audit rows, the lot's `situacao`, and the suspension refused at the gate.
 */
const t = appDeTeste();

// Market days (Monday and Thursday): the load sampled on Thursday 26/11/2026; 30 days of suspension end on 26/12/2026.
const COLETA = '2026-11-26';
const SUSPENSO = 'Produtor suspenso até 26/12/2026 por resultado de análise de resíduos.';
const CHECKLIST_OK = Object.fromEntries(ITENS_ROTULAGEM.map(([k]) => [k, true]));

let produtor: number;
let tomate: number;
let boletimItem: number;
let romaneio: number;
let lote: string;
let dividas = 5_100_000;

const post = (body: object, token = t.agro) => call(t.app, token, { method: 'POST', url: '/api/inspecao', payload: body });
const put = (id: number, body: object, token = t.agro) => call(t.app, token, { method: 'PUT', url: `/api/inspecao/${id}`, payload: body });
const dia = (data: string, token = t.agro) => call(t.app, token, { method: 'GET', url: `/api/inspecao/dia?data=${data}` });
const situacao = async (codigo: string) => {
  const r = await call(t.app, null, { method: 'GET', url: `/api/romaneio/lote/${codigo}` });
  expect(r.status).toBe(200);
  return r.body as { situacao?: string };
};
const residuo = (o: object = {}) => ({
  romaneioId: romaneio,
  tipo: 'residuo',
  coletaEm: COLETA,
  laboratorio: 'Laboratório Central',
  codigoAmostra: `AM-${++dividas}`,
  resultado: 'pendente',
  ...o,
});
const contar = async () => ({ inspecao: await countRows(t.app, 'inspecao'), logs: await countRows(t.app, 'logs') });

beforeAll(async () => {
  const app = t.app;
  const grupo = await inserirGrupo(app, 'Frutas');
  tomate = await inserirProduto(app, grupo, 'Tomate Inspecionado');
  const p = await inserirProdutorComColheita(app, tomate, { produtor: 'Joana Suspensa', municipio: 'Vale do Teste' });
  produtor = p.produtor;
  boletimItem = p.item;
  romaneio = await inserirRomaneio(app, produtor, COLETA, ++dividas);
  const item = await inserirRomaneioItem(app, romaneio, tomate, 20, boletimItem);
  lote = ((await app.ctx.db.execute(sql`SELECT codigo_lote FROM romaneio_itens WHERE id = ${item}`)).rows[0] as { codigo_lote: string }).codigo_lote;
});

describe('the draw (INSPECAO_PERCENTUAL)', () => {
  it('draws with the configured chance, in hundredths of a percent', () => {
    expect(sortear(5, () => 499)).toBe(true);
    expect(sortear(5, () => 500)).toBe(false);
    expect(sortear(0, () => 0)).toBe(false);
    expect(sortear(100, () => 9_999)).toBe(true);
    expect(sortear(2.5, () => 249)).toBe(true);
    expect(sortear(2.5, () => 250)).toBe(false);
  });

  it("draws about 5% of a day's 1000 romaneios, keeps each draw, and lists the same romaneios again", async () => {
    const DIA = '2026-03-02';
    await t.app.ctx.db.execute(sql`
      WITH d AS (INSERT INTO romaneio_divida (divida) SELECT 9100000 + g FROM generate_series(1, 1000) g RETURNING divida)
      INSERT INTO romaneio (data_emissao, divida, pessoa_id) SELECT ${DIA}, divida, ${produtor} FROM d`);
    const r = await dia(DIA);
    expect(r.status).toBe(200);
    expect(r.body.total).toBe(1000);
    expect(r.body.percentual).toBe(5);
    const sorteados = r.body.romaneios.map((x: { romaneioId: number }) => x.romaneioId);
    // Binomial(1000, 5%): mean 50, standard deviation 6.9; 25–75 is more than 3.6 deviations each side.
    expect(sorteados.length).toBeGreaterThanOrEqual(25);
    expect(sorteados.length).toBeLessThanOrEqual(75);
    expect(r.body.romaneios.every((x: { sorteado: boolean; produtorNome: string }) => x.sorteado && x.produtorNome === 'Joana Suspensa')).toBe(true);
    const kept = await t.app.ctx.db.execute(
      sql`SELECT count(*)::int AS n, sum(sorteado::int)::int AS s, min(percentual)::float8 AS p FROM inspecao_sorteio WHERE data = ${DIA}`,
    );
    expect(kept.rows[0]).toEqual({ n: 1000, s: sorteados.length, p: 5 });
    // Stable: asked again, the same romaneios; a romaneio saved later is drawn once, the others never again.
    await inserirRomaneio(t.app, produtor, DIA, 9_200_001);
    const again = await dia(DIA);
    expect(again.body.total).toBe(1001);
    expect(again.body.romaneios.map((x: { romaneioId: number }) => x.romaneioId).filter((id: number) => sorteados.includes(id))).toEqual(sorteados);
    expect(await countRows(t.app, 'inspecao_sorteio')).toBeGreaterThanOrEqual(1001);
  });

  it('the day list is the inspector’s: user-admin gets 403; a bad date a pt-BR 400', async () => {
    expect((await dia('2026-03-02', t.userAdmin)).status).toBe(403);
    expect((await dia('2026-03-02', t.admin)).status).toBe(200);
    const r = await dia('02/03/2026');
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('A data é inválida');
  });
});

describe('POST /api/inspecao: refusals', () => {
  it('refuses a residue without its lab, sample and result, each on its field, and stores nothing', async () => {
    const antes = await contar();
    const r = await post({ romaneioId: romaneio, tipo: 'residuo', coletaEm: COLETA });
    expect(r.status).toBe(400);
    expect(r.body.fieldErrors).toEqual([
      { field: 'laboratorio', message: INSPECAO_MSG.laboratorio },
      { field: 'codigoAmostra', message: INSPECAO_MSG.amostra },
      { field: 'resultado', message: INSPECAO_MSG.resultadoObrigatorio },
    ]);
    const semPrincipio = await post(residuo({ resultado: 'nao_conforme' }));
    expect(semPrincipio.status).toBe(400);
    expect(semPrincipio.body.fieldErrors).toEqual([{ field: 'principioAtivo', message: INSPECAO_MSG.principioAtivo }]);
    const tipo = await post(residuo({ tipo: 'visual' }));
    expect(tipo.status).toBe(400);
    expect(tipo.body.fieldErrors).toEqual([{ field: 'tipo', message: "O tipo deve ser 'rotulagem' ou 'residuo'" }]);
    const resultado = await post(residuo({ resultado: 'talvez' }));
    expect(resultado.body.fieldErrors).toEqual([{ field: 'resultado', message: "O resultado deve ser 'conforme', 'nao_conforme' ou 'pendente'" }]);
    const rotulo = await post({ romaneioId: romaneio, tipo: 'rotulagem', coletaEm: COLETA });
    expect(rotulo.body.fieldErrors).toEqual([{ field: 'checklist', message: INSPECAO_MSG.checklist }]);
    const semRomaneio = await post(residuo({ romaneioId: 999_999 }));
    expect(semRomaneio.status).toBe(400);
    expect(semRomaneio.body.fieldErrors).toEqual([{ field: 'romaneioId', message: 'O romaneio deve estar na lista' }]);
    const antesDoDia = await post(residuo({ coletaEm: '2026-11-25' }));
    expect(antesDoDia.status).toBe(400);
    expect(antesDoDia.body.fieldErrors).toEqual([{ field: 'coletaEm', message: 'A data da coleta não pode ser anterior à data do romaneio (26/11/2026).' }]);
    expect((await post(residuo(), t.userAdmin)).status).toBe(403);
    expect(await contar()).toEqual(antes);
  });
});

describe('inspection, lot situation and suspension', () => {
  let id: number;
  let versao: number;

  it('a label inspection: the checklist decides its result; no situation, no suspension; audited', async () => {
    const r = await post({ romaneioId: romaneio, tipo: 'rotulagem', coletaEm: COLETA, checklist: { ...CHECKLIST_OK, lote: false } });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ tipo: 'rotulagem', resultado: 'nao_conforme', suspensoAte: null, laboratorio: null });
    expect(r.body.romaneio).toMatchObject({ id: romaneio, produtorNome: 'Joana Suspensa', municipioNome: 'Vale do Teste', produtos: ['Tomate Inspecionado'] });
    expect(await situacao(lote)).not.toHaveProperty('situacao');
    const log = await t.app.ctx.db.execute(sql`SELECT acao, conteudo FROM logs WHERE cadastro = 'Inspecao' AND cadastro_id = ${String(r.body.id)}`);
    expect(log.rows).toEqual([{ acao: 'INSERT', conteudo: expect.stringContaining('tipo=rotulagem') }]);
  });

  it("a pending residue sample: the lot is 'em_analise'; the day's list shows the romaneio inspected outside the draw", async () => {
    const sem = await situacao(lote);
    expect(Object.keys(sem)).not.toContain('situacao');
    const r = await post(residuo({ codigoAmostra: 'AM-CENTRAL-1' }));
    expect(r.status).toBe(201);
    ({ id, versao } = r.body);
    expect(r.body).toMatchObject({ resultado: 'pendente', suspensoAte: null, checklist: null });
    const lotePendente = await situacao(lote);
    expect(lotePendente.situacao).toBe('em_analise');
    // The other fields are the same as before, in the same order.
    const { situacao: _s, ...resto } = lotePendente;
    expect(JSON.stringify(resto)).toBe(JSON.stringify(sem));
    // The same sample code at the same lab: a 409 on its field.
    const repetida = await post(residuo({ codigoAmostra: 'AM-CENTRAL-1' }));
    expect(repetida.status).toBe(409);
    expect(repetida.body.fieldErrors).toEqual([{ field: 'codigoAmostra', message: INSPECAO_MSG.amostraRepetida }]);
    const lista = await dia(COLETA);
    const linha = lista.body.romaneios.find((x: { romaneioId: number }) => x.romaneioId === romaneio);
    expect(linha).toMatchObject({ produtorNome: 'Joana Suspensa', suspensoAte: null });
    expect(linha.inspecoes.map((i: { tipo: string; resultado: string }) => `${i.tipo}:${i.resultado}`)).toEqual(['rotulagem:nao_conforme', 'residuo:pendente']);
  });

  it("a non-conforming result (PUT with versao): the lot is 'retido', the producer suspended 30 days from the collection; a stale versao is a 409", async () => {
    const r = await put(id, residuo({ versao, codigoAmostra: 'AM-CENTRAL-1', resultado: 'nao_conforme', principioAtivo: 'Carbendazim' }));
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ resultado: 'nao_conforme', principioAtivo: 'Carbendazim', suspensoAte: '2026-12-26' });
    expect((await situacao(lote)).situacao).toBe('retido');
    const antiga = await put(id, residuo({ versao, codigoAmostra: 'AM-CENTRAL-1', resultado: 'conforme' }));
    expect(antiga.status).toBe(409);
    expect((await call(t.app, t.agro, { method: 'GET', url: `/api/inspecao/${id}` })).body.resultado).toBe('nao_conforme');
    const fixo = await put(id, residuo({ versao: r.body.versao, codigoAmostra: 'AM-CENTRAL-1', tipo: 'rotulagem', checklist: CHECKLIST_OK }));
    expect(fixo.status).toBe(400);
    expect(fixo.body.message).toBe(INSPECAO_MSG.fixo);
    const log = await t.app.ctx.db.execute(sql`SELECT acao FROM logs WHERE cadastro = 'Inspecao' AND cadastro_id = ${String(id)} ORDER BY id`);
    expect(log.rows.map((x) => x.acao)).toEqual(['INSERT', 'UPDATE']);
    const lista = await dia(COLETA);
    expect(lista.body.romaneios.find((x: { romaneioId: number }) => x.romaneioId === romaneio).suspensoAte).toBe('2026-12-26');
    const susp = await call(t.app, t.userAdmin, { method: 'GET', url: `/api/inspecao/suspensao/${produtor}` });
    expect(susp.status).toBe(200);
    expect(susp.body.suspensoes).toEqual([{ inspecaoId: id, romaneioId: romaneio, inicio: COLETA, fim: '2026-12-26', principioAtivo: 'Carbendazim' }]);
  });

  it('the gate refuses his romaneio up to the last day, on his field, storing nothing; the day after, it is accepted', async () => {
    const romaneioDe = (dataEmissao: string) => [
      { dataEmissao, divida: ++dividas, pessoa: { id: produtor }, pedras: [], itens: [{ produtoId: tomate, boletimItensId: boletimItem, quantidade: 5 }] },
    ];
    const gate = (body: object) => call(t.app, t.userAdmin, { method: 'POST', url: '/api/romaneio', payload: body });
    const antes = await countRows(t.app, 'romaneio');
    const r = await gate(romaneioDe('2026-12-24'));
    expect(r.status).toBe(400);
    expect(r.body.message).toBe(SUSPENSO);
    expect(r.body.fieldErrors).toEqual([{ field: '[0].pessoaId', message: SUSPENSO }]);
    expect(await countRows(t.app, 'romaneio')).toBe(antes);
    // Monday 28/12/2026, after the last day (Saturday 26/12).
    const depois = await gate(romaneioDe('2026-12-28'));
    expect(depois.status).toBe(201);
  });

  it("the gate's producer list carries each producer's suspensions in force, so picking him says so before any save", async () => {
    const lista = async (desde: string) => {
      const r = await call(t.app, t.userAdmin, { method: 'GET', url: `/api/pessoa/tipo/1?ativosDesde=${desde}` });
      expect(r.status).toBe(200);
      return r.body as { id: number; suspensoes?: { inicio: string; fim: string }[] }[];
    };
    expect((await lista('2025-12-24')).find((p) => p.id === produtor)!.suspensoes).toEqual([{ inicio: COLETA, fim: '2026-12-26' }]);
    // A suspension that ended before the list's start is left out; the plain list (no ativosDesde) carries none.
    expect((await lista('2026-12-27')).find((p) => p.id === produtor)?.suspensoes ?? []).toEqual([]);
    const todos = await call(t.app, t.userAdmin, { method: 'GET', url: '/api/pessoa/tipo/1' });
    expect(todos.body.find((p: { id: number }) => p.id === produtor)).not.toHaveProperty('suspensoes');
  });

  it("a conforming counter-analysis releases the lot ('liberado') and lifts the suspension", async () => {
    const atual = await call(t.app, t.agro, { method: 'GET', url: `/api/inspecao/${id}` });
    const r = await put(id, residuo({ versao: atual.body.versao, codigoAmostra: 'AM-CENTRAL-1', resultado: 'conforme', principioAtivo: null }));
    expect(r.status).toBe(200);
    expect(r.body.suspensoAte).toBeNull();
    expect((await situacao(lote)).situacao).toBe('liberado');
  });
});

describe('suspensaoNaData (the gate check)', () => {
  const s = [
    { inicio: '2026-11-26', fim: '2026-12-26' },
    { inicio: '2026-12-01', fim: '2026-12-31' },
  ];
  it('refuses from the collection date to the last day, naming the latest last day in force', () => {
    expect(suspensaoNaData('2026-11-25', s)).toBeNull();
    expect(suspensaoNaData('2026-11-26', s)).toBe(SUSPENSO);
    expect(suspensaoNaData('2026-12-10', s)).toBe('Produtor suspenso até 31/12/2026 por resultado de análise de resíduos.');
    expect(suspensaoNaData('2027-01-01', s)).toBeNull();
    expect(suspensaoNaData('2026-12-01', [])).toBeNull();
  });
});

describe('GET /api/inspecao', () => {
  it("lists a producer's inspections, newest first; another producer's list is empty", async () => {
    const r = await call(t.app, t.agro, { method: 'GET', url: `/api/inspecao?pessoaId=${produtor}` });
    expect(r.status).toBe(200);
    expect(r.body.map((i: { tipo: string; resultado: string }) => `${i.tipo}:${i.resultado}`)).toEqual(['residuo:conforme', 'rotulagem:nao_conforme']);
    expect((await call(t.app, t.agro, { method: 'GET', url: '/api/inspecao?pessoaId=999999' })).body).toEqual([]);
    expect((await call(t.app, t.agro, { method: 'GET', url: '/api/inspecao?pessoaId=abc' })).body.message).toBe('Produtor inválido');
  });
});

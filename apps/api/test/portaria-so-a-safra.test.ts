import { beforeAll, describe, expect, it } from 'vitest';
import { ATIVOS_DESDE_MSG, COLHEITA_EM_MSG } from '@ceasa/shared';
import { inserirBoletim, inserirBoletimItem, inserirGrupo, inserirPessoa, inserirProduto, inserirProdutorComColheita } from './fabricas';
import { appDeTeste, call } from './helpers';

/**
 * The gate form asks for a season's rows, not every row of every year (issue 18 point 2):
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
    expect(nov.body[0]).toMatchObject({ produtoNome: 'Tomate Safra', inicioColheita: '2026-11-01', fimColheita: '2026-12-10', saldoQtde: 1000 });
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
    expect(r.body).toEqual([{ id: produtor, nome: 'Safra Atual', cpfcnpj: expect.any(String) }]);
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

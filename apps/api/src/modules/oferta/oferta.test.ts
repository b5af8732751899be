import { beforeAll, describe, expect, it } from 'vitest';
import { OFERTA_MSG, type OfertaPrevisaoLinha } from '@ceasa/shared';
import { appDeTeste, call } from '../../../test/helpers';
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

const t = appDeTeste();
const ids: Record<string, number> = {};
let boletim: number;

/** Weeks from Monday 2026-03-02. */
beforeAll(async () => {
  const g = await inserirGrupo(t.app, 'Hortaliças');
  ids.abobora = await inserirProduto(t.app, g, 'Abóbora', { peso: 14 });
  ids.batata = await inserirProduto(t.app, g, 'Batata', { peso: 50 });
  ids.cenoura = await inserirProduto(t.app, g, 'Cenoura', { peso: 20 });
  ids.alho = await inserirProduto(t.app, g, 'Alho', { peso: 10 });
  const mun = await inserirMunicipio(t.app, 'Imperatriz', 'MA');
  ids.produtor = await inserirPessoa(t.app, 'João', 1);
  const tecnico = await inserirPessoa(t.app, 'Carla', 2);
  const prop = await inserirPropriedade(t.app, 'Sítio', mun, ids.produtor);
  boletim = await inserirBoletim(t.app, { produtorId: ids.produtor, tecnicoId: tecnico, propriedadeId: prop, dataEmissao: '2026-02-01' });
  // The known case: a 14-day window (two whole weeks) estimating 700 kg.
  await inserirBoletimItem(t.app, boletim, ids.abobora, '2026-03-02', '2026-03-15', 700);
});

const previsao = (q: string, token = t.admin) => call(t.app, token, { method: 'GET', url: `/api/oferta/previsao?${q}` });
const daSemana = (body: OfertaPrevisaoLinha[], nome: string) => body.filter((l) => l.produtoNome === nome);

describe('GET /api/oferta/previsao', () => {
  it('a 14-day window estimating 700 kg gives 350 kg in each of its two weeks, 0 after', async () => {
    const r = await previsao('inicio=2026-03-02&semanas=3');
    expect(r.status).toBe(200);
    expect(r.body).toEqual([
      { produtoId: ids.abobora, produtoNome: 'Abóbora', semana: '2026-03-02', previstoKg: 350, chegadoAnoAnteriorKg: 0 },
      { produtoId: ids.abobora, produtoNome: 'Abóbora', semana: '2026-03-09', previstoKg: 350, chegadoAnoAnteriorKg: 0 },
      { produtoId: ids.abobora, produtoNome: 'Abóbora', semana: '2026-03-16', previstoKg: 0, chegadoAnoAnteriorKg: 0 },
    ]);
  });

  it('the part already sold leaves the estimate (never below 0); the rest spreads from the later of inicio and inicioColheita', async () => {
    // Batata: 1000 kg over 2026-02-23..2026-03-08 (14 days), 4 sacks of 50 kg already sold: 800 kg left.
    const item = await inserirBoletimItem(t.app, boletim, ids.batata, '2026-02-23', '2026-03-08', 1000);
    const r1 = await inserirRomaneio(t.app, ids.produtor, '2026-02-24', 7001);
    await inserirRomaneioItem(t.app, r1, ids.batata, 4, item);
    // From 2026-03-02 the window left is 7 days (03-02..03-08): all 800 kg in the first week.
    expect(daSemana((await previsao('inicio=2026-03-02&semanas=2')).body, 'Batata').map((l) => l.previstoKg)).toEqual([800, 0]);
    // From 2026-02-23: 800 kg over 14 days, 400 kg a week.
    expect(daSemana((await previsao('inicio=2026-02-23&semanas=2')).body, 'Batata').map((l) => l.previstoKg)).toEqual([400, 400]);
    // Cenoura: sold more than estimated: 0, never negative.
    const cenoura = await inserirBoletimItem(t.app, boletim, ids.cenoura, '2026-03-01', '2026-03-20', 100);
    await inserirRomaneioItem(t.app, r1, ids.cenoura, 10, cenoura); // 200 kg > 100 kg
    expect(daSemana((await previsao('inicio=2026-03-02&semanas=3')).body, 'Cenoura').map((l) => l.previstoKg)).toEqual([0, 0, 0]);
  });

  it('a window partly inside a week gets the share of its days; several items of a product add up', async () => {
    // Alho: 300 kg over 2026-03-05..2026-03-14 (10 days): 4 days in the first week (120 kg), 6 in the second (180 kg);
    // and 70 kg over 2026-03-09..2026-03-15 (7 days): all in the second week.
    await inserirBoletimItem(t.app, boletim, ids.alho, '2026-03-05', '2026-03-14', 300);
    await inserirBoletimItem(t.app, boletim, ids.alho, '2026-03-09', '2026-03-15', 70);
    expect(daSemana((await previsao('inicio=2026-03-02&semanas=3')).body, 'Alho').map((l) => l.previstoKg)).toEqual([120, 250, 0]);
  });

  it('chegadoAnoAnteriorKg: the kg that arrived in romaneios in the same week 52 weeks earlier', async () => {
    // 2026-03-02 - 364 days = Monday 2025-03-03; that week runs to Sunday 2025-03-09.
    const r = await inserirRomaneio(t.app, ids.produtor, '2025-03-03', 7002);
    await inserirRomaneioItem(t.app, r, ids.abobora, 10, null); // 140 kg
    const r2 = await inserirRomaneio(t.app, ids.produtor, '2025-03-09', 7003);
    await inserirRomaneioItem(t.app, r2, ids.abobora, 5, null); // 70 kg, same week
    const r3 = await inserirRomaneio(t.app, ids.produtor, '2025-03-10', 7004);
    await inserirRomaneioItem(t.app, r3, ids.abobora, 1, null); // 14 kg, the next week
    const r4 = await inserirRomaneio(t.app, ids.produtor, '2024-12-02', 7005);
    const repolho = await inserirProduto(t.app, await inserirGrupo(t.app, 'Repolho'), 'Repolho', { peso: 25 });
    await inserirRomaneioItem(t.app, r4, repolho, 2, null); // far from the period: not a row
    const abobora = daSemana((await previsao('inicio=2026-03-02&semanas=3')).body, 'Abóbora');
    expect(abobora.map((l) => [l.semana, l.previstoKg, l.chegadoAnoAnteriorKg])).toEqual([
      ['2026-03-02', 350, 210],
      ['2026-03-09', 350, 14],
      ['2026-03-16', 0, 0],
    ]);
    expect((await previsao('inicio=2026-03-02&semanas=3')).body.some((l: { produtoId: number }) => l.produtoId === repolho)).toBe(false);
  });

  it('refuses in Portuguese a start that is not a Monday, a bad date and a number of weeks outside 1..26', async () => {
    for (const [q, msg] of [
      ['inicio=2026-03-03&semanas=2', OFERTA_MSG.inicioSegunda],
      ['semanas=2', OFERTA_MSG.inicioObrigatorio],
      ['inicio=2026-02-30', OFERTA_MSG.inicioInvalido],
      ['inicio=2026-03-02&semanas=0', OFERTA_MSG.semanasInvalidas],
      ['inicio=2026-03-02&semanas=27', OFERTA_MSG.semanasInvalidas],
      ['inicio=2026-03-02&semanas=2.5', OFERTA_MSG.semanasInvalidas],
    ]) {
      const r = await previsao(q);
      expect(r.status, q).toBe(400);
      expect(r.body.message, q).toBe(msg);
    }
    // Without semanas: 8 weeks.
    const r = await previsao('inicio=2026-03-02');
    expect(new Set(r.body.map((l: { semana: string }) => l.semana)).size).toBe(8);
  });

  it('is for every back-office profile (those who see /admin), not for a signed-in user without one nor anonymous', async () => {
    for (const token of [t.admin, t.userAdmin, t.agro]) expect((await previsao('inicio=2026-03-02&semanas=1', token)).status).toBe(200);
    expect((await previsao('inicio=2026-03-02&semanas=1', t.semPerfil)).status).toBe(403);
    expect((await call(t.app, null, { method: 'GET', url: '/api/oferta/previsao?inicio=2026-03-02' })).status).toBe(401);
  });
});

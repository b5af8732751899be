/**
 * The limit on expensive calls (VAF, recall, statistics, exports, reports): per person and per address, counted in
 * the database (so two servers of one database share it), a pt-BR 429 with Retry-After; and the longest period a
 * report covers (5 years), refused with a pt-BR 400 before anything is counted.
 */
import { describe, expect, it } from 'vitest';
import { MSG_PERIODO_LONGO } from '@ceasa/shared';
import { buildApp } from '../src/app';
import { MSG_MUITAS_CONSULTAS } from '../src/plugins/consultas-caras';
import { appDeTeste, call, countRows, tokenFor } from './helpers';

// A window of ten days: a run never crosses its end, so the counts below are exact.
const JANELA = 10 * 24 * 3600;
const t = appDeTeste({ config: { consultasCarasPorPessoa: 3, consultasCarasPorEndereco: 5, consultasCarasJanelaS: JANELA }, tokens: ['admin'] });

const vaf = (token: string, endereco = '10.1.0.1', dataInicial = '2024-01-01', dataFinal = '2024-01-31') =>
  call(t.app, token, { method: 'POST', url: '/api/precos/vaf', remoteAddress: endereco, payload: { dataInicial, dataFinal } });

const recusa = (r: Awaited<ReturnType<typeof call>>) => {
  expect(r.status).toBe(429);
  expect(r.body.message).toBe(MSG_MUITAS_CONSULTAS);
  const espera = Number(r.headers['retry-after']);
  expect(espera).toBeGreaterThan(0);
  expect(espera).toBeLessThanOrEqual(JANELA);
};

describe('limit on expensive calls', () => {
  it('a person passes CONSULTAS_CARAS_POR_PESSOA VAF calls, then a pt-BR 429 with Retry-After, from any address', async () => {
    const ana = await tokenFor(t.app, ['super-admin']);
    for (let i = 0; i < 3; i++) expect((await vaf(ana, `10.2.0.${i}`)).status).toBe(200);
    recusa(await vaf(ana, '10.2.0.9'));
    // Another person, from one of those addresses, still runs the report.
    expect((await vaf(t.admin, '10.2.0.9')).status).toBe(200);
  });

  it('an address passes CONSULTAS_CARAS_POR_ENDERECO calls whoever makes them (signed in or not), then 429', async () => {
    const pessoas = await Promise.all([1, 2, 3].map(() => tokenFor(t.app, ['super-admin'])));
    expect((await vaf(pessoas[0], '10.3.0.1')).status).toBe(200);
    expect((await vaf(pessoas[0], '10.3.0.1')).status).toBe(200);
    expect((await vaf(pessoas[1], '10.3.0.1')).status).toBe(200);
    expect((await call(t.app, null, { method: 'GET', url: '/api/publico/estatisticas?mes=2024-01', remoteAddress: '10.3.0.1' })).status).toBe(200);
    expect((await call(t.app, null, { method: 'GET', url: '/api/publico/movimento?mes=2024-01', remoteAddress: '10.3.0.1' })).status).toBe(200);
    recusa(await vaf(pessoas[2], '10.3.0.1'));
    recusa(await call(t.app, null, { method: 'GET', url: '/api/publico/estatisticas?mes=2024-02', remoteAddress: '10.3.0.1' }));
    recusa(await call(t.app, pessoas[2], { method: 'GET', url: '/api/recall?lote=ABC&formato=csv', remoteAddress: '10.3.0.1' }));
    // Cheap calls from that address are not limited.
    expect((await call(t.app, null, { method: 'GET', url: '/api/publico/cotacao?data=2024-01-02', remoteAddress: '10.3.0.1' })).status).toBe(200);
    expect((await vaf(pessoas[2], '10.3.0.2')).status).toBe(200);
  });

  it('40 parallel VAF calls of one person: only CONSULTAS_CARAS_POR_PESSOA are answered', async () => {
    const bia = await tokenFor(t.app, ['super-admin']);
    const r = await Promise.all(Array.from({ length: 40 }, (_, i) => vaf(bia, `10.4.${i}.1`)));
    expect(r.filter((x) => x.status === 200)).toHaveLength(3);
    expect(r.filter((x) => x.status === 429)).toHaveLength(37);
  });

  it('is counted in the database: a second server of the same database refuses the person the first one counted', async () => {
    const caio = await tokenFor(t.app, ['super-admin']);
    for (let i = 0; i < 3; i++) expect((await vaf(caio, `10.5.0.${i}`)).status).toBe(200);
    const outro = await buildApp({
      database: t.app.ctx.database,
      logger: false,
      web: false,
      config: { consultasCarasPorPessoa: 3, consultasCarasPorEndereco: 5, consultasCarasJanelaS: JANELA },
    });
    try {
      const r = await call(outro, caio, {
        method: 'POST',
        url: '/api/precos/vaf',
        remoteAddress: '10.5.0.8',
        payload: { dataInicial: '2024-01-01', dataFinal: '2024-01-31' },
      });
      recusa(r);
    } finally {
      await outro.close();
    }
    expect(await countRows(t.app, 'chamadas_caras')).toBeGreaterThan(0);
  });
});

describe('the longest period of a report', () => {
  it('the VAF takes 5 years, refuses a day more (and 1900–2999) with a pt-BR 400, counting nothing', async () => {
    const davi = await tokenFor(t.app, ['super-admin']);
    const antes = await countRows(t.app, 'chamadas_caras');
    for (const [de, ate] of [
      ['2019-01-01', '2024-01-02'],
      ['1900-01-01', '2999-12-31'],
    ]) {
      const r = await vaf(davi, '10.6.0.1', de, ate);
      expect(r.status).toBe(400);
      expect(r.body.message).toBe(MSG_PERIODO_LONGO);
    }
    expect(await countRows(t.app, 'chamadas_caras')).toBe(antes);
    expect((await vaf(davi, '10.6.0.1', '2019-01-01', '2024-01-01')).status).toBe(200);
  });

  it('the recall refuses a period longer than 5 years with a pt-BR 400', async () => {
    const eva = await tokenFor(t.app, ['super-admin']);
    const r = await call(t.app, eva, { method: 'GET', url: '/api/recall?lote=ABC&inicio=2000-01-01&fim=2026-01-01', remoteAddress: '10.7.0.1' });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe(MSG_PERIODO_LONGO);
    expect((await call(t.app, eva, { method: 'GET', url: '/api/recall?lote=ABC&inicio=2021-01-01&fim=2026-01-01', remoteAddress: '10.7.0.1' })).status).toBe(
      200,
    );
  });
});

import { beforeAll, describe, expect, it } from 'vitest';
import { appDeTeste, call, countRows } from '../../../test/helpers';
import { inserirGrupo, inserirProduto, inserirProdutorComColheita, inserirRomaneio } from '../../../test/fabricas';

/**
 * Holidays close the market, extra days open it (decision 0145). November 2026:
 * Monday 30 (a holiday here), Thursday 26 and 3 December market days, Saturday 19 December an extra day.
 */
const t = appDeTeste({ tokens: ['userAdmin', 'agro'] });
let c: { tomate: number; produtor: number; item: number };
let dividas = 920_000;

beforeAll(async () => {
  const tomate = await inserirProduto(t.app, await inserirGrupo(t.app, 'Hortaliças'), 'Tomate');
  const p = await inserirProdutorComColheita(t.app, tomate);
  c = { tomate, produtor: p.produtor, item: p.item };
});

const api = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  call(t.app, t.userAdmin, { method, url: `/api/${url}`, ...(payload ? { payload } : {}) });
const romaneio = (dataEmissao: string, divida = ++dividas, pedras: number[] = []) => ({
  dataEmissao,
  divida,
  pessoa: { id: c.produtor },
  pedras,
  itens: [{ produtoId: c.tomate, quantidade: 5, boletimItensId: c.item }],
});
const linhas = async () => ({
  romaneio: await countRows(t.app, 'romaneio'),
  pedras: await countRows(t.app, 'romaneio_pedras'),
  itens: await countRows(t.app, 'romaneio_itens'),
});

describe('holidays and extra market days at the API', () => {
  it('a holiday on a market day refuses a romaneio and its stall booking with a pt-BR 400 naming it, storing nothing', async () => {
    expect((await api('POST', 'feriado', { data: '2026-11-30', nome: 'Dia do Evangélico' })).status).toBe(201);
    const antes = await linhas();
    const r = await api('POST', 'romaneio', [romaneio('2026-11-30', undefined, [1])]);
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('30/11/2026 é feriado: Dia do Evangélico.');
    expect(r.body.fieldErrors).toEqual([{ field: '[0].dataEmissao', message: '30/11/2026 é feriado: Dia do Evangélico.' }]);
    // One good date and the holiday in a batch: the holiday named on its row, nothing of the good date stored.
    const lote = await api('POST', 'romaneio', [romaneio('2026-11-26'), { ...romaneio('2026-11-30'), divida: dividas }]);
    expect(lote.status).toBe(400);
    expect(lote.body.fieldErrors).toEqual([{ field: '[1].dataEmissao', message: '30/11/2026 é feriado: Dia do Evangélico.' }]);
    expect(await linhas()).toEqual(antes);
    // A romaneio moved onto the holiday through PUT is refused too.
    const [salvo] = (await api('POST', 'romaneio', [romaneio('2026-11-26')])).body;
    const put = await api('PUT', `romaneio/${salvo.id}`, { ...salvo, pessoaId: c.produtor, dataEmissao: '2026-11-30' });
    expect(put.status).toBe(400);
    expect(put.body.message).toBe('30/11/2026 é feriado: Dia do Evangélico.');
    expect((await api('GET', `romaneio/${salvo.id}`)).body.dataEmissao).toBe('2026-11-26');
  });

  it('an extra market day (a Saturday) is accepted; the same Saturday without it is refused', async () => {
    const sabado = '2026-12-19';
    const recusa = await api('POST', 'romaneio', [romaneio(sabado)]);
    expect(recusa.status).toBe(400);
    expect(recusa.body.message).toBe('A data de emissão deve ser um dia de mercado (segunda-feira ou quinta-feira).');
    const extra = await api('POST', 'feriado', { data: sabado, nome: 'Sábado antes do Natal', tipo: 'extra' });
    expect(extra.status).toBe(201);
    expect(extra.body).toMatchObject({ data: sabado, tipo: 'extra' });
    const ok = await api('POST', 'romaneio', [romaneio(sabado, undefined, [2])]);
    expect(ok.status).toBe(201);
    expect(ok.body[0]).toMatchObject({ dataEmissao: sabado });
    const calendario = await call(t.app, t.agro, { method: 'GET', url: '/api/feriado/calendario?de=2026-11-01&ate=2026-12-31' });
    expect(calendario.status).toBe(200);
    expect(calendario.body).toEqual([
      { data: '2026-11-30', nome: 'Dia do Evangélico', tipo: 'feriado' },
      { data: sabado, nome: 'Sábado antes do Natal', tipo: 'extra' },
    ]);
    expect((await api('POST', 'feriado', { data: '2026-12-12', nome: 'x', tipo: 'outro' })).body.fieldErrors).toEqual([
      { field: 'tipo', message: 'O tipo deve ser Feriado ou Dia extra de mercado' },
    ]);
  });

  it('a holiday on a date that already has romaneios warns and lists them', async () => {
    const quinta = '2026-12-10';
    const r1 = await inserirRomaneio(t.app, c.produtor, quinta, ++dividas);
    const r2 = await inserirRomaneio(t.app, c.produtor, quinta, ++dividas);
    const listados = [
      { id: r1, divida: dividas - 1, produtor: 'João Lavrador' },
      { id: r2, divida: dividas, produtor: 'João Lavrador' },
    ];
    expect((await api('GET', `feriado/romaneios?data=${quinta}`)).body).toEqual(listados);
    const f = await api('POST', 'feriado', { data: quinta, nome: 'Aniversário da cidade' });
    expect(f.status).toBe(201);
    expect(f.body.romaneios).toEqual(listados);
    expect(f.body.aviso).toBe(`Já existem 2 romaneio(s) em 10/12/2026: nº ${r1} (João Lavrador), nº ${r2} (João Lavrador).`);
    // Read again, the holiday carries no warning; a holiday on an empty day has none either.
    expect((await api('GET', `feriado/${f.body.id}`)).body.aviso).toBeUndefined();
    expect((await api('POST', 'feriado', { data: '2026-12-14', nome: 'Outro' })).body.aviso).toBeUndefined();
  });

  it('fills the national holidays of 2026, Easter-based ones included, keeping the dates already there', async () => {
    await api('POST', 'feriado', { data: '2026-12-25', nome: 'Natal (municipal)' });
    const r = await api('POST', 'feriado/nacionais', { ano: 2026 });
    expect(r.status).toBe(200);
    const por = Object.fromEntries(r.body.incluidos.map((f: { data: string; nome: string }) => [f.data, f.nome]));
    expect(por).toMatchObject({
      '2026-01-01': 'Ano Novo',
      '2026-02-16': 'Carnaval',
      '2026-02-17': 'Carnaval',
      '2026-04-03': 'Sexta-Feira Santa',
      '2026-04-21': 'Dia de Tiradentes',
      '2026-06-04': 'Corpus Christi',
      '2026-09-07': 'Dia da Independência',
      '2026-11-02': 'Dia de Finados',
    });
    expect(por['2026-12-25']).toBeUndefined();
    expect(r.body.existentes).toBe(1);
    expect((await api('GET', 'feriado/calendario?de=2026-12-25&ate=2026-12-25')).body).toEqual([
      { data: '2026-12-25', nome: 'Natal (municipal)', tipo: 'feriado' },
    ]);
    // Carnaval Monday 16/02/2026 now refuses a romaneio; asked again, nothing more is added.
    expect((await api('POST', 'romaneio', [romaneio('2026-02-16')])).body.message).toBe('16/02/2026 é feriado: Carnaval.');
    const deNovo = await api('POST', 'feriado/nacionais', { ano: 2026 });
    expect(deNovo.body.incluidos).toEqual([]);
    expect((await api('POST', 'feriado/nacionais', { ano: 'x' })).status).toBe(400);
    expect((await call(t.app, t.agro, { method: 'POST', url: '/api/feriado/nacionais', payload: { ano: 2027 } })).status).toBe(403);
  });
});

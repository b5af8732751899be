import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { DADOS_ABERTOS_MSG, INFORMACAO_MSG } from '@ceasa/shared';
import { appDeTeste, call, countRows } from '../../../test/helpers';
import { CANAL_ESCRITAS } from '../../plugins/avisos-de-escrita';
import {
  inserirColheita,
  inserirGrupo,
  inserirLojaComItens,
  inserirMunicipio,
  inserirPessoa,
  inserirProduto,
  inserirRomaneioComItens,
} from '../../../test/fabricas';

/*
 * Every figure is checked against values computed here from the raw rows the test inserts (RAW below), with
 * this file's own arithmetic, not the module's.
 */
const t = appDeTeste({ tokens: ['admin', 'agro'], config: { municipioIbge: '3536505' } });

const D0 = '2031-03-03'; // the previous market day
const D1 = '2031-03-06'; // the day asked
const BASE = '2030-03'; // the same month a year before (the index's base month)

interface Produto {
  nome: string;
  grupo: 'tomate' | 'folhas';
  embalagem: string;
  peso: number;
}
const PRODUTOS: Record<string, Produto> = {
  italiano: { nome: 'Tomate Italiano', grupo: 'tomate', embalagem: 'CX 20kg', peso: 20 },
  cereja: { nome: 'Tomate Cereja', grupo: 'tomate', embalagem: 'CX 2kg', peso: 2 },
  alface: { nome: 'Alface Crespa', grupo: 'folhas', embalagem: 'CX 12un', peso: 4 },
  coco: { nome: 'Coco Verde', grupo: 'folhas', embalagem: 'UN', peso: 1.5 },
  milho: { nome: 'Milho Verde', grupo: 'folhas', embalagem: 'SC 25kg', peso: 25 },
};
type P = keyof typeof PRODUTOS;

/** Prices: product, day, value, published. */
const PRECOS: [P, string, number, boolean][] = [
  ['italiano', D0, 100, true],
  ['cereja', D0, 40, true],
  ['alface', D0, 20, true],
  ['alface', D0, 20, true],
  ['alface', D0, 22, true],
  ['coco', D0, 5, true],
  ['italiano', D1, 110, true],
  ['italiano', D1, 110, true],
  ['italiano', D1, 120, true],
  ['italiano', D1, 100, true],
  ['italiano', D1, 500, false], // a draft: never public
  ['cereja', D1, 40, true],
  ['cereja', D1, 38, true],
  ['cereja', D1, 41, true],
  ['alface', D1, 18, true],
  ['alface', D1, 19, true],
  ['alface', D1, 18, true],
  ['alface', D1, 19, true],
  ['coco', D1, 5.1, true],
  ['milho', D1, 50, true],
  // the base month (a year before)
  ['italiano', '2030-03-04', 80, true],
  ['italiano', '2030-03-07', 90, true],
  ['alface', '2030-03-04', 16, true],
  ['cereja', '2030-03-04', 30, true],
  // between base and the month: italiano in 2030-09 only (the other months carry the last known price)
  ['italiano', '2030-09-02', 140, true],
];

/** Arrivals: product, day, packages, origin ('ibiuna' | 'imperatriz' | null), through a romaneio or a shop sheet. */
const CHEGADAS: [P, string, number, 'ibiuna' | 'imperatriz' | null, 'romaneio' | 'loja'][] = [
  ['italiano', D1, 10, 'ibiuna', 'romaneio'],
  ['italiano', D1, 5, 'imperatriz', 'romaneio'],
  ['italiano', D1, 20, 'imperatriz', 'loja'],
  ['alface', D1, 30, null, 'romaneio'],
  ['cereja', D1, 7, 'ibiuna', 'loja'],
  ['cereja', D0, 4, 'ibiuna', 'loja'],
  ['milho', '2031-03-09', 2, 'imperatriz', 'loja'], // no price that day: kg without a value
  ['italiano', '2030-03-04', 30, 'ibiuna', 'romaneio'],
  ['alface', '2030-03-07', 10, 'imperatriz', 'loja'], // no alface price on 03-07: no value
  ['alface', '2030-03-04', 50, 'imperatriz', 'loja'],
  ['cereja', '2030-03-04', 10, 'ibiuna', 'loja'],
];
const UF = { ibiuna: ['Ibiúna', 'SP'], imperatriz: ['Imperatriz', 'MA'] } as const;

const ids = {} as Record<P, number>;

beforeAll(async () => {
  const app = t.app;
  const grupos = { tomate: await inserirGrupo(app, 'Tomate', 'CX 20kg'), folhas: await inserirGrupo(app, 'Folhas', 'UN') };
  for (const [k, p] of Object.entries(PRODUTOS)) ids[k as P] = await inserirProduto(app, grupos[p.grupo], p.nome, { embalagem: p.embalagem, peso: p.peso });
  for (const [p, data, valor, publicado] of PRECOS)
    await app.ctx.db.execute(sql`INSERT INTO precos (produto_id, data, valor, publicado) VALUES (${ids[p]}, ${data}, ${String(valor)}, ${publicado})`);
  const mun = { ibiuna: await inserirMunicipio(app, 'Ibiúna', 'SP'), imperatriz: await inserirMunicipio(app, 'Imperatriz', 'MA') };
  const produtor = await inserirPessoa(app, 'João', 1);
  const tecnico = await inserirPessoa(app, 'Carla', 2);
  const lojista = await inserirPessoa(app, 'Zé', 3);
  let divida = 7000;
  for (const [p, data, qtd, origem, via] of CHEGADAS) {
    if (via === 'loja') {
      await inserirLojaComItens(app, lojista, data, [[ids[p], qtd, mun[origem!]]]);
      continue;
    }
    const colheita = origem
      ? {
          produtorId: produtor,
          tecnicoId: tecnico,
          municipioId: mun[origem],
          produtoId: ids[p],
          propriedade: `Sítio ${divida}`,
          inicio: '2030-01-01',
          fim: '2031-12-31',
        }
      : null;
    const item = colheita ? (await inserirColheita(app, colheita)).item : null;
    await inserirRomaneioComItens(app, produtor, data, divida++, [[ids[p], qtd, item]]);
  }
});

const get = (url: string, headers: Record<string, string> = {}) => call(t.app, null, { method: 'GET', url, headers });

// ---- this file's own arithmetic over the raw rows ----
const publicados = (p: P, dia: string) => PRECOS.filter(([q, d, , pub]) => q === p && d === dia && pub).map(([, , v]) => v);
function medianaT(v: number[]) {
  const o = [...v].sort((a, b) => a - b);
  const m = o.length >> 1;
  return o.length % 2 ? o[m]! : (o[m - 1]! + o[m]!) / 2;
}
/** The value that repeats most when a single one does; else the median. */
function maisComumT(v: number[]) {
  const n = new Map<number, number>();
  v.forEach((x) => n.set(x, (n.get(x) ?? 0) + 1));
  const max = Math.max(...n.values());
  const modas = [...n].filter(([, c]) => c === max);
  return max > 1 && modas.length === 1 ? modas[0]![0] : medianaT(v);
}
const kgDe = (p: P, pacotes: number) => pacotes * PRODUTOS[p].peso;
const precoKgDoDia = (p: P, dia: string) => {
  const v = publicados(p, dia);
  return v.length ? maisComumT(v) / PRODUTOS[p].peso : null;
};
const noMes = (dia: string, mes: string) => dia.startsWith(`${mes}-`);
const somaPor = <K>(linhas: typeof CHEGADAS, mes: string, chave: (l: (typeof CHEGADAS)[number]) => K) => {
  const m = new Map<K, { kg: number; valor: number }>();
  for (const l of linhas.filter((x) => noMes(x[1], mes))) {
    const kg = kgDe(l[0], l[2]);
    const e = m.get(chave(l)) ?? { kg: 0, valor: 0 };
    e.kg += kg;
    e.valor += kg * (precoKgDoDia(l[0], l[1]) ?? 0);
    m.set(chave(l), e);
  }
  return m;
};
const c2 = (v: number) => Math.round(v * 100) / 100;

describe('GET /api/publico/cotacao/produtos', () => {
  it('one row per product priced (published) that day: min, most common, max, per kg, origin, situation and change', async () => {
    await t.app.ctx.db.execute(sql`INSERT INTO precos_situacao (produto_id, data, situacao) VALUES (${ids.cereja}, ${D1}, 'fraco')`);
    await t.app.avisos.avisar(CANAL_ESCRITAS);
    const r = await get(`/api/publico/cotacao/produtos?data=${D1}`);
    expect(r.status).toBe(200);
    expect(r.headers.etag).toMatch(/^"[\w-]{27}"$/);
    const esperadas = (['alface', 'coco', 'milho', 'cereja', 'italiano'] as P[]).map((p) => {
      const v = publicados(p, D1);
      const mc = maisComumT(v);
      const antes = publicados(p, D0);
      const variacao = antes.length ? Math.round(((mc - maisComumT(antes)) / maisComumT(antes)) * 1000) / 10 : null;
      const origem = new Map<string, number>();
      for (const [q, d, n, o] of CHEGADAS)
        if (q === p && d === D1 && o) origem.set(`${UF[o][0]}/${UF[o][1]}`, (origem.get(`${UF[o][0]}/${UF[o][1]}`) ?? 0) + kgDe(q, n));
      const derivada = variacao === null ? null : variacao >= 5 ? 'firme' : variacao <= -5 ? 'fraco' : 'estavel';
      return {
        produtoId: ids[p],
        produtoNome: PRODUTOS[p].nome,
        embalagem: PRODUTOS[p].embalagem,
        valorMinimo: Math.min(...v),
        valorMaisComum: mc,
        valorMaximo: Math.max(...v),
        valorKg: c2(mc / PRODUTOS[p].peso),
        procedencia: [...origem]
          .sort((a, b) => b[1] - a[1])
          .map(([n]) => n)
          .join(', '),
        situacao: p === 'cereja' ? 'fraco' : derivada,
        variacao,
      };
    });
    expect(r.body).toEqual(esperadas);
    // The cases the rule names: a single repeated value (italiano 110, +10%), none repeating (cereja: the median 40),
    // a tie (alface 18 and 19 twice each: the median 18.5), the clerk's situation over the derived one (cereja).
    const por = Object.fromEntries(r.body.map((l: { produtoNome: string }) => [l.produtoNome, l]));
    expect(por['Tomate Italiano']).toMatchObject({
      valorMaisComum: 110,
      variacao: 10,
      situacao: 'firme',
      valorMaximo: 120,
      procedencia: 'Imperatriz/MA, Ibiúna/SP',
    });
    expect(por['Tomate Cereja']).toMatchObject({ valorMaisComum: 40, variacao: 0, situacao: 'fraco' });
    expect(por['Alface Crespa']).toMatchObject({ valorMaisComum: 18.5, variacao: -7.5, situacao: 'fraco', procedencia: '' });
    expect(por['Milho Verde']).toMatchObject({ variacao: null, situacao: null });
  });

  it('CSV: the same rows, the columns in order; a day without prices is empty; bad dates are 400 in Portuguese', async () => {
    const r = await get(`/api/publico/cotacao/produtos?data=${D1}&formato=csv`);
    expect(r.headers['content-type']).toBe('text/csv; charset=utf-8');
    const linhas = r.raw.body.slice(1).split('\r\n');
    expect(linhas[0]).toBe('produtoId;produtoNome;embalagem;valorMinimo;valorMaisComum;valorMaximo;valorKg;procedencia;situacao;variacao');
    expect(linhas[5]).toBe(`${ids.italiano};Tomate Italiano;CX 20kg;100;110;120;5.5;Imperatriz/MA, Ibiúna/SP;firme;10`);
    expect((await get('/api/publico/cotacao/produtos?data=2031-03-05')).body).toEqual([]);
    for (const [url, msg] of [
      ['/api/publico/cotacao/produtos', DADOS_ABERTOS_MSG.dataObrigatoria],
      ['/api/publico/cotacao/produtos?data=06/03/2031', DADOS_ABERTOS_MSG.dataInvalida],
      ['/api/publico/resumo?data=2031-02-30', DADOS_ABERTOS_MSG.dataInvalida],
      ['/api/publico/prohort?data=x', DADOS_ABERTOS_MSG.dataInvalida],
    ]) {
      const e = await get(url!);
      expect(e.status).toBe(400);
      expect(e.body.message).toBe(msg);
    }
  });

  it('a kept answer changes with the next write notice (a newly published price)', async () => {
    const a = await get(`/api/publico/cotacao/produtos?data=${D1}`);
    expect((await get(`/api/publico/cotacao/produtos?data=${D1}`, { 'if-none-match': a.headers.etag as string })).status).toBe(304);
    await t.app.ctx.db.execute(sql`UPDATE precos SET publicado = true WHERE produto_id = ${ids.italiano} AND valor = 500`);
    await t.app.avisos.avisar(CANAL_ESCRITAS);
    const b = await get(`/api/publico/cotacao/produtos?data=${D1}`);
    expect(b.body.find((l: { produtoId: number }) => l.produtoId === ids.italiano).valorMaximo).toBe(500);
    await t.app.ctx.db.execute(sql`UPDATE precos SET publicado = false WHERE produto_id = ${ids.italiano} AND valor = 500`);
    await t.app.avisos.avisar(CANAL_ESCRITAS);
    expect((await get(`/api/publico/cotacao/produtos?data=${D1}`)).headers.etag).toBe(a.headers.etag);
  });
});

describe('GET /api/publico/resumo', () => {
  it("counts the day's products up, stable and down, with the summary line", async () => {
    const linhas = (await get(`/api/publico/cotacao/produtos?data=${D1}`)).body as { situacao: string | null }[];
    const n = (s: string | null) => linhas.filter((l) => l.situacao === s).length;
    const r = await get(`/api/publico/resumo?data=${D1}`);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      data: D1,
      dataAnterior: D0,
      emAlta: n('firme'),
      estaveis: n('estavel'),
      emBaixa: n('fraco'),
      semComparacao: n(null),
      texto: `${n('firme')} em alta, ${n('estavel')} ${n('estavel') === 1 ? 'estável' : 'estáveis'}, ${n('fraco')} em baixa`,
    });
    expect(r.body.texto).toBe('1 em alta, 1 estável, 2 em baixa');
  });
});

describe('PUT /api/precos/situacao (the clerk, on the day grid)', () => {
  it('sets and clears a situation, audited; refusals change nothing', async () => {
    const put = (token: string | null, payload: Record<string, unknown>) => call(t.app, token, { method: 'PUT', url: '/api/precos/situacao', payload });
    expect((await put(t.admin, { produtoId: ids.coco, data: D1, situacao: 'firme' })).body).toEqual({ produtoId: ids.coco, data: D1, situacao: 'firme' });
    expect((await call(t.app, t.admin, { method: 'GET', url: `/api/precos/situacao?data=${D1}` })).body).toContainEqual({
      produtoId: ids.coco,
      situacao: 'firme',
    });
    expect((await get(`/api/publico/cotacao/produtos?data=${D1}`)).body.find((l: { produtoId: number }) => l.produtoId === ids.coco).situacao).toBe('firme');
    const antes = await countRows(t.app, 'precos_situacao');
    const logs = await countRows(t.app, 'logs');
    const ruim = await put(t.admin, { produtoId: ids.coco, data: D1, situacao: 'alta' });
    expect(ruim.status).toBe(400);
    expect(ruim.body.message).toBe(INFORMACAO_MSG.situacaoInvalida);
    expect((await put(t.admin, { produtoId: 999999, data: D1, situacao: 'firme' })).status).toBe(404);
    expect((await put(null, { produtoId: ids.coco, data: D1, situacao: 'fraco' })).status).toBe(401);
    expect((await put(t.agro, { produtoId: ids.coco, data: D1, situacao: 'fraco' })).status).toBe(403);
    expect(await countRows(t.app, 'precos_situacao')).toBe(antes);
    expect(await countRows(t.app, 'logs')).toBe(logs);
    expect((await put(t.admin, { produtoId: ids.coco, data: D1, situacao: null })).status).toBe(200);
    expect((await get(`/api/publico/cotacao/produtos?data=${D1}`)).body.find((l: { produtoId: number }) => l.produtoId === ids.coco).situacao).toBe('estavel');
    const auditoria = await t.app.ctx.db.execute(sql`SELECT acao, conteudo FROM logs WHERE cadastro = 'SituacaoDoMercado' ORDER BY id`);
    expect(auditoria.rows.map((l) => (l as { acao: string }).acao)).toEqual(['INSERT', 'DELETE']);
  });
});

describe('GET /api/publico/prohort', () => {
  it("Prohort's columns, ';'-separated: the market's municipality from its IBGE code, kg or unit as the product is sold", async () => {
    const r = await get(`/api/publico/prohort?data=${D1}`);
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toBe('text/csv; charset=utf-8');
    const linhas = r.raw.body.slice(1).trimEnd().split('\r\n');
    expect(linhas[0]).toBe('municipio_ceasa;cod_ibge_municipio;uf_ceasa;dsc_ceasa;dsc_produto;sig_unidade_medida;data_preco;preco_diario');
    const linha = (p: P, un: string, preco: number) => `Paulínia;3536505;SP;CEASA Regional;${PRODUTOS[p].nome} (${PRODUTOS[p].embalagem});${un};${D1};${preco}`;
    expect(linhas.slice(1)).toEqual([
      linha('alface', 'UN', c2(maisComumT(publicados('alface', D1)) / 12)),
      linha('coco', 'UN', maisComumT(publicados('coco', D1))),
      linha('milho', 'KG', c2(maisComumT(publicados('milho', D1)) / 25)),
      linha('cereja', 'KG', c2(maisComumT(publicados('cereja', D1)) / 2)),
      linha('italiano', 'KG', c2(maisComumT(publicados('italiano', D1)) / 20)),
    ]);
  });
});

describe('municipalities carry their IBGE code', () => {
  it('filled from the IBGE list by name and state; validated (check digit) and unique at the API', async () => {
    const r = await t.app.ctx.db.execute(sql`SELECT nome, codigo_ibge FROM municipio ORDER BY nome`);
    expect(r.rows).toEqual([
      { nome: 'Ibiúna', codigo_ibge: '3519709' },
      { nome: 'Imperatriz', codigo_ibge: '2105302' },
    ]);
    expect(await countRows(t.app, 'ibge_municipio')).toBe(5570);
    const antes = await countRows(t.app, 'municipio');
    const ruim = await call(t.app, t.admin, { method: 'POST', url: '/api/municipio', payload: { nome: 'Lugar Novo', sigla: 'SP', codigoIbge: '3536504' } });
    expect(ruim.status).toBe(400);
    expect(ruim.body.fieldErrors).toContainEqual({ field: 'codigoIbge', message: INFORMACAO_MSG.codigoIbgeInvalido });
    const repetido = await call(t.app, t.admin, { method: 'POST', url: '/api/municipio', payload: { nome: 'Lugar Novo', sigla: 'SP', codigoIbge: '3519709' } });
    expect(repetido.status).toBeGreaterThanOrEqual(400);
    expect(repetido.status).toBeLessThan(500);
    expect(repetido.body.message).toBe(INFORMACAO_MSG.codigoIbgeRepetido);
    expect(await countRows(t.app, 'municipio')).toBe(antes);
    const ok = await call(t.app, t.admin, { method: 'POST', url: '/api/municipio', payload: { nome: 'Paulínia', sigla: 'SP' } });
    expect(ok.status).toBeLessThan(300);
    expect((await call(t.app, t.admin, { method: 'GET', url: `/api/municipio/${ok.body.id}` })).body.codigoIbge).toBe('3536505');
  });
});

describe('GET /api/publico/referencia', () => {
  const url = (q: string) => `/api/publico/referencia?produtoId=${ids.italiano}&inicio=${D0}&fim=${D1}${q}`;
  it('n, mean, median, min, max and coefficient of variation of the published prices; a permalink gives the same figures after new prices', async () => {
    const v = PRECOS.filter(([p, d, , pub]) => p === 'italiano' && d >= D0 && d <= D1 && pub).map(([, , x]) => x);
    const media = v.reduce((a, b) => a + b, 0) / v.length;
    const dp = Math.sqrt(v.reduce((a, b) => a + (b - media) ** 2, 0) / (v.length - 1));
    const r = await get(url(''));
    expect(r.status).toBe(200);
    expect(r.headers['cache-control']).toBe('no-store');
    expect(r.body).toMatchObject({
      produtoId: ids.italiano,
      produtoNome: 'Tomate Italiano',
      n: v.length,
      media: c2(media),
      mediana: medianaT(v),
      minimo: Math.min(...v),
      maximo: Math.max(...v),
      coeficienteVariacao: Math.round((dp / media) * 1000) / 10,
    });
    expect(r.body.metodo).toMatch(/desvio padrão amostral/);
    expect(r.body.consultadoEm).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}-03:00$/);
    expect(r.body.permalink).toBe(`/referencia?produtoId=${ids.italiano}&inicio=${D0}&fim=${D1}&consultadoEm=${encodeURIComponent(r.body.consultadoEm)}`);

    // Later: a new price in the period, and the draft published. A fresh query counts them; the permalink does not.
    await new Promise((ok) => setTimeout(ok, 5)); // (the next millisecond: publicado_em is after consultadoEm)
    await t.app.ctx.db.execute(sql`INSERT INTO precos (produto_id, data, valor) VALUES (${ids.italiano}, ${D1}, 200)`);
    await t.app.ctx.db.execute(sql`UPDATE precos SET publicado = true WHERE produto_id = ${ids.italiano} AND valor = 500`);
    expect((await get(url(''))).body.n).toBe(v.length + 2);
    const de = await get(url(`&consultadoEm=${encodeURIComponent(r.body.consultadoEm)}`));
    expect(de.status).toBe(200);
    expect({ ...de.body }).toEqual(r.body);
    await t.app.ctx.db.execute(sql`UPDATE precos SET publicado = false WHERE produto_id = ${ids.italiano} AND valor = 500`);
    await t.app.ctx.db.execute(sql`DELETE FROM precos WHERE produto_id = ${ids.italiano} AND valor = 200`);
  });

  it('refusals in Portuguese', async () => {
    const casos: [string, number, string][] = [
      [`/api/publico/referencia?inicio=${D0}&fim=${D1}`, 400, INFORMACAO_MSG.produtoObrigatorio],
      [url('').replace(`fim=${D1}`, 'fim=2031-03-01'), 400, INFORMACAO_MSG.periodoInvertido],
      [url('').replace(`inicio=${D0}`, 'inicio=2029-01-01'), 400, INFORMACAO_MSG.periodoLongo],
      [url('&consultadoEm=ontem'), 400, INFORMACAO_MSG.consultadoEmInvalido],
      [url('&consultadoEm=2999-01-01T00:00:00Z'), 400, INFORMACAO_MSG.consultadoEmFuturo],
      [`/api/publico/referencia?produtoId=999999&inicio=${D0}&fim=${D1}`, 404, INFORMACAO_MSG.produtoNaoEncontrado],
    ];
    for (const [u, status, msg] of casos) {
      const r = await get(u);
      expect([u, r.status, r.body.message]).toEqual([u, status, msg]);
    }
  });
});

describe('GET /api/publico/estatisticas', () => {
  it('kg per group, money moved, top products, origin by state and municipality, a year before and the index', async () => {
    const r = await get('/api/publico/estatisticas?mes=2031-03');
    expect(r.status).toBe(200);
    const e = r.body;
    for (const [numeros, mes] of [
      [e, '2031-03'],
      [e.anoAnterior, BASE],
    ] as const) {
      const tudo = somaPor(CHEGADAS, mes, () => 'tudo').get('tudo')!;
      expect(numeros.mes).toBe(mes);
      expect(numeros.quantidadeKg).toBe(c2(tudo.kg));
      expect(numeros.valor).toBe(c2(tudo.valor));
      const semPreco = CHEGADAS.filter((l) => noMes(l[1], mes) && precoKgDoDia(l[0], l[1]) === null).reduce((a, l) => a + kgDe(l[0], l[2]), 0);
      expect(numeros.quantidadeKgSemPreco).toBe(c2(semPreco));
      const grupos = somaPor(CHEGADAS, mes, (l) => (PRODUTOS[l[0]].grupo === 'tomate' ? 'Tomate' : 'Folhas'));
      expect(
        Object.fromEntries(
          numeros.porGrupo.map((g: { produtoGrupoNome: string; quantidadeKg: number; valor: number }) => [g.produtoGrupoNome, [g.quantidadeKg, g.valor]]),
        ),
      ).toEqual(Object.fromEntries([...grupos].map(([k, x]) => [k, [c2(x.kg), c2(x.valor)]])));
      const produtos = [...somaPor(CHEGADAS, mes, (l) => PRODUTOS[l[0]].nome)].sort((a, b) => b[1].kg - a[1].kg).slice(0, 10);
      expect(numeros.produtos.map((p: { produtoNome: string; quantidadeKg: number; valor: number }) => [p.produtoNome, p.quantidadeKg, p.valor])).toEqual(
        produtos.map(([n, x]) => [n, c2(x.kg), c2(x.valor)]),
      );
      const ufs = somaPor(CHEGADAS, mes, (l) => (l[3] ? UF[l[3]][1] : null));
      expect(new Set(numeros.porUf.map((u: { uf: string | null; quantidadeKg: number }) => `${u.uf}:${u.quantidadeKg}`))).toEqual(
        new Set([...ufs].map(([k, x]) => `${k}:${c2(x.kg)}`)),
      );
      const muns = somaPor(CHEGADAS, mes, (l) => (l[3] ? UF[l[3]][0] : null));
      expect(new Set(numeros.porMunicipio.map((m: { municipioNome: string | null; valor: number }) => `${m.municipioNome}:${m.valor}`))).toEqual(
        new Set([...muns].map(([k, x]) => `${k}:${c2(x.valor)}`)),
      );
    }

    // The index: the base month's basket (products with a price in it, by kg), weights = share of the basket's money.
    const base = [...somaPor(CHEGADAS, BASE, (l) => l[0])].filter(([, x]) => x.valor > 0);
    const total = base.reduce((a, [, x]) => a + x.valor, 0);
    const precoMes = (p: P, mes: string) => {
      const dias = [...new Set(PRECOS.filter(([q, d, , pub]) => q === p && pub && noMes(d, mes)).map(([, d]) => d))];
      return dias.length ? dias.reduce((a, d) => a + precoKgDoDia(p, d)!, 0) / dias.length : null;
    };
    expect(e.indice.mesBase).toBe(BASE);
    expect(e.indice.cesta.map((c: { produtoNome: string; peso: number }) => [c.produtoNome, c.peso])).toEqual(
      base.sort((a, b) => b[1].kg - a[1].kg).map(([p, x]) => [PRODUTOS[p].nome, Math.round((x.valor / total) * 10000) / 10000]),
    );
    const meses = [
      '2030-03',
      '2030-04',
      '2030-05',
      '2030-06',
      '2030-07',
      '2030-08',
      '2030-09',
      '2030-10',
      '2030-11',
      '2030-12',
      '2031-01',
      '2031-02',
      '2031-03',
    ];
    const ultimo = new Map<P, number>();
    const serie = meses.map((m) => {
      let s = 0;
      for (const [p, x] of base) {
        const preco = precoMes(p, m) ?? ultimo.get(p)!;
        ultimo.set(p, preco);
        s += (x.valor / total) * (preco / precoMes(p, BASE)!);
      }
      return { mes: m, valor: c2(s * 100) };
    });
    expect(e.indice.serie).toEqual(serie);
    expect(e.indice.serie[0].valor).toBe(100);
    expect(e.indice.metodo).toMatch(/pesos fixos/);
  });

  it('CSV: one line per figure; a bad month is 400 in Portuguese', async () => {
    const r = await get('/api/publico/estatisticas?mes=2031-03&formato=csv');
    expect(r.headers['content-type']).toBe('text/csv; charset=utf-8');
    const linhas = r.raw.body.slice(1).trimEnd().split('\r\n');
    expect(linhas[0]).toBe('mes;secao;item;uf;quantidadeKg;valor');
    const json = (await get('/api/publico/estatisticas?mes=2031-03')).body;
    expect(linhas[1]).toBe(`2031-03;total;;;${json.quantidadeKg};${json.valor}`);
    expect(linhas.filter((l: string) => l.includes(';indice;'))).toHaveLength(13);
    const e = await get('/api/publico/estatisticas?mes=2031-13');
    expect([e.status, e.body.message]).toEqual([400, DADOS_ABERTOS_MSG.mesInvalido]);
  });
});

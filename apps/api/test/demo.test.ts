import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { documentoValido } from '@ceasa/shared';
import { carregarDemo, MSG_BANCO_COM_DADOS } from '../src/db/seed/demo';
import { appDeTeste, call } from './helpers';

const t = appDeTeste({ tokens: ['agro'] });

/**
 * `npm run seed:demo`: the demo data set loads under the database's rules (one person per
 * CPF/CNPJ, unique names, areas within the total) and reads like a real market's bulletin: a group's
 * products are sold in the group's standard unit and, on any day, cost within a plausible band of
 * each other; its year of market days keeps the market's own rules (harvest windows, one occupant per
 * stall and date, one batch per debt, quantities within the bulletins' estimates).
 */
let resumo: string;
let segundos: number;
const linhas = async <T>(q: ReturnType<typeof sql>) => (await t.app.ctx.db.execute(q)).rows as T[];
const HOJE = '2026-11-23'; // a Monday
const PROXIMO_DIA_DE_MERCADO = '2026-11-26'; // Thursday

beforeAll(async () => {
  const inicio = performance.now();
  resumo = await carregarDemo(t.app.ctx.db, HOJE, [1, 4]);
  segundos = (performance.now() - inicio) / 1000;
}, 120_000);

describe('demo data', () => {
  it('loads once, with distinct and valid CPF/CNPJ and areas within the total', async () => {
    expect(resumo).toMatch(/^Demonstração carregada: 10 municípios, 111 pessoas, 150 produtos em 15 grupos, \d+ preços \(2025-11-24 a 2026-11-23\)/);
    expect(resumo).toMatch(/, 106 dias de mercado \(2025-11-24 a 2026-11-26\) com \d+ romaneios em \d+ lotes \(dívidas 700001-7\d{5}\)/);
    console.log(`seed:demo em ${segundos.toFixed(1)} s: ${resumo}`);
    await expect(carregarDemo(t.app.ctx.db, HOJE)).rejects.toThrow(MSG_BANCO_COM_DADOS);
    const pessoas = await linhas<{ cpfcnpj: string; nome: string }>(sql`SELECT cpfcnpj, nome FROM pessoa`);
    expect(pessoas).toHaveLength(111);
    expect(new Set(pessoas.map((p) => p.cpfcnpj)).size).toBe(111);
    expect(new Set(pessoas.map((p) => p.nome)).size).toBe(111);
    for (const p of pessoas) expect(documentoValido(p.cpfcnpj) && /^[0-9A-Z]+$/.test(p.cpfcnpj), p.cpfcnpj).toBe(true);
    // Some shop owners have an alphanumeric CNPJ (decision 0180).
    expect(pessoas.some((p) => /^[0-9A-Z]{12}\d{2}$/.test(p.cpfcnpj) && /[A-Z]/.test(p.cpfcnpj))).toBe(true);
    const [areas] = await linhas<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM propriedade WHERE area_explorada > area_total OR area_cultivada > area_total`,
    );
    expect(Number(areas.n)).toBe(0);
  });

  it("sells every product in its group's standard unit and weight", async () => {
    const fora = await linhas<{ nome: string }>(sql`
      SELECT pr.nome FROM produto pr JOIN produto_grupo g ON g.id = pr.produto_grupo_id
      WHERE pr.embalagem <> g.un_padrao
         OR (g.un_padrao ~* '\\d+\\s*kg$' AND pr.peso_em_kg <> substring(g.un_padrao FROM '(\\d+)\\s*[kK][gG]$')::numeric)
         OR (upper(g.un_padrao) = 'KG' AND pr.peso_em_kg <> 1)`);
    expect(fora).toEqual([]);
  });

  it("keeps a group's prices on any day within a plausible band", async () => {
    const [faixa] = await linhas<{ pior: number; dias: number }>(sql`
      SELECT max(valor_maximo / valor_minimo)::float8 AS pior, count(*)::int AS dias FROM precos_resumo`);
    expect(Number(faixa.dias)).toBeGreaterThan(1000);
    // Once a group's prices on one day spread up to 7×.
    expect(Number(faixa.pior)).toBeLessThan(1.7);
    // A group quoted per kg costs a few reais a kg, not tens.
    const [kg] = await linhas<{ maximo: number }>(sql`
      SELECT max(r.valor_maximo)::float8 AS maximo FROM precos_resumo r JOIN produto_grupo g ON g.id = r.produto_grupo_id WHERE upper(g.un_padrao) = 'KG'`);
    expect(Number(kg.maximo)).toBeLessThan(5);
  });

  it('/home shows one row per group on the latest day, per package and per kg', async () => {
    const r = await call(t.app, null, { method: 'POST', url: '/api/precos/searchPrecosHome/precoData/desc?page=0&size=20', payload: {} });
    const dia = r.body.content.filter((x: { precoData: string }) => x.precoData === '2026-11-23') as {
      produtoGrupoNome: string;
      produtoGrupoUn: string;
      valorMinimo: number;
      valorMaximo: number;
      valorKgMedio: number;
    }[];
    expect(dia.map((x) => x.produtoGrupoNome)).toEqual([
      'Abóbora',
      'Açúcar',
      'Alface',
      'Banana',
      'Batata',
      'Cebola',
      'Cenoura',
      'Feijão',
      'Laranja',
      'Limão',
      'Maçã',
      'Mamão',
      'Milho Verde',
      'Pimentão',
      'Tomate',
    ]);
    for (const x of dia) {
      expect(x.valorMaximo / x.valorMinimo, x.produtoGrupoNome).toBeLessThan(1.7);
      // Per kg, produce sells between ~R$ 1 and ~R$ 10 wholesale.
      expect(x.valorKgMedio, x.produtoGrupoNome).toBeGreaterThan(0.8);
      expect(x.valorKgMedio, x.produtoGrupoNome).toBeLessThan(12);
    }
  });
});

describe('demo market days', () => {
  it('fills a year of market days with romaneios, items, stall bookings, shops and quotations', async () => {
    const [n] = await linhas<Record<string, number>>(sql`
      SELECT (SELECT count(*) FROM romaneio)::int AS romaneios, (SELECT count(DISTINCT data_emissao) FROM romaneio)::int AS dias,
             (SELECT count(*) FROM romaneio_divida)::int AS lotes, (SELECT count(*) FROM romaneio_itens)::int AS itens,
             (SELECT count(*) FROM romaneio_pedras)::int AS reservas, (SELECT count(*) FROM romaneio_pedras WHERE ocupacao = 'avulsa')::int AS avulsas,
             (SELECT count(*) FROM loja)::int AS lojas, (SELECT count(*) FROM loja_itens)::int AS "lojaItens",
             (SELECT count(*) FROM cotacao)::int AS cotacoes, (SELECT count(*) FROM cotacao WHERE NOT ativo)::int AS inativas,
             (SELECT count(*) FROM romaneio r WHERE NOT EXISTS (SELECT 1 FROM romaneio_itens i WHERE i.romaneio_id = r.id))::int AS "semItens",
             (SELECT count(*) FROM romaneio r WHERE NOT EXISTS (SELECT 1 FROM romaneio_pedras p WHERE p.romaneio_id = r.id))::int AS "semPedras",
             (SELECT count(*) FROM loja l WHERE NOT EXISTS (SELECT 1 FROM loja_itens i WHERE i.loja_id = l.id))::int AS "lojasSemItens"`);
    // About a hundred producers most market days of the year.
    expect(n.dias).toBe(106);
    expect(n.romaneios).toBeGreaterThan(6000);
    expect(n.romaneios).toBeLessThan(12_000);
    expect(n.lotes).toBeGreaterThan(n.romaneios / 3);
    expect(n.lotes).toBeLessThan(n.romaneios);
    expect(n.itens).toBeGreaterThan(n.romaneios);
    expect(n.reservas).toBeGreaterThan(n.romaneios);
    expect(n.avulsas).toBeGreaterThan(100);
    expect(n.lojas).toBeGreaterThan(100);
    expect(n.lojaItens).toBeGreaterThan(2 * n.lojas - 1);
    expect(n.cotacoes).toBeGreaterThan(20);
    expect(n.inativas).toBeGreaterThan(0);
    expect(n.inativas).toBeLessThan(n.cotacoes / 2);
    expect([n.semItens, n.semPedras, n.lojasSemItens]).toEqual([0, 0, 0]);
    // Quotations are of producers and shop owners; shop items come from the region's municipalities.
    const tipos = await linhas<{ tipo: number }>(sql`SELECT DISTINCT p.tipo_id AS tipo FROM cotacao c JOIN pessoa p ON p.id = c.pessoa_id ORDER BY 1`);
    expect(tipos.map((x) => x.tipo)).toEqual([1, 3]);
    const municipios = await linhas<{ n: number }>(sql`SELECT count(DISTINCT municipio_id)::int AS n FROM loja_itens`);
    expect(municipios[0].n).toBe(10);
  });

  it('takes every item from the producer’s own bulletin item harvestable that day, on market days only', async () => {
    const fora = await linhas<{ id: number }>(sql`
      SELECT ri.id FROM romaneio_itens ri JOIN romaneio r ON r.id = ri.romaneio_id
      LEFT JOIN boletim_itens bi ON bi.id = ri.boletim_itens_id LEFT JOIN boletim b ON b.id = bi.boletim_id
      WHERE bi.id IS NULL OR b.produtor_id <> r.pessoa_id OR bi.produto_id <> ri.produto_id
         OR r.data_emissao NOT BETWEEN bi.inicio_colheita AND bi.fim_colheita`);
    expect(fora).toEqual([]);
    // Monday and Thursday (the setting); today counts too, whatever weekday it is (docs/decisions).
    const dias = await linhas<{ dow: number }>(sql`SELECT DISTINCT extract(isodow FROM data_emissao)::int AS dow FROM romaneio ORDER BY 1`);
    expect(dias.map((d) => d.dow)).toEqual([1, 4]);
    const [limites] = await linhas<{ primeiro: string; ultimo: string }>(
      sql`SELECT min(data_emissao)::text AS primeiro, max(data_emissao)::text AS ultimo FROM romaneio`,
    );
    expect(limites).toEqual({ primeiro: '2025-11-24', ultimo: PROXIMO_DIA_DE_MERCADO });
  });

  it('never sells beyond a bulletin item’s estimated production (packages weighed in kg), with plausible loads a day', async () => {
    const [q] = await linhas<{ acima: number; esgotados: number; comSaldo: number; minimo: number; maximo: number; media: number }>(sql`
      WITH soma AS (
        SELECT bi.id, bi.producao_estimada AS estimada, sum(ri.quantidade * p.peso_em_kg) AS vendida
        FROM boletim_itens bi JOIN romaneio_itens ri ON ri.boletim_itens_id = bi.id JOIN produto p ON p.id = ri.produto_id GROUP BY bi.id
      )
      SELECT (SELECT count(*) FROM soma WHERE vendida > estimada)::int AS acima,
             (SELECT count(*) FROM soma WHERE vendida = estimada)::int AS esgotados,
             (SELECT count(*) FROM soma WHERE vendida < estimada)::int AS "comSaldo",
             (SELECT min(quantidade) FROM romaneio_itens)::float8 AS minimo, (SELECT max(quantidade) FROM romaneio_itens)::float8 AS maximo,
             (SELECT avg(quantidade) FROM romaneio_itens)::float8 AS media`);
    expect(q.acima).toBe(0);
    // Some harvests sold out ('Quantidade zerado?' SIM), most still have a balance.
    expect(q.esgotados).toBeGreaterThan(20);
    expect(q.comSaldo).toBeGreaterThan(q.esgotados);
    expect(q.minimo).toBeGreaterThanOrEqual(1);
    expect(q.maximo).toBeLessThanOrEqual(1000);
    expect(q.media).toBeGreaterThan(30);
    expect(q.media).toBeLessThan(400);
  });

  it('books each stall at most once a date, on the romaneio’s own date, today and next market day 60-80% occupied', async () => {
    const duplas = await linhas<{ pedra: number }>(sql`SELECT pedra_id AS pedra FROM romaneio_pedras GROUP BY pedra_id, data HAVING count(*) > 1`);
    expect(duplas).toEqual([]);
    const outraData = await linhas<{ id: number }>(
      sql`SELECT p.id FROM romaneio_pedras p JOIN romaneio r ON r.id = p.romaneio_id WHERE p.data <> r.data_emissao`,
    );
    expect(outraData).toEqual([]);
    for (const dia of [HOJE, PROXIMO_DIA_DE_MERCADO]) {
      const [o] = await linhas<{ ocupadas: number; avulsas: number }>(sql`
        SELECT count(*)::int AS ocupadas, count(*) FILTER (WHERE ocupacao = 'avulsa')::int AS avulsas FROM romaneio_pedras WHERE data = ${dia}::date`);
      expect(o.ocupadas / 252, dia).toBeGreaterThanOrEqual(0.6);
      expect(o.ocupadas / 252, dia).toBeLessThanOrEqual(0.8);
    }
  });

  it('gives every debt to one batch: one producer, 1 to 3 dates, a debt of the tax system in the producer’s name', async () => {
    const ruins = await linhas<{ divida: number }>(sql`
      SELECT rd.divida FROM romaneio_divida rd
      LEFT JOIN romaneio r ON r.divida = rd.divida
      LEFT JOIN dividas d ON d.numero = rd.divida
      LEFT JOIN pessoa p ON p.id = r.pessoa_id
      GROUP BY rd.divida
      HAVING count(r.id) NOT BETWEEN 1 AND 3 OR count(DISTINCT r.pessoa_id) <> 1 OR count(DISTINCT r.data_emissao) <> count(r.id)
          OR bool_or(d.nome_contribuinte IS DISTINCT FROM p.nome)`);
    expect(ruins).toEqual([]);
    // A batch's dates are consecutive visits of its producer: no other batch of that producer in between.
    const intercalados = await linhas<{ divida: number }>(sql`
      WITH lote AS (SELECT divida, min(pessoa_id) AS pessoa, min(data_emissao) AS de, max(data_emissao) AS ate FROM romaneio GROUP BY divida)
      SELECT l.divida FROM lote l JOIN romaneio r ON r.pessoa_id = l.pessoa AND r.divida <> l.divida AND r.data_emissao BETWEEN l.de AND l.ate`);
    expect(intercalados).toEqual([]);
    // The debts left for trying the romaneio form are free.
    const livres = await linhas<{ n: number }>(sql`SELECT count(*)::int AS n FROM romaneio_divida WHERE divida BETWEEN 100001 AND 100020`);
    expect(livres[0].n).toBe(0);
  });

  it('VAF over a month reports the market’s movement per product and municipality', async () => {
    const r = await call(t.app, t.agro, { method: 'POST', url: '/api/precos/vaf', payload: { dataInicial: '2026-10-01', dataFinal: '2026-10-31' } });
    expect(r.status).toBe(200);
    const rows = r.body as { nome: string; municipio: string | null; valorUn: number | null; total: number }[];
    expect(rows.length).toBeGreaterThan(20);
    expect(new Set(rows.map((x) => x.municipio)).size).toBe(10);
    for (const x of rows) {
      expect(x.total, x.nome).toBeGreaterThan(0);
      expect(x.valorUn, x.nome).toBeGreaterThan(0);
    }
    // Romaneio and shop movement of the month, all of it in the report (kg = quantity × the product's weight).
    const [kg] = await linhas<{ total: number }>(sql`
      SELECT round(sum(m.q * pr.peso_em_kg), 2)::float8 AS total FROM (
        SELECT ri.produto_id, ri.quantidade AS q FROM romaneio_itens ri JOIN romaneio ro ON ro.id = ri.romaneio_id
        WHERE ro.data_emissao BETWEEN '2026-10-01' AND '2026-10-31'
        UNION ALL
        SELECT li.produto_id, li.quantidade FROM loja_itens li JOIN loja l ON l.id = li.loja_id WHERE l.data_emissao BETWEEN '2026-10-01' AND '2026-10-31'
      ) m JOIN produto pr ON pr.id = m.produto_id`);
    expect(rows.reduce((s, x) => s + x.total, 0)).toBeCloseTo(kg.total, 0);
  });
});

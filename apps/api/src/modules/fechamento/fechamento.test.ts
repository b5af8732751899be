import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { appDeTeste, call, countRows } from '../../../test/helpers';
import {
  inserirBoletimItem,
  inserirCaderno,
  inserirGrupo,
  inserirPessoa,
  inserirPreco,
  inserirProduto,
  inserirProdutorComColheita,
  inserirRomaneio,
  inserirRomaneioItem,
} from '../../../test/fabricas';

/**
 * 'Fechamento do dia' and the manager's panel: every figure against sums the test computes
 * itself from the raw rows. Thursday 26/11/2026 (week 23–29/11); 52 weeks earlier: Thursday 27/11/2025.
 */
const DIA = '2026-11-26';
const t = appDeTeste({ tokens: ['admin', 'userAdmin', 'agro'] });
const linhas = async <T>(q: ReturnType<typeof sql>) => (await t.app.ctx.db.execute(q)).rows as T[];

let ids: { tomate: number; alface: number };

beforeAll(async () => {
  const grupo = await inserirGrupo(t.app, 'Hortaliças');
  const tomate = await inserirProduto(t.app, grupo, 'Tomate', { embalagem: 'CX 20kg', peso: 20 });
  const alface = await inserirProduto(t.app, grupo, 'Alface', { embalagem: 'Engradado', peso: 5 });
  ids = { tomate, alface };
  const a = await inserirProdutorComColheita(t.app, tomate, { produtor: 'Ana Serra', municipio: 'Imperatriz' });
  const b = await inserirProdutorComColheita(t.app, alface, { produtor: 'Bruno Vale', municipio: 'Açailândia', fim: '2026-11-28' });
  const bTomate = await inserirBoletimItem(t.app, b.boletim, tomate, '2026-11-01', '2026-12-31');
  // A notebook whose carência ends on Friday 27 (an item no romaneio of the day uses).
  await inserirCaderno(t.app, await inserirBoletimItem(t.app, a.boletim, alface, '2026-11-01', '2026-12-31'), alface, [
    { nomeProduto: 'Inseticida X', data: '2026-11-20', periodoCarencia: 7 },
  ]);
  const post = (token: string, corpo: object) => call(t.app, token, { method: 'POST', url: '/api/romaneio', payload: [corpo] });
  let divida = 930_000;
  // Bruno enters two romaneios on the day: that question of the gate confirmed.
  const r = (pessoa: number, itens: object[], pedras: unknown[] = []) => ({
    dataEmissao: DIA,
    divida: ++divida,
    pessoa: { id: pessoa },
    pedras,
    itens,
    confirmar: ['romaneioNoDia'],
  });
  for (const [token, corpo] of [
    [t.userAdmin, r(a.produtor, [{ produtoId: tomate, quantidade: 12.5, boletimItensId: a.item }], [1, 2])],
    [
      t.admin,
      r(
        b.produtor,
        [
          { produtoId: alface, quantidade: 30, boletimItensId: b.item },
          { produtoId: tomate, quantidade: 4, boletimItensId: bTomate },
        ],
        [{ pedrasId: 3, ocupacao: 'avulsa' }],
      ),
    ],
    [t.userAdmin, r(b.produtor, [{ produtoId: alface, quantidade: 7.25, boletimItensId: b.item }])],
  ] as const)
    expect((await post(token, corpo)).status).toBe(201);
  // Another day and the same week a year earlier: not in the day's figures.
  const outro = await inserirRomaneio(t.app, a.produtor, '2026-11-23', 939_001);
  await inserirRomaneioItem(t.app, outro, tomate, 3, a.item);
  const antigo = await inserirRomaneio(t.app, a.produtor, '2025-11-27', 939_002);
  await inserirRomaneioItem(t.app, antigo, tomate, 10, null);
  // Parking tickets of the day and of another day.
  const tipo = Number((await linhas<{ id: number }>(sql`INSERT INTO veiculo_tipo (nome) VALUES ('Caminhão') RETURNING id`))[0].id);
  const dono = await inserirPessoa(t.app, 'Carlos Frete', 1);
  for (const [data, valor] of [
    [DIA, '15.50'],
    [DIA, '20.00'],
    ['2026-11-23', '99.00'],
  ])
    await t.app.ctx.db.execute(
      sql`INSERT INTO estacionamento (data, placa, valor, divida, pessoa_id, veiculo_tipo_id) VALUES (${data}, 'ABC1D23', ${valor}, 1, ${dono}, ${tipo})`,
    );
  // Prices: the previous price day (Monday) and the day.
  await inserirPreco(t.app, tomate, '2026-11-23', 80);
  await inserirPreco(t.app, alface, '2026-11-23', 20);
  await inserirPreco(t.app, tomate, DIA, 100);
  await inserirPreco(t.app, alface, DIA, 20);
});

describe('Fechamento do dia', () => {
  it('answers the figures of the day, each equal to the sums of the raw rows', async () => {
    const r = await call(t.app, t.userAdmin, { method: 'GET', url: `/api/fechamento?data=${DIA}` });
    expect(r.status).toBe(200);
    const f = r.body;
    const itens = await linhas<{ romaneio: number; pessoa: number; produto: string; quantidade: string; peso: string; municipio: string | null }>(sql`
      SELECT ro.id AS romaneio, ro.pessoa_id AS pessoa, pr.nome AS produto, ri.quantidade, pr.peso_em_kg AS peso, m.nome AS municipio
      FROM romaneio ro JOIN romaneio_itens ri ON ri.romaneio_id = ro.id JOIN produto pr ON pr.id = ri.produto_id
      LEFT JOIN boletim_itens bi ON bi.id = ri.boletim_itens_id LEFT JOIN boletim b ON b.id = bi.boletim_id
      LEFT JOIN propriedade p ON p.id = b.propriedade_id LEFT JOIN municipio m ON m.id = p.municipio_id
      WHERE ro.data_emissao = ${DIA}`);
    const somar = (chave: (i: (typeof itens)[number]) => string) => {
      const m = new Map<string, number>();
      for (const i of itens) m.set(chave(i), (m.get(chave(i)) ?? 0) + Number(i.quantidade) * Number(i.peso));
      return m;
    };
    expect(f.romaneios).toBe(new Set(itens.map((i) => i.romaneio)).size);
    expect(f.romaneios).toBe(3);
    expect(f.produtores).toBe(2);
    expect(f.quantidade).toBeCloseTo(
      itens.reduce((s, i) => s + Number(i.quantidade), 0),
      2,
    );
    expect(f.kg).toBeCloseTo(
      itens.reduce((s, i) => s + Number(i.quantidade) * Number(i.peso), 0),
      2,
    );
    expect(f.kg).toBe(12.5 * 20 + 30 * 5 + 4 * 20 + 7.25 * 5);
    const porProduto = somar((i) => i.produto);
    expect(Object.fromEntries(f.porProduto.map((p: { produto: string; kg: number }) => [p.produto, p.kg]))).toEqual(Object.fromEntries(porProduto));
    expect(f.porProduto[0]).toEqual({ produto: 'Tomate', embalagem: 'CX 20kg', quantidade: 16.5, kg: 330 });
    const porMunicipio = somar((i) => i.municipio ?? 'Sem município');
    expect(Object.fromEntries(f.porMunicipio.map((p: { municipio: string; kg: number }) => [p.municipio, p.kg]))).toEqual(Object.fromEntries(porMunicipio));
    expect(f.porMunicipio.map((p: { municipio: string }) => p.municipio)).toEqual(['Açailândia', 'Imperatriz']);

    const rp = await linhas<{ ocupacao: string | null }>(sql`SELECT ocupacao FROM romaneio_pedras WHERE data = ${DIA}`);
    const total = await countRows(t.app, 'pedras');
    expect(f.pedras).toEqual({ total, ocupadas: rp.length, livres: total - rp.length, avulsas: rp.filter((p) => p.ocupacao === 'avulsa').length });
    expect(f.pedras.avulsas).toBe(1);

    const est = await linhas<{ valor: string }>(sql`SELECT valor FROM estacionamento WHERE data = ${DIA}`);
    expect(f.estacionamento).toEqual({ tickets: est.length, total: est.reduce((s, e) => s + Number(e.valor), 0) });
    expect(f.estacionamento).toEqual({ tickets: 2, total: 35.5 });

    const logs = await linhas<{ usuario: string; id: string }>(
      sql`SELECT usuario, cadastro_id AS id FROM logs WHERE cadastro = 'Romaneio' AND acao = 'INSERT'`,
    );
    const doDia = new Set(itens.map((i) => String(i.romaneio)));
    const porUsuario = new Map<string, number>();
    for (const l of logs.filter((l) => doDia.has(l.id))) porUsuario.set(l.usuario, (porUsuario.get(l.usuario) ?? 0) + 1);
    expect(Object.fromEntries(f.porUsuario.map((u: { usuario: string; romaneios: number }) => [u.usuario, u.romaneios]))).toEqual(
      Object.fromEntries(porUsuario),
    );
    expect(f.porUsuario.map((u: { romaneios: number }) => u.romaneios)).toEqual([2, 1]);

    expect(f.precos).toEqual([
      { produto: 'Alface', valor: 20, publicado: true },
      { produto: 'Tomate', valor: 100, publicado: true },
    ]);
    expect(f.semMercado).toBeNull();
  });

  it('names why a date is not a market day, refuses a bad date in pt-BR and asks for the romaneio permission', async () => {
    await call(t.app, t.admin, { method: 'POST', url: '/api/feriado', payload: { data: '2026-11-30', nome: 'Dia do Evangélico' } });
    const feriado = await call(t.app, t.userAdmin, { method: 'GET', url: '/api/fechamento?data=2026-11-30' });
    expect(feriado.body).toMatchObject({ semMercado: '30/11/2026 é feriado: Dia do Evangélico.', romaneios: 0, kg: 0, precos: [] });
    const ruim = await call(t.app, t.userAdmin, { method: 'GET', url: '/api/fechamento?data=2026-02-30' });
    expect(ruim.status).toBe(400);
    expect(ruim.body.fieldErrors).toEqual([{ field: 'data', message: 'A data é inválida' }]);
    expect((await call(t.app, null, { method: 'GET', url: `/api/fechamento?data=${DIA}` })).status).toBe(401);
    expect((await call(t.app, t.agro, { method: 'GET', url: `/api/fechamento?data=${DIA}` })).status).toBe(403);
  });

  it("the manager's panel: occupancy, arrivals against the same week last year, price changes, harvests and carências ending this week", async () => {
    // A draft is not a price change (the public still reads the published 100): it is listed apart.
    await t.app.ctx.db.execute(sql`INSERT INTO precos (produto_id, data, valor, publicado) VALUES (${ids.tomate}, ${DIA}, '200', false)`);
    await inserirPreco(t.app, ids.tomate, DIA, 100);
    await inserirPreco(t.app, ids.tomate, DIA, 120);
    const r = await call(t.app, t.userAdmin, { method: 'GET', url: `/api/fechamento/painel?data=${DIA}` });
    expect(r.status).toBe(200);
    const p = r.body;
    const total = await countRows(t.app, 'pedras');
    expect(p.semana).toEqual({ de: '2026-11-23', ate: '2026-11-29' });
    expect(p.ocupacao).toEqual({ ocupadas: 3, total, percentual: Math.round((3 / total) * 10_000) / 100 });
    const kg = async (de: string, ate: string) =>
      Number(
        (
          await linhas<{
            kg: string;
          }>(sql`SELECT coalesce(sum(ri.quantidade * pr.peso_em_kg), 0) AS kg FROM romaneio ro JOIN romaneio_itens ri ON ri.romaneio_id = ro.id
            JOIN produto pr ON pr.id = ri.produto_id WHERE ro.data_emissao BETWEEN ${de} AND ${ate}`)
        )[0].kg,
      );
    const semana = await kg('2026-11-23', '2026-11-29');
    const antes = await kg('2025-11-24', '2025-11-30');
    expect(p.chegadas).toEqual({ kgSemana: semana, kgAnoAnterior: antes, variacao: Math.round(((semana - antes) / antes) * 10_000) / 100 });
    expect(antes).toBe(200);
    expect(p.diaAnterior).toBe('2026-11-23');
    // Published on the day: 100, 100 and 120 — the most common, 100, as /home reads it.
    expect(p.variacoesDePreco).toEqual([{ produto: 'Tomate', anterior: 80, atual: 100, variacao: 25 }]);
    expect(p.rascunhos).toEqual([{ produto: 'Tomate', data: DIA, valor: 200 }]);
    expect(p.boletinsTerminando).toEqual([expect.objectContaining({ produtor: 'Bruno Vale', produto: 'Alface', fimColheita: '2026-11-28' })]);
    expect(p.cadernosTerminando).toEqual([expect.objectContaining({ produtor: 'Ana Serra', produto: 'Alface', fimCarencia: '2026-11-27' })]);
    expect(ids.tomate).toBeGreaterThan(0);
  });
});

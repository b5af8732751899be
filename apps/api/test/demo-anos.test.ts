import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { anosDaLinhaDeComando, carregarDemo } from '../src/db/seed/demo';
import { appDeTeste, call } from './helpers';

/**
 * `npm run seed:demo -- --anos N`: several market-years in one load, written year by year
 * with a progress line each, producers coming and going, and the audit rows the app would have written
 * for every record. Two years here (the decade is the same code ten times; its speed is in `npm run bench`).
 */
const t = appDeTeste({ tokens: ['admin'] });
const HOJE = '2026-11-23'; // a Monday
const progresso: string[] = [];
let resumo: string;
const linhas = async <T>(q: ReturnType<typeof sql>) => (await t.app.ctx.db.execute(q)).rows as T[];

beforeAll(async () => {
  resumo = await carregarDemo(t.app.ctx.db, HOJE, [1, 4], { anos: 2, progresso: (l) => progresso.push(l) });
}, 900_000);

describe('seed:demo -- --anos 2', () => {
  it('reads --anos from the command line, one year by default, and refuses anything else in pt-BR', () => {
    expect(anosDaLinhaDeComando([])).toBe(1);
    expect(anosDaLinhaDeComando(['--anos', '10'])).toBe(10);
    expect(anosDaLinhaDeComando(['--anos=3'])).toBe(3);
    for (const ruim of [['--anos', 'dez'], ['--anos', '0'], ['--anos', '1.5'], ['--anos']])
      expect(() => anosDaLinhaDeComando(ruim), ruim.join(' ')).toThrow('--anos deve ser um número inteiro de 1 a 30.');
  });

  it('says its progress: prices, the records, then one line per year with counts and elapsed time', () => {
    expect(progresso).toHaveLength(5);
    expect(progresso[0]).toMatch(/^Preços: [\d.]+ \(2024-11-2\d a 2026-11-23\), [\d.]+ registros de auditoria \(\d+,\d s\)$/);
    expect(progresso[1]).toMatch(/^Cadastros: 133 pessoas, [\d.]+ boletins com itens e cadernos de campo, [\d.]+ registros de auditoria \(\d+,\d s\)$/);
    expect(progresso[2]).toMatch(
      /^Ano 2024-11-2\d a 2025-11-2\d: [\d.]+ romaneios em [\d.]+ lotes, [\d.]+ itens, [\d.]+ pedras ocupadas, .* registros de auditoria \(\d+,\d s\)$/,
    );
    expect(progresso[3]).toMatch(/^Ano 2025-11-2\d a 2026-11-26: [\d.]+ romaneios/);
    expect(resumo).toMatch(/^Demonstração carregada: 10 municípios, 133 pessoas, 150 produtos em 15 grupos, \d+ preços \(2024-11-2\d a 2026-11-23\)/);
  });

  it('has two years of market days with about a hundred producers each, some of them only in one year', async () => {
    const anos = await linhas<{ ano: number; dias: number; romaneios: number; produtores: number }>(sql`
      SELECT (${HOJE}::date - data_emissao) / 365 AS ano, count(DISTINCT data_emissao)::int AS dias, count(*)::int AS romaneios,
             count(DISTINCT pessoa_id)::int AS produtores
      FROM romaneio WHERE data_emissao <= ${HOJE}::date GROUP BY 1 ORDER BY 1`);
    expect(anos.map((a) => Number(a.ano))).toEqual([0, 1]);
    for (const a of anos) {
      expect(a.dias).toBeGreaterThanOrEqual(104);
      expect(a.romaneios / a.dias).toBeGreaterThan(60);
      expect(a.romaneios / a.dias).toBeLessThan(110);
      expect(a.produtores).toBeGreaterThan(90);
      expect(a.produtores).toBeLessThanOrEqual(100);
    }
    const [so] = await linhas<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM (SELECT pessoa_id FROM romaneio GROUP BY 1 HAVING count(DISTINCT (${HOJE}::date - data_emissao) / 365) = 1) x`);
    expect(so.n).toBeGreaterThanOrEqual(2 * 22 - 5);
    // Ids follow the dates: the older year was written first.
    const [ordem] = await linhas<{ fora: number }>(sql`
      SELECT count(*)::int AS fora FROM romaneio a JOIN romaneio b ON b.id = a.id + 1 WHERE b.data_emissao < a.data_emissao`);
    expect(ordem.fora).toBe(0);
  });

  it('keeps the market rules over both years: harvest windows, one booking a stall and date, a debt per batch', async () => {
    const [n] = await linhas<Record<string, number>>(sql`
      SELECT (SELECT count(*) FROM romaneio_itens ri JOIN romaneio r ON r.id = ri.romaneio_id JOIN boletim_itens bi ON bi.id = ri.boletim_itens_id
              JOIN boletim b ON b.id = bi.boletim_id
              WHERE b.produtor_id <> r.pessoa_id OR r.data_emissao NOT BETWEEN bi.inicio_colheita AND bi.fim_colheita)::int AS "foraDaJanela",
             (SELECT count(*) FROM (SELECT 1 FROM romaneio_pedras GROUP BY pedra_id, data HAVING count(*) > 1) x)::int AS duplas,
             (SELECT count(*) FROM romaneio r WHERE NOT EXISTS (SELECT 1 FROM dividas d WHERE d.numero = r.divida))::int AS "semDivida",
             (SELECT count(*) FROM estacionamento e WHERE NOT EXISTS (SELECT 1 FROM dividas d WHERE d.numero = e.divida) AND e.divida < 900000)::int AS "estacionamentoSemDivida",
             (SELECT count(*) FROM estacionamento)::int AS estacionamentos,
             (SELECT count(*) FROM (SELECT bi.id FROM boletim_itens bi JOIN romaneio_itens ri ON ri.boletim_itens_id = bi.id JOIN produto p ON p.id = ri.produto_id
              GROUP BY bi.id, bi.producao_estimada HAVING sum(ri.quantidade * p.peso_em_kg) > bi.producao_estimada) x)::int AS acima`);
    expect(n).toMatchObject({ foraDaJanela: 0, duplas: 0, semDivida: 0, estacionamentoSemDivida: 0, acima: 0 });
    expect(n.estacionamentos).toBeGreaterThan(2000);
  });

  it('writes the audit row of every record, dated on its day, in the shape the app writes', async () => {
    const contagens = await linhas<{ cadastro: string; logs: number; linhas: number }>(sql`
      SELECT l.cadastro, l.logs, CASE l.cadastro
        WHEN 'Romaneio' THEN (SELECT count(*) FROM romaneio) WHEN 'RomaneioItens' THEN (SELECT count(*) FROM romaneio_itens)
        WHEN 'RomaneioPedras' THEN (SELECT count(*) FROM romaneio_pedras) WHEN 'RomaneioDivida' THEN (SELECT count(*) FROM romaneio_divida)
        WHEN 'Boletim' THEN (SELECT count(*) FROM boletim) WHEN 'BoletimItens' THEN (SELECT count(*) FROM boletim_itens)
        WHEN 'Caderno' THEN (SELECT count(*) FROM caderno) WHEN 'Precos' THEN (SELECT count(*) FROM precos)
        WHEN 'Estacionamento' THEN (SELECT count(*) FROM estacionamento) WHEN 'Loja' THEN (SELECT count(*) FROM loja)
        WHEN 'LojaItens' THEN (SELECT count(*) FROM loja_itens) WHEN 'Pessoa' THEN (SELECT count(*) FROM pessoa)
        WHEN 'Propriedade' THEN (SELECT count(*) FROM propriedade) WHEN 'Municipio' THEN (SELECT count(*) FROM municipio)
        WHEN 'Produto' THEN (SELECT count(*) FROM produto) WHEN 'ProdutoGrupo' THEN (SELECT count(*) FROM produto_grupo)
        WHEN 'Cotacao' THEN (SELECT count(*) FROM cotacao) WHEN 'AdubacaoCorrecao' THEN (SELECT count(*) FROM adubacao_correcao)
        WHEN 'AplicacaoProdutosQuimicos' THEN (SELECT count(*) FROM aplicacao_produtos_quimicos) END::int AS linhas
      FROM (SELECT cadastro, count(*)::int AS logs FROM logs WHERE acao = 'INSERT' GROUP BY 1) l ORDER BY 1`);
    expect(contagens.map((c) => c.cadastro).sort()).toEqual(
      [
        'AdubacaoCorrecao',
        'AplicacaoProdutosQuimicos',
        'Boletim',
        'BoletimItens',
        'Caderno',
        'Cotacao',
        'Estacionamento',
        'Loja',
        'LojaItens',
        'Municipio',
        'Pessoa',
        'Precos',
        'Produto',
        'ProdutoGrupo',
        'Propriedade',
        'Romaneio',
        'RomaneioDivida',
        'RomaneioItens',
        'RomaneioPedras',
      ].sort(),
    );
    for (const c of contagens) expect(c.logs, c.cadastro).toBe(c.linhas);
    // Each record's own row: its id, its content as lib/audit.ts writes it, on its own day (Brazil's time).
    const [r] = await linhas<{ id: number; data: string; divida: number; pessoa: number }>(
      sql`SELECT id, data_emissao::text AS data, divida::float8 AS divida, pessoa_id AS pessoa FROM romaneio ORDER BY id DESC LIMIT 1`,
    );
    const log = await call(t.app, t.admin, {
      method: 'POST',
      url: '/api/logs/searchLogs/desc/id?page=0&size=20',
      payload: { cadastro: 'Romaneio', cadastroId: String(r.id) },
    });
    expect(log.status).toBe(200);
    // 'Romaneio' also finds its items' and stalls' rows (a "contains"): the romaneio's own row is one of them.
    const doRomaneio = log.body.content.filter((x: { cadastro: string }) => x.cadastro === 'Romaneio');
    expect(doRomaneio).toHaveLength(1);
    const [l] = doRomaneio;
    expect(l).toMatchObject({ acao: 'INSERT', usuario: 'portaria@ceasa.demo', conteudoAnterior: null });
    expect(l.conteudo).toBe(`Romaneio(id=${r.id}, dataEmissao=${r.data}, divida=${r.divida}, pessoaId=${r.pessoa}, chegadaId=null)`);
    const [dia] = await linhas<{ dia: string }>(
      sql`SELECT (updated AT TIME ZONE 'America/Sao_Paulo')::date::text AS dia FROM logs WHERE cadastro = 'Romaneio' AND cadastro_id = ${String(r.id)}`,
    );
    expect(dia.dia).toBe(r.data);
  });

  it('lists the audit log without counting its every row, and finds a rare entity among them', async () => {
    const [{ total }] = await linhas<{ total: number }>(sql`SELECT count(*)::int AS total FROM logs`);
    expect(total).toBeGreaterThan(100_000);
    const pagina = await call(t.app, t.admin, { method: 'POST', url: '/api/logs/searchLogs/desc/id?page=0&size=20', payload: {} });
    expect(pagina.status).toBe(200);
    expect(pagina.body).toMatchObject({ totalElements: 1000, totalExato: false, totalPages: 50 });
    expect(pagina.body.content[0].id).toBeGreaterThan(pagina.body.content[19].id);
    const municipios = await call(t.app, t.admin, { method: 'POST', url: '/api/logs/searchLogs/desc/id?page=0&size=20', payload: { cadastro: 'municipio' } });
    expect(municipios.body.totalElements).toBe(10);
    expect(municipios.body.totalExato).toBeUndefined();
    expect(new Set(municipios.body.content.map((x: { cadastro: string }) => x.cadastro))).toEqual(new Set(['Municipio']));
  });

  it('filters romaneios by product name over both years, newest first', async () => {
    const r = await call(t.app, t.admin, {
      method: 'POST',
      url: '/api/romaneio/searchRomaneio/desc/dataEmissao?page=0&size=20',
      payload: { produtoNome: 'tomate' },
    });
    expect(r.status).toBe(200);
    const [esperado] = await linhas<{ n: number }>(sql`
      SELECT count(DISTINCT ri.romaneio_id)::int AS n FROM romaneio_itens ri JOIN produto p ON p.id = ri.produto_id WHERE p.nome ILIKE '%tomate%'`);
    expect(esperado.n).toBeGreaterThan(1000);
    expect(r.body).toMatchObject({ totalElements: 1000, totalExato: false });
    const datas = r.body.content.map((x: { dataEmissao: string }) => x.dataEmissao);
    expect(datas).toEqual([...datas].sort().reverse());
    const ids = r.body.content.map((x: { id: number }) => x.id);
    const [comTomate] = await linhas<{ n: number }>(sql`
      SELECT count(DISTINCT ri.romaneio_id)::int AS n FROM romaneio_itens ri JOIN produto p ON p.id = ri.produto_id
      WHERE p.nome ILIKE '%tomate%' AND ri.romaneio_id = ANY(${`{${ids.join(',')}}`}::int[])`);
    expect(comTomate.n).toBe(20);
  });
});

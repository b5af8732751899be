import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { carregarDemo, MSG_BANCO_COM_DADOS } from '../src/db/seed/demo';
import { appDeTeste, call } from './helpers';

const t = appDeTeste({ tokens: [] });

/**
 * `npm run seed:demo` (issue 10): the demo data set loads under the database's rules (one person per
 * CPF/CNPJ, unique names, areas within the total) and reads like a real market's bulletin: a group's
 * products are sold in the group's standard unit and, on any day, cost within a plausible band of
 * each other.
 */
let resumo: string;
const linhas = async <T>(q: ReturnType<typeof sql>) => (await t.app.ctx.db.execute(q)).rows as T[];

beforeAll(async () => {
  resumo = await carregarDemo(t.app.ctx.db, '2026-11-23');
}, 120_000);

/** Whether the digits carry valid CPF (11) or CNPJ (14) check digits. */
function documentoValido(doc: string): boolean {
  const d = doc.replace(/\D/g, '');
  const dv = (base: string, pesos: number[]) => {
    const r = [...base].reduce((s, c, i) => s + Number(c) * pesos[i], 0) % 11;
    return r < 2 ? 0 : 11 - r;
  };
  if (d.length === 11)
    return dv(d.slice(0, 9), [10, 9, 8, 7, 6, 5, 4, 3, 2]) === Number(d[9]) && dv(d.slice(0, 10), [11, 10, 9, 8, 7, 6, 5, 4, 3, 2]) === Number(d[10]);
  if (d.length === 14)
    return (
      dv(d.slice(0, 12), [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]) === Number(d[12]) &&
      dv(d.slice(0, 13), [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]) === Number(d[13])
    );
  return false;
}

describe('demo data', () => {
  it('loads once, with distinct and valid CPF/CNPJ and areas within the total', async () => {
    expect(resumo).toMatch(/^Demonstração carregada: 10 municípios, 15 pessoas, 150 produtos em 15 grupos, \d+ preços \(2025-11-24 a 2026-11-23\)/);
    await expect(carregarDemo(t.app.ctx.db, '2026-11-23')).rejects.toThrow(MSG_BANCO_COM_DADOS);
    const pessoas = await linhas<{ cpfcnpj: string }>(sql`SELECT cpfcnpj FROM pessoa`);
    expect(pessoas).toHaveLength(15);
    expect(new Set(pessoas.map((p) => p.cpfcnpj.replace(/\D/g, ''))).size).toBe(15);
    for (const p of pessoas) expect(documentoValido(p.cpfcnpj), p.cpfcnpj).toBe(true);
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
    // Before issue 10 a group's prices on one day spread up to 7×.
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

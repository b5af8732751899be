import { beforeAll, describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { appDeTeste, call } from '../../../test/helpers';
import { gerarPrecos } from '../../db/seed/precos';
import { conditions } from '../../lib/list';

const t = appDeTeste();

/**
 * The price list reads precos alone (product columns copied by triggers, counts kept per product)
 * and gathers pages filtered by product columns product by product. This checks every filter and
 * order against the plain join of precos, produto and produto_grupo — before and after products
 * and groups are renamed, moved and prices moved or deleted.
 */
let tomate: number;
let acucar: number;
let umaData: string;

/** Each order of the reference; names in Portuguese alphabetical order: unaccented, lower case, byte order. */
const COLUNAS: Record<string, SQL> = {
  id: sql`p.id`,
  valor: sql`p.valor`,
  data: sql`p.data`,
  produtoNome: sql`lower(unaccent(pr.nome)) COLLATE "C"`,
  produtoEmbalagem: sql`lower(unaccent(pr.embalagem)) COLLATE "C"`,
  produtoGrupo: sql`lower(unaccent(g.nome)) COLLATE "C"`,
};

/** The reference: the join, filtered and sorted the way docs/produto/api.md describes. */
async function esperado(filtros: Record<string, unknown>, campo: string, dir: 'asc' | 'desc', page: number) {
  const f: Record<string, unknown> = { ...filtros };
  const grupo = f.produtoGrupo;
  delete f.produtoGrupo;
  const spec = {
    select: sql``,
    from: sql``,
    defaultSort: { field: 'id', dir: 'asc' as const },
    fields: {
      id: { expr: sql`p.id`, filter: 'contains' as const },
      valor: { expr: sql`p.valor`, filter: 'contains' as const },
      data: { expr: sql`p.data`, filter: 'date' as const },
      produtoNome: { expr: sql`pr.nome`, filter: 'text' as const },
      produtoEmbalagem: { expr: sql`pr.embalagem`, filter: 'text' as const },
      grupoId: { expr: sql`g.id`, filter: 'id' as const },
      grupoNome: { expr: sql`g.nome`, filter: 'text' as const },
    },
  };
  if (typeof grupo === 'number') f.grupoId = grupo;
  else if (typeof grupo === 'string') f.grupoNome = grupo;
  const conds = conditions(spec, f);
  const where = conds.length ? sql`WHERE ${sql.join(conds, sql` AND `)}` : sql``;
  const d = dir === 'desc' ? sql`DESC` : sql`ASC`;
  const from = sql`precos p JOIN produto pr ON pr.id = p.produto_id JOIN produto_grupo g ON g.id = pr.produto_grupo_id`;
  const ordem = campo === 'id' ? sql`p.id ${d}` : sql`${COLUNAS[campo]} ${d}, p.id ${d}`;
  const r = await t.app.ctx.db.execute(sql`
    SELECT p.id, pr.nome, pr.embalagem, g.id AS grupo, g.nome AS "grupoNome" FROM ${from} ${where} ORDER BY ${ordem} LIMIT 20 OFFSET ${page * 20}`);
  const n = await t.app.ctx.db.execute(sql`SELECT count(*)::int AS n FROM ${from} ${where}`);
  return {
    total: Number((n.rows[0] as { n: number }).n),
    linhas: (r.rows as { id: number; nome: string; embalagem: string; grupo: number; grupoNome: string }[]).map((x) => ({
      id: Number(x.id),
      produtoNome: x.nome,
      produtoEmbalagem: x.embalagem,
      produtoGrupoId: Number(x.grupo),
      produtoGrupoNome: x.grupoNome,
    })),
  };
}

async function conferir(filtros: Record<string, unknown>, campo: string, dir: 'asc' | 'desc', page = 0) {
  const r = await call(t.app, t.agro, { method: 'POST', url: `/api/precos/searchPrecos/${dir}/${campo}?page=${page}&size=20`, payload: filtros });
  expect(r.status).toBe(200);
  const e = await esperado(filtros, campo, dir, page);
  const desc = `${JSON.stringify(filtros)} ${campo} ${dir} página ${page}`;
  expect(r.body.totalElements, desc).toBe(e.total);
  expect(
    r.body.content.map((x: Record<string, unknown>) => ({
      id: x.id,
      produtoNome: x.produtoNome,
      produtoEmbalagem: x.produtoEmbalagem,
      produtoGrupoId: x.produtoGrupoId,
      produtoGrupoNome: x.produtoGrupoNome,
    })),
    desc,
  ).toEqual(e.linhas);
}

const filtros = () => [
  {},
  { produtoNome: 'tomate' },
  { produtoNome: 'TOMATE extra' },
  { produtoEmbalagem: 'sc 50' },
  { produtoGrupo: tomate },
  { produtoGrupo: 'acucar' },
  { data: umaData },
  { valor: '1' },
  { id: '7' },
  { valor: '12' },
  { valor: ',5' },
  { id: '77' },
  { valor: 'x' },
  { valor: '12,3' },
  { id: '123' },
  { id: '1234' },
  { data: umaData, produtoNome: 'a' },
  { produtoGrupo: acucar, valor: '5' },
  { produtoNome: 'nenhum produto assim' },
];

async function conferirTudo() {
  for (const f of filtros())
    for (const campo of Object.keys(COLUNAS)) for (const dir of ['asc', 'desc'] as const) await conferir(f, campo, dir, campo === 'data' ? 1 : 0);
  // Deep pages leave the product-by-product path for the sorted index.
  await conferir({ produtoGrupo: tomate }, 'produtoNome', 'asc', 51);
  await conferir({ produtoNome: 'tomate' }, 'data', 'desc', 49);
  // Deep pages are found in the order's index first.
  for (const campo of Object.keys(COLUNAS)) await conferir({}, campo, 'desc', 30);
  await conferir({ valor: '1' }, 'valor', 'asc', 12);
  await conferir({ data: umaData }, 'id', 'asc', 10);
}

beforeAll(async () => {
  const g = await gerarPrecos(t.app.ctx.db, { anos: 2, produtosPorGrupo: 3, ate: '2025-12-31' });
  umaData = g.ultimaData;
  const id = async (nome: string) =>
    Number(((await t.app.ctx.db.execute(sql`SELECT id FROM produto_grupo WHERE nome = ${nome}`)).rows[0] as { id: number }).id);
  tomate = await id('Tomate');
  acucar = await id('Açúcar');
}, 60_000);

describe('price list over the copied product columns', () => {
  it('matches the join for every filter, order and page', async () => {
    await conferirTudo();
  }, 60_000);

  it('follows renamed, repackaged and regrouped products, renamed groups, moved and deleted prices', async () => {
    const db = t.app.ctx.db;
    await db.execute(sql`UPDATE produto SET nome = 'Tomate Cereja', embalagem = 'CX 5kg' WHERE nome = 'Tomate Extra'`);
    await db.execute(sql`UPDATE produto SET produto_grupo_id = ${acucar} WHERE nome = 'Tomate Especial'`);
    await db.execute(sql`UPDATE produto_grupo SET nome = 'Tomates' WHERE id = ${tomate}`);
    await db.execute(sql`UPDATE precos SET produto_id = (SELECT id FROM produto WHERE nome = 'Batata Extra')
      WHERE id IN (SELECT id FROM precos WHERE produto_nome = 'Tomate Cereja' ORDER BY id LIMIT 7)`);
    await db.execute(sql`DELETE FROM precos WHERE id IN (SELECT id FROM precos WHERE produto_grupo_id = ${acucar} ORDER BY id LIMIT 11)`);
    await db.execute(sql`UPDATE precos SET valor = valor + 0.13 WHERE id % 5 = 0`);
    await db.execute(sql`INSERT INTO precos (produto_id, data, valor) SELECT produto_id, data + 1, valor * 3 FROM precos WHERE id % 50 = 0`);
    await conferirTudo();
    // The copies and the counters agree with their sources.
    const copias = await db.execute(sql`
      SELECT count(*)::int AS n FROM precos p JOIN produto pr ON pr.id = p.produto_id JOIN produto_grupo g ON g.id = pr.produto_grupo_id
      WHERE (p.produto_nome, p.produto_embalagem, p.produto_peso_em_kg, p.produto_grupo_id, p.produto_grupo_nome)
        IS DISTINCT FROM (pr.nome, pr.embalagem, pr.peso_em_kg, pr.produto_grupo_id, g.nome)`);
    expect(Number((copias.rows[0] as { n: number }).n)).toBe(0);
    const contagens = await db.execute(sql`
      SELECT count(*)::int AS n FROM produto pr LEFT JOIN precos_produto_total t ON t.produto_id = pr.id
      WHERE coalesce(t.precos, 0) <> (SELECT count(*) FROM precos p WHERE p.produto_id = pr.id)`);
    expect(Number((contagens.rows[0] as { n: number }).n)).toBe(0);
    // The public quotation shows the group's new name.
    const home = await call(t.app, null, {
      method: 'POST',
      url: '/api/precos/searchPrecosHome/precoData/desc?page=0&size=20',
      payload: { produtoGrupoId: tomate },
    });
    expect(home.body.content[0].produtoGrupoNome).toBe('Tomates');
    expect(home.body.totalElements).toBeGreaterThan(0);
  }, 60_000);
});

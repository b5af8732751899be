import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { appDeTeste, call } from './helpers';
import {
  inserirBoletim,
  inserirBoletimItem,
  inserirGrupo,
  inserirLoja,
  inserirLojaItem,
  inserirMunicipio,
  inserirPessoa,
  inserirPreco,
  inserirProduto,
  inserirPropriedade,
} from './fabricas';

/**
 * Alphabetical order is Portuguese order. Every kind of list (a resource's paged list,
 * a dropdown lookup, a report, the public quotation and the price list) sorts names the way a
 * Brazilian reader expects: accents and case do not count ('Açúcar' before 'Alface', 'João'
 * before 'José', 'Maçã' before 'Mamão', 'abóbora' among the a's), the same on PGlite and
 * PostgreSQL. Byte order (the C collation PGlite has) would put 'Alface' before 'Açúcar' and
 * lower case after every capital.
 */
const ids: Record<string, number> = {};

/** Names given out of order; each test expects them sorted the Portuguese way. */
const GRUPOS = ['Banana', 'Alface', 'abóbora', 'Açúcar', 'Ervilha', 'Éster'];
const GRUPOS_ORDEM = ['abóbora', 'Açúcar', 'Alface', 'Banana', 'Ervilha', 'Éster'];
const PRODUTOS = ['Mamão Formosa', 'maçã Fuji', 'Maçã Gala', 'Maca Verde', 'Mamão Papaia'];
const PRODUTOS_ORDEM = ['maçã Fuji', 'Maçã Gala', 'Maca Verde', 'Mamão Formosa', 'Mamão Papaia'];
const PESSOAS = ['José Silva', 'Zilda Prado', 'João Souza', 'Ádila Rocha', 'jorge Lima'];
const PESSOAS_ORDEM = ['Ádila Rocha', 'João Souza', 'jorge Lima', 'José Silva', 'Zilda Prado'];
const MUNICIPIOS = ['Mamanguape', 'José de Freitas', 'Maçaranduba', 'João Lisboa', 'Açailândia'];
const MUNICIPIOS_ORDEM = ['Açailândia', 'João Lisboa', 'José de Freitas', 'Maçaranduba', 'Mamanguape'];

const t = appDeTeste({ tokens: ['admin'] });
beforeAll(async () => {
  for (const g of GRUPOS) ids[g] = await inserirGrupo(t.app, g, g === 'Éster' ? 'kg' : 'CX');
  // The products in one group; prices on one day.
  for (const p of PRODUTOS) {
    ids[p] = await inserirProduto(t.app, ids.Alface, p, { embalagem: p.startsWith('M') ? 'CX 18kg' : 'cx 9kg' });
    await inserirPreco(t.app, ids[p], '2026-11-20', 10);
  }
  // One price a day for every group, so the quotation has a row per group on that day.
  for (const g of GRUPOS) {
    const p = await inserirProduto(t.app, ids[g], `Produto de ${g}`);
    await inserirPreco(t.app, p, '2026-11-20', 5);
  }
  for (const m of MUNICIPIOS) ids[m] = await inserirMunicipio(t.app, m, 'MA');
  for (const p of PESSOAS) ids[p] = await inserirPessoa(t.app, p, 1);
  // Properties named after their owners, in the first municipality.
  for (const p of PESSOAS) ids[`Sítio ${p}`] = await inserirPropriedade(t.app, `Sítio ${p}`, ids[MUNICIPIOS[0]], ids[p]);
}, 60_000);

const get = async (url: string) => {
  const r = await call(t.app, t.admin, { method: 'GET', url });
  expect(r.status, url).toBe(200);
  return r.body;
};
const post = async (url: string, payload: object = {}) => {
  const r = await call(t.app, t.admin, { method: 'POST', url, payload });
  expect(r.status, url).toBe(200);
  return r.body;
};
const nomes = (xs: { nome: string }[], dentre: string[]) => xs.map((x) => x.nome).filter((n) => dentre.includes(n));
const invertida = (xs: string[]) => [...xs].reverse();

describe('paged lists sort names in Portuguese order, both ways', () => {
  it('product groups, products, municipalities, people and properties', async () => {
    expect(nomes((await get('/api/produtoGrupo?sort=nome,asc&size=100')).content, GRUPOS)).toEqual(GRUPOS_ORDEM);
    expect(nomes((await get('/api/produtoGrupo?sort=nome,desc&size=100')).content, GRUPOS)).toEqual(invertida(GRUPOS_ORDEM));
    // Default order of the group list: by name.
    expect(nomes((await get('/api/produtoGrupo?size=100')).content, GRUPOS)).toEqual(GRUPOS_ORDEM);
    expect(nomes((await post('/api/produto/searchProduto/asc/nome?size=100')).content, PRODUTOS)).toEqual(PRODUTOS_ORDEM);
    expect(nomes((await post('/api/produto/searchProduto/desc/nome?size=100')).content, PRODUTOS)).toEqual(invertida(PRODUTOS_ORDEM));
    // By group name (a column sorted by another table's name).
    const porGrupo = (await post('/api/produto/searchProduto/asc/produtoGrupo?size=100', { nome: 'produto de' })).content;
    expect(porGrupo.map((p: { produtoGrupo: { nome: string } }) => p.produtoGrupo.nome)).toEqual(GRUPOS_ORDEM);
    expect(nomes((await get('/api/municipio?sort=nome,asc&size=100')).content, MUNICIPIOS)).toEqual(MUNICIPIOS_ORDEM);
    expect(nomes((await post('/api/pessoa/searchPessoa/asc/nome?size=100')).content, PESSOAS)).toEqual(PESSOAS_ORDEM);
    expect(nomes((await post('/api/pessoa/searchPessoa/desc/nome?size=100')).content, PESSOAS)).toEqual(invertida(PESSOAS_ORDEM));
    const props = (await get('/api/propriedade?size=100')).content as { nome: string; proprietarioNome: string }[];
    expect(props.map((p) => p.nome)).toEqual(PESSOAS_ORDEM.map((p) => `Sítio ${p}`));
    const porDono = (await post('/api/propriedade/searchPropriedade/asc/proprietario?size=100')).content as { proprietarioNome: string }[];
    expect(porDono.map((p) => p.proprietarioNome)).toEqual(PESSOAS_ORDEM);
  });

  it('users', async () => {
    await t.app.ctx.db.execute(
      sql`INSERT INTO usuarios (nome, email, senha_hash) VALUES ('Úrsula', 'ursula@teste.local', 'x'), ('Ulisses', 'ulisses@teste.local', 'x'), ('ubirajara', 'bira@teste.local', 'x')`,
    );
    const lista = (await post('/api/usuarios/searchUsuarios/asc/nome?size=100')).content;
    expect(nomes(lista, ['Úrsula', 'Ulisses', 'ubirajara'])).toEqual(['ubirajara', 'Ulisses', 'Úrsula']);
  });
});

describe('dropdown lookups sort names in Portuguese order', () => {
  it('groups, products, municipalities, people and properties', async () => {
    expect(nomes(await get('/api/produtoGrupo/produtosAll'), GRUPOS)).toEqual(GRUPOS_ORDEM);
    expect(nomes(await get('/api/produto/produtosAll'), PRODUTOS)).toEqual(PRODUTOS_ORDEM);
    expect(nomes(await get('/api/produto/listAllProdutoBasic'), PRODUTOS)).toEqual(PRODUTOS_ORDEM);
    expect(nomes(await get('/api/municipio/findAllBasic'), MUNICIPIOS)).toEqual(MUNICIPIOS_ORDEM);
    for (const url of ['/api/pessoa/tipo/1', '/api/pessoa/produtorAll', '/api/pessoa/pessoaAll', '/api/pessoa/cotacoes'])
      expect(nomes(await get(url), PESSOAS), url).toEqual(PESSOAS_ORDEM);
    const sitios = PESSOAS_ORDEM.map((p) => `Sítio ${p}`);
    expect(nomes(await get('/api/propriedade/propriedadeAll'), sitios)).toEqual(sitios);
  });
});

describe('reports sort names in Portuguese order', () => {
  it("the product group's bulletins and the VAF", async () => {
    const produtor = ids[PESSOAS[0]];
    const tecnico = await inserirPessoa(t.app, 'Técnica', 2);
    const b = await inserirBoletim(t.app, { produtorId: produtor, tecnicoId: tecnico, propriedadeId: ids[`Sítio ${PESSOAS[0]}`], dataEmissao: '2026-11-02' });
    for (const p of PRODUTOS) await inserirBoletimItem(t.app, b, ids[p], '2026-11-01', '2026-12-31');
    const relatorio = (await get(`/api/produtoGrupo/grupoId/${ids.Alface}`)) as { produtoNome: string }[];
    expect(relatorio.map((r) => r.produtoNome)).toEqual(PRODUTOS_ORDEM);

    const lojista = await inserirPessoa(t.app, 'Lojista', 3);
    const loja = await inserirLoja(t.app, lojista, '2026-11-20');
    for (const p of PRODUTOS) await inserirLojaItem(t.app, loja, ids[p], 1, ids[MUNICIPIOS[0]]);
    const vaf = (await post('/api/precos/vaf', { dataInicial: '2026-11-01', dataFinal: '2026-11-30' })) as { nome: string }[];
    expect(nomes(vaf, PRODUTOS)).toEqual(PRODUTOS_ORDEM);
  });
});

describe('the price list and the public quotation sort names in Portuguese order', () => {
  it('prices by product name and by group name', async () => {
    const precos = (await post('/api/precos/searchPrecos/asc/produtoNome?size=100', { produtoGrupo: ids.Alface })).content as { produtoNome: string }[];
    expect(precos.map((p) => p.produtoNome).filter((n) => PRODUTOS.includes(n))).toEqual(PRODUTOS_ORDEM);
    // Unfiltered, in the name index (and deep, past the gathering of the first pages).
    const todos = (await post('/api/precos/searchPrecos/desc/produtoNome?size=100')).content as { produtoNome: string }[];
    expect(todos.map((p) => p.produtoNome).filter((n) => PRODUTOS.includes(n))).toEqual(invertida(PRODUTOS_ORDEM));
    const porGrupo = (await post('/api/precos/searchPrecos/asc/produtoGrupo?size=100', { produtoNome: 'produto de' })).content as {
      produtoGrupoNome: string;
    }[];
    expect(porGrupo.map((p) => p.produtoGrupoNome)).toEqual(GRUPOS_ORDEM);
  });

  it('/home: by group name, and on one day in the default order (newest date, then group name)', async () => {
    const home = async (campo: string, dir: string) =>
      (
        (await call(t.app, null, { method: 'POST', url: `/api/precos/searchPrecosHome/${campo}/${dir}?page=0&size=20`, payload: {} })).body.content as {
          produtoGrupoNome: string;
        }[]
      ).map((r) => r.produtoGrupoNome);
    expect(await home('produtoGrupoNome', 'asc')).toEqual(GRUPOS_ORDEM);
    expect(await home('produtoGrupoNome', 'desc')).toEqual(invertida(GRUPOS_ORDEM));
    expect(await home('precoData', 'desc')).toEqual(GRUPOS_ORDEM);
    // By standard unit: 'CX' and 'kg' compare without case ('cx' before 'kg').
    const porUn = (await call(t.app, null, { method: 'POST', url: '/api/precos/searchPrecosHome/produtoGrupoUn/asc?page=0&size=20', payload: {} })).body
      .content;
    expect(porUn.map((r: { produtoGrupoUn: string }) => r.produtoGrupoUn)).toEqual(['CX', 'CX', 'CX', 'CX', 'CX', 'kg']);
  });
});

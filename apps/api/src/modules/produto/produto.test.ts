import { beforeAll, describe, expect, it } from 'vitest';
import { NUMERO_INVALIDO } from '@ceasa/shared';
import { appDeTeste, call, countRows, tokenFor } from '../../../test/helpers';
import { inserirGrupo, inserirPreco, inserirProduto } from '../../../test/fabricas';

let admin: string;
let userAdmin: string;
let semPerfil: string;
let grupo: number;
let outroGrupo: number;

const t = appDeTeste({ tokens: [] });
beforeAll(async () => {
  admin = await tokenFor(t.app, ['super-admin'], 'chefe@teste.local');
  userAdmin = await tokenFor(t.app, ['user-admin']);
  semPerfil = await tokenFor(t.app, []);
  grupo = await inserirGrupo(t.app, 'Frutas', 'CX');
  outroGrupo = await inserirGrupo(t.app, 'Açúcares', 'SC');
});

const valido = () => ({ nome: 'Maçã Fuji', embalagem: 'CX 18kg', pesoEmKg: 18, produtoGrupoId: grupo, status: 'ATIVO' });

describe('produto', () => {
  it('creates (weight defaults to 1), reads, updates, lists and audits', async () => {
    const { pesoEmKg: _, ...semPeso } = valido();
    const c = await call(t.app, admin, { method: 'POST', url: '/api/produto', payload: { ...semPeso, status: 'ativo' } });
    expect(c.status).toBe(201);
    const id = c.body.id;
    expect(c.body).toEqual({
      id,
      versao: 1,
      nome: 'Maçã Fuji',
      embalagem: 'CX 18kg',
      pesoEmKg: 1,
      produtoGrupoId: grupo,
      produtoGrupo: { id: grupo, nome: 'Frutas' },
      status: 'ATIVO',
    });
    expect((await call(t.app, admin, { method: 'GET', url: `/api/produto/${id}` })).body).toEqual(c.body);

    const u = await call(t.app, userAdmin, {
      method: 'PUT',
      url: '/api/produto',
      payload: { ...valido(), id, pesoEmKg: '18,5', produtoGrupoId: outroGrupo, status: 'INATIVO' },
    });
    expect(u.status).toBe(200);
    expect(u.body).toMatchObject({ id, pesoEmKg: 18.5, produtoGrupo: { id: outroGrupo, nome: 'Açúcares' }, status: 'INATIVO' });

    const logs = await call(t.app, admin, { method: 'POST', url: '/api/logs/searchLogs/asc/id', payload: { cadastro: 'Produto', cadastroId: String(id) } });
    expect(logs.body.content.map((x: { acao: string }) => x.acao)).toEqual(['INSERT', 'UPDATE']);
    expect(logs.body.content[1].conteudo).toBe(
      `Produto(id=${id}, nome=Maçã Fuji, embalagem=CX 18kg, pesoEmKg=18.50, produtoGrupoId=${outroGrupo}, status=INATIVO)`,
    );
  });

  it('returns the status list from the server', async () => {
    const r = await call(t.app, userAdmin, { method: 'GET', url: '/api/statusProduto' });
    expect(r.status).toBe(200);
    expect(r.body).toEqual(['ATIVO', 'INATIVO']);
  });

  it('searches, filters and sorts the list', async () => {
    const g = await inserirGrupo(t.app, 'Grãos Busca', 'SC');
    await inserirProduto(t.app, g, 'Açúcar Cristal', { embalagem: 'SC 50kg', peso: 50 });
    await inserirProduto(t.app, g, 'Feijão Carioca', { embalagem: 'SC 60kg', peso: 60, status: 'INATIVO' });
    const busca = (payload: object, ordem = 'asc/nome') => call(t.app, admin, { method: 'POST', url: `/api/produto/searchProduto/${ordem}?page=0`, payload });
    const nomes = (r: { body: { content: { nome: string }[] } }) => r.body.content.map((p) => p.nome);

    expect(nomes(await busca({ nome: 'acucar' }))).toEqual(['Açúcar Cristal']);
    expect(nomes(await busca({ produtoGrupo: g }))).toEqual(['Açúcar Cristal', 'Feijão Carioca']);
    expect(nomes(await busca({ produtoGrupo: String(g) }))).toEqual(['Açúcar Cristal', 'Feijão Carioca']);
    expect(nomes(await busca({ produtoGrupo: { id: g, nome: 'Grãos Busca' } }))).toEqual(['Açúcar Cristal', 'Feijão Carioca']);
    expect(nomes(await busca({ produtoGrupo: 'graos bus' }))).toEqual(['Açúcar Cristal', 'Feijão Carioca']);
    expect(nomes(await busca({ produtoGrupo: g, status: 'ativo' }))).toEqual(['Açúcar Cristal']);
    expect(nomes(await busca({ produtoGrupo: g, status: 'INATIVO' }))).toEqual(['Feijão Carioca']);
    expect(nomes(await busca({ produtoGrupo: g, peso: '60' }))).toEqual(['Feijão Carioca']);
    expect(nomes(await busca({ embalagem: 'sc 50' }))).toEqual(['Açúcar Cristal']);
    expect(nomes(await busca({ produtoGrupo: g, nome: '', embalagem: null }, 'desc/nome'))).toEqual(['Feijão Carioca', 'Açúcar Cristal']);
    const porGrupo = await busca({}, 'desc/produtoGrupo');
    expect(porGrupo.body.content[0].produtoGrupo.nome).toBe('Grãos Busca');
    expect((await busca({}, 'asc/pesoEmKg')).status).toBe(200);
    const l = await call(t.app, admin, { method: 'GET', url: '/api/produto?sort=nome,desc&page=0&size=1' });
    expect(l.body).toMatchObject({ size: 1, number: 0, totalElements: 3 });
    expect(l.body.content[0].nome).toBe('Maçã Fuji');
  });

  it('cleans the dropdown options (abacate - nao usar, case-insensitive duplicates)', async () => {
    const g = await inserirGrupo(t.app, 'Dropdown', 'CX');
    const abacate = await inserirProduto(t.app, g, 'Abacate', { embalagem: 'CX 20kg' });
    await inserirProduto(t.app, g, 'abacate - nao usar', { embalagem: 'CX' });
    await inserirProduto(t.app, g, 'ABACATE', { embalagem: 'CX 10kg' });
    await inserirProduto(t.app, g, 'Banana Prata', { embalagem: 'CX 20kg' });
    for (const url of ['/api/produto/listAllProdutoBasic', '/api/produto/produtosAll']) {
      const r = await call(t.app, userAdmin, { method: 'GET', url });
      expect(r.status).toBe(200);
      const nomes = r.body.map((p: { nome: string }) => p.nome);
      expect(nomes.filter((n: string) => n.toLowerCase().startsWith('abacate'))).toEqual(['Abacate']);
      expect(r.body.find((p: { nome: string }) => p.nome === 'Abacate')).toEqual({ id: abacate, nome: 'Abacate', embalagem: 'CX 20kg', pesoEmKg: 1 });
      expect(nomes).toContain('Banana Prata');
      expect(new Set(nomes.map((n: string) => n.toLowerCase())).size).toBe(nomes.length);
    }
  });

  it('refuses bad input with every spec message and changes nothing', async () => {
    const antes = await countRows(t.app, 'produto');
    const logsAntes = await countRows(t.app, 'logs');
    const post = (payload: object) => call(t.app, admin, { method: 'POST', url: '/api/produto', payload });
    const mensagens = async (payload: object) => {
      const r = await post(payload);
      expect(r.status).toBe(400);
      return Object.fromEntries(r.body.fieldErrors.map((f: { field: string; message: string }) => [f.field, f.message]));
    };
    expect(await mensagens({ pesoEmKg: null })).toEqual({
      nome: 'O nome e obrigatorio',
      embalagem: 'A embalagem e obrigatorio',
      pesoEmKg: 'O peso da embalagem e obrigatorio',
      produtoGrupoId: 'O grupo do produto e obrigatorio',
      status: 'O Status e obrigatorio',
    });
    expect(await mensagens({ ...valido(), nome: 'x'.repeat(201), embalagem: 'y'.repeat(201), status: 'z'.repeat(201), pesoEmKg: 0.5 })).toEqual({
      nome: 'O nome deve ter no maximo 200 caracteres',
      embalagem: 'A embalagem deve ter no maximo 200 caracteres',
      status: 'O Status deve ter no maximo 200 caracteres',
      pesoEmKg: 'O peso da embalagem deve ser maior ou igual a 1',
    });
    expect(await mensagens({ ...valido(), pesoEmKg: '', produtoGrupoId: 0 })).toEqual({
      pesoEmKg: 'O peso da embalagem e obrigatorio',
      produtoGrupoId: 'O grupo do produto e obrigatorio',
    });
    expect(await mensagens({ ...valido(), pesoEmKg: 'abc', produtoGrupoId: 1.5 })).toEqual({
      pesoEmKg: NUMERO_INVALIDO,
      produtoGrupoId: 'O grupo do produto e obrigatorio',
    });
    expect(await mensagens({ ...valido(), pesoEmKg: '2,555' })).toEqual({ pesoEmKg: 'Use no máximo 2 casas decimais' });
    expect(await mensagens({ ...valido(), pesoEmKg: 2.555 })).toEqual({ pesoEmKg: 'Use no máximo 2 casas decimais' });
    expect(await mensagens({ ...valido(), produtoGrupoId: 999999, status: 'VENDIDO' })).toEqual({
      produtoGrupoId: 'O grupo do produto deve estar na lista',
      status: 'O Status deve estar na lista',
    });
    const r404 = await call(t.app, admin, { method: 'PUT', url: '/api/produto', payload: { ...valido(), id: 999999 } });
    expect(r404.status).toBe(404);
    expect(r404.body.message).toBe('Produto não encontrado');
    expect((await call(t.app, admin, { method: 'GET', url: '/api/produto/999999' })).status).toBe(404);
    expect((await call(t.app, admin, { method: 'DELETE', url: '/api/produto/999999' })).status).toBe(404);
    expect(await countRows(t.app, 'produto')).toBe(antes);
    expect(await countRows(t.app, 'logs')).toBe(logsAntes);
  });

  it('deletes with an audit row carrying the user e-mail; refuses to delete a product with prices', async () => {
    const c = await call(t.app, admin, { method: 'POST', url: '/api/produto', payload: { ...valido(), nome: 'Temporário' } });
    const d = await call(t.app, admin, { method: 'DELETE', url: `/api/produto/${c.body.id}` });
    expect(d.status).toBe(204);
    expect((await call(t.app, admin, { method: 'GET', url: `/api/produto/${c.body.id}` })).status).toBe(404);
    const logs = await call(t.app, admin, { method: 'POST', url: '/api/logs/searchLogs/desc/id', payload: { cadastro: 'Produto', acao: 'DELETE' } });
    expect(logs.body.content[0]).toMatchObject({ cadastroId: String(c.body.id), usuario: 'chefe@teste.local' });
    expect(logs.body.content[0].conteudo).toMatch(/^Produto\(id=\d+, nome=Temporário, .*userEmail=chefe@teste\.local\)$/);

    const usado = await inserirProduto(t.app, grupo, 'Com preço');
    await inserirPreco(t.app, usado, '2024-01-02', 10);
    const antes = await countRows(t.app, 'produto');
    const logsAntes = await countRows(t.app, 'logs');
    const r = await call(t.app, admin, { method: 'DELETE', url: `/api/produto/${usado}` });
    expect(r.status).toBe(409);
    expect(await countRows(t.app, 'produto')).toBe(antes);
    expect(await countRows(t.app, 'logs')).toBe(logsAntes);
  });

  it('enforces authentication and permissions on every call', async () => {
    const p = await inserirProduto(t.app, grupo, 'Permissões');
    const chamadas = [
      { method: 'GET', url: '/api/produto' },
      { method: 'GET', url: '/api/produto/search?searchTerm=a' },
      { method: 'POST', url: '/api/produto/searchProduto/asc/nome', payload: {} },
      { method: 'GET', url: '/api/produto/listAllProdutoBasic' },
      { method: 'GET', url: '/api/produto/produtosAll' },
      { method: 'GET', url: '/api/statusProduto' },
      { method: 'GET', url: `/api/produto/${p}` },
      { method: 'POST', url: '/api/produto', payload: valido() },
      { method: 'PUT', url: '/api/produto', payload: { ...valido(), id: p } },
      { method: 'PUT', url: `/api/produto/${p}`, payload: valido() },
      { method: 'DELETE', url: `/api/produto/${p}` },
    ] as const;
    const antes = await countRows(t.app, 'produto');
    for (const c of chamadas) {
      expect((await call(t.app, null, { ...c })).status, `${c.method} ${c.url}`).toBe(401);
      expect((await call(t.app, semPerfil, { ...c })).status, `${c.method} ${c.url}`).toBe(403);
    }
    expect(await countRows(t.app, 'produto')).toBe(antes);
    expect((await call(t.app, admin, { method: 'GET', url: `/api/produto/${p}` })).body.nome).toBe('Permissões');
  });
});

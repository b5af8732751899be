import { describe, expect, it } from 'vitest';
import { appDeTeste, call, countRows } from '../../../test/helpers';
import { inserirBoletim, inserirBoletimItem, inserirGrupo, inserirMunicipio, inserirPessoa, inserirProduto, inserirPropriedade } from '../../../test/fabricas';

const t = appDeTeste();

// The CRUD contract (stale versao 409, 404 text, the empty form's 400, a token) is apps/api/test/contrato-dos-recursos.test.ts.
describe('produtoGrupo', () => {
  it('creates, reads, updates, lists, searches and audits', async () => {
    const c = await call(t.app, t.admin, { method: 'POST', url: '/api/produtoGrupo', payload: { nome: ' Açúcar ', unPadrao: 'SC 50kg' } });
    expect(c.status).toBe(201);
    expect(c.body).toEqual({ id: expect.any(Number), versao: 1, nome: 'Açúcar', unPadrao: 'SC 50kg' });
    const id = c.body.id;

    expect((await call(t.app, t.admin, { method: 'GET', url: `/api/produtoGrupo/${id}` })).body).toEqual({
      id,
      versao: 1,
      nome: 'Açúcar',
      unPadrao: 'SC 50kg',
    });

    const u = await call(t.app, t.admin, { method: 'PUT', url: '/api/produtoGrupo', payload: { id, nome: 'Açúcar Cristal', unPadrao: 'SC' } });
    expect(u.status).toBe(200);
    expect(u.body).toEqual({ id, versao: 2, nome: 'Açúcar Cristal', unPadrao: 'SC' });
    const u2 = await call(t.app, t.agro, { method: 'PUT', url: `/api/produtoGrupo/${id}`, payload: { nome: 'Açúcar Cristal', unPadrao: 'SC 50kg' } });
    expect(u2.status).toBe(200);

    const b = await call(t.app, t.admin, { method: 'POST', url: '/api/produtoGrupo', payload: { nome: 'Batata', unPadrao: 'CX' } });
    expect(b.status).toBe(201);

    const s = await call(t.app, t.admin, { method: 'GET', url: '/api/produtoGrupo/search?searchTerm=acucar&page=0&sort=nome,asc' });
    expect(s.status).toBe(200);
    expect(s.body).toMatchObject({ totalElements: 1, totalPages: 1, number: 0, size: 20 });
    expect(s.body.content).toEqual([{ id, versao: 3, nome: 'Açúcar Cristal', unPadrao: 'SC 50kg' }]);

    const f = await call(t.app, t.admin, { method: 'POST', url: '/api/produtoGrupo/searchProdutoGrupo/desc/nome?page=0', payload: { unPadrao: 'cx' } });
    expect(f.body.content.map((g: { nome: string }) => g.nome)).toEqual(['Batata']);

    const l = await call(t.app, t.admin, { method: 'GET', url: '/api/produtoGrupo?sort=nome,desc&page=0' });
    expect(l.body.content.map((g: { nome: string }) => g.nome)).toEqual(['Batata', 'Açúcar Cristal']);
    const padrao = await call(t.app, t.admin, { method: 'GET', url: '/api/produtoGrupo' });
    expect(padrao.body.content.map((g: { nome: string }) => g.nome)).toEqual(['Açúcar Cristal', 'Batata']);

    const opcoes = await call(t.app, t.agro, { method: 'GET', url: '/api/produtoGrupo/produtosAll' });
    expect(opcoes.status).toBe(200);
    expect(opcoes.body).toEqual([
      { id, nome: 'Açúcar Cristal' },
      { id: b.body.id, nome: 'Batata' },
    ]);

    const logs = await call(t.app, t.admin, {
      method: 'POST',
      url: '/api/logs/searchLogs/asc/id',
      payload: { cadastro: 'ProdutoGrupo', cadastroId: String(id) },
    });
    expect(logs.body.content.map((x: { acao: string }) => x.acao)).toEqual(['INSERT', 'UPDATE', 'UPDATE']);
    expect(logs.body.content[1].conteudo).toBe(`ProdutoGrupo(id=${id}, nome=Açúcar Cristal, unPadrao=SC)`);
  });

  it('refuses bad input with the spec messages and changes nothing', async () => {
    const antes = await countRows(t.app, 'produto_grupo');
    const logsAntes = await countRows(t.app, 'logs');
    const r1 = await call(t.app, t.admin, { method: 'POST', url: '/api/produtoGrupo', payload: { nome: '  ', unPadrao: '' } });
    expect(r1.status).toBe(400);
    expect(r1.body.fieldErrors).toEqual(
      expect.arrayContaining([
        { field: 'nome', message: 'O nome e obrigatorio' },
        { field: 'unPadrao', message: 'A embalagem e obrigatorio' },
      ]),
    );
    const r3 = await call(t.app, t.admin, { method: 'POST', url: '/api/produtoGrupo', payload: { nome: 'x'.repeat(201), unPadrao: 'y'.repeat(201) } });
    expect(r3.status).toBe(400);
    expect(r3.body.fieldErrors.map((f: { message: string }) => f.message).sort()).toEqual(
      ['A embalagem deve ter no maximo 200 caracteres', 'O nome deve ter no maximo 200 caracteres'].sort(),
    );
    expect((await call(t.app, t.admin, { method: 'DELETE', url: '/api/produtoGrupo/999999' })).status).toBe(404);
    expect((await call(t.app, t.admin, { method: 'GET', url: '/api/produtoGrupo/abc' })).status).toBe(400);
    expect(await countRows(t.app, 'produto_grupo')).toBe(antes);
    expect(await countRows(t.app, 'logs')).toBe(logsAntes);
  });

  it('deletes with an audit row, and refuses to delete a group in use', async () => {
    const c = await call(t.app, t.admin, { method: 'POST', url: '/api/produtoGrupo', payload: { nome: 'Temporário', unPadrao: 'UN' } });
    const d = await call(t.app, t.admin, { method: 'DELETE', url: `/api/produtoGrupo/${c.body.id}` });
    expect(d.status).toBe(204);
    expect((await call(t.app, t.admin, { method: 'GET', url: `/api/produtoGrupo/${c.body.id}` })).status).toBe(404);
    const logs = await call(t.app, t.admin, { method: 'POST', url: '/api/logs/searchLogs/desc/id', payload: { cadastro: 'ProdutoGrupo', acao: 'DELETE' } });
    expect(logs.body.content[0].cadastroId).toBe(String(c.body.id));

    const usado = await inserirGrupo(t.app, 'Em uso');
    await inserirProduto(t.app, usado, 'Produto do grupo em uso');
    const antes = await countRows(t.app, 'produto_grupo');
    const logsAntes = await countRows(t.app, 'logs');
    const r = await call(t.app, t.admin, { method: 'DELETE', url: `/api/produtoGrupo/${usado}` });
    expect(r.status).toBe(409);
    expect(r.body.message).toBe('O registro está sendo usado em outro cadastro e não pode ser removido.');
    expect(await countRows(t.app, 'produto_grupo')).toBe(antes);
    expect(await countRows(t.app, 'logs')).toBe(logsAntes);
  });

  it('lists the bulletins of a product group (report)', async () => {
    const grupo = await inserirGrupo(t.app, 'Folhosas', 'MAÇO');
    const outro = await inserirGrupo(t.app, 'Raízes', 'CX');
    const alface = await inserirProduto(t.app, grupo, 'Alface', { embalagem: 'CX 12 un' });
    const cenoura = await inserirProduto(t.app, outro, 'Cenoura');
    const m = await inserirMunicipio(t.app, 'Ibiúna');
    const produtor = await inserirPessoa(t.app, 'João Produtor', 1, '11912345678');
    const tecnico = await inserirPessoa(t.app, 'Técnica Ana', 2, null);
    const prop = await inserirPropriedade(t.app, 'Sítio Boa Vista', m, produtor);
    const b1 = await inserirBoletim(t.app, { produtorId: produtor, tecnicoId: tecnico, propriedadeId: prop, dataEmissao: '2024-03-01' });
    const b2 = await inserirBoletim(t.app, { produtorId: produtor, tecnicoId: tecnico, propriedadeId: prop, dataEmissao: '2024-05-10' });
    await inserirBoletimItem(t.app, b1, alface, '2024-03-01', '2024-04-30');
    await inserirBoletimItem(t.app, b1, cenoura, '2024-03-01', '2024-06-30');
    await inserirBoletimItem(t.app, b2, alface, '2024-05-10', '2024-07-31');

    const r = await call(t.app, t.agro, { method: 'GET', url: `/api/produtoGrupo/grupoId/${grupo}` });
    expect(r.status).toBe(200);
    expect(r.body).toEqual([
      {
        boletimId: b2,
        propriedade: 'Sítio Boa Vista',
        produtor: 'João Produtor',
        celular: '11912345678',
        produtoNome: 'Alface',
        produtoEmbalagem: 'CX 12 un',
        dataEmissao: '2024-05-10',
        fimColheita: '2024-07-31',
      },
      {
        boletimId: b1,
        propriedade: 'Sítio Boa Vista',
        produtor: 'João Produtor',
        celular: '11912345678',
        produtoNome: 'Alface',
        produtoEmbalagem: 'CX 12 un',
        dataEmissao: '2024-03-01',
        fimColheita: '2024-04-30',
      },
    ]);
    const vazio = await inserirGrupo(t.app, 'Sem boletins');
    expect((await call(t.app, t.admin, { method: 'GET', url: `/api/produtoGrupo/grupoId/${vazio}` })).body).toEqual([]);
    const nf = await call(t.app, t.admin, { method: 'GET', url: '/api/produtoGrupo/grupoId/999999' });
    expect(nf.status).toBe(404);
    expect(nf.body.message).toBe('Grupo de produto não encontrado');
  });

  it('enforces authentication and permissions on every call', async () => {
    const g = await inserirGrupo(t.app, 'Permissões');
    const chamadas = [
      { method: 'GET', url: '/api/produtoGrupo' },
      { method: 'GET', url: '/api/produtoGrupo/search?searchTerm=a' },
      { method: 'POST', url: '/api/produtoGrupo/searchProdutoGrupo/asc/nome', payload: {} },
      { method: 'GET', url: '/api/produtoGrupo/produtosAll' },
      { method: 'GET', url: `/api/produtoGrupo/grupoId/${g}` },
      { method: 'GET', url: `/api/produtoGrupo/${g}` },
      { method: 'POST', url: '/api/produtoGrupo', payload: { nome: 'N', unPadrao: 'U' } },
      { method: 'PUT', url: '/api/produtoGrupo', payload: { id: g, nome: 'N', unPadrao: 'U' } },
      { method: 'PUT', url: `/api/produtoGrupo/${g}`, payload: { nome: 'N', unPadrao: 'U' } },
      { method: 'DELETE', url: `/api/produtoGrupo/${g}` },
    ] as const;
    const antes = await countRows(t.app, 'produto_grupo');
    for (const c of chamadas) {
      const semToken = await call(t.app, null, { ...c });
      expect(semToken.status, `${c.method} ${c.url}`).toBe(401);
      const semPerm = await call(t.app, t.semPerfil, { ...c });
      expect(semPerm.status, `${c.method} ${c.url}`).toBe(403);
      expect(semPerm.body.message).toMatch(/perfil/);
    }
    expect(await countRows(t.app, 'produto_grupo')).toBe(antes);
    expect((await call(t.app, t.admin, { method: 'GET', url: `/api/produtoGrupo/${g}` })).body.nome).toBe('Permissões');

    // A group without the produtoGrupo flags (edited in Permissões) is refused by the server.
    const ge = await call(t.app, t.admin, { method: 'GET', url: '/api/grupoPermissoes/2' });
    const semGrupo = ge.body.permissoes.filter((p: { rotaNome: string }) => p.rotaNome !== 'produtoGrupo');
    expect(
      (await call(t.app, t.admin, { method: 'PUT', url: '/api/grupoPermissoes', payload: { id: 2, nome: ge.body.nome, permissoes: semGrupo } })).status,
    ).toBe(200);
    const r = await call(t.app, t.agro, { method: 'DELETE', url: `/api/produtoGrupo/${g}` });
    expect(r.status).toBe(403);
    expect(r.body.message).toBe('Você não tem permissão para remover em produtoGrupo.');
    expect((await call(t.app, t.agro, { method: 'GET', url: '/api/produtoGrupo' })).status).toBe(403);
    // dropdowns only need a profile
    expect((await call(t.app, t.agro, { method: 'GET', url: '/api/produtoGrupo/produtosAll' })).status).toBe(200);
    expect(await countRows(t.app, 'produto_grupo')).toBe(antes);
  });
});

import { beforeAll, describe, expect, it } from 'vitest';
import { NUMERO_INVALIDO } from '@ceasa/shared';
import { appDeTeste, call, countRows } from '../../../test/helpers';
import { inserirGrupo, inserirPreco, inserirProduto } from '../../../test/fabricas';

let acucar: number;
let feijao: number;
let graos: number;
let doces: number;

const t = appDeTeste();
beforeAll(async () => {
  graos = await inserirGrupo(t.app, 'Grãos', 'SC 60kg');
  doces = await inserirGrupo(t.app, 'Doces', 'SC 50kg');
  acucar = await inserirProduto(t.app, doces, 'Açúcar Cristal', { embalagem: 'SC 50kg', peso: 50 });
  feijao = await inserirProduto(t.app, graos, 'Feijão Carioca', { embalagem: 'SC 60kg', peso: 60 });
});

describe('precos', () => {
  it('creates (money as number or pt-BR text), reads, updates, lists and audits', async () => {
    const c = await call(t.app, t.userAdmin, { method: 'POST', url: '/api/precos', payload: { produtoId: acucar, data: '2024-06-03', valor: '1.234,50' } });
    expect(c.status).toBe(201);
    const id = c.body.id;
    expect(c.body).toEqual({
      id,
      versao: 1,
      valor: 1234.5,
      data: '2024-06-03',
      produtoId: acucar,
      produtoNome: 'Açúcar Cristal',
      produtoEmbalagem: 'SC 50kg',
      produtoGrupoId: doces,
      produtoGrupoNome: 'Doces',
      produto: { nome: 'Açúcar Cristal', embalagem: 'SC 50kg', pesoEmKg: 50, produtoGrupo: { id: doces, nome: 'Doces' } },
    });
    expect((await call(t.app, t.agro, { method: 'GET', url: `/api/precos/${id}` })).body).toEqual(c.body);

    // More decimal places than a price keeps are refused with the form's words, as a JSON number or pt-BR text; nothing is stored.
    const precosAntes = await countRows(t.app, 'precos');
    for (const valor of [250.129, '12,555', '45,555', 'R$ 1,234']) {
      const r = await call(t.app, t.admin, { method: 'POST', url: '/api/precos', payload: { produtoId: feijao, data: '2024-06-06', valor } });
      expect([r.status, r.body.fieldErrors], String(valor)).toEqual([400, [{ field: 'valor', message: 'Use no máximo 2 casas decimais' }]]);
    }
    expect(await countRows(t.app, 'precos')).toBe(precosAntes);
    const n = await call(t.app, t.admin, { method: 'POST', url: '/api/precos', payload: { produtoId: feijao, data: '2024-06-06', valor: 250.13 } });
    expect(n.status).toBe(201);
    expect(n.body.valor).toBe(250.13);
    const txt = await call(t.app, t.admin, { method: 'POST', url: '/api/precos', payload: { produtoId: feijao, data: '2024-06-03', valor: '12,50' } });
    expect(txt.body.valor).toBe(12.5);
    // Text that is not pt-BR money is refused with the number fields' message, never read another way ('12.50' is not 12,50).
    for (const valor of ['12.50', '1.05', '1,2,3', 'dez', 'abc']) {
      const r = await call(t.app, t.admin, { method: 'POST', url: '/api/precos', payload: { produtoId: feijao, data: '2024-06-01', valor } });
      expect([r.status, r.body.fieldErrors], valor).toEqual([400, [{ field: 'valor', message: NUMERO_INVALIDO }]]);
    }

    const u = await call(t.app, t.admin, { method: 'PUT', url: '/api/precos', payload: { id, produtoId: acucar, data: '2024-06-04', valor: 130 } });
    expect(u.status).toBe(200);
    expect(u.body).toMatchObject({ id, valor: 130, data: '2024-06-04' });
    const u2 = await call(t.app, t.admin, { method: 'PUT', url: `/api/precos/${id}`, payload: { produtoId: acucar, data: '2024-06-04', valor: '131,00' } });
    expect(u2.body.valor).toBe(131);

    const l = await call(t.app, t.agro, { method: 'GET', url: '/api/precos?sort=valor,desc&page=0' });
    expect(l.status).toBe(200);
    expect(l.body).toMatchObject({ totalElements: 3, totalPages: 1, number: 0, size: 20 });
    expect(l.body.content.map((p: { valor: number }) => p.valor)).toEqual([250.13, 131, 12.5]);

    const logs = await call(t.app, t.admin, { method: 'POST', url: '/api/logs/searchLogs/asc/id', payload: { cadastro: 'Precos', cadastroId: String(id) } });
    expect(logs.body.content.map((x: { acao: string }) => x.acao)).toEqual(['INSERT', 'UPDATE', 'UPDATE']);
    expect(logs.body.content[1].conteudo).toBe(`Precos(id=${id}, valor=130.00, data=2024-06-04, produtoId=${acucar})`);
    expect(logs.body.content[0].usuario).toMatch(/^user-admin-.*@teste\.local$/);
  });

  it('searches with every filter (accent-insensitive) and sorts by every column', async () => {
    const g = await inserirGrupo(t.app, 'Busca Hortaliças', 'CX');
    const alface = await inserirProduto(t.app, g, 'Alface Crespa', { embalagem: 'CX 12 un' });
    const tomate = await inserirProduto(t.app, g, 'Tomate Italiano', { embalagem: 'CX 20kg', peso: 20 });
    const p1 = await inserirPreco(t.app, alface, '2023-02-01', '15.75');
    const p2 = await inserirPreco(t.app, tomate, '2023-02-02', '99.90');
    const busca = (payload: object, ordem = 'asc/id') =>
      call(t.app, t.admin, { method: 'POST', url: `/api/precos/searchPrecos/${ordem}?page=0&size=50`, payload });
    // totalElements is counted three ways (precos_resumo, precos alone, the full join): it must match the rows.
    const ids = (r: { body: { content: { id: number }[]; totalElements: number } }) => {
      expect(r.body.totalElements).toBe(r.body.content.length);
      return r.body.content.map((p) => p.id);
    };

    const acc = await busca({ produtoNome: 'acucar cris' });
    expect(acc.status).toBe(200);
    expect(acc.body.content.length).toBeGreaterThan(0);
    expect(acc.body.content.every((p: { produtoNome: string }) => p.produtoNome === 'Açúcar Cristal')).toBe(true);
    expect(ids(await busca({ produtoGrupo: g }))).toEqual([p1, p2]);
    expect(ids(await busca({ produtoGrupo: String(g) }))).toEqual([p1, p2]);
    expect(ids(await busca({ produtoGrupo: { id: g, nome: 'Busca Hortaliças' } }))).toEqual([p1, p2]);
    expect(ids(await busca({ produtoGrupo: 'hortalicas' }))).toEqual([p1, p2]);
    expect(ids(await busca({ produtoGrupo: g, produtoNome: 'ALFACE' }))).toEqual([p1]);
    expect(ids(await busca({ produtoGrupo: g, produtoEmbalagem: '20kg' }))).toEqual([p2]);
    expect(ids(await busca({ produtoGrupo: g, valor: '99,9' }))).toEqual([p2]);
    expect(ids(await busca({ produtoGrupo: g, data: '2023-02-01' }))).toEqual([p1]);
    expect(ids(await busca({ produtoGrupo: g, data: '01/02/2023' }))).toEqual([p1]);
    expect(ids(await busca({ produtoGrupo: g, data: '2023-02-01T03:00:00.000Z' }))).toEqual([p1]);
    expect(ids(await busca({ id: String(p2) }))).toContain(p2);
    expect(ids(await busca({ data: '2023-02-02' }))).toEqual([p2]);
    expect(ids(await busca({ produtoGrupoNome: 'hortaliças', data: '2023-02-02' }))).toEqual([p2]);
    expect(ids(await busca({ produtoId: alface }))).toEqual([p1]);
    expect(ids(await busca({ produtoId: tomate, valor: '99' }))).toEqual([p2]);
    expect(ids(await busca({ produtoGrupo: g, id: '', produtoNome: null, valor: undefined, data: '' }))).toEqual([p1, p2]);

    for (const campo of ['id', 'valor', 'data', 'produtoNome', 'produtoEmbalagem', 'produtoGrupo', 'produtoGrupoNome', 'produto.nome']) {
      const asc = await busca({ produtoGrupo: g }, `asc/${campo}`);
      const desc = await busca({ produtoGrupo: g }, `desc/${campo}`);
      expect(asc.status, campo).toBe(200);
      if (campo !== 'produtoGrupo' && campo !== 'produtoGrupoNome') {
        expect(ids(asc), campo).toEqual([p1, p2]);
        expect(ids(desc), campo).toEqual([p2, p1]);
      }
    }
    const todos = await busca({}, 'desc/produtoGrupo');
    expect(todos.body.content[0].produtoGrupoNome).toBe('Grãos');
    const page = await call(t.app, t.admin, { method: 'POST', url: '/api/precos/searchPrecos/desc/data?page=1&size=2', payload: {} });
    expect(page.body).toMatchObject({ number: 1, size: 2, totalElements: 5, totalPages: 3 });
    expect(page.body.content).toHaveLength(2);
    expect(Object.keys(page.body.content[0])).not.toContain('__total');
    // A page past the end carries no row to read the total from: it is still the total.
    const alem = await call(t.app, t.admin, { method: 'POST', url: '/api/precos/searchPrecos/desc/data?page=9&size=2', payload: {} });
    expect(alem.body).toEqual({ content: [], number: 9, size: 2, totalElements: 5, totalPages: 3 });
    const alemFiltrado = await call(t.app, t.admin, {
      method: 'POST',
      url: '/api/precos/searchPrecos/desc/data?page=9&size=2',
      payload: { produtoGrupo: 'grãos' },
    });
    expect(alemFiltrado.body.content).toEqual([]);
    expect(alemFiltrado.body.totalElements).toBe(todos.body.content.filter((x: { produtoGrupoNome: string }) => x.produtoGrupoNome === 'Grãos').length);
    const semCorpo = await call(t.app, t.admin, { method: 'POST', url: '/api/precos/searchPrecos/asc/id' });
    expect(semCorpo.status).toBe(200);
  });

  it('refuses bad input with every spec message and changes nothing', async () => {
    const antes = await countRows(t.app, 'precos');
    const logsAntes = await countRows(t.app, 'logs');
    const mensagens = async (payload: object, method: 'POST' | 'PUT' = 'POST') => {
      const r = await call(t.app, t.admin, { method, url: '/api/precos', payload });
      expect(r.status).toBe(400);
      return Object.fromEntries(r.body.fieldErrors.map((f: { field: string; message: string }) => [f.field, f.message]));
    };
    expect(await mensagens({})).toEqual({
      produtoId: 'O produto é obrigatório!',
      data: 'A data é obrigatória',
      valor: 'O valor é obrigatório!',
    });
    expect(await mensagens({ produtoId: null, data: '', valor: '' })).toEqual({
      produtoId: 'O produto é obrigatório!',
      data: 'A data é obrigatória',
      valor: 'O valor é obrigatório!',
    });
    expect(await mensagens({ produtoId: 0, data: '31/12/2024', valor: '12345678,90' })).toEqual({
      produtoId: 'O produto deve ser selecionado!',
      data: 'Uma data deve ser inserida!',
      valor: 'O valor dete ter no máximo 10 caracteres',
    });
    expect(await mensagens({ produtoId: 1.5, data: '2024-02-30', valor: 123456789.5 })).toEqual({
      produtoId: 'O produto deve estar na lista',
      data: 'Uma data deve ser inserida!',
      valor: 'O valor dete ter no máximo 10 caracteres',
    });
    expect(await mensagens({ produtoId: 999999, data: '2024-01-01', valor: 10 })).toEqual({ produtoId: 'O produto deve estar na lista' });
    expect(await mensagens({ produtoId: acucar, data: '2024-01-01', valor: 0 })).toEqual({ valor: 'O valor deve ser maior que zero' });
    expect(await mensagens({ produtoId: acucar, data: '2024-01-01', valor: '-5' })).toEqual({ valor: 'O valor deve ser maior que zero' });
    expect(await mensagens({ produtoId: acucar, data: '2024-01-01', valor: 'dez reais' })).toEqual({ valor: NUMERO_INVALIDO });
    expect(await mensagens({ produtoId: acucar, data: '2024-01-01', valor: true })).toEqual({ valor: 'O valor é obrigatório!' });
    expect(await mensagens({ produtoId: '1', data: 20240101, valor: 10 })).toEqual({
      produtoId: 'O produto é obrigatório!',
      data: 'Uma data deve ser inserida!',
    });
    const r404 = await call(t.app, t.admin, { method: 'PUT', url: '/api/precos', payload: { id: 999999, produtoId: acucar, data: '2024-01-01', valor: 10 } });
    expect(r404.status).toBe(404);
    expect(r404.body.message).toBe('Preço não encontrado');
    expect((await call(t.app, t.admin, { method: 'GET', url: '/api/precos/999999' })).status).toBe(404);
    expect((await call(t.app, t.admin, { method: 'DELETE', url: '/api/precos/999999' })).status).toBe(404);
    expect((await call(t.app, t.admin, { method: 'PUT', url: '/api/precos', payload: { produtoId: acucar, data: '2024-01-01', valor: 10 } })).status).toBe(400);
    expect(await countRows(t.app, 'precos')).toBe(antes);
    expect(await countRows(t.app, 'logs')).toBe(logsAntes);
  });

  it('deletes with an audit row', async () => {
    // (far below the product's last price: confirmed, decision 0136)
    const c = await call(t.app, t.admin, {
      method: 'POST',
      url: '/api/precos',
      payload: { produtoId: feijao, data: '2024-07-01', valor: 10, confirmar: true },
    });
    const d = await call(t.app, t.userAdmin, { method: 'DELETE', url: `/api/precos/${c.body.id}` });
    expect(d.status).toBe(204);
    expect((await call(t.app, t.admin, { method: 'GET', url: `/api/precos/${c.body.id}` })).status).toBe(404);
    const logs = await call(t.app, t.admin, { method: 'POST', url: '/api/logs/searchLogs/desc/id', payload: { cadastro: 'Precos', acao: 'DELETE' } });
    expect(logs.body.content[0]).toMatchObject({
      cadastroId: String(c.body.id),
      conteudo: `Precos(id=${c.body.id}, valor=10.00, data=2024-07-01, produtoId=${feijao})`,
    });
  });

  it('enforces authentication and permissions (user-agro only views prices)', async () => {
    const id = await inserirPreco(t.app, feijao, '2024-08-01', 77);
    const antes = await countRows(t.app, 'precos');
    const logsAntes = await countRows(t.app, 'logs');
    const corpo = { produtoId: feijao, data: '2024-08-02', valor: 1 };
    const escrita = [
      { method: 'POST', url: '/api/precos', payload: corpo },
      { method: 'PUT', url: '/api/precos', payload: { ...corpo, id } },
      { method: 'PUT', url: `/api/precos/${id}`, payload: corpo },
      { method: 'DELETE', url: `/api/precos/${id}` },
    ] as const;
    const leitura = [
      { method: 'GET', url: '/api/precos' },
      { method: 'POST', url: '/api/precos/searchPrecos/asc/id', payload: {} },
      { method: 'GET', url: `/api/precos/${id}` },
    ] as const;
    for (const c of [...escrita, ...leitura]) {
      expect((await call(t.app, null, { ...c })).status, `${c.method} ${c.url}`).toBe(401);
      expect((await call(t.app, t.semPerfil, { ...c })).status, `${c.method} ${c.url}`).toBe(403);
    }
    for (const c of escrita) expect((await call(t.app, t.agro, { ...c })).status, `${c.method} ${c.url}`).toBe(403);
    for (const c of leitura) expect((await call(t.app, t.agro, { ...c })).status, `${c.method} ${c.url}`).toBe(200);
    const del = await call(t.app, t.agro, { method: 'DELETE', url: `/api/precos/${id}` });
    expect(del.body.message).toBe('Você não tem permissão para remover em precos.');
    expect(await countRows(t.app, 'precos')).toBe(antes);
    expect(await countRows(t.app, 'logs')).toBe(logsAntes);
    expect((await call(t.app, t.admin, { method: 'GET', url: `/api/precos/${id}` })).body.valor).toBe(77);
  });
});

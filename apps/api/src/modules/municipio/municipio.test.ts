import { describe, expect, it } from 'vitest';
import { appDeTeste, call, countRows, tokenFor } from '../../../test/helpers';

const t = appDeTeste({ tokens: ['admin'] });

// The CRUD contract (stale versao 409, 404 text, the empty form's 400, a token) is apps/api/test/contrato-dos-recursos.test.ts.
describe('municipio', () => {
  it('creates, reads, updates, lists and audits', async () => {
    const c = await call(t.app, t.admin, { method: 'POST', url: '/api/municipio', payload: { nome: 'São João', sigla: 'sp' } });
    expect(c.status).toBe(201);
    expect(c.body).toMatchObject({ nome: 'São João', sigla: 'SP' });
    const id = c.body.id;

    const g = await call(t.app, t.admin, { method: 'GET', url: `/api/municipio/${id}` });
    expect(g.body).toEqual({ id, versao: 1, nome: 'São João', sigla: 'SP', codigoIbge: null });

    const u = await call(t.app, t.admin, { method: 'PUT', url: '/api/municipio', payload: { id, nome: 'São João da Serra', sigla: 'MG' } });
    expect(u.status).toBe(200);
    expect(u.body.nome).toBe('São João da Serra');

    await call(t.app, t.admin, { method: 'POST', url: '/api/municipio', payload: { nome: 'Açucena', sigla: 'MG' } });
    const l = await call(t.app, t.admin, { method: 'POST', url: '/api/municipio/searchMunicipio/asc/nome?page=0', payload: { nome: 'acucena' } });
    expect(l.status).toBe(200);
    expect(l.body).toMatchObject({ totalElements: 1, number: 0, size: 20, totalPages: 1 });
    expect(l.body.content[0].nome).toBe('Açucena');

    const sorted = await call(t.app, t.admin, { method: 'GET', url: '/api/municipio?sort=nome,desc' });
    expect(sorted.body.content.map((m: { nome: string }) => m.nome)).toEqual(['São João da Serra', 'Açucena']);

    const logs = await call(t.app, t.admin, { method: 'POST', url: '/api/logs/searchLogs/asc/id', payload: { cadastro: 'Municipio', cadastroId: String(id) } });
    expect(logs.body.content.map((x: { acao: string }) => x.acao)).toEqual(['INSERT', 'UPDATE']);
    expect(logs.body.content[1].conteudo).toBe(`Municipio(id=${id}, nome=São João da Serra, sigla=MG, codigoIbge=null)`);
    expect(logs.body.content[1].conteudoAnterior).toBe(`Municipio(id=${id}, nome=São João, sigla=SP, codigoIbge=null)`);
    expect(logs.body.content[1].usuario).toMatch(/@teste.local$/);
  });

  it('refuses long texts with the spec messages (as written) and a body that is not JSON, changing nothing', async () => {
    const antes = await countRows(t.app, 'municipio');
    const logsAntes = await countRows(t.app, 'logs');
    const r2 = await call(t.app, t.admin, { method: 'POST', url: '/api/municipio', payload: { nome: 'x'.repeat(201), sigla: 'ABC' } });
    expect(r2.status).toBe(400);
    expect(r2.body.fieldErrors.map((f: { message: string }) => f.message).sort()).toEqual(
      ['A sigla dete ter no máximo 2 caracteres', 'O nome dete ter no máximo 200 caracteres'].sort(),
    );
    const r3 = await call(t.app, t.admin, { method: 'POST', url: '/api/municipio', payload: 'não é json', headers: { 'content-type': 'application/json' } });
    expect(r3.status).toBe(400);
    expect(await countRows(t.app, 'municipio')).toBe(antes);
    expect(await countRows(t.app, 'logs')).toBe(logsAntes);
  });

  // The spec has no delete of a municipality (edit only); the API refuses it in words and changes nothing.
  it('refuses a delete (the spec has none) and changes nothing', async () => {
    const c = await call(t.app, t.admin, { method: 'POST', url: '/api/municipio', payload: { nome: 'Temporário', sigla: 'TT' } });
    const antes = await countRows(t.app, 'municipio');
    const logsAntes = await countRows(t.app, 'logs');
    const d = await call(t.app, t.admin, { method: 'DELETE', url: `/api/municipio/${c.body.id}` });
    expect(d.status).toBe(405);
    expect(d.body).toEqual({ status: 405, error: 'Method Not Allowed', message: 'Municípios não podem ser removidos. Corrija o nome ou a sigla pela edição.' });
    expect(d.headers.allow).toBe('GET, PUT');
    expect((await call(t.app, t.admin, { method: 'GET', url: `/api/municipio/${c.body.id}` })).body).toEqual(c.body);
    // Without the delete permission (user-admin's group), the usual 403.
    const userAdmin = await tokenFor(t.app, ['user-admin']);
    expect((await call(t.app, userAdmin, { method: 'DELETE', url: `/api/municipio/${c.body.id}` })).status).toBe(403);
    expect(await countRows(t.app, 'municipio')).toBe(antes);
    expect(await countRows(t.app, 'logs')).toBe(logsAntes);
  });
});

import { describe, expect, it } from 'vitest';
import { romaneio, romaneioDivida, romaneioPedras } from '../../db/schema';
import { appDeTeste, call, countRows } from '../../../test/helpers';

const t = appDeTeste();

const numeros = (body: { content: { numero: string }[] }) => body.content.map((p) => p.numero);

describe('pedras', () => {
  it('lists the 252 seeded stalls in numeric order and searches by number', async () => {
    const l = await call(t.app, t.userAdmin, { method: 'GET', url: '/api/pedras?page=0' });
    expect(l.status).toBe(200);
    expect(l.body).toMatchObject({ totalElements: 252, totalPages: 13, number: 0, size: 20 });
    expect(numeros(l.body)).toEqual(Array.from({ length: 20 }, (_, i) => String(i + 1)));
    expect(Object.keys(l.body.content[0]).sort()).toEqual(['id', 'numero', 'versao']);
    const desc = await call(t.app, t.userAdmin, { method: 'GET', url: '/api/pedras?sort=numero,desc&size=3' });
    expect(numeros(desc.body)).toEqual(['252', '251', '250']);
    const p2 = await call(t.app, t.userAdmin, { method: 'GET', url: '/api/pedras?page=1&sort=numero,asc' });
    expect(numeros(p2.body).slice(0, 3)).toEqual(['21', '22', '23']);
    const porId = await call(t.app, t.userAdmin, { method: 'GET', url: '/api/pedras?sort=id,desc&size=1' });
    expect(numeros(porId.body)).toEqual(['252']);

    const s = await call(t.app, t.userAdmin, { method: 'GET', url: '/api/pedras/search?searchTerm=25' });
    expect(s.status).toBe(200);
    expect(numeros(s.body)).toEqual(['25', '125', '225', '250', '251', '252']);
    const todos = await call(t.app, t.userAdmin, { method: 'GET', url: '/api/pedras/search?searchTerm=&size=1000' });
    expect(todos.body.totalElements).toBe(252);
  });

  it('creates, reads, updates and audits', async () => {
    const c = await call(t.app, t.userAdmin, { method: 'POST', url: '/api/pedras', payload: { numero: ' 253 ' } });
    expect(c.status).toBe(201);
    expect(c.body).toEqual({ id: c.body.id, versao: 1, numero: '253' });
    expect((await call(t.app, t.userAdmin, { method: 'GET', url: `/api/pedras/${c.body.id}` })).body).toEqual(c.body);
    const u = await call(t.app, t.userAdmin, { method: 'PUT', url: '/api/pedras', payload: { id: c.body.id, numero: '300' } });
    expect(u.status).toBe(200);
    expect(u.body.numero).toBe('300');
    const u2 = await call(t.app, t.userAdmin, { method: 'PUT', url: `/api/pedras/${c.body.id}`, payload: { numero: '254' } });
    expect(u2.body.numero).toBe('254');
    const ultimo = await call(t.app, t.userAdmin, { method: 'GET', url: '/api/pedras?sort=numero,desc&size=1' });
    expect(numeros(ultimo.body)).toEqual(['254']);
    const logs = await call(t.app, t.admin, {
      method: 'POST',
      url: '/api/logs/searchLogs/asc/id',
      payload: { cadastro: 'Pedras', cadastroId: String(c.body.id) },
    });
    expect(logs.body.content.map((x: { acao: string }) => x.acao)).toEqual(['INSERT', 'UPDATE', 'UPDATE']);
    expect(logs.body.content[0].conteudo).toBe(`Pedras(id=${c.body.id}, numero=253)`);
  });

  it('refuses bad input with the spec messages and changes nothing', async () => {
    const antes = await countRows(t.app, 'pedras');
    const logsAntes = await countRows(t.app, 'logs');
    for (const payload of [{}, { numero: '' }, { numero: '   ' }, { numero: null }]) {
      const r = await call(t.app, t.userAdmin, { method: 'POST', url: '/api/pedras', payload });
      expect(r.status).toBe(400);
      expect(r.body.fieldErrors).toEqual([{ field: 'numero', message: 'O número da pedra é obrigatório' }]);
    }
    const longo = await call(t.app, t.userAdmin, { method: 'POST', url: '/api/pedras', payload: { numero: '9'.repeat(201) } });
    expect(longo.status).toBe(400);
    expect(longo.body.fieldErrors).toEqual([{ field: 'numero', message: 'O número deve ter no máximo 200 caracteres' }]);
    const dup = await call(t.app, t.userAdmin, { method: 'POST', url: '/api/pedras', payload: { numero: '7' } });
    expect(dup.status).toBe(409);
    expect(dup.body.message).toBe('Já existe uma pedra com o número 7.');
    const um = (await call(t.app, t.userAdmin, { method: 'GET', url: '/api/pedras?size=1' })).body.content[0];
    const dupPut = await call(t.app, t.userAdmin, { method: 'PUT', url: '/api/pedras', payload: { id: um.id, numero: '2' } });
    expect(dupPut.status).toBe(409);
    // The same number on its own record is fine.
    expect((await call(t.app, t.userAdmin, { method: 'PUT', url: `/api/pedras/${um.id}`, payload: { numero: um.numero } })).status).toBe(200);
    const logsDepoisPut = await countRows(t.app, 'logs');
    const p404 = await call(t.app, t.userAdmin, { method: 'PUT', url: '/api/pedras', payload: { id: 999999, numero: '999' } });
    expect(p404.status).toBe(404);
    expect(p404.body.message).toBe('Pedra não encontrada');
    expect((await call(t.app, t.userAdmin, { method: 'GET', url: '/api/pedras/999999' })).status).toBe(404);
    expect((await call(t.app, t.userAdmin, { method: 'DELETE', url: '/api/pedras/999999' })).status).toBe(404);
    expect(await countRows(t.app, 'pedras')).toBe(antes);
    expect(await countRows(t.app, 'logs')).toBe(logsDepoisPut);
    expect(logsDepoisPut).toBe(logsAntes + 1);
  });

  it('enforces permissions on the server (route pedra)', async () => {
    const antes = await countRows(t.app, 'pedras');
    // user-agro has no access to stalls in the seed.
    const l = await call(t.app, t.agro, { method: 'GET', url: '/api/pedras' });
    expect(l.status).toBe(403);
    expect(l.body.message).toBe('Você não tem permissão para visualizar em pedra.');
    expect((await call(t.app, t.agro, { method: 'GET', url: '/api/pedras/search?searchTerm=1' })).status).toBe(403);
    expect((await call(t.app, t.agro, { method: 'GET', url: '/api/pedras/1' })).status).toBe(403);
    expect((await call(t.app, t.agro, { method: 'POST', url: '/api/pedras', payload: { numero: '500' } })).status).toBe(403);
    expect((await call(t.app, t.agro, { method: 'PUT', url: '/api/pedras', payload: { id: 1, numero: '500' } })).status).toBe(403);
    expect((await call(t.app, t.agro, { method: 'DELETE', url: '/api/pedras/1' })).status).toBe(403);
    expect((await call(t.app, t.semPerfil, { method: 'GET', url: '/api/pedras' })).status).toBe(403);
    expect((await call(t.app, t.semPerfil, { method: 'POST', url: '/api/pedras', payload: { numero: '500' } })).status).toBe(403);
    expect((await call(t.app, null, { method: 'GET', url: '/api/pedras' })).status).toBe(401);
    expect((await call(t.app, null, { method: 'POST', url: '/api/pedras', payload: { numero: '500' } })).status).toBe(401);
    expect(await countRows(t.app, 'pedras')).toBe(antes);
  });

  it('deletes with an audit row, and refuses a stall already occupied by a romaneio', async () => {
    const c = await call(t.app, t.userAdmin, { method: 'POST', url: '/api/pedras', payload: { numero: '999' } });
    expect((await call(t.app, t.userAdmin, { method: 'DELETE', url: `/api/pedras/${c.body.id}` })).status).toBe(204);
    expect((await call(t.app, t.userAdmin, { method: 'GET', url: `/api/pedras/${c.body.id}` })).status).toBe(404);
    const logs = await call(t.app, t.admin, { method: 'POST', url: '/api/logs/searchLogs/desc/id', payload: { cadastro: 'Pedras', acao: 'DELETE' } });
    expect(logs.body.content[0].cadastroId).toBe(String(c.body.id));

    const pessoa = await call(t.app, t.admin, { method: 'POST', url: '/api/pessoa', payload: { nome: 'Produtor', cpfcnpj: '11122233396', tipoId: 1 } });
    await t.app.ctx.db.insert(romaneioDivida).values({ divida: 1 });
    const [r] = await t.app.ctx.db.insert(romaneio).values({ dataEmissao: '2024-05-02', divida: 1, pessoaId: pessoa.body.id }).returning();
    const ocupada = (await call(t.app, t.userAdmin, { method: 'GET', url: '/api/pedras/search?searchTerm=100' })).body.content[0];
    await t.app.ctx.db.insert(romaneioPedras).values({ romaneioId: r.id, pedraId: ocupada.id, data: '2024-05-02' });
    const antes = await countRows(t.app, 'pedras');
    const d = await call(t.app, t.userAdmin, { method: 'DELETE', url: `/api/pedras/${ocupada.id}` });
    expect(d.status).toBe(409);
    expect(d.body.message).toBe('A pedra não pode ser removida porque já foi ocupada em romaneios.');
    expect(await countRows(t.app, 'pedras')).toBe(antes);
  });
});

import { beforeAll, describe, expect, it } from 'vitest';
import { appDeTeste, call, countRows } from '../../../test/helpers';

const t = appDeTeste();
let lojista: { id: number };
let produtor: { id: number };
let tecnico: { id: number };

const req = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  call(t.app, token, { method, url: `/api/${url}`, ...(payload !== undefined && { payload: payload as object }) });

beforeAll(async () => {
  const post = (payload: unknown) => req(t.admin, 'POST', 'pessoa', payload).then((r) => r.body);
  lojista = await post({ nome: 'Mercearia Ana', cpfcnpj: '11122233396', tipoId: 3 });
  produtor = await post({ nome: 'João Lavrador', cpfcnpj: '55566677720', tipoId: 1 });
  tecnico = await post({ nome: 'Eng. Carla', cpfcnpj: '99988877714', tipoId: 2 });
});

const logs = async (id: number) =>
  (await req(t.admin, 'POST', 'logs/searchLogs/asc/id?size=1000', { cadastro: 'Cotacao', cadastroId: String(id) })).body.content
    .filter((l: { cadastro: string; cadastroId: number | string }) => l.cadastro === 'Cotacao' && Number(l.cadastroId) === id)
    .map((l: { acao: string }) => l.acao);

describe('cotacao', () => {
  it('creates (active by default), reads, lists, searches, toggles and deletes, audited', async () => {
    const c = await req(t.userAdmin, 'POST', 'cotacao', { pessoaId: lojista.id });
    expect(c.status).toBe(201);
    const id = c.body.id;
    const esperado = {
      id,
      versao: 1,
      pessoaId: lojista.id,
      ativo: true,
      nome: 'Mercearia Ana',
      tipo: 'Lojista',
      pessoa: { nome: 'Mercearia Ana', pessoaTipo: { descricao: 'Lojista' } },
    };
    expect(c.body).toEqual(esperado);
    expect((await req(t.userAdmin, 'GET', `cotacao/${id}`)).body).toEqual(esperado);
    const p = await req(t.userAdmin, 'POST', 'cotacao', { pessoaId: produtor.id, ativo: false });
    expect(p.body).toMatchObject({ ativo: false, nome: 'João Lavrador', tipo: 'Produtor' });

    const ids = async (body: unknown, ordem = 'asc/id') =>
      (await req(t.userAdmin, 'POST', `cotacao/searchCotacao/${ordem}?page=0`, body)).body.content.map((x: { id: number }) => x.id);
    expect(await ids({ nome: 'joao' })).toEqual([p.body.id]);
    expect(await ids({ tipo: 'lojis' })).toEqual([id]);
    expect(await ids({ ativo: true })).toEqual([id]);
    expect(await ids({ ativo: 'false' })).toEqual([p.body.id]);
    expect(await ids({ id: String(p.body.id), nome: '', ativo: null })).toEqual([p.body.id]);
    expect(await ids({}, 'asc/nome')).toEqual([p.body.id, id]);
    const lista = await req(t.userAdmin, 'GET', 'cotacao?page=0&sort=tipo,desc');
    expect(lista.body).toMatchObject({ totalElements: 2, size: 20 });
    expect(lista.body.content.map((x: { tipo: string }) => x.tipo)).toEqual(['Produtor', 'Lojista']);

    // The list's toggle: PUT with the whole record and ativo flipped.
    const off = await req(t.userAdmin, 'PUT', 'cotacao', { id, pessoaId: lojista.id, ativo: false });
    expect(off.status).toBe(200);
    expect(off.body).toEqual({ ...esperado, versao: 2, ativo: false });
    const on = await req(t.userAdmin, 'PUT', `cotacao/${id}`, { pessoaId: lojista.id, ativo: true });
    expect(on.body.ativo).toBe(true);
    expect(await logs(id)).toEqual(['INSERT', 'UPDATE', 'UPDATE']);

    expect((await req(t.userAdmin, 'DELETE', `cotacao/${id}`)).status).toBe(204);
    const nf = await req(t.userAdmin, 'GET', `cotacao/${id}`);
    expect(nf.status).toBe(404);
    expect(nf.body.message).toBe('Cotação não encontrada');
    expect(await logs(id)).toEqual(['INSERT', 'UPDATE', 'UPDATE', 'DELETE']);
  });

  it('refuses bad input with the spec messages and changes nothing', async () => {
    const c = (await req(t.userAdmin, 'POST', 'cotacao', { pessoaId: lojista.id, ativo: true })).body;
    const antes = [await countRows(t.app, 'cotacao'), await countRows(t.app, 'logs')];
    const erro = async (payload: unknown, method: 'POST' | 'PUT' = 'POST', url = 'cotacao') => {
      const r = await req(t.userAdmin, method, url, payload);
      expect(r.status).toBe(400);
      return r.body.fieldErrors;
    };
    for (const pessoaId of [undefined, null, 0, -3, 1.5, 'abc'])
      expect(await erro({ pessoaId, ativo: true })).toEqual([{ field: 'pessoaId', message: 'A pessoa e obrigatoria' }]);
    expect(await erro({ pessoaId: lojista.id, ativo: 'talvez' })).toEqual([{ field: 'ativo', message: 'O status deve ser Ativa ou Nao Ativa' }]);
    expect(await erro({ pessoaId: 99999 })).toEqual([{ field: 'pessoaId', message: 'A pessoa deve estar na lista' }]);
    // Only shop owners and producers (pessoa/cotacoes) have quotations.
    expect(await erro({ pessoaId: tecnico.id })).toEqual([{ field: 'pessoaId', message: 'A pessoa deve ser um lojista ou um produtor' }]);
    expect(await erro({ id: c.id, pessoaId: tecnico.id, ativo: false }, 'PUT')).toEqual([
      { field: 'pessoaId', message: 'A pessoa deve ser um lojista ou um produtor' },
    ]);
    expect([await countRows(t.app, 'cotacao'), await countRows(t.app, 'logs')]).toEqual(antes);
    expect((await req(t.userAdmin, 'GET', `cotacao/${c.id}`)).body.ativo).toBe(true);
    expect((await req(t.userAdmin, 'PUT', 'cotacao/99999', { pessoaId: lojista.id, ativo: true })).status).toBe(404);
    expect((await req(t.userAdmin, 'DELETE', 'cotacao/99999')).status).toBe(404);
  });

  it('concurrent toggles of one quotation never fail with a 500', async () => {
    const c = (await req(t.userAdmin, 'POST', 'cotacao', { pessoaId: produtor.id })).body;
    const respostas = await Promise.all(
      Array.from({ length: 6 }, (_, n) => req(t.userAdmin, 'PUT', 'cotacao', { id: c.id, pessoaId: produtor.id, ativo: n % 2 === 0 })),
    );
    expect(respostas.map((r) => r.status)).toEqual(Array(6).fill(200));
    const final = (await req(t.userAdmin, 'GET', `cotacao/${c.id}`)).body.ativo;
    expect(typeof final).toBe('boolean');
    expect(await logs(c.id)).toEqual(['INSERT', ...Array(6).fill('UPDATE')]);
  });

  it('answers 401 without a token and 403 to the profiles without the permission, changing nothing', async () => {
    const c = (await req(t.userAdmin, 'POST', 'cotacao', { pessoaId: lojista.id })).body;
    const antes = [await countRows(t.app, 'cotacao'), await countRows(t.app, 'logs')];
    for (const token of [t.agro, t.semPerfil]) {
      expect((await req(token, 'GET', 'cotacao?page=0')).status).toBe(403);
      expect((await req(token, 'POST', 'cotacao/searchCotacao/asc/id', {})).status).toBe(403);
      expect((await req(token, 'GET', `cotacao/${c.id}`)).status).toBe(403);
      expect((await req(token, 'POST', 'cotacao', { pessoaId: lojista.id })).status).toBe(403);
      expect((await req(token, 'PUT', 'cotacao', { id: c.id, pessoaId: lojista.id, ativo: false })).status).toBe(403);
      expect((await req(token, 'DELETE', `cotacao/${c.id}`)).status).toBe(403);
    }
    expect((await call(t.app, null, { method: 'GET', url: '/api/cotacao' })).status).toBe(401);
    expect([await countRows(t.app, 'cotacao'), await countRows(t.app, 'logs')]).toEqual(antes);
    expect((await req(t.admin, 'GET', `cotacao/${c.id}`)).body.ativo).toBe(true);
  });
});

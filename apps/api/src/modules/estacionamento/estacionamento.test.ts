import { beforeAll, describe, expect, it } from 'vitest';
import { NUMERO_INVALIDO } from '@ceasa/shared';
import { appDeTeste, call, countRows } from '../../../test/helpers';

let joao: { id: number; nome: string };
let maria: { id: number; nome: string };

const t = appDeTeste();
beforeAll(async () => {
  joao = (await call(t.app, t.admin, { method: 'POST', url: '/api/pessoa', payload: { nome: 'João Comprador', cpfcnpj: '11122233396', tipoId: 4 } })).body;
  maria = (await call(t.app, t.admin, { method: 'POST', url: '/api/pessoa', payload: { nome: 'Maria Feirante', cpfcnpj: '55566677720', tipoId: 4 } })).body;
});

const base = () => ({ data: '2024-05-02', placa: 'abc1d23', valor: '12,50', divida: '20240001', pessoaId: joao.id, veiculoTipoId: 1 });

describe('estacionamento', () => {
  it('lists the vehicle types', async () => {
    const r = await call(t.app, t.userAdmin, { method: 'GET', url: '/api/veiculo_tipo' });
    expect(r.status).toBe(200);
    expect(r.body[0]).toEqual({ id: 1, nome: 'Carro' });
    expect(r.body.length).toBe(5);
    expect((await call(t.app, t.agro, { method: 'GET', url: '/api/veiculo_tipo' })).status).toBe(403);
    expect((await call(t.app, null, { method: 'GET', url: '/api/veiculo_tipo' })).status).toBe(401);
  });

  it('creates, reads, updates, lists, searches and audits', async () => {
    const c = await call(t.app, t.userAdmin, { method: 'POST', url: '/api/estacionamento', payload: base() });
    expect(c.status).toBe(201);
    const id = c.body.id;
    const esperado = {
      id,
      versao: 1,
      data: '2024-05-02',
      placa: 'ABC1D23',
      valor: 12.5,
      divida: 20240001,
      pessoaId: joao.id,
      pessoaNome: 'João Comprador',
      pessoa: { nome: 'João Comprador' },
      veiculoTipoId: 1,
      veiculoTipo: { id: 1, nome: 'Carro' },
    };
    expect(c.body).toEqual(esperado);
    expect((await call(t.app, t.userAdmin, { method: 'GET', url: `/api/estacionamento/${id}` })).body).toEqual(esperado);

    const u = await call(t.app, t.userAdmin, {
      method: 'PUT',
      url: '/api/estacionamento',
      payload: { ...base(), id, valor: 1234.5, divida: 20240002, veiculoTipoId: 3, pessoaId: maria.id },
    });
    expect(u.status).toBe(200);
    expect(u.body).toMatchObject({ valor: 1234.5, divida: 20240002, veiculoTipo: { id: 3, nome: 'Caminhão' }, pessoa: { nome: 'Maria Feirante' } });
    const u2 = await call(t.app, t.userAdmin, {
      method: 'PUT',
      url: `/api/estacionamento/${id}`,
      payload: { ...base(), valor: '1.234,56', pessoaId: maria.id, veiculoTipoId: 3 },
    });
    expect(u2.body).toMatchObject({ valor: 1234.56, divida: 20240001 });

    const b = await call(t.app, t.userAdmin, {
      method: 'POST',
      url: '/api/estacionamento',
      payload: { ...base(), data: '2024-05-06', placa: 'XYZ9K88', valor: 10, divida: 7 },
    });
    expect(b.status).toBe(201);

    const busca = (body: unknown) =>
      call(t.app, t.userAdmin, { method: 'POST', url: '/api/estacionamento/searchEstacionamento/asc/id?page=0', payload: body as object });
    const ids = async (body: unknown) => (await busca(body)).body.content.map((e: { id: number }) => e.id);
    const s = await busca({ pessoaNome: 'joao' });
    expect(s.status).toBe(200);
    expect(s.body).toMatchObject({ totalElements: 1, number: 0, size: 20, totalPages: 1 });
    expect(s.body.content[0]).toEqual({ ...esperado, id: b.body.id, data: '2024-05-06', placa: 'XYZ9K88', valor: 10, divida: 7 });
    expect(await ids({ placa: 'xyz' })).toEqual([b.body.id]);
    expect(await ids({ data: '2024-05-02' })).toEqual([id]);
    expect(await ids({ data: '02/05/2024' })).toEqual([id]);
    expect(await ids({ divida: '2024' })).toEqual([id]);
    expect(await ids({ veiculoTipo: 3 })).toEqual([id]);
    expect(await ids({ veiculoTipo: { id: 1, nome: 'Carro' } })).toEqual([b.body.id]);
    expect(await ids({ veiculoTipo: 'caminhao' })).toEqual([id]);
    expect(await ids({ id: String(id), placa: '', veiculoTipo: null })).toEqual([id]);
    expect(await ids(null)).toEqual([id, b.body.id]);
    const desc = await call(t.app, t.userAdmin, { method: 'POST', url: '/api/estacionamento/searchEstacionamento/desc/data', payload: {} });
    expect(desc.body.content.map((e: { id: number }) => e.id)).toEqual([b.body.id, id]);
    const g = await call(t.app, t.userAdmin, { method: 'GET', url: '/api/estacionamento?sort=pessoa.nome,asc' });
    expect(g.body.content.map((e: { pessoaNome: string }) => e.pessoaNome)).toEqual(['João Comprador', 'Maria Feirante']);
    const g2 = await call(t.app, t.userAdmin, { method: 'GET', url: '/api/estacionamento/search?searchTerm=abc' });
    expect(g2.body.content.map((e: { id: number }) => e.id)).toEqual([id]);

    const logs = await call(t.app, t.admin, {
      method: 'POST',
      url: '/api/logs/searchLogs/asc/id',
      payload: { cadastro: 'Estacionamento', cadastroId: String(id) },
    });
    expect(logs.body.content.map((x: { acao: string }) => x.acao)).toEqual(['INSERT', 'UPDATE', 'UPDATE']);
  });

  it('refuses bad input with the spec messages and changes nothing', async () => {
    const antes = await countRows(t.app, 'estacionamento');
    const logsAntes = await countRows(t.app, 'logs');
    const erros = async (payload: Record<string, unknown>) => {
      const r = await call(t.app, t.userAdmin, { method: 'POST', url: '/api/estacionamento', payload });
      expect(r.status).toBe(400);
      return r.body.fieldErrors as { field: string; message: string }[];
    };
    expect(await erros({})).toEqual(
      expect.arrayContaining([
        { field: 'data', message: 'A data e obrigatoria' },
        { field: 'placa', message: 'A placa é obrigatória' },
        { field: 'valor', message: 'O valor é obrigatório' },
        { field: 'divida', message: 'A dívida é obrigatória' },
        { field: 'pessoaId', message: 'A pessoa é obrigatória' },
        { field: 'veiculoTipoId', message: 'O tipo de veículo é obrigatório' },
      ]),
    );
    expect(await erros({ ...base(), data: '' })).toEqual([{ field: 'data', message: 'A data e obrigatoria' }]);
    for (const data of ['02/05/2024', '2024-13-40', 'amanhã', 20240502])
      expect(await erros({ ...base(), data })).toEqual([{ field: 'data', message: 'Uma data deve ser inserida' }]);
    expect(await erros({ ...base(), placa: ' ' })).toEqual([{ field: 'placa', message: 'A placa é obrigatória' }]);
    expect(await erros({ ...base(), placa: 'x'.repeat(201) })).toEqual([{ field: 'placa', message: 'A placa deve ter no máximo 200 caracteres' }]);
    for (const valor of [null, '', '  ']) expect(await erros({ ...base(), valor })).toEqual([{ field: 'valor', message: 'O valor é obrigatório' }]);
    expect(await erros({ ...base(), valor: '12345678,90' })).toEqual([{ field: 'valor', message: 'O valor deve ter no máximo 10 caracteres' }]);
    expect(await erros({ ...base(), valor: 12345678901 })).toEqual([{ field: 'valor', message: 'O valor deve ter no máximo 10 caracteres' }]);
    // Only pt-BR money is read: '12.50' or '1.05' are refused, never read another way.
    for (const valor of ['dez reais', '12.50', '1.05', '1,2,3'])
      expect(await erros({ ...base(), valor })).toEqual([{ field: 'valor', message: NUMERO_INVALIDO }]);
    for (const valor of ['12,555', 12.555]) expect(await erros({ ...base(), valor })).toEqual([{ field: 'valor', message: 'Use no máximo 2 casas decimais' }]);
    expect(await erros({ ...base(), valor: -5 })).toEqual([{ field: 'valor', message: 'O valor não pode ser negativo' }]);
    for (const divida of [null, undefined, '']) expect(await erros({ ...base(), divida })).toEqual([{ field: 'divida', message: 'A dívida é obrigatória' }]);
    for (const divida of ['12a', 1.5, -3])
      expect(await erros({ ...base(), divida })).toEqual([{ field: 'divida', message: 'A dívida deve ser um número inteiro' }]);
    for (const pessoaId of [null, 0, 1.5]) expect(await erros({ ...base(), pessoaId })).toEqual([{ field: 'pessoaId', message: 'A pessoa é obrigatória' }]);
    for (const veiculoTipoId of [undefined, -1, 'x'])
      expect(await erros({ ...base(), veiculoTipoId })).toEqual([{ field: 'veiculoTipoId', message: 'O tipo de veículo é obrigatório' }]);
    expect(await erros({ ...base(), pessoaId: 999999, veiculoTipoId: 999 })).toEqual([
      { field: 'pessoaId', message: 'A pessoa deve estar na lista' },
      { field: 'veiculoTipoId', message: 'O tipo de veículo deve estar na lista' },
    ]);
    expect(await countRows(t.app, 'estacionamento')).toBe(antes);
    expect(await countRows(t.app, 'logs')).toBe(logsAntes);

    const e = (await call(t.app, t.userAdmin, { method: 'POST', url: '/api/estacionamento', payload: base() })).body;
    const logs2 = await countRows(t.app, 'logs');
    expect((await call(t.app, t.userAdmin, { method: 'PUT', url: '/api/estacionamento', payload: { ...base(), id: e.id, placa: '' } })).status).toBe(400);
    expect((await call(t.app, t.userAdmin, { method: 'PUT', url: '/api/estacionamento', payload: { ...base(), id: e.id, pessoaId: 999999 } })).status).toBe(
      400,
    );
    const p404 = await call(t.app, t.userAdmin, { method: 'PUT', url: '/api/estacionamento', payload: { ...base(), id: 999999 } });
    expect(p404.status).toBe(404);
    expect(p404.body.message).toBe('Estacionamento não encontrado');
    expect((await call(t.app, t.userAdmin, { method: 'GET', url: `/api/estacionamento/${e.id}` })).body).toEqual(e);
    expect((await call(t.app, t.userAdmin, { method: 'GET', url: '/api/estacionamento/999999' })).status).toBe(404);
    expect((await call(t.app, t.userAdmin, { method: 'DELETE', url: '/api/estacionamento/999999' })).status).toBe(404);
    expect(await countRows(t.app, 'logs')).toBe(logs2);
  });

  it('enforces permissions on the server', async () => {
    const antes = await countRows(t.app, 'estacionamento');
    const um = (await call(t.app, t.userAdmin, { method: 'GET', url: '/api/estacionamento' })).body.content[0];
    // user-agro has no access to parking in the seed.
    const r = await call(t.app, t.agro, { method: 'POST', url: '/api/estacionamento', payload: base() });
    expect(r.status).toBe(403);
    expect(r.body.message).toBe('Você não tem permissão para cadastrar em estacionamento.');
    for (const [method, url] of [
      ['GET', '/api/estacionamento'],
      ['GET', `/api/estacionamento/${um.id}`],
      ['POST', '/api/estacionamento/searchEstacionamento/asc/id'],
      ['PUT', '/api/estacionamento'],
      ['DELETE', `/api/estacionamento/${um.id}`],
    ] as const) {
      const payload = method === 'GET' || method === 'DELETE' ? undefined : { ...base(), id: um.id };
      expect((await call(t.app, t.agro, { method, url, payload })).status).toBe(403);
      expect((await call(t.app, t.semPerfil, { method, url, payload })).status).toBe(403);
      expect((await call(t.app, null, { method, url, payload })).status).toBe(401);
    }
    expect(await countRows(t.app, 'estacionamento')).toBe(antes);
  });

  it('deletes with an audit row', async () => {
    const c = await call(t.app, t.userAdmin, { method: 'POST', url: '/api/estacionamento', payload: base() });
    expect((await call(t.app, t.userAdmin, { method: 'DELETE', url: `/api/estacionamento/${c.body.id}` })).status).toBe(204);
    expect((await call(t.app, t.userAdmin, { method: 'GET', url: `/api/estacionamento/${c.body.id}` })).status).toBe(404);
    const logs = await call(t.app, t.admin, { method: 'POST', url: '/api/logs/searchLogs/desc/id', payload: { cadastro: 'Estacionamento', acao: 'DELETE' } });
    expect(logs.body.content[0].cadastroId).toBe(String(c.body.id));
  });
});

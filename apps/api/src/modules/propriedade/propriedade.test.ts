import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { boletim } from '../../db/schema';
import { appDeTeste, call, countRows } from '../../../test/helpers';

let dono: { id: number; nome: string };
let outro: { id: number; nome: string };
let mun: { id: number; nome: string };

const t = appDeTeste();
beforeAll(async () => {
  dono = (await call(t.app, t.admin, { method: 'POST', url: '/api/pessoa', payload: { nome: 'João Lavrador', cpfcnpj: '111.222.333-96', tipoId: 1 } })).body;
  outro = (await call(t.app, t.admin, { method: 'POST', url: '/api/pessoa', payload: { nome: 'Ana Colheita', cpfcnpj: '555.666.777-20', tipoId: 1 } })).body;
  mun = (await call(t.app, t.admin, { method: 'POST', url: '/api/municipio', payload: { nome: 'Montes Claros', sigla: 'MG' } })).body;
});

const base = () => ({
  nome: 'Sítio Boa Esperança',
  endereco: 'Estrada Velha',
  numero: 'km 5',
  complemento: '',
  cep: '39400-000',
  municipioId: mun.id,
  areaTotal: 10.5,
  areaExplorada: 8,
  areaCultivada: 6.25,
  pronaf: 'SIM',
  tipoPosse: 'proprio',
  proprietarioId: dono.id,
});

describe('propriedade', () => {
  it('creates, reads, updates, lists, searches and audits', async () => {
    const c = await call(t.app, t.agro, { method: 'POST', url: '/api/propriedade', payload: base() });
    expect(c.status).toBe(201);
    const id = c.body.id;
    const esperado = {
      id,
      versao: 1,
      nome: 'Sítio Boa Esperança',
      endereco: 'Estrada Velha',
      numero: 'km 5',
      complemento: null,
      cep: '39400000',
      municipioId: mun.id,
      municipioNome: 'Montes Claros',
      areaTotal: 10.5,
      areaExplorada: 8,
      areaCultivada: 6.25,
      geoLocalizacao: '0,0',
      pronaf: true,
      tipoPosse: 'PRÓPRIO',
      proprietarioId: dono.id,
      proprietarioNome: 'João Lavrador',
      proprietario: { id: dono.id, nome: 'João Lavrador' },
    };
    expect(c.body).toEqual(esperado);
    expect((await call(t.app, t.agro, { method: 'GET', url: `/api/propriedade/${id}` })).body).toEqual(esperado);

    const u = await call(t.app, t.agro, {
      method: 'PUT',
      url: '/api/propriedade',
      payload: {
        ...base(),
        id,
        nome: 'Fazenda Açude',
        cep: '39400123',
        pronaf: 'NÃO',
        tipoPosse: 'ARRENDADO',
        geoLocalizacao: '-16.7,-43.8',
        proprietarioId: outro.id,
      },
    });
    expect(u.status).toBe(200);
    expect(u.body).toMatchObject({
      nome: 'Fazenda Açude',
      cep: '39400123',
      pronaf: false,
      tipoPosse: 'ARRENDADO',
      geoLocalizacao: '-16.7,-43.8',
      proprietarioNome: 'Ana Colheita',
    });
    const u2 = await call(t.app, t.agro, {
      method: 'PUT',
      url: `/api/propriedade/${id}`,
      payload: { ...base(), nome: 'Fazenda Açude', pronaf: false, tipoPosse: 'OUTRO', cep: null, proprietarioId: outro.id },
    });
    expect(u2.status).toBe(200);
    expect(u2.body).toMatchObject({ pronaf: false, tipoPosse: 'OUTRO', cep: null, geoLocalizacao: '0,0' });

    const b = await call(t.app, t.agro, {
      method: 'POST',
      url: '/api/propriedade',
      payload: { ...base(), nome: 'Chácara Beira Rio', pronaf: true, tipoPosse: 'PRÓPRIO' },
    });
    expect(b.status).toBe(201);

    const busca = (body: unknown) =>
      call(t.app, t.userAdmin, { method: 'POST', url: '/api/propriedade/searchPropriedade/asc/nome?page=0', payload: body as object });
    const s1 = await busca({ nome: 'acude' });
    expect(s1.status).toBe(200);
    expect(s1.body).toMatchObject({ totalElements: 1, number: 0, size: 20, totalPages: 1 });
    expect(s1.body.content[0]).toMatchObject({ id, proprietario: { id: outro.id, nome: 'Ana Colheita' }, areaTotal: 10.5 });
    expect((await busca({ proprietario: dono.id })).body.content.map((p: { id: number }) => p.id)).toEqual([b.body.id]);
    expect((await busca({ proprietario: { id: outro.id, nome: 'x' } })).body.content.map((p: { id: number }) => p.id)).toEqual([id]);
    expect((await busca({ proprietario: 'lavrador' })).body.content.map((p: { id: number }) => p.id)).toEqual([b.body.id]);
    expect((await busca({ id: String(b.body.id), nome: null, proprietario: '' })).body.content.map((p: { id: number }) => p.id)).toEqual([b.body.id]);
    expect((await busca({})).body.content.map((p: { nome: string }) => p.nome)).toEqual(['Chácara Beira Rio', 'Fazenda Açude']);

    // Default sort by name; sort by the owner's name.
    const g = await call(t.app, t.userAdmin, { method: 'GET', url: '/api/propriedade?page=0' });
    expect(g.body.content.map((p: { nome: string }) => p.nome)).toEqual(['Chácara Beira Rio', 'Fazenda Açude']);
    const g2 = await call(t.app, t.userAdmin, { method: 'GET', url: '/api/propriedade?sort=proprietario.nome,desc' });
    expect(g2.body.content.map((p: { proprietarioNome: string }) => p.proprietarioNome)).toEqual(['João Lavrador', 'Ana Colheita']);
    const g3 = await call(t.app, t.userAdmin, { method: 'GET', url: '/api/propriedade/search?searchTerm=chacara' });
    expect(g3.body.content.map((p: { id: number }) => p.id)).toEqual([b.body.id]);

    const all = await call(t.app, t.userAdmin, { method: 'GET', url: '/api/propriedade/propriedadeAll' });
    expect(all.body).toEqual([
      { id: b.body.id, nome: 'Chácara Beira Rio' },
      { id, nome: 'Fazenda Açude' },
    ]);
    const doDono = await call(t.app, t.userAdmin, { method: 'GET', url: `/api/propriedade/proprietario/${dono.id}` });
    expect(doDono.body).toEqual([{ id: b.body.id, nome: 'Chácara Beira Rio' }]);
    expect((await call(t.app, t.userAdmin, { method: 'GET', url: '/api/propriedade/proprietario/999999' })).body).toEqual([]);

    const logs = await call(t.app, t.admin, {
      method: 'POST',
      url: '/api/logs/searchLogs/asc/id',
      payload: { cadastro: 'Propriedade', cadastroId: String(id) },
    });
    expect(logs.body.content.map((x: { acao: string }) => x.acao)).toEqual(['INSERT', 'UPDATE', 'UPDATE']);
  });

  it('refuses bad input with the spec messages and changes nothing', async () => {
    const antes = await countRows(t.app, 'propriedade');
    const logsAntes = await countRows(t.app, 'logs');
    const erros = async (payload: Record<string, unknown>, status = 400) => {
      const r = await call(t.app, t.agro, { method: 'POST', url: '/api/propriedade', payload });
      expect(r.status).toBe(status);
      return r.body.fieldErrors as { field: string; message: string }[];
    };
    expect(await erros({})).toEqual(
      expect.arrayContaining([
        { field: 'nome', message: 'O nome da propriedade é obrigatório' },
        { field: 'proprietarioId', message: 'A pessoa é obrigatório' },
        { field: 'municipioId', message: 'Município é obrigatório' },
        { field: 'areaTotal', message: 'Area é obrigatório' },
        { field: 'areaExplorada', message: 'Area é obrigatório' },
        { field: 'areaCultivada', message: 'Area é obrigatório' },
        { field: 'tipoPosse', message: 'É obrigatório escolher o tipo de posse' },
      ]),
    );
    expect(await erros({ ...base(), nome: '' })).toEqual([{ field: 'nome', message: 'O nome da propriedade é obrigatório' }]);
    expect(await erros({ ...base(), nome: 'x'.repeat(201) })).toEqual([{ field: 'nome', message: 'O nome deve ter no máximo 200 caracteres' }]);
    expect(await erros({ ...base(), proprietarioId: null })).toEqual([{ field: 'proprietarioId', message: 'A pessoa é obrigatório' }]);
    expect(await erros({ ...base(), proprietarioId: 0 })).toEqual([{ field: 'proprietarioId', message: 'A pessoa deve ser selecionada' }]);
    expect(await erros({ ...base(), proprietarioId: 2.5 })).toEqual([{ field: 'proprietarioId', message: 'A pessoa deve estar na lista' }]);
    expect(await erros({ ...base(), proprietarioId: 999999 })).toEqual([{ field: 'proprietarioId', message: 'A pessoa deve estar na lista' }]);
    expect(await erros({ ...base(), municipioId: undefined })).toEqual([{ field: 'municipioId', message: 'Município é obrigatório' }]);
    expect(await erros({ ...base(), municipioId: -3 })).toEqual([{ field: 'municipioId', message: 'O município deve ser selecionado' }]);
    expect(await erros({ ...base(), municipioId: 1.5 })).toEqual([{ field: 'municipioId', message: 'O município deve estar na lista' }]);
    expect(await erros({ ...base(), municipioId: 999999 })).toEqual([{ field: 'municipioId', message: 'O município deve estar na lista' }]);
    for (const campo of ['areaTotal', 'areaExplorada', 'areaCultivada']) {
      expect(await erros({ ...base(), [campo]: null })).toEqual([{ field: campo, message: 'Area é obrigatório' }]);
      expect(await erros({ ...base(), [campo]: 0 })).toEqual([{ field: campo, message: 'Area tem que ser maior que 0' }]);
      expect(await erros({ ...base(), [campo]: -1 })).toEqual([{ field: campo, message: 'Area tem que ser maior que 0' }]);
    }
    expect(await erros({ ...base(), areaTotal: 1e12 })).toEqual([{ field: 'areaTotal', message: 'Area tem que ser menor que 10.000.000.000' }]);
    for (const tipoPosse of [undefined, '', 'ALUGADO', 3])
      expect(await erros({ ...base(), tipoPosse })).toEqual([{ field: 'tipoPosse', message: 'É obrigatório escolher o tipo de posse' }]);
    for (const cep of ['1234-567', '123456789', 'abcde-fgh'])
      expect(await erros({ ...base(), cep })).toEqual([{ field: 'cep', message: 'O CEP deve estar no formato 99999-999' }]);
    expect(await erros({ ...base(), pronaf: 'TALVEZ' })).toEqual([{ field: 'pronaf', message: 'O Pronaf deve ser SIM ou NÃO' }]);
    expect(await erros({ ...base(), endereco: 'x'.repeat(201) })).toEqual([{ field: 'endereco', message: 'O endereço deve ter no máximo 200 caracteres' }]);
    expect(await erros({ ...base(), geoLocalizacao: 'x'.repeat(201) })).toEqual([
      { field: 'geoLocalizacao', message: 'A geolocalização deve ter no máximo 200 caracteres' },
    ]);
    expect(await countRows(t.app, 'propriedade')).toBe(antes);
    expect(await countRows(t.app, 'logs')).toBe(logsAntes);

    const p = (await call(t.app, t.agro, { method: 'POST', url: '/api/propriedade', payload: { ...base(), nome: 'Intocada' } })).body;
    const logs2 = await countRows(t.app, 'logs');
    expect((await call(t.app, t.agro, { method: 'PUT', url: '/api/propriedade', payload: { ...base(), id: p.id, municipioId: 999999 } })).status).toBe(400);
    const p404 = await call(t.app, t.agro, { method: 'PUT', url: '/api/propriedade', payload: { ...base(), id: 999999 } });
    expect(p404.status).toBe(404);
    expect(p404.body.message).toBe('Propriedade não encontrada');
    expect((await call(t.app, t.agro, { method: 'GET', url: `/api/propriedade/${p.id}` })).body).toEqual(p);
    expect((await call(t.app, t.agro, { method: 'GET', url: '/api/propriedade/999999' })).status).toBe(404);
    expect((await call(t.app, t.agro, { method: 'DELETE', url: '/api/propriedade/999999' })).status).toBe(404);
    expect(await countRows(t.app, 'logs')).toBe(logs2);
  });

  // The explored and the cultivated areas are parts of the total area.
  it('refuses an explored or cultivated area larger than the total, on the field, and so does the database', async () => {
    const antes = await countRows(t.app, 'propriedade');
    const logsAntes = await countRows(t.app, 'logs');
    const criar = (payload: Record<string, unknown>) => call(t.app, t.agro, { method: 'POST', url: '/api/propriedade', payload });
    const r1 = await criar({ ...base(), areaTotal: 10, areaExplorada: 10.01, areaCultivada: 5 });
    expect(r1.status).toBe(400);
    expect(r1.body.fieldErrors).toEqual([{ field: 'areaExplorada', message: 'A área explorada não pode ser maior que a área total' }]);
    expect(r1.body.message).toBe('A área explorada não pode ser maior que a área total');
    const r2 = await criar({ ...base(), areaTotal: 10, areaExplorada: 12, areaCultivada: 11 });
    expect(r2.body.fieldErrors).toEqual([
      { field: 'areaExplorada', message: 'A área explorada não pode ser maior que a área total' },
      { field: 'areaCultivada', message: 'A área cultivada não pode ser maior que a área total' },
    ]);
    // Equal to the total is allowed.
    const ok = await criar({ ...base(), nome: 'Sítio Todo Cultivado', areaTotal: 10, areaExplorada: 10, areaCultivada: 10 });
    expect(ok.status).toBe(201);
    const put = await call(t.app, t.agro, {
      method: 'PUT',
      url: `/api/propriedade/${ok.body.id}`,
      payload: { ...base(), areaTotal: 9.99, areaExplorada: 10, areaCultivada: 10 },
    });
    expect(put.status).toBe(400);
    expect(put.body.fieldErrors.map((f: { field: string }) => f.field)).toEqual(['areaExplorada', 'areaCultivada']);
    expect(await countRows(t.app, 'propriedade')).toBe(antes + 1);
    expect(await countRows(t.app, 'logs')).toBe(logsAntes + 1);
    // Around the API, the database's CHECK refuses it.
    const direto = await t.app.ctx.db.execute(sql`UPDATE propriedade SET area_cultivada = area_total + 1 WHERE id = ${ok.body.id}`).then(
      () => 'gravou',
      (e: { cause?: { constraint?: string } }) => e.cause?.constraint,
    );
    expect(direto).toBe('propriedade_area_cultivada_ck');
    expect((await call(t.app, t.agro, { method: 'GET', url: `/api/propriedade/${ok.body.id}` })).body.areaCultivada).toBe(10);
  });

  it('enforces permissions on the server', async () => {
    const antes = await countRows(t.app, 'propriedade');
    // user-admin (group 1) may only view properties.
    const r = await call(t.app, t.userAdmin, { method: 'POST', url: '/api/propriedade', payload: base() });
    expect(r.status).toBe(403);
    expect(r.body.message).toBe('Você não tem permissão para cadastrar em propriedade.');
    const alguma = (await call(t.app, t.userAdmin, { method: 'GET', url: '/api/propriedade' })).body.content[0];
    expect((await call(t.app, t.userAdmin, { method: 'PUT', url: '/api/propriedade', payload: { ...base(), id: alguma.id } })).status).toBe(403);
    expect((await call(t.app, t.userAdmin, { method: 'DELETE', url: `/api/propriedade/${alguma.id}` })).status).toBe(403);
    for (const url of ['/api/propriedade', '/api/propriedade/propriedadeAll', `/api/propriedade/proprietario/${dono.id}`, `/api/propriedade/${alguma.id}`]) {
      expect((await call(t.app, t.semPerfil, { method: 'GET', url })).status).toBe(403);
      expect((await call(t.app, null, { method: 'GET', url })).status).toBe(401);
    }
    expect((await call(t.app, t.semPerfil, { method: 'POST', url: '/api/propriedade/searchPropriedade/asc/id', payload: {} })).status).toBe(403);
    expect(await countRows(t.app, 'propriedade')).toBe(antes);
  });

  it('deletes with an audit row, and refuses when a bulletin uses the property', async () => {
    const c = await call(t.app, t.agro, { method: 'POST', url: '/api/propriedade', payload: { ...base(), nome: 'Temporária' } });
    const d = await call(t.app, t.agro, { method: 'DELETE', url: `/api/propriedade/${c.body.id}` });
    expect(d.status).toBe(204);
    expect((await call(t.app, t.agro, { method: 'GET', url: `/api/propriedade/${c.body.id}` })).status).toBe(404);
    const logs = await call(t.app, t.admin, { method: 'POST', url: '/api/logs/searchLogs/desc/id', payload: { cadastro: 'Propriedade', acao: 'DELETE' } });
    expect(logs.body.content[0].cadastroId).toBe(String(c.body.id));

    const usada = await call(t.app, t.agro, { method: 'POST', url: '/api/propriedade', payload: { ...base(), nome: 'Com boletim' } });
    await t.app.ctx.db
      .insert(boletim)
      .values({ dataVisita: '2024-01-01', dataEmissao: '2024-01-02', produtorId: dono.id, propriedadeId: usada.body.id, tecnicoId: dono.id });
    const antes = await countRows(t.app, 'propriedade');
    const r = await call(t.app, t.agro, { method: 'DELETE', url: `/api/propriedade/${usada.body.id}` });
    expect(r.status).toBe(409);
    expect(r.body.message).toBe('A propriedade não pode ser removida porque está vinculada a boletins.');
    expect(await countRows(t.app, 'propriedade')).toBe(antes);
  });
});

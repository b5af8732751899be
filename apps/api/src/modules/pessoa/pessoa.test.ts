import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { completarDocumento, DOCUMENTO_FORMA, formatCpfCnpj } from '@ceasa/shared';
import { appDeTeste, call, countRows } from '../../../test/helpers';
import { fotoStorage } from '../../db/fotos';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

const t = appDeTeste();

let seq = 0;
/** A unique, valid CPF (right check digits), masked. */
function cpf() {
  return formatCpfCnpj(completarDocumento(String(Date.now() % 1e6).padStart(6, '0') + String(++seq).padStart(3, '0')));
}
const digitos = (v: string) => v.replace(/\D/g, '');

async function novaPessoa(extra: Record<string, unknown> = {}) {
  const r = await call(t.app, t.admin, { method: 'POST', url: '/api/pessoa', payload: { nome: `Pessoa ${++seq}`, cpfcnpj: cpf(), tipoId: 1, ...extra } });
  expect(r.status).toBe(201);
  return r.body;
}

async function municipioId() {
  const r = await call(t.app, t.admin, { method: 'POST', url: '/api/municipio', payload: { nome: `Cidade ${++seq}`, sigla: 'MG' } });
  return r.body.id as number;
}

describe('pessoa', () => {
  it('lists the person types', async () => {
    const r = await call(t.app, t.agro, { method: 'GET', url: '/api/tipo' });
    expect(r.status).toBe(200);
    expect(r.body.slice(0, 2)).toEqual([
      { id: 1, descricao: 'Produtor' },
      { id: 2, descricao: 'Técnico' },
    ]);
    expect((await call(t.app, null, { method: 'GET', url: '/api/tipo' })).status).toBe(401);
  });

  it('creates, reads, updates, lists, searches and audits', async () => {
    const doc = cpf();
    const c = await call(t.app, t.admin, {
      method: 'POST',
      url: '/api/pessoa',
      payload: { nome: 'José Açúcar', cpfcnpj: doc, celular: '(11) 98765-4321', tipoId: 1, observacao: 'Feirante antigo', foto: 'sim' },
    });
    expect(c.status).toBe(201);
    const id = c.body.id;
    const esperado = {
      id,
      versao: 1,
      nome: 'José Açúcar',
      // Kept without its mask (decision 0180).
      cpfcnpj: digitos(doc),
      celular: '11987654321',
      tipoId: 1,
      tipoDescricao: 'Produtor',
      observacao: 'Feirante antigo',
      foto: `${digitos(doc)}.png`,
      pessoaTipo: { id: 1, descricao: 'Produtor' },
      carteiraValidaAte: null,
      documentoValido: true,
    };
    expect(c.body).toEqual(esperado);
    expect((await call(t.app, t.admin, { method: 'GET', url: `/api/pessoa/${id}` })).body).toEqual(esperado);

    // PUT with the id in the body; no foto field keeps the photo, celular with 10 digits.
    const u = await call(t.app, t.admin, {
      method: 'PUT',
      url: '/api/pessoa',
      payload: { id, nome: 'José Açúcar Filho', cpfcnpj: doc, celular: '1132654321', tipoId: 1 },
    });
    expect(u.status).toBe(200);
    expect(u.body).toMatchObject({ nome: 'José Açúcar Filho', celular: '1132654321', foto: `${digitos(doc)}.png`, observacao: null });
    // PUT /pessoa/{id}; foto null removes the mark, empty celular is null.
    const u2 = await call(t.app, t.admin, {
      method: 'PUT',
      url: `/api/pessoa/${id}`,
      payload: { nome: 'José Açúcar', cpfcnpj: doc, celular: '', tipoId: 1, foto: null },
    });
    expect(u2.status).toBe(200);
    expect(u2.body).toMatchObject({ celular: null, foto: null });

    const tecnico = await novaPessoa({ nome: 'Técnica Maria', tipoId: 2, celular: '31 3333-4444' });
    const lojista = await novaPessoa({ nome: 'Loja do Zé', tipoId: 3 });

    const busca = (body: unknown, q = '') =>
      call(t.app, t.admin, { method: 'POST', url: `/api/pessoa/searchPessoa/asc/nome?page=0${q}`, payload: body as object });
    const s1 = await busca({ nome: 'acucar' });
    expect(s1.status).toBe(200);
    expect(s1.body).toMatchObject({ totalElements: 1, number: 0, size: 20, totalPages: 1 });
    expect(s1.body.content[0]).toEqual({ ...esperado, versao: 3, celular: null, foto: null, observacao: null });
    expect((await busca({ cpfcnpj: doc.slice(4, 11) })).body.content.map((p: { id: number }) => p.id)).toEqual([id]);
    expect((await busca({ cpfcnpj: digitos(doc) })).body.content.map((p: { id: number }) => p.id)).toEqual([id]);
    expect((await busca({ celular: '(31) 3333' })).body.content.map((p: { id: number }) => p.id)).toEqual([tecnico.id]);
    expect((await busca({ tipo: 2 })).body.content.map((p: { id: number }) => p.id)).toEqual([tecnico.id]);
    expect((await busca({ tipo: { id: 3, descricao: 'Lojista' } })).body.content.map((p: { id: number }) => p.id)).toEqual([lojista.id]);
    expect((await busca({ tipo: 'tecnico' })).body.content.map((p: { id: number }) => p.id)).toEqual([tecnico.id]);
    expect((await busca({ id: String(id), nome: '', cpfcnpj: null })).body.content.map((p: { id: number }) => p.id)).toContain(id);
    expect((await busca(null)).body.totalElements).toBe(3);
    expect((await busca({}, '&size=1')).body).toMatchObject({ totalElements: 3, totalPages: 3, size: 1 });
    const desc = await call(t.app, t.admin, { method: 'POST', url: '/api/pessoa/searchPessoa/desc/nome', payload: {} });
    expect(desc.body.content.map((p: { nome: string }) => p.nome)).toEqual(['Técnica Maria', 'Loja do Zé', 'José Açúcar']);

    const g = await call(t.app, t.admin, { method: 'GET', url: '/api/pessoa?sort=nome,asc&page=0' });
    expect(g.body.content.map((p: { nome: string }) => p.nome)).toEqual(['José Açúcar', 'Loja do Zé', 'Técnica Maria']);
    const g2 = await call(t.app, t.admin, { method: 'GET', url: '/api/pessoa?sort=pessoaTipo.descricao,desc' });
    expect(g2.body.content[0].tipoDescricao).toBe('Técnico');
    const porId = await call(t.app, t.admin, { method: 'GET', url: '/api/pessoa' });
    expect(porId.body.content.map((p: { id: number }) => p.id)).toEqual([id, tecnico.id, lojista.id]);

    const logs = await call(t.app, t.admin, { method: 'POST', url: '/api/logs/searchLogs/asc/id', payload: { cadastro: 'Pessoa', cadastroId: String(id) } });
    expect(logs.body.content.map((x: { acao: string }) => x.acao)).toEqual(['INSERT', 'UPDATE', 'UPDATE']);
    expect(logs.body.content[0].conteudo).toContain('nome=José Açúcar');
  });

  it('serves the lookups', async () => {
    const produtor = await novaPessoa({ nome: 'Aaron Produtor', tipoId: 1, celular: '11912345678', observacao: 'x' });
    const tecnico = await novaPessoa({ nome: 'Aaron Técnico', tipoId: 2 });
    const lojista = await novaPessoa({ nome: 'Aaron Lojista', tipoId: 3 });
    const comprador = await novaPessoa({ nome: 'Aaron Comprador', tipoId: 4 });

    const t1 = await call(t.app, t.agro, { method: 'GET', url: '/api/pessoa/tipo/1' });
    expect(t1.status).toBe(200);
    expect(t1.body[0]).toEqual({ id: produtor.id, nome: 'Aaron Produtor', cpfcnpj: produtor.cpfcnpj, carteiraValidaAte: null });
    expect(t1.body.every((p: { id: number }) => p.id !== tecnico.id)).toBe(true);
    const t2 = await call(t.app, t.agro, { method: 'GET', url: '/api/pessoa/tipo/2' });
    expect(t2.body[0]).toEqual({ id: tecnico.id, nome: 'Aaron Técnico', cpfcnpj: tecnico.cpfcnpj, carteiraValidaAte: null });
    expect((await call(t.app, t.agro, { method: 'GET', url: '/api/pessoa/tipo/x' })).status).toBe(400);

    const produtores = await call(t.app, t.agro, { method: 'GET', url: '/api/pessoa/produtorAll' });
    expect(produtores.body[0]).toEqual({ id: produtor.id, nome: 'Aaron Produtor' });
    expect(produtores.body.map((p: { id: number }) => p.id)).not.toContain(lojista.id);
    const lojistas = await call(t.app, t.agro, { method: 'GET', url: '/api/pessoa/lojistas' });
    expect(lojistas.body.map((p: { id: number }) => p.id)).toContain(lojista.id);
    expect(lojistas.body.map((p: { id: number }) => p.id)).not.toContain(produtor.id);
    const todas = await call(t.app, t.agro, { method: 'GET', url: '/api/pessoa/pessoaAll' });
    expect(todas.body.slice(0, 4).map((p: { nome: string }) => p.nome)).toEqual(['Aaron Comprador', 'Aaron Lojista', 'Aaron Produtor', 'Aaron Técnico']);
    expect(Object.keys(todas.body[0])).toEqual(['id', 'nome']);
    const cot = await call(t.app, t.agro, { method: 'GET', url: '/api/pessoa/cotacoes' });
    expect(cot.body.slice(0, 2)).toEqual([
      { id: lojista.id, nome: 'Aaron Lojista', tipoDescricao: 'Lojista' },
      { id: produtor.id, nome: 'Aaron Produtor', tipoDescricao: 'Produtor' },
    ]);
    expect(cot.body.map((p: { id: number }) => p.id)).not.toContain(comprador.id);

    const pr = await call(t.app, t.agro, { method: 'GET', url: `/api/pessoa/produtor/${produtor.id}` });
    expect(pr.status).toBe(200);
    expect(pr.body).toEqual({
      versao: 1,
      nome: 'Aaron Produtor',
      cpfcnpj: produtor.cpfcnpj,
      celular: '11912345678',
      tipoId: 1,
      tipoDescricao: 'Produtor',
      observacao: 'x',
      foto: null,
      pessoaTipo: { id: 1, descricao: 'Produtor' },
      carteiraValidaAte: null,
      documentoValido: true,
    });
    for (const id of [tecnico.id, 999999]) {
      const nf = await call(t.app, t.agro, { method: 'GET', url: `/api/pessoa/produtor/${id}` });
      expect(nf.status).toBe(404);
      expect(nf.body.message).toBe('Produtor não encontrado');
    }

    for (const url of ['/api/pessoa/tipo/1', '/api/pessoa/produtorAll', '/api/pessoa/lojistas', '/api/pessoa/pessoaAll', '/api/pessoa/cotacoes']) {
      expect((await call(t.app, null, { method: 'GET', url })).status).toBe(401);
      expect((await call(t.app, t.semPerfil, { method: 'GET', url })).status).toBe(403);
    }
  });

  it('refuses bad input with the spec messages and changes nothing', async () => {
    const antes = await countRows(t.app, 'pessoa');
    const logsAntes = await countRows(t.app, 'logs');
    const post = (payload: Record<string, unknown>) => call(t.app, t.admin, { method: 'POST', url: '/api/pessoa', payload });
    const base = { nome: 'Válida', cpfcnpj: cpf(), tipoId: 1 };
    const mensagens = async (payload: Record<string, unknown>) => {
      const r = await post(payload);
      expect(r.status).toBe(400);
      return r.body.fieldErrors as { field: string; message: string }[];
    };

    expect(await mensagens({})).toEqual(
      expect.arrayContaining([
        { field: 'nome', message: 'O nome é obrigatório' },
        { field: 'cpfcnpj', message: 'O cpf/cnpj é obrigatório' },
        { field: 'tipoId', message: 'A tipo pessoa deve ser selecionada' },
      ]),
    );
    expect(await mensagens({ ...base, nome: '   ' })).toEqual([{ field: 'nome', message: 'O nome é obrigatório' }]);
    expect(await mensagens({ ...base, nome: 'x'.repeat(201) })).toEqual([{ field: 'nome', message: 'O nome deve ter no máximo 200 caracteres' }]);
    expect(await mensagens({ ...base, cpfcnpj: '123.456' })).toContainEqual({ field: 'cpfcnpj', message: 'O cpf/cnpj deve ter no minimo 11 caracteres' });
    expect(await mensagens({ ...base, cpfcnpj: '12.345.678/0001-901' })).toContainEqual({
      field: 'cpfcnpj',
      message: 'O cpf/cnpj deve ter no máximo 18 caracteres',
    });
    expect(await mensagens({ ...base, cpfcnpj: 'abcdefghijk' })).toEqual([{ field: 'cpfcnpj', message: DOCUMENTO_FORMA }]);
    expect(await mensagens({ ...base, cpfcnpj: '1234567890123' })).toEqual([{ field: 'cpfcnpj', message: DOCUMENTO_FORMA }]);
    for (const celular of ['123', '(11) 9876-54321-0', 'abcdefghij'])
      expect(await mensagens({ ...base, celular })).toEqual([{ field: 'celular', message: 'O celular deve ter 10 ou 11 dígitos' }]);
    for (const tipoId of [undefined, null, 0, -1, 1.5, '1'])
      expect(await mensagens({ ...base, tipoId })).toContainEqual({ field: 'tipoId', message: 'A tipo pessoa deve ser selecionada' });
    const fora = await post({ ...base, tipoId: 9999 });
    expect(fora.status).toBe(400);
    expect(fora.body).toMatchObject({
      message: 'A tipo pessoa deve estar na lista',
      fieldErrors: [{ field: 'tipoId', message: 'A tipo pessoa deve estar na lista' }],
    });
    expect(await mensagens({ ...base, observacao: 'x'.repeat(1001) })).toEqual([
      { field: 'observacao', message: 'A observação deve ter no máximo 1000 caracteres' },
    ]);

    const p = await novaPessoa();
    const antes2 = await countRows(t.app, 'pessoa');
    const logsAntes2 = await countRows(t.app, 'logs');
    const put = await call(t.app, t.admin, { method: 'PUT', url: '/api/pessoa', payload: { ...base, id: p.id, nome: '' } });
    expect(put.status).toBe(400);
    const put404 = await call(t.app, t.admin, { method: 'PUT', url: '/api/pessoa', payload: { ...base, id: 999999 } });
    expect(put404.status).toBe(404);
    expect(put404.body.message).toBe('Pessoa não encontrada');
    const putTipo = await call(t.app, t.admin, { method: 'PUT', url: `/api/pessoa/${p.id}`, payload: { ...base, tipoId: 9999 } });
    expect(putTipo.status).toBe(400);
    expect((await call(t.app, t.admin, { method: 'GET', url: `/api/pessoa/${p.id}` })).body).toEqual(p);
    expect(await countRows(t.app, 'pessoa')).toBe(antes2);
    expect(await countRows(t.app, 'logs')).toBe(logsAntes2);
    expect(antes2).toBe(antes + 1);
    expect(logsAntes2).toBe(logsAntes + 1);

    expect((await call(t.app, t.admin, { method: 'GET', url: '/api/pessoa/999999' })).status).toBe(404);
    expect((await call(t.app, t.admin, { method: 'GET', url: '/api/pessoa/abc' })).body.message).toBe('Código inválido');
    const d404 = await call(t.app, t.admin, { method: 'DELETE', url: '/api/pessoa/999999' });
    expect(d404.status).toBe(404);
    expect(d404.body.message).toBe('Pessoa não encontrada');
  });

  it('enforces permissions on the server', async () => {
    const p = await novaPessoa();
    const antes = await countRows(t.app, 'pessoa');
    const payload = { nome: 'Sem permissão', cpfcnpj: cpf(), tipoId: 1 };
    expect((await call(t.app, null, { method: 'GET', url: '/api/pessoa' })).status).toBe(401);
    expect((await call(t.app, null, { method: 'POST', url: '/api/pessoa', payload })).status).toBe(401);
    expect((await call(t.app, null, { method: 'POST', url: '/api/pessoa/searchPessoa/asc/id', payload: {} })).status).toBe(401);
    for (const [method, url] of [
      ['GET', '/api/pessoa'],
      ['GET', `/api/pessoa/${p.id}`],
      ['POST', '/api/pessoa'],
      ['PUT', '/api/pessoa'],
      ['DELETE', `/api/pessoa/${p.id}`],
    ] as const) {
      const r = await call(t.app, t.semPerfil, { method, url, payload: method === 'GET' || method === 'DELETE' ? undefined : { ...payload, id: p.id } });
      expect(r.status).toBe(403);
      expect(r.body.message).toMatch(/perfil/);
    }

    // A group lacking the flag: agronomy without criar/editar/deletar on pessoa.
    const rota = sql`(SELECT id FROM rotas WHERE nome = 'pessoa')`;
    await t.app.ctx.db.execute(sql`UPDATE permissoes SET criar = false, editar = false, deletar = false WHERE grupo_id = 2 AND rota_id = ${rota}`);
    t.app.invalidarPermissoes();
    try {
      const c = await call(t.app, t.agro, { method: 'POST', url: '/api/pessoa', payload });
      expect(c.status).toBe(403);
      expect(c.body.message).toBe('Você não tem permissão para cadastrar em pessoa.');
      expect((await call(t.app, t.agro, { method: 'PUT', url: '/api/pessoa', payload: { ...payload, id: p.id } })).status).toBe(403);
      expect((await call(t.app, t.agro, { method: 'DELETE', url: `/api/pessoa/${p.id}` })).status).toBe(403);
      expect((await call(t.app, t.agro, { method: 'GET', url: `/api/pessoa/${p.id}` })).status).toBe(200);
    } finally {
      await t.app.ctx.db.execute(sql`UPDATE permissoes SET criar = true, editar = true, deletar = true WHERE grupo_id = 2 AND rota_id = ${rota}`);
      t.app.invalidarPermissoes();
    }
    expect(await countRows(t.app, 'pessoa')).toBe(antes);
    expect((await call(t.app, t.admin, { method: 'GET', url: `/api/pessoa/${p.id}` })).body).toEqual(p);
  });

  it('deletes the person and the photo, with an audit row', async () => {
    const fotos = fotoStorage(t.app.ctx.db);
    const p = await novaPessoa({ foto: 'sim' });
    await fotos.save(p.foto, PNG);
    expect(await fotos.exists(p.foto)).toBe(true);
    const d = await call(t.app, t.admin, { method: 'DELETE', url: `/api/pessoa/${p.id}` });
    expect(d.status).toBe(204);
    expect(await fotos.exists(p.foto)).toBe(false);
    expect((await call(t.app, t.admin, { method: 'GET', url: `/api/pessoa/${p.id}` })).status).toBe(404);
    const logs = await call(t.app, t.admin, { method: 'POST', url: '/api/logs/searchLogs/desc/id', payload: { cadastro: 'Pessoa', acao: 'DELETE' } });
    expect(logs.body.content[0].cadastroId).toBe(String(p.id));

    // No photo at all: still 204.
    const semFoto = await novaPessoa();
    expect((await call(t.app, t.admin, { method: 'DELETE', url: `/api/pessoa/${semFoto.id}` })).status).toBe(204);
  });

  it('keeps the delete and warns when the photo cannot be removed', async () => {
    const p = await novaPessoa({ foto: 'sim' });
    await fotoStorage(t.app.ctx.db).save(p.foto, PNG);
    // The photo's row refuses to go: its delete fails.
    await t.app.ctx.db.execute(sql`CREATE FUNCTION foto_presa() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'presa'; END $$`);
    await t.app.ctx.db.execute(sql`CREATE TRIGGER foto_presa BEFORE DELETE ON foto_pessoa FOR EACH ROW EXECUTE FUNCTION foto_presa()`);
    try {
      const d = await call(t.app, t.admin, { method: 'DELETE', url: `/api/pessoa/${p.id}` });
      expect(d.status).toBe(200);
      expect(d.body).toEqual({ fotoRemovida: false, aviso: expect.stringMatching(/^Pessoa removida, mas/) });
      expect((await call(t.app, t.admin, { method: 'GET', url: `/api/pessoa/${p.id}` })).status).toBe(404);
    } finally {
      await t.app.ctx.db.execute(sql`DROP TRIGGER foto_presa ON foto_pessoa`);
      await t.app.ctx.db.execute(sql`DROP FUNCTION foto_presa()`);
    }
    await fotoStorage(t.app.ctx.db).remover(p.foto);
  });

  it("refuses a second person with the same CPF digits (whose photo would overwrite the first one's), and renames the photo with the CPF", async () => {
    const fotos = fotoStorage(t.app.ctx.db);
    const doc = cpf();
    const b = await novaPessoa({ cpfcnpj: doc, foto: 'sim' });
    await fotos.save(b.foto, PNG);
    const pessoas = await countRows(t.app, 'pessoa');
    const logs = await countRows(t.app, 'logs');
    // Masked or not, the same digits are the same person (two people once shared one CPF and one photo).
    for (const outro of [doc, digitos(doc), ` ${digitos(doc).slice(0, 9)}-${digitos(doc).slice(9)} `]) {
      const dup = await call(t.app, t.admin, { method: 'POST', url: '/api/pessoa', payload: { nome: 'Outra Pessoa', cpfcnpj: outro, tipoId: 2, foto: 'sim' } });
      expect(dup.status).toBe(409);
      expect(dup.body).toMatchObject({
        status: 409,
        message: 'Já existe uma pessoa com este CPF/CNPJ.',
        fieldErrors: [{ field: 'cpfcnpj', message: 'Já existe uma pessoa com este CPF/CNPJ.' }],
      });
    }
    const outra = await novaPessoa();
    const dupPut = await call(t.app, t.admin, {
      method: 'PUT',
      url: '/api/pessoa',
      payload: { id: outra.id, nome: outra.nome, cpfcnpj: digitos(doc), tipoId: 1 },
    });
    expect(dupPut.status).toBe(409);
    expect(dupPut.body.message).toBe('Já existe uma pessoa com este CPF/CNPJ.');
    expect((await call(t.app, t.admin, { method: 'GET', url: `/api/pessoa/${outra.id}` })).body.cpfcnpj).toBe(outra.cpfcnpj);
    expect(await countRows(t.app, 'pessoa')).toBe(pessoas + 1);
    expect(await countRows(t.app, 'logs')).toBe(logs + 1);
    expect(await fotos.read(b.foto)).toEqual(PNG);

    const novo = cpf();
    const u = await call(t.app, t.admin, { method: 'PUT', url: '/api/pessoa', payload: { id: b.id, nome: b.nome, cpfcnpj: novo, tipoId: 1 } });
    expect(u.body.foto).toBe(`${digitos(novo)}.png`);
    expect(await fotos.exists(b.foto)).toBe(false);
    expect(await fotos.read(`${digitos(novo)}.png`)).toEqual(PNG);
  });

  it('refuses to delete a person used by a property or a parking record', async () => {
    const dono = await novaPessoa();
    const mun = await municipioId();
    const prop = await call(t.app, t.admin, {
      method: 'POST',
      url: '/api/propriedade',
      payload: { nome: 'Sítio', municipioId: mun, proprietarioId: dono.id, areaTotal: 1, areaExplorada: 1, areaCultivada: 1, tipoPosse: 'OUTRO' },
    });
    expect(prop.status).toBe(201);
    const motorista = await novaPessoa({ tipoId: 4 });
    const est = await call(t.app, t.admin, {
      method: 'POST',
      url: '/api/estacionamento',
      payload: { data: '2024-05-02', placa: 'ABC1D23', valor: 10, divida: 1, pessoaId: motorista.id, veiculoTipoId: 1 },
    });
    expect(est.status).toBe(201);
    const antes = await countRows(t.app, 'pessoa');
    const logsAntes = await countRows(t.app, 'logs');
    const r1 = await call(t.app, t.admin, { method: 'DELETE', url: `/api/pessoa/${dono.id}` });
    expect(r1.status).toBe(409);
    expect(r1.body.message).toBe('A pessoa não pode ser removida porque está vinculada a propriedades.');
    const r2 = await call(t.app, t.admin, { method: 'DELETE', url: `/api/pessoa/${motorista.id}` });
    expect(r2.status).toBe(409);
    expect(r2.body.message).toBe('A pessoa não pode ser removida porque está vinculada a estacionamentos.');
    expect(await countRows(t.app, 'pessoa')).toBe(antes);
    expect(await countRows(t.app, 'logs')).toBe(logsAntes);
  });
});

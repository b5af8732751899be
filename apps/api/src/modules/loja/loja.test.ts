import { beforeAll, describe, expect, it } from 'vitest';
import { appDeTeste, call, countRows } from '../../../test/helpers';
import { ULTIMO_ITEM } from './loja.repository';

const t = appDeTeste();
let lojista: { id: number };
let outroLojista: { id: number };
let produtor: { id: number };
let tomate: { id: number };
let alface: { id: number };
let imperatriz: { id: number };
let acailandia: { id: number };

const req = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  call(t.app, token, { method, url: `/api/${url}`, ...(payload !== undefined && { payload: payload as object }) });

beforeAll(async () => {
  const post = (url: string, payload: unknown) => req(t.admin, 'POST', url, payload).then((r) => r.body);
  lojista = await post('pessoa', { nome: 'Loja do Zé', cpfcnpj: '11122233396', tipoId: 3 });
  outroLojista = await post('pessoa', { nome: 'Mercearia Ana', cpfcnpj: '55566677720', tipoId: 3 });
  produtor = await post('pessoa', { nome: 'João Lavrador', cpfcnpj: '99988877714', tipoId: 1 });
  imperatriz = await post('municipio', { nome: 'Imperatriz', sigla: 'MA' });
  acailandia = await post('municipio', { nome: 'Açailândia', sigla: 'MA' });
  const grupo = await post('produtoGrupo', { nome: 'Hortaliças', unPadrao: 'kg' });
  tomate = await post('produto', { nome: 'Tomate', embalagem: 'CX 20kg', pesoEmKg: 20, produtoGrupoId: grupo.id, status: 'ATIVO' });
  alface = await post('produto', { nome: 'Alface', embalagem: 'Engradado', pesoEmKg: 5, produtoGrupoId: grupo.id, status: 'ATIVO' });
});

const item = (o: Record<string, unknown> = {}) => ({ produtoId: tomate.id, municipioId: imperatriz.id, quantidade: 120.5, ...o });
const base = (o: Record<string, unknown> = {}) => ({
  lojistaId: lojista.id,
  dataEmissao: '2026-11-19',
  itens: [item(), item({ produtoId: alface.id, municipioId: acailandia.id, quantidade: 30 })],
  ...o,
});
const criar = async (o: Record<string, unknown> = {}) => {
  const r = await req(t.userAdmin, 'POST', 'loja', base(o));
  expect(r.status).toBe(201);
  return r.body as { id: number; itens: { id: number; quantidade: number }[] };
};
const logs = async (cadastro: string, id: number) =>
  (await req(t.admin, 'POST', 'logs/searchLogs/asc/id?size=1000', { cadastro, cadastroId: String(id) })).body.content
    .filter((l: { cadastro: string; cadastroId: number | string }) => l.cadastro === cadastro && Number(l.cadastroId) === id)
    .map((l: { acao: string }) => l.acao);

describe('loja', () => {
  it('creates a shop with its items, reads, lists, searches, updates and deletes it, audited', async () => {
    const c = await req(t.userAdmin, 'POST', 'loja', base());
    expect(c.status).toBe(201);
    const id = c.body.id;
    expect(c.body).toEqual({
      id,
      versao: 1,
      lojistaId: lojista.id,
      lojistaNome: 'Loja do Zé',
      lojista: { nome: 'Loja do Zé' },
      dataEmissao: '2026-11-19',
      itens: [
        {
          id: expect.any(Number),
          lojaId: id,
          produtoId: tomate.id,
          produtoNome: 'Tomate',
          produtoEmbalagem: 'CX 20kg',
          produtoPesoEmKg: 20,
          quantidade: 120.5,
          municipioId: imperatriz.id,
          municipioNome: 'Imperatriz',
          lotes: [],
        },
        {
          id: expect.any(Number),
          lojaId: id,
          produtoId: alface.id,
          produtoNome: 'Alface',
          produtoEmbalagem: 'Engradado',
          produtoPesoEmKg: 5,
          quantidade: 30,
          municipioId: acailandia.id,
          municipioNome: 'Açailândia',
          lotes: [],
        },
      ],
    });
    expect((await req(t.userAdmin, 'GET', `loja/${id}`)).body).toEqual(c.body);

    const outra = await criar({ lojistaId: outroLojista.id, dataEmissao: '2026-11-23' });
    const ids = async (body: unknown) => (await req(t.userAdmin, 'POST', 'loja/searchLoja/asc/id?page=0', body)).body.content.map((l: { id: number }) => l.id);
    expect(await ids({ lojistaId: lojista.id })).toEqual([id]);
    expect(await ids({ lojistaId: { id: outroLojista.id, nome: 'Mercearia Ana' } })).toEqual([outra.id]);
    expect(await ids({ lojistaId: 'merce' })).toEqual([outra.id]);
    expect(await ids({ dataEmissao: '19/11/2026' })).toEqual([id]);
    expect(await ids({ id: String(id), lojistaId: null, dataEmissao: '' })).toEqual([id]);
    const lista = await req(t.userAdmin, 'GET', 'loja?page=0&sort=lojista.nome,desc');
    expect(lista.body.content.map((l: { lojistaNome: string }) => l.lojistaNome)).toEqual(['Mercearia Ana', 'Loja do Zé']);
    expect(lista.body.content[0]).not.toHaveProperty('itens');

    // PUT without items keeps them; with items diffs them by id.
    const u = await req(t.userAdmin, 'PUT', 'loja', { id, lojistaId: outroLojista.id, dataEmissao: '2026-11-20' });
    expect(u.status).toBe(200);
    expect(u.body).toMatchObject({ lojistaNome: 'Mercearia Ana', dataEmissao: '2026-11-20' });
    expect(u.body.itens).toEqual(c.body.itens);
    const [i1] = c.body.itens;
    const u2 = await req(t.userAdmin, 'PUT', `loja/${id}`, {
      lojistaId: lojista.id,
      dataEmissao: '2026-11-20',
      itens: [{ ...item({ quantidade: 99 }), id: i1.id }],
    });
    expect(u2.status).toBe(200);
    expect(u2.body.itens).toEqual([{ ...i1, quantidade: 99 }]);
    expect(await logs('Loja', id)).toEqual(['INSERT', 'UPDATE', 'UPDATE']);
    expect(await logs('LojaItens', i1.id)).toEqual(['INSERT', 'UPDATE']);
    expect(await logs('LojaItens', c.body.itens[1].id)).toEqual(['INSERT', 'DELETE']);

    const d = await req(t.userAdmin, 'DELETE', `loja/${id}`);
    expect(d.status).toBe(204);
    expect((await req(t.userAdmin, 'GET', `loja/${id}`)).status).toBe(404);
    expect((await req(t.userAdmin, 'GET', `loja/${id}`)).body.message).toBe('Loja não encontrada');
    expect(await logs('LojaItens', i1.id)).toEqual(['INSERT', 'UPDATE', 'DELETE']);
  });

  it('refuses bad input with the spec messages and changes nothing', async () => {
    const antes = [await countRows(t.app, 'loja'), await countRows(t.app, 'loja_itens'), await countRows(t.app, 'logs')];
    const erros = async (payload: unknown, url = 'loja', method: 'POST' | 'PUT' = 'POST') => {
      const r = await req(t.userAdmin, method, url, payload);
      expect(r.status).toBe(400);
      return r.body.fieldErrors as { field: string; message: string }[];
    };
    expect(await erros({})).toEqual(
      expect.arrayContaining([
        { field: 'lojistaId', message: 'O lojista é obrigatório' },
        { field: 'dataEmissao', message: 'A data de emissão é obrigatória' },
      ]),
    );
    expect(await erros(base({ itens: [] }))).toEqual([{ field: 'itens', message: 'É obrigatório adicionar ao menos um produto.' }]);
    expect(await erros(base({ itens: undefined }))).toEqual([{ field: 'itens', message: 'É obrigatório adicionar ao menos um produto.' }]);
    expect(await erros(base({ dataEmissao: '' }))).toEqual([{ field: 'dataEmissao', message: 'A data de emissão é obrigatória' }]);
    expect(await erros(base({ dataEmissao: '31/02/2026' }))).toEqual([{ field: 'dataEmissao', message: 'A data de emissão é inválida' }]);
    expect(await erros(base({ itens: [{ quantidade: 10 }] }))).toEqual(
      expect.arrayContaining([
        { field: 'itens[0].produtoId', message: 'O produto é obrigatório' },
        { field: 'itens[0].municipioId', message: 'O municipio é obrigatório' },
      ]),
    );
    expect(await erros(base({ itens: [item({ quantidade: undefined })] }))).toEqual([{ field: 'itens[0].quantidade', message: 'A quantidade é obrigatório' }]);
    expect(await erros(base({ itens: [item({ quantidade: 10000.01 })] }))).toEqual([
      { field: 'itens[0].quantidade', message: 'A quantidade deve ser no máximo 10.000' },
    ]);
    expect(await erros(base({ itens: [item(), item({ quantidade: 0 })] }))).toEqual([
      { field: 'itens[1].quantidade', message: 'A quantidade deve ser maior que 0' },
    ]);
    expect(await erros(base({ itens: [item(), item({ produtoId: 99999, municipioId: 88888 })] }))).toEqual([
      { field: 'itens[1].produtoId', message: 'O produto deve estar na lista' },
      { field: 'itens[1].municipioId', message: 'O municipio deve estar na lista' },
    ]);
    expect(await erros(base({ lojistaId: 99999 }))).toEqual([{ field: 'lojistaId', message: 'O lojista deve estar na lista' }]);
    // A producer is not a shop owner.
    expect(await erros(base({ lojistaId: produtor.id }))).toEqual([{ field: 'lojistaId', message: 'A pessoa selecionada não é um lojista' }]);
    const l = await criar();
    const depoisDeCriar = [await countRows(t.app, 'loja'), await countRows(t.app, 'loja_itens'), await countRows(t.app, 'logs')];
    expect(await erros({ id: l.id, lojistaId: lojista.id, dataEmissao: '2026-11-19', itens: [] }, 'loja', 'PUT')).toEqual([
      { field: 'itens', message: 'É obrigatório adicionar ao menos um produto.' },
    ]);
    expect(await erros({ lojistaId: produtor.id, dataEmissao: '2026-11-19' }, `loja/${l.id}`, 'PUT')).toEqual([
      { field: 'lojistaId', message: 'A pessoa selecionada não é um lojista' },
    ]);
    expect([await countRows(t.app, 'loja'), await countRows(t.app, 'loja_itens'), await countRows(t.app, 'logs')]).toEqual(depoisDeCriar);
    expect(depoisDeCriar).toEqual([antes[0] + 1, antes[1] + 2, antes[2] + 3]);
    expect((await req(t.userAdmin, 'PUT', 'loja/99999', { lojistaId: lojista.id, dataEmissao: '2026-11-19' })).status).toBe(404);
  });

  it('PUT lojaitens/updateQtde changes one quantity at once (audited); 400 and 404 in pt-BR', async () => {
    const l = await criar();
    const [a, b] = l.itens;
    const r = await req(t.userAdmin, 'PUT', 'lojaitens/updateQtde', { id: a.id, quantidade: 10000 });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ id: a.id, lojaId: l.id, quantidade: 10000, produtoNome: 'Tomate', municipioNome: 'Imperatriz' });
    expect((await req(t.userAdmin, 'GET', `loja/${l.id}`)).body.itens.map((i: { quantidade: number }) => i.quantidade)).toEqual([10000, b.quantidade]);
    expect(await logs('LojaItens', a.id)).toEqual(['INSERT', 'UPDATE']);

    const logsAntes = await countRows(t.app, 'logs');
    for (const [quantidade, message] of [
      [0, 'A quantidade deve ser maior que 0'],
      [10000.5, 'A quantidade deve ser no máximo 10.000'],
      [1.234, 'Use no máximo 2 casas decimais'],
      [null, 'A quantidade é obrigatório'],
    ] as const) {
      const e = await req(t.userAdmin, 'PUT', 'lojaitens/updateQtde', { id: a.id, quantidade });
      expect(e.status).toBe(400);
      expect(e.body.fieldErrors).toEqual([{ field: 'quantidade', message }]);
    }
    const nf = await req(t.userAdmin, 'PUT', 'lojaitens/updateQtde', { id: 999999, quantidade: 5 });
    expect(nf.status).toBe(404);
    expect(nf.body.message).toBe('Item da loja não encontrado');
    expect(await countRows(t.app, 'logs')).toBe(logsAntes);
    expect((await req(t.userAdmin, 'GET', `loja/${l.id}`)).body.itens[0].quantidade).toBe(10000);
  });

  it('DELETE lojaitens/{id} removes an item but never the last one, also when two removals race', async () => {
    const l = await criar();
    const [a, b] = l.itens;
    expect((await req(t.userAdmin, 'DELETE', `lojaitens/${a.id}`)).status).toBe(204);
    expect(await logs('LojaItens', a.id)).toEqual(['INSERT', 'DELETE']);
    const ultimo = await req(t.userAdmin, 'DELETE', `lojaitens/${b.id}`);
    expect(ultimo.status).toBe(409);
    expect(ultimo.body.message).toBe(ULTIMO_ITEM);
    expect((await req(t.userAdmin, 'GET', `loja/${l.id}`)).body.itens.map((i: { id: number }) => i.id)).toEqual([b.id]);
    expect((await req(t.userAdmin, 'DELETE', `lojaitens/${a.id}`)).status).toBe(404);
    expect((await req(t.userAdmin, 'DELETE', 'lojaitens/abc')).status).toBe(400);

    // Two removals of a shop's two items at the same moment: one wins, the other is refused and the shop keeps one item.
    const m = await criar();
    const [r1, r2] = await Promise.all(m.itens.map((i) => req(t.userAdmin, 'DELETE', `lojaitens/${i.id}`)));
    expect([r1.status, r2.status].sort()).toEqual([204, 409]);
    expect((await req(t.userAdmin, 'GET', `loja/${m.id}`)).body.itens).toHaveLength(1);
  });

  it('answers 401 without a token and 403 to the profiles without the permission, changing nothing', async () => {
    const l = await criar();
    const antes = [await countRows(t.app, 'loja'), await countRows(t.app, 'loja_itens'), await countRows(t.app, 'logs')];
    for (const token of [t.agro, t.semPerfil]) {
      expect((await req(token, 'GET', 'loja?page=0')).status).toBe(403);
      expect((await req(token, 'POST', 'loja/searchLoja/asc/id', {})).status).toBe(403);
      expect((await req(token, 'GET', `loja/${l.id}`)).status).toBe(403);
      expect((await req(token, 'POST', 'loja', base())).status).toBe(403);
      expect((await req(token, 'PUT', 'loja', { id: l.id, lojistaId: outroLojista.id, dataEmissao: '2026-11-19' })).status).toBe(403);
      expect((await req(token, 'PUT', 'lojaitens/updateQtde', { id: l.itens[0].id, quantidade: 1 })).status).toBe(403);
      expect((await req(token, 'DELETE', `lojaitens/${l.itens[0].id}`)).status).toBe(403);
      expect((await req(token, 'DELETE', `loja/${l.id}`)).status).toBe(403);
    }
    expect((await call(t.app, null, { method: 'GET', url: '/api/loja' })).status).toBe(401);
    expect([await countRows(t.app, 'loja'), await countRows(t.app, 'loja_itens'), await countRows(t.app, 'logs')]).toEqual(antes);
    expect((await req(t.userAdmin, 'GET', `loja/${l.id}`)).body.itens.map((i: { quantidade: number }) => i.quantidade)).toEqual([120.5, 30]);
  });
});

import { beforeAll, describe, expect, it } from 'vitest';
import { MSG_VERSAO_DESATUALIZADA } from '@ceasa/shared';
import { inserirRomaneio, inserirRomaneioItem } from './fabricas';
import { appDeTeste, call, countRows } from './helpers';

/**
 * Stale saves are refused (decision 0085): every editable record answers its
 * `versao`; a PUT that sends another one is a 409 that writes nothing; a PUT without it is accepted.
 */
const t = appDeTeste({ tokens: ['admin'] });

const req = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
  call(t.app, t.admin, { method, url: `/api/${url}`, ...(payload !== undefined && { payload: payload as object }) });
const criar = async (url: string, payload: unknown) => {
  const r = await req('POST', url, payload);
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body as { id: number; versao: number } & Record<string, unknown>;
};

let mun: { id: number };
let grupo: { id: number };
let tomate: { id: number };
let alface: { id: number };
let produtor: { id: number };
let tecnico: { id: number };
let lojista: { id: number };
let sitio: { id: number };

beforeAll(async () => {
  mun = await criar('municipio', { nome: 'Imperatriz', sigla: 'MA' });
  grupo = await criar('produtoGrupo', { nome: 'Hortaliças', unPadrao: 'kg' });
  tomate = await criar('produto', { nome: 'Tomate', embalagem: 'CX 20kg', pesoEmKg: 20, produtoGrupoId: grupo.id, status: 'ATIVO' });
  alface = await criar('produto', { nome: 'Alface', embalagem: 'Engradado', pesoEmKg: 5, produtoGrupoId: grupo.id, status: 'ATIVO' });
  produtor = await criar('pessoa', { nome: 'João Lavrador', cpfcnpj: '111.222.333-96', tipoId: 1 });
  tecnico = await criar('pessoa', { nome: 'Eng. Carla Ribeiro', cpfcnpj: '999.888.777-14', tipoId: 2 });
  lojista = await criar('pessoa', { nome: 'Loja do Zé', cpfcnpj: '11122233477', tipoId: 3 });
  sitio = await criar('propriedade', {
    nome: 'Sítio Boa Esperança',
    municipioId: mun.id,
    areaTotal: 10,
    areaExplorada: 8,
    areaCultivada: 5,
    tipoPosse: 'PRÓPRIO',
    proprietarioId: produtor.id,
  });
});

const boletimItem = (o: Record<string, unknown> = {}) => ({
  produtoId: tomate.id,
  areaProducao: 1.5,
  producaoEstimada: 12000,
  producaoEmbalada: 11000.25,
  inicioColheita: '2026-05-01',
  fimColheita: '2026-07-31',
  ...o,
});
const boletim = (o: Record<string, unknown> = {}) => ({
  dataVisita: '2026-04-20',
  dataEmissao: '2026-04-22',
  produtorId: produtor.id,
  propriedadeId: sitio.id,
  tecnicoId: tecnico.id,
  itens: [boletimItem()],
  ...o,
});

describe('versao: stale saves are refused', () => {
  it('every editable record answers its versao, 1 when created', async () => {
    const registros: [string, number][] = [
      ['municipio', mun.id],
      ['produtoGrupo', grupo.id],
      ['produto', tomate.id],
      ['pessoa', produtor.id],
      ['propriedade', sitio.id],
      ['rotas', (await criar('rotas', { nome: 'versao-rota' })).id],
      ['pedras', (await criar('pedras', { numero: '901' })).id],
      ['precos', (await criar('precos', { produtoId: tomate.id, data: '2026-04-20', valor: 12.5 })).id],
      ['grupoPermissoes', (await criar('grupoPermissoes', { nome: 'Conferentes', permissoes: [] })).id],
      ['boletim', (await criar('boletim', boletim())).id],
      [
        'loja',
        (await criar('loja', { lojistaId: lojista.id, dataEmissao: '2026-11-19', itens: [{ produtoId: tomate.id, municipioId: mun.id, quantidade: 10 }] })).id,
      ],
    ];
    for (const [url, id] of registros) {
      const r = await req('GET', `${url}/${id}`);
      expect(r.status, url).toBe(200);
      expect(r.body.versao, url).toBe(1);
    }
  });

  it('a flat record: the right versao saves and goes up by one, a stale one is a 409 that writes nothing, none is accepted', async () => {
    const m = await criar('municipio', { nome: 'Açailândia', sigla: 'MA' });
    expect(m.versao).toBe(1);

    const ok = await req('PUT', `municipio/${m.id}`, { nome: 'Açailândia do Norte', sigla: 'MA', versao: 1 });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ nome: 'Açailândia do Norte', versao: 2 });

    const logs = await countRows(t.app, 'logs');
    for (const url of [`municipio/${m.id}`, 'municipio']) {
      const velho = await req('PUT', url, { id: m.id, nome: 'Outro nome', sigla: 'PA', versao: 1 });
      expect(velho.status).toBe(409);
      expect(velho.body.message).toBe(MSG_VERSAO_DESATUALIZADA);
    }
    expect(await countRows(t.app, 'logs')).toBe(logs);
    expect((await req('GET', `municipio/${m.id}`)).body).toMatchObject({ nome: 'Açailândia do Norte', sigla: 'MA', versao: 2 });

    const semVersao = await req('PUT', `municipio/${m.id}`, { nome: 'Açailândia', sigla: 'MA' });
    expect(semVersao.status).toBe(200);
    expect(semVersao.body.versao).toBe(3);
  });

  it('the same for a resource on the generic repository and one with its own reader (id in the body too)', async () => {
    const g = await criar('produtoGrupo', { nome: 'Frutas', unPadrao: 'kg' });
    expect((await req('PUT', 'produtoGrupo', { id: g.id, nome: 'Frutas tropicais', unPadrao: 'kg', versao: 1 })).body.versao).toBe(2);
    expect((await req('PUT', `produtoGrupo/${g.id}`, { nome: 'Frutas', unPadrao: 'cx', versao: 1 })).status).toBe(409);
    expect((await req('GET', `produtoGrupo/${g.id}`)).body).toMatchObject({ nome: 'Frutas tropicais', unPadrao: 'kg', versao: 2 });

    const p = await criar('pessoa', { nome: 'Maria Feirante', cpfcnpj: '222.333.444-05', tipoId: 1 });
    const dados = { nome: 'Maria Feirante', cpfcnpj: '222.333.444-05', tipoId: 1 };
    expect((await req('PUT', `pessoa/${p.id}`, { ...dados, celular: '99 99999-0000', versao: 1 })).body.versao).toBe(2);
    const velho = await req('PUT', `pessoa/${p.id}`, { ...dados, nome: 'Maria', versao: 1 });
    expect(velho.status).toBe(409);
    expect(velho.body.message).toBe(MSG_VERSAO_DESATUALIZADA);
    expect((await req('GET', `pessoa/${p.id}`)).body.nome).toBe('Maria Feirante');
  });

  it("a parent's versao covers its rows: a save that only changes an item raises it, and a stale parent save is refused", async () => {
    const b = await criar('boletim', boletim({ itens: [boletimItem(), boletimItem({ produtoId: alface.id })] }));
    expect(b.versao).toBe(1);
    const itens = b.itens as { id: number }[];
    // Only an item changes: the bulletin's own columns are the same.
    const so = await req(
      'PUT',
      `boletim/${b.id}`,
      boletim({
        versao: 1,
        itens: [
          { ...boletimItem(), id: itens[0].id, producaoEstimada: 9000 },
          { ...boletimItem({ produtoId: alface.id }), id: itens[1].id },
        ],
      }),
    );
    expect(so.status, JSON.stringify(so.body)).toBe(200);
    expect(so.body.versao).toBe(2);

    const antes = await req('GET', `boletim/${b.id}`);
    const logs = await countRows(t.app, 'logs');
    const itensAntes = await countRows(t.app, 'boletim_itens');
    const velho = await req('PUT', `boletim/${b.id}`, boletim({ versao: 1, itens: [{ ...boletimItem(), id: itens[0].id, producaoEstimada: 1 }] }));
    expect(velho.status).toBe(409);
    expect(velho.body.message).toBe(MSG_VERSAO_DESATUALIZADA);
    expect(await countRows(t.app, 'logs')).toBe(logs);
    expect(await countRows(t.app, 'boletim_itens')).toBe(itensAntes);
    expect((await req('GET', `boletim/${b.id}`)).body).toEqual(antes.body);
  });

  it("a quantity-only save of a shop item raises the shop's versao", async () => {
    const l = await criar('loja', { lojistaId: lojista.id, dataEmissao: '2026-11-20', itens: [{ produtoId: tomate.id, municipioId: mun.id, quantidade: 10 }] });
    const itemId = (l.itens as { id: number }[])[0].id;
    expect((await req('PUT', 'lojaitens/updateQtde', { id: itemId, quantidade: 15 })).status).toBe(200);
    expect((await req('GET', `loja/${l.id}`)).body.versao).toBe(2);
    const velho = await req('PUT', `loja/${l.id}`, { lojistaId: lojista.id, dataEmissao: '2026-11-21', versao: 1 });
    expect(velho.status).toBe(409);
    expect((await req('GET', `loja/${l.id}`)).body.dataEmissao).toBe('2026-11-20');
  });

  it("a quantity-only save of a romaneio item raises the romaneio's versao; its stale save is refused, changing nothing", async () => {
    const b = await criar('boletim', boletim());
    const bi = (b.itens as { id: number }[])[0].id;
    const rid = await inserirRomaneio(t.app, produtor.id, '2026-05-04', 77001);
    const item = await inserirRomaneioItem(t.app, rid, tomate.id, 10, bi);
    expect((await req('GET', `romaneio/${rid}`)).body.versao).toBe(1);
    expect((await req('PUT', 'romaneioitens/updateQtde', { id: item, quantidade: 12 })).status).toBe(200);
    expect((await req('GET', `romaneio/${rid}`)).body.versao).toBe(2);

    const logs = await countRows(t.app, 'logs');
    const corpo = {
      dataEmissao: '2026-05-04',
      divida: 77001,
      pessoaId: produtor.id,
      pedras: [],
      itens: [{ id: item, produtoId: tomate.id, boletimItensId: bi, quantidade: 30 }],
    };
    const velho = await req('PUT', `romaneio/${rid}`, { ...corpo, versao: 1 });
    expect(velho.status).toBe(409);
    expect(velho.body.message).toBe(MSG_VERSAO_DESATUALIZADA);
    expect(await countRows(t.app, 'logs')).toBe(logs);
    expect((await req('GET', `romaneio/${rid}`)).body).toMatchObject({ versao: 2, itens: [{ id: item, quantidade: 12 }] });
  });

  it('two saves at the same moment with the same versao: exactly one 200 and one 409', async () => {
    const m = await criar('municipio', { nome: 'Balsas', sigla: 'MA' });
    const r = await Promise.all([
      req('PUT', `municipio/${m.id}`, { nome: 'Balsas A', sigla: 'MA', versao: 1 }),
      req('PUT', `municipio/${m.id}`, { nome: 'Balsas B', sigla: 'MA', versao: 1 }),
    ]);
    expect(r.map((x) => x.status).sort()).toEqual([200, 409]);
    const vencedor = r.find((x) => x.status === 200)!.body;
    expect((await req('GET', `municipio/${m.id}`)).body).toMatchObject({ nome: vencedor.nome, versao: 2 });

    const b = await criar('boletim', boletim());
    const item = (b.itens as { id: number }[])[0].id;
    const s = await Promise.all(
      [7000, 8000].map((producaoEstimada) => req('PUT', `boletim/${b.id}`, boletim({ versao: 1, itens: [{ ...boletimItem(), id: item, producaoEstimada }] }))),
    );
    expect(s.map((x) => x.status).sort()).toEqual([200, 409]);
    expect((await req('GET', `boletim/${b.id}`)).body.versao).toBe(2);
  });
});

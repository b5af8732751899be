import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { build, call, countRows, tokensPorPapel } from '../../../test/helpers';
import { inserirRomaneio, inserirRomaneioItem } from '../../../test/fabricas';

let app: FastifyInstance;
let admin: string;
let agro: string;
let userAdmin: string;
let semPerfil: string;
let produtor: { id: number };
let outroProdutor: { id: number };
let tecnico: { id: number };
let sitio: { id: number };
let fazenda: { id: number };
let tomate: { id: number };
let acucar: { id: number };
let mun: { id: number };

const post = (token: string, url: string, payload: unknown) => call(app, token, { method: 'POST', url: `/api/${url}`, payload: payload as object });

beforeAll(async () => {
  app = await build();
  ({ admin, agro, userAdmin, semPerfil } = await tokensPorPapel(app));
  produtor = (await post(admin, 'pessoa', { nome: 'João Lavrador', cpfcnpj: '111.222.333-96', tipoId: 1 })).body;
  outroProdutor = (await post(admin, 'pessoa', { nome: 'Ana Colheita', cpfcnpj: '555.666.777-20', tipoId: 1 })).body;
  tecnico = (await post(admin, 'pessoa', { nome: 'Eng. Carla Ribeiro', cpfcnpj: '999.888.777-14', tipoId: 2 })).body;
  mun = (await post(admin, 'municipio', { nome: 'Imperatriz', sigla: 'MA' })).body;
  const prop = (nome: string, dono: number) => ({
    nome,
    municipioId: mun.id,
    areaTotal: 10,
    areaExplorada: 8,
    areaCultivada: 5,
    tipoPosse: 'PRÓPRIO',
    proprietarioId: dono,
  });
  sitio = (await post(admin, 'propriedade', prop('Sítio Boa Esperança', produtor.id))).body;
  fazenda = (await post(admin, 'propriedade', prop('Fazenda Açude', outroProdutor.id))).body;
  const grupo = (await post(admin, 'produtoGrupo', { nome: 'Hortaliças', unPadrao: 'kg' })).body;
  tomate = (await post(admin, 'produto', { nome: 'Tomate', embalagem: 'CX 20kg', pesoEmKg: 20, produtoGrupoId: grupo.id, status: 'ATIVO' })).body;
  acucar = (await post(admin, 'produto', { nome: 'Açúcar mascavo', embalagem: 'SC 50kg', pesoEmKg: 50, produtoGrupoId: grupo.id, status: 'ATIVO' })).body;
});
afterAll(() => app.close());

const item = (o: Record<string, unknown> = {}) => ({
  produtoId: tomate.id,
  areaProducao: 1.5,
  producaoEstimada: 12000,
  producaoEmbalada: 11000.25,
  inicioColheita: '2026-05-01',
  fimColheita: '2026-07-31',
  ...o,
});
const base = (o: Record<string, unknown> = {}) => ({
  dataVisita: '2026-04-20',
  dataEmissao: '2026-04-22',
  produtorId: produtor.id,
  propriedadeId: sitio.id,
  tecnicoId: tecnico.id,
  itens: [item()],
  ...o,
});

describe('boletim', () => {
  it('creates with its items in one POST, reads them with the derived values and edits keeping the item ids', async () => {
    const c = await post(
      agro,
      'boletim',
      base({
        itens: [
          item(),
          item({
            produtoId: acucar.id,
            areaProducao: 2,
            producaoEstimada: 5000,
            producaoEmbalada: 4800,
            inicioColheita: '2026-06-01',
            fimColheita: '2026-09-30',
          }),
        ],
      }),
    );
    expect(c.status).toBe(201);
    const b = c.body;
    expect(b).toMatchObject({
      dataVisita: '2026-04-20',
      dataEmissao: '2026-04-22',
      dataVigencia: '2026-09-30',
      produtorId: produtor.id,
      produtorNome: 'João Lavrador',
      propriedadeId: sitio.id,
      propriedadeNome: 'Sítio Boa Esperança',
      propriedadeMunicipioNome: 'Imperatriz',
      tecnicoId: tecnico.id,
      tecnicoNome: 'Eng. Carla Ribeiro',
    });
    expect(b.itens).toHaveLength(2);
    expect(b.itens[0]).toEqual({
      id: expect.any(Number),
      boletimId: b.id,
      produtoId: tomate.id,
      produtoNome: 'Tomate',
      produtoEmbalagem: 'CX 20kg',
      produtoPesoEmKg: 20,
      areaProducao: 1.5,
      producaoEstimada: 12000,
      producaoEmbalada: 11000.25,
      inicioColheita: '2026-05-01',
      fimColheita: '2026-07-31',
      producaoComercializada: 0,
      saldoQtde: 12000,
      temCaderno: false,
    });
    expect((await call(app, userAdmin, { method: 'GET', url: `/api/boletim/${b.id}` })).body).toEqual(b);
    const [tom, acu] = b.itens;

    // Edit: keep the tomato (changed), drop the sugar, add a new one; one PUT.
    const logsAntes = await countRows(app, 'logs');
    const u = await call(app, agro, {
      method: 'PUT',
      url: '/api/boletim',
      payload: base({
        id: b.id,
        dataEmissao: '2026-04-23',
        itens: [{ ...item(), id: tom.id, producaoEstimada: 15000, fimColheita: '2026-08-15' }, item({ produtoId: acucar.id, fimColheita: '2026-06-30' })],
      }),
    });
    expect(u.status).toBe(200);
    expect(u.body.dataEmissao).toBe('2026-04-23');
    expect(u.body.itens.map((i: { id: number }) => i.id)[0]).toBe(tom.id);
    expect(u.body.itens[1].id).not.toBe(acu.id);
    expect(u.body.itens[0]).toMatchObject({ producaoEstimada: 15000, saldoQtde: 15000, fimColheita: '2026-08-15' });
    // dataVigencia follows the items: now the tomato's end.
    expect(u.body.dataVigencia).toBe('2026-08-15');
    // One audit row per changed record: bulletin, kept item, removed item, new item.
    const novos = (await call(app, admin, { method: 'POST', url: '/api/logs/searchLogs/asc/id?size=50', payload: {} })).body.content.slice(
      -(await countRows(app, 'logs')) + logsAntes,
    );
    expect(novos.map((l: { cadastro: string; acao: string }) => `${l.cadastro} ${l.acao}`).sort()).toEqual([
      'Boletim UPDATE',
      'BoletimItens DELETE',
      'BoletimItens INSERT',
      'BoletimItens UPDATE',
    ]);

    // An unchanged PUT writes no item audit row.
    const l2 = await countRows(app, 'logs');
    const same = await call(app, agro, {
      method: 'PUT',
      url: `/api/boletim/${b.id}`,
      payload: {
        ...base({ dataEmissao: '2026-04-23' }),
        itens: u.body.itens.map(
          ({ id, produtoId, areaProducao, producaoEstimada, producaoEmbalada, inicioColheita, fimColheita }: Record<string, unknown>) => ({
            id,
            produtoId,
            areaProducao,
            producaoEstimada,
            producaoEmbalada,
            inicioColheita,
            fimColheita,
          }),
        ),
      },
    });
    expect(same.status).toBe(200);
    expect(await countRows(app, 'logs')).toBe(l2 + 1);
  });

  it('computes commercialised quantity and balance from romaneio items; refuses to delete a bulletin (or an item) linked to them', async () => {
    const b = (await post(agro, 'boletim', base({ itens: [item(), item({ produtoId: acucar.id, producaoEstimada: 300 })] }))).body;
    const r = await inserirRomaneio(app, produtor.id, '2026-05-04', 777001);
    // Romaneio quantities are packages, weighed in kg against the estimate: 75.5 + 24.5 boxes of 20 kg, 6 sacks of 50 kg.
    await inserirRomaneioItem(app, r, tomate.id, 50.5, b.itens[0].id);
    await inserirRomaneioItem(app, r, tomate.id, 24.5, b.itens[0].id);
    await inserirRomaneioItem(app, r, acucar.id, 6, b.itens[1].id);

    const s = await call(app, userAdmin, { method: 'GET', url: `/api/boletim/saldo/${b.id}` });
    expect(s.status).toBe(200);
    expect(s.body).toMatchObject({ id: b.id, propriedadeMunicipioNome: 'Imperatriz', propriedadeNome: 'Sítio Boa Esperança', produtorNome: 'João Lavrador' });
    expect(s.body.itens.map((i: Record<string, number>) => [i.producaoEstimada, i.producaoComercializada, i.saldoQtde])).toEqual([
      [12000, 1500, 10500],
      [300, 300, 0],
    ]);
    expect((await call(app, userAdmin, { method: 'GET', url: '/api/boletim/saldo/999999' })).status).toBe(404);
    expect((await call(app, userAdmin, { method: 'GET', url: `/api/boletimitens/${b.itens[0].id}` })).body).toMatchObject({
      id: b.itens[0].id,
      produtoId: tomate.id,
      saldoQtde: 10500,
    });

    const antes = { boletim: await countRows(app, 'boletim'), itens: await countRows(app, 'boletim_itens'), logs: await countRows(app, 'logs') };
    const d = await call(app, agro, { method: 'DELETE', url: `/api/boletim/${b.id}` });
    expect(d.status).toBe(409);
    expect(d.body.message).toBe('O boletim não pode ser removido porque seus itens já estão vinculados a romaneios.');
    // Removing a linked item from the bulletin is refused too.
    const u = await call(app, agro, { method: 'PUT', url: '/api/boletim', payload: base({ id: b.id, itens: [{ ...item(), id: b.itens[0].id }] }) });
    expect(u.status).toBe(409);
    expect(u.body.message).toBe(`Item (código ${b.itens[1].id}): já está vinculado a romaneios e não pode ser removido do boletim.`);
    expect({ boletim: await countRows(app, 'boletim'), itens: await countRows(app, 'boletim_itens'), logs: await countRows(app, 'logs') }).toEqual(antes);
    expect((await call(app, agro, { method: 'GET', url: `/api/boletim/${b.id}` })).body.itens).toHaveLength(2);
  });

  it('refuses to delete a bulletin while an item has a notebook; once it is removed, deletes the bulletin and its items, one audit row each', async () => {
    const b = (await post(agro, 'boletim', base())).body;
    const cad = await post(agro, 'caderno', {
      boletimItemId: b.itens[0].id,
      produtoAntigoId: acucar.id,
      dataPlantio: '2026-01-10',
      dataColheita: '2026-05-01',
      areaCultivo: 'Talhão 1',
      preparoSolo: { naoNecessarias: true },
      praticasConservacionistas: { naoNecessarias: true },
      sementesEMudas: { proprias: true },
      irrigacao: { naoNecessarias: true },
      adubacaoCorrecao: [{ naoNecessarias: true }],
      aplicacaoProdutosQuimicos: [{ naoNecessarias: true }],
    });
    expect(cad.status, JSON.stringify(cad.body)).toBe(201);
    expect((await call(app, agro, { method: 'GET', url: `/api/boletim/${b.id}` })).body.itens[0].temCaderno).toBe(true);
    // Decision 0078: the notebook is never removed under its bulletin; it goes first, on its own.
    const recusa = await call(app, agro, { method: 'DELETE', url: `/api/boletim/${b.id}` });
    expect(recusa.status).toBe(409);
    expect(recusa.body.message).toBe(
      'O boletim não pode ser removido porque o item "Tomate" tem caderno de campo: remova o caderno antes de remover o boletim.',
    );
    expect((await call(app, agro, { method: 'GET', url: `/api/caderno/${cad.body.id}` })).status).toBe(200);
    expect((await call(app, agro, { method: 'DELETE', url: `/api/caderno/${cad.body.id}` })).status).toBe(204);
    const d = await call(app, agro, { method: 'DELETE', url: `/api/boletim/${b.id}` });
    expect(d.status).toBe(204);
    expect((await call(app, agro, { method: 'GET', url: `/api/boletim/${b.id}` })).status).toBe(404);
    expect((await call(app, agro, { method: 'GET', url: `/api/caderno/${cad.body.id}` })).status).toBe(404);
    const logs = (await call(app, admin, { method: 'POST', url: '/api/logs/searchLogs/desc/id', payload: { acao: 'DELETE' } })).body.content.slice(0, 5);
    expect(logs.map((l: { cadastro: string }) => l.cadastro).sort()).toEqual([
      'AdubacaoCorrecao',
      'AplicacaoProdutosQuimicos',
      'Boletim',
      'BoletimItens',
      'Caderno',
    ]);
    expect((await call(app, agro, { method: 'DELETE', url: `/api/boletim/${b.id}` })).status).toBe(404);
  });

  it('searches with the filter body of docs/produto/dados.md and falls back to GET boletim', async () => {
    const a = (await post(agro, 'boletim', base({ dataEmissao: '2025-01-15', itens: [item({ fimColheita: '2025-12-31', inicioColheita: '2025-02-01' })] })))
      .body;
    const bb = (
      await post(
        agro,
        'boletim',
        base({
          dataEmissao: '2025-01-16',
          produtorId: outroProdutor.id,
          propriedadeId: fazenda.id,
          itens: [item({ produtoId: acucar.id, inicioColheita: '2025-03-01', fimColheita: '2025-11-30' })],
        }),
      )
    ).body;
    const vazio = (await post(agro, 'boletim', base({ dataEmissao: '2025-01-17', itens: [] }))).body;
    expect(vazio.dataVigencia).toBeNull();
    const busca = async (filtro: unknown, ordem = 'asc/id') => {
      const r = await post(userAdmin, `boletim/searchBoletim/${ordem}?page=0`, filtro);
      expect(r.status).toBe(200);
      return r.body.content.map((x: { id: number }) => x.id).filter((id: number) => [a.id, bb.id, vazio.id].includes(id));
    };
    expect(await busca({ produtor: outroProdutor.id })).toEqual([bb.id]);
    expect(await busca({ produtor: { id: outroProdutor.id, nome: 'Ana Colheita' } })).toEqual([bb.id]);
    expect(await busca({ produtor: 'colheita' })).toEqual([bb.id]);
    expect(await busca({ propriedade: fazenda.id })).toEqual([bb.id]);
    expect(await busca({ propriedade: 'acude' })).toEqual([bb.id]);
    expect(await busca({ tecnico: tecnico.id, dataEmissao: '2025-01-15' })).toEqual([a.id]);
    expect(await busca({ tecnico: 'carla', dataEmissao: '2025-01-16T03:00:00.000Z' })).toEqual([bb.id]);
    expect(await busca({ produtoNome: 'acucar' })).toEqual([bb.id]);
    expect(await busca({ dataVigencia: '2025-12-31' })).toEqual([a.id]);
    expect(await busca({ dataVigencia: '31/12/2025' })).toEqual([a.id]);
    expect(await busca({ id: String(vazio.id), produtor: null, propriedade: '', tecnico: null })).toEqual([vazio.id]);
    expect(await busca({}, 'desc/dataEmissao')).toEqual([vazio.id, bb.id, a.id]);
    expect(await busca({}, 'asc/produtor')).toEqual([bb.id, a.id, vazio.id]);
    expect(await busca({}, 'asc/dataVigencia')).toEqual([bb.id, a.id, vazio.id]);
    const g = await call(app, userAdmin, { method: 'GET', url: '/api/boletim?sort=id,desc&page=0' });
    expect(g.status).toBe(200);
    expect(g.body).toMatchObject({ number: 0, size: 20 });
    expect(g.body.content[0].id).toBe(vazio.id);
    expect(g.body.content[0]).not.toHaveProperty('itens');
  });

  it('refuses bad input with the spec messages and changes nothing', async () => {
    const antes = { b: await countRows(app, 'boletim'), i: await countRows(app, 'boletim_itens'), l: await countRows(app, 'logs') };
    const erros = async (payload: unknown, status = 400) => {
      const r = await post(agro, 'boletim', payload);
      expect(r.status).toBe(status);
      return r.body.fieldErrors;
    };
    expect(await erros({})).toEqual(
      expect.arrayContaining([
        { field: 'dataVisita', message: 'A Data da visita é obrigatória' },
        { field: 'dataEmissao', message: 'A data emissão é obrigatória' },
        { field: 'produtorId', message: 'O produtor é obrigatório' },
        { field: 'propriedadeId', message: 'A propriedade é obrigatório' },
        { field: 'tecnicoId', message: 'O técnico é obrigatório' },
      ]),
    );
    expect(await erros(base({ itens: [item(), item({ inicioColheita: null })] }))).toEqual([
      { field: 'itens[1].inicioColheita', message: 'A data inicio colheita é obrigatória' },
    ]);
    expect(await erros(base({ itens: [item({ fimColheita: '' })] }))).toEqual([
      { field: 'itens[0].fimColheita', message: 'A data fim colheita é obrigatória' },
    ]);
    expect(await erros(base({ itens: [item({ produtoId: 999999 })] }))).toEqual([{ field: 'itens[0].produtoId', message: 'O produto deve estar na lista' }]);
    expect(await erros(base({ propriedadeId: fazenda.id }))).toEqual([{ field: 'propriedadeId', message: 'A propriedade deve ser do produtor selecionado' }]);
    expect(await erros(base({ tecnicoId: 999999 }))).toEqual([{ field: 'tecnicoId', message: 'O técnico deve estar na lista' }]);
    expect(await erros(base({ itens: [item({ areaProducao: 1_000_000 })] }))).toEqual([
      { field: 'itens[0].areaProducao', message: 'A área de produção deve ser no máximo 999.999 ha' },
    ]);
    // The year ranges of docs/produto/validacao.md (the pickers'), typed past them.
    const ano = new Date().getFullYear();
    expect(await erros(base({ dataVisita: '1999-12-31', dataEmissao: `${ano + 3}-01-01` }))).toEqual([
      { field: 'dataVisita', message: `A data da visita deve estar entre os anos 2000 e ${ano + 2}.` },
      { field: 'dataEmissao', message: `A data de emissão deve estar entre os anos 2000 e ${ano + 2}.` },
    ]);
    expect(await erros(base({ itens: [item({ inicioColheita: '2009-12-31' }), item({ fimColheita: `${ano + 6}-01-01` })] }))).toEqual([
      { field: 'itens[0].inicioColheita', message: `A data de início da colheita deve estar entre os anos 2010 e ${ano + 3}.` },
      { field: 'itens[1].fimColheita', message: `A data de fim da colheita deve estar entre os anos 2010 e ${ano + 5}.` },
    ]);
    expect(await countRows(app, 'boletim')).toBe(antes.b);
    expect(await countRows(app, 'boletim_itens')).toBe(antes.i);
    expect(await countRows(app, 'logs')).toBe(antes.l);

    // An item id of another bulletin is refused and nothing moves.
    const x = (await post(agro, 'boletim', base())).body;
    const y = (await post(agro, 'boletim', base())).body;
    const l2 = await countRows(app, 'logs');
    const r = await call(app, agro, { method: 'PUT', url: '/api/boletim', payload: base({ id: x.id, itens: [{ ...item(), id: y.itens[0].id }] }) });
    expect(r.status).toBe(400);
    expect(r.body.fieldErrors).toEqual([{ field: 'itens[0].id', message: 'Item 1 não pertence a este registro.' }]);
    expect((await call(app, agro, { method: 'GET', url: `/api/boletim/${y.id}` })).body).toEqual(y);
    expect((await call(app, agro, { method: 'GET', url: `/api/boletim/${x.id}` })).body).toEqual(x);
    expect(await countRows(app, 'logs')).toBe(l2);
    expect((await call(app, agro, { method: 'PUT', url: '/api/boletim', payload: base({ id: 999999 }) })).status).toBe(404);
  });

  it('enforces permissions on the server: user-admin only views, no profile nothing', async () => {
    const b = (await post(agro, 'boletim', base())).body;
    const antes = await countRows(app, 'boletim');
    const c = await post(userAdmin, 'boletim', base());
    expect(c.status).toBe(403);
    expect(c.body.message).toBe('Você não tem permissão para cadastrar em boletim.');
    expect((await call(app, userAdmin, { method: 'PUT', url: '/api/boletim', payload: base({ id: b.id }) })).status).toBe(403);
    expect((await call(app, userAdmin, { method: 'DELETE', url: `/api/boletim/${b.id}` })).status).toBe(403);
    expect((await call(app, userAdmin, { method: 'GET', url: `/api/boletim/${b.id}` })).status).toBe(200);
    for (const url of ['/api/boletim', `/api/boletim/${b.id}`, `/api/boletim/saldo/${b.id}`, `/api/boletimitens/${b.itens[0].id}`]) {
      expect((await call(app, semPerfil, { method: 'GET', url })).status).toBe(403);
      expect((await call(app, null, { method: 'GET', url })).status).toBe(401);
    }
    expect((await post(semPerfil, 'boletim/searchBoletim/asc/id', {})).status).toBe(403);
    expect((await post(admin, 'boletim', base())).status).toBe(201);
    expect(await countRows(app, 'boletim')).toBe(antes + 1);
  });
});

import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { appDeTeste, call, countRows, portaLivre } from '../../../test/helpers';
import { inserirGrupo, inserirLoja, inserirLojaItem, inserirMunicipio, inserirPessoa, inserirProduto } from '../../../test/fabricas';

/**
 * Drafts and 'Publicar cotação' (COTACAO_PUBLICACAO=manual, decision 0135) and the
 * confirmations of a price save (decision 0136), on PGlite and on PostgreSQL (DATABASE_URL).
 */
const t = appDeTeste({ config: { cotacaoPublicacao: 'manual' } });
const DIA = '2026-11-27';

/** Every public answer that shows a price, for one group and day. */
async function publico(grupo: number) {
  const semFiltro = await call(t.app, null, { method: 'POST', url: '/api/precos/searchPrecosHome/precoData/desc?page=0&size=20', payload: {} });
  const filtrada = await call(t.app, null, {
    method: 'POST',
    url: '/api/precos/searchPrecosHome/precoData/desc?page=0&size=20',
    payload: { produtoGrupoId: grupo, precoData: DIA },
  });
  const historico = await call(t.app, null, { method: 'GET', url: `/api/precos/historico/${grupo}` });
  const cotacao = await call(t.app, null, { method: 'GET', url: `/api/publico/cotacao?data=${DIA}` });
  const movimento = await call(t.app, null, { method: 'GET', url: '/api/publico/movimento?mes=2026-11' });
  for (const r of [semFiltro, filtrada, historico, cotacao, movimento]) expect(r.status).toBe(200);
  const doGrupo = (linhas: { produtoGrupoId?: number; precoData?: string }[]) => linhas.filter((l) => l.produtoGrupoId === grupo && l.precoData === DIA);
  return {
    semFiltro: doGrupo(semFiltro.body.content),
    filtrada: filtrada.body.content as { valorMinimo: number; valorMaximo: number }[],
    historico: (historico.body as { data: string }[]).filter((h) => h.data === DIA),
    cotacao: doGrupo(cotacao.body),
    movimento: (movimento.body as { produtoGrupoId?: number; produtoGrupoNome: string; valorMinimo: number | null }[]).filter(
      (m) => m.produtoGrupoNome === 'Tomate Publicação',
    ),
  };
}

describe('COTACAO_PUBLICACAO=manual', () => {
  it('keeps the day’s prices off every public answer until published, with an audit row, and a correction is a draft again', async () => {
    const grupo = await inserirGrupo(t.app, 'Tomate Publicação', 'CX 20kg');
    const tomate = await inserirProduto(t.app, grupo, 'Tomate Extra', { peso: 20 });
    // An arrival in the month: the open movement lists the product, with its group's published prices beside it.
    const municipio = await inserirMunicipio(t.app, 'Imperatriz', 'MA');
    const loja = await inserirLoja(t.app, await inserirPessoa(t.app, 'Lojista Publicação'), DIA);
    await inserirLojaItem(t.app, loja, tomate, 10, municipio);
    // The kept answers are kept before the write (the write must drop them).
    await publico(grupo);

    const c = await call(t.app, t.userAdmin, { method: 'POST', url: '/api/precos', payload: { produtoId: tomate, data: DIA, valor: '60,00' } });
    expect(c.status).toBe(201);
    let p = await publico(grupo);
    expect(p.semFiltro).toEqual([]);
    expect(p.filtrada).toEqual([]);
    expect(p.historico).toEqual([]);
    expect(p.cotacao).toEqual([]);
    expect(p.movimento).toEqual([expect.objectContaining({ valorMinimo: null })]);
    // The staff see it, as a draft.
    expect((await call(t.app, t.userAdmin, { method: 'GET', url: `/api/precos/${c.body.id}` })).body.valor).toBe(60);
    const dia = await call(t.app, t.userAdmin, { method: 'GET', url: `/api/precos/dia?data=${DIA}` });
    expect(dia.status).toBe(200);
    expect(dia.body.manual).toBe(true);
    expect(dia.body.produtos.find((x: { produtoId: number }) => x.produtoId === tomate)).toMatchObject({
      produtoNome: 'Tomate Extra',
      ultimoValor: null,
      precos: [{ id: c.body.id, valor: 60, publicado: false }],
    });

    // Publishing is a permission of its own: user-agro may see the grid, not publish.
    expect((await call(t.app, t.agro, { method: 'GET', url: `/api/precos/dia?data=${DIA}` })).status).toBe(200);
    const negado = await call(t.app, t.agro, { method: 'POST', url: '/api/precos/publicar', payload: { data: DIA } });
    expect(negado.status).toBe(403);
    expect(negado.body.message).toBe('Você não tem permissão para cadastrar em precosDia.');
    expect((await call(t.app, t.userAdmin, { method: 'POST', url: '/api/precos/publicar', payload: { data: '27/11/2026' } })).status).toBe(400);

    const pub = await call(t.app, t.userAdmin, { method: 'POST', url: '/api/precos/publicar', payload: { data: DIA } });
    expect(pub.status).toBe(200);
    expect(pub.body).toEqual({ data: DIA, publicados: 1, manual: true });
    p = await publico(grupo);
    expect(p.semFiltro).toEqual([expect.objectContaining({ valorMinimo: 60, valorMaximo: 60 })]);
    expect(p.filtrada).toEqual([expect.objectContaining({ valorMinimo: 60, valorMaximo: 60 })]);
    expect(p.historico).toEqual([expect.objectContaining({ valorMedio: 60 })]);
    expect(p.cotacao).toEqual([expect.objectContaining({ valorMinimo: 60, valorKgMinimo: 3 })]);
    expect(p.movimento).toEqual([expect.objectContaining({ valorMinimo: 60, valorMaximo: 60 })]);
    const logs = await call(t.app, t.admin, {
      method: 'POST',
      url: '/api/logs/searchLogs/desc/id',
      payload: { cadastro: 'PublicacaoCotacao', cadastroId: DIA },
    });
    expect(logs.body.content).toHaveLength(1);
    expect(logs.body.content[0]).toMatchObject({
      acao: 'UPDATE',
      usuario: expect.stringMatching(/^user-admin-.*@teste\.local$/),
      conteudo: `PublicacaoCotacao(data=${DIA}, publicados=1, precos=[${c.body.id}])`,
    });

    // A correction after publishing is a draft until the next publication: the public keeps nothing unpublished.
    const u = await call(t.app, t.userAdmin, {
      method: 'PUT',
      url: `/api/precos/${c.body.id}`,
      payload: { produtoId: tomate, data: DIA, valor: 70, versao: c.body.versao },
    });
    expect(u.status).toBe(200);
    p = await publico(grupo);
    expect(p.semFiltro).toEqual([]);
    expect(p.cotacao).toEqual([]);
    const estado = (await call(t.app, t.userAdmin, { method: 'GET', url: `/api/precos/dia?data=${DIA}` })).body.produtos.find(
      (x: { produtoId: number }) => x.produtoId === tomate,
    );
    expect(estado.precos).toEqual([{ id: c.body.id, versao: u.body.versao, valor: 70, publicado: false }]);
    expect((await call(t.app, t.admin, { method: 'POST', url: '/api/precos/publicar', payload: { data: DIA } })).body.publicados).toBe(1);
    p = await publico(grupo);
    expect(p.semFiltro).toEqual([expect.objectContaining({ valorMinimo: 70 })]);
    expect(p.cotacao).toEqual([expect.objectContaining({ valorMaximo: 70 })]);
    // Publishing a day without drafts changes nothing, and says so.
    expect((await call(t.app, t.admin, { method: 'POST', url: '/api/precos/publicar', payload: { data: DIA } })).body).toEqual({
      data: DIA,
      publicados: 0,
      manual: true,
    });
    // The back-office list counts drafts and published prices alike.
    const lista = await call(t.app, t.admin, { method: 'GET', url: '/api/precos?size=1' });
    expect(lista.body.totalElements).toBe(await countRows(t.app, 'precos'));
  });
});

describe('the kept quotation sent by the HTTP server itself (plugins/atalho-publico.ts)', () => {
  it('never sends a draft, and sends the price once published', async () => {
    const porta = await portaLivre();
    await t.app.listen({ port: porta, host: '127.0.0.1' });
    const dia = '2026-12-30';
    const grupo = await inserirGrupo(t.app, 'Tomate Atalho', 'CX');
    const tomate = await inserirProduto(t.app, grupo, 'Tomate Atalho', { peso: 20 });
    const cotacao = async () => {
      const r = await fetch(`http://127.0.0.1:${porta}/api/precos/searchPrecosHome/precoData/desc?page=0&size=20`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
      return ((await r.json()) as { content: { produtoGrupoId: number; precoData: string; valorMinimo: number }[] }).content.filter(
        (l) => l.produtoGrupoId === grupo && l.precoData === dia,
      );
    };
    const peloAtalho = async () => {
      const antes = t.app.atalhoPublico.atendidas;
      const linhas = await cotacao();
      expect(t.app.atalhoPublico.atendidas - antes).toBe(1);
      return linhas;
    };
    await cotacao();
    expect(await peloAtalho()).toEqual([]);
    const c = await call(t.app, t.userAdmin, { method: 'POST', url: '/api/precos', payload: { produtoId: tomate, data: dia, valor: 60 } });
    expect(c.status).toBe(201);
    expect(await cotacao()).toEqual([]);
    expect(await peloAtalho()).toEqual([]);
    expect((await call(t.app, t.userAdmin, { method: 'POST', url: '/api/precos/publicar', payload: { data: dia } })).body.publicados).toBe(1);
    // The kept page was dropped by the publication: the next answer is Fastify's, then kept again.
    expect(await cotacao()).toEqual([expect.objectContaining({ valorMinimo: 60 })]);
    expect(await peloAtalho()).toEqual([expect.objectContaining({ valorMinimo: 60 })]);
  });
});

describe('confirmations of a price save', () => {
  it('asks (409 naming the existing or last value, with what to confirm) and saves with confirmar: true', async () => {
    const grupo = await inserirGrupo(t.app, 'Tomate Confirmação', 'CX');
    const tomate = await inserirProduto(t.app, grupo, 'Tomate Especial Confirmação', { peso: 20 });
    // The web app asks to be asked (`confirmar: false`); `confirmar: true` in a payload below overrides it.
    const salvar = (payload: object, metodo: 'POST' | 'PUT' = 'POST') =>
      call(t.app, t.userAdmin, { method: metodo, url: '/api/precos', payload: { confirmar: false, ...payload } });
    // A first price in a normal range: saved without a word.
    const primeiro = await salvar({ produtoId: tomate, data: DIA, valor: 60 });
    expect(primeiro.status).toBe(201);

    const segundo = await salvar({ produtoId: tomate, data: DIA, valor: 62 });
    expect(segundo.status).toBe(409);
    expect(segundo.body).toEqual({
      status: 409,
      error: 'Conflict',
      message: 'Já existe preço de Tomate Especial Confirmação em 27/11/2026: R$ 60,00. Registrar outro?',
      confirmar: ['precoNoDia'],
    });
    const confirmado = await salvar({ produtoId: tomate, data: DIA, valor: 62, confirmar: true });
    expect(confirmado.status).toBe(201);
    // The existing value named is the day's last one.
    expect((await salvar({ produtoId: tomate, data: DIA, valor: 61 })).body.message).toBe(
      'Já existe preço de Tomate Especial Confirmação em 27/11/2026: R$ 62,00. Registrar outro?',
    );

    // Far from the last price (the day before's last one): below half, above double.
    const baixo = await salvar({ produtoId: tomate, data: '2026-11-30', valor: 3 });
    expect(baixo.status).toBe(409);
    expect(baixo.body).toMatchObject({
      message: 'Último preço de Tomate Especial Confirmação, em 27/11/2026: R$ 62,00. Registrar R$ 3,00, menos da metade?',
      confirmar: ['valorForaDaFaixa'],
    });
    const alto = await salvar({ produtoId: tomate, data: '2026-11-30', valor: '1.055,00' });
    expect(alto.body).toMatchObject({
      message: 'Último preço de Tomate Especial Confirmação, em 27/11/2026: R$ 62,00. Registrar R$ 1.055,00, mais do dobro?',
      confirmar: ['valorForaDaFaixa'],
    });
    // Half and double are still in range.
    const metade = await salvar({ produtoId: tomate, data: '2026-11-30', valor: 31 });
    expect(metade.status).toBe(201);
    // Both at once: one 409 naming both, one flag saves.
    const ambos = await salvar({ produtoId: tomate, data: '2026-11-30', valor: 200 });
    expect(ambos.body.confirmar).toEqual(['precoNoDia', 'valorForaDaFaixa']);
    expect(ambos.body.message).toBe(
      'Já existe preço de Tomate Especial Confirmação em 30/11/2026: R$ 31,00. Registrar outro? ' +
        'Último preço de Tomate Especial Confirmação, em 27/11/2026: R$ 62,00. Registrar R$ 200,00, mais do dobro?',
    );
    const n = await t.app.ctx.db.execute(sql`SELECT count(*)::int AS n FROM precos WHERE produto_id = ${tomate}`);
    expect((n.rows[0] as { n: number }).n).toBe(3);
    // A client of the contract that never heard of confirmations (no `confirmar`) saves as before.
    const semCampo = await call(t.app, t.userAdmin, { method: 'POST', url: '/api/precos', payload: { produtoId: tomate, data: '2026-11-30', valor: 500 } });
    expect(semCampo.status).toBe(201);
    const n2 = await t.app.ctx.db.execute(sql`SELECT count(*)::int AS n FROM precos WHERE produto_id = ${tomate}`);
    expect((n2.rows[0] as { n: number }).n).toBe(4);

    // An edit asks too when its value leaves the range; an edit that keeps product, day and value does not ask.
    const editado = await salvar({ id: metade.body.id, produtoId: tomate, data: '2026-11-30', valor: 10 }, 'PUT');
    expect(editado.status).toBe(409);
    expect(editado.body.confirmar).toEqual(['valorForaDaFaixa']);
    expect((await salvar({ id: metade.body.id, produtoId: tomate, data: '2026-11-30', valor: 10, confirmar: true }, 'PUT')).status).toBe(200);
    expect((await salvar({ id: metade.body.id, produtoId: tomate, data: '2026-11-30', valor: 10 }, 'PUT')).status).toBe(200);
  });
});

describe('COTACAO_PUBLICACAO unset (automatic, docs/produto/validacao.md)', () => {
  const a = appDeTeste({ tokens: ['userAdmin'] });
  it('makes a saved price public at once; publicar just answers OK', async () => {
    const grupo = await inserirGrupo(a.app, 'Tomate Automático', 'CX');
    const tomate = await inserirProduto(a.app, grupo, 'Tomate Automático', { peso: 20 });
    const c = await call(a.app, a.userAdmin, { method: 'POST', url: '/api/precos', payload: { produtoId: tomate, data: DIA, valor: 60 } });
    expect(c.status).toBe(201);
    const cotacao = await call(a.app, null, { method: 'GET', url: `/api/publico/cotacao?data=${DIA}` });
    expect(cotacao.body).toEqual([expect.objectContaining({ produtoGrupoId: grupo, valorMinimo: 60 })]);
    // The grid: every active product (its status in any case), in name order; not the inactive ones.
    const abacate = await inserirProduto(a.app, grupo, 'Abacate Manteiga', { status: 'Ativo' });
    await inserirProduto(a.app, grupo, 'Tomate Inativo', { status: 'INATIVO' });
    const dia = await call(a.app, a.userAdmin, { method: 'GET', url: `/api/precos/dia?data=${DIA}` });
    expect(dia.body).toMatchObject({
      manual: false,
      produtos: [
        { produtoId: abacate, precos: [] },
        { produtoId: tomate, precos: [{ id: c.body.id, publicado: true }] },
      ],
    });
    const pub = await call(a.app, a.userAdmin, { method: 'POST', url: '/api/precos/publicar', payload: { data: DIA } });
    expect(pub.status).toBe(200);
    expect(pub.body).toEqual({ data: DIA, publicados: 0, manual: false });
  });
});

import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { completarDocumento, formatCpfCnpj } from '@ceasa/shared';
import { boletim } from '../src/db/schema';
import { repositorioPadrao } from '../src/lib/crud';
import { HttpError, pgErro } from '../src/lib/errors';
import { colecaoItens } from '../src/modules/boletim/boletim.repository';
import { registerErrorHandler } from '../src/plugins/errors';
import { appDeTeste, call } from './helpers';

/**
 * Nothing is lost without a trace (decision 0078): a bulletin item with a field
 * notebook is not removed (409, nothing changes), a bulletin is not deleted while one of its items has
 * a notebook, the database itself keeps the notebook from a cascade, and every other delete through
 * the API writes one audit row per child row it removes.
 */
const t = appDeTeste();

const req = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  call(t.app, token, { method, url: `/api/${url}`, ...(payload === undefined ? {} : { payload: payload as object }) });

/** A bulletin of two items (Alface, Tomate) and a notebook on the Alface item with one row of each list. */
async function boletimComCaderno() {
  const admin = t.admin;
  const uid = Math.random().toString(36).slice(2, 8);
  const digitos = () => formatCpfCnpj(completarDocumento(Array.from({ length: 9 }, () => Math.floor(Math.random() * 10)).join('')));
  const produtor = (await req(admin, 'POST', 'pessoa', { nome: `Produtor ${uid}`, cpfcnpj: digitos(), tipoId: 1 })).body;
  const tecnico = (await req(admin, 'POST', 'pessoa', { nome: `Técnico ${uid}`, cpfcnpj: digitos(), tipoId: 2 })).body;
  const mun = (await req(admin, 'POST', 'municipio', { nome: `Cidade ${uid}`, sigla: 'MA' })).body;
  const sitio = (
    await req(admin, 'POST', 'propriedade', {
      nome: `Sítio ${uid}`,
      municipioId: mun.id,
      areaTotal: 10,
      areaExplorada: 8,
      areaCultivada: 5,
      tipoPosse: 'PRÓPRIO',
      proprietarioId: produtor.id,
    })
  ).body;
  const grupo = (await req(admin, 'POST', 'produtoGrupo', { nome: `Folhas ${uid}`, unPadrao: 'kg' })).body;
  const produto = async (nome: string) =>
    (await req(admin, 'POST', 'produto', { nome, embalagem: `CX ${uid}`, pesoEmKg: 10, produtoGrupoId: grupo.id, status: 'ATIVO' })).body;
  const alface = await produto('Alface');
  const tomate = await produto('Tomate');
  const item = (produtoId: number, id?: number) => ({
    ...(id ? { id } : {}),
    produtoId,
    areaProducao: 1,
    producaoEstimada: 1000,
    producaoEmbalada: 900,
    inicioColheita: '2026-05-01',
    fimColheita: '2026-07-31',
  });
  const corpo = (itens: unknown[], id?: number) => ({
    ...(id ? { id } : {}),
    dataVisita: '2026-04-20',
    dataEmissao: '2026-04-22',
    produtorId: produtor.id,
    propriedadeId: sitio.id,
    tecnicoId: tecnico.id,
    itens,
  });
  const b = await req(t.agro, 'POST', 'boletim', corpo([item(alface.id), item(tomate.id)]));
  expect(b.status, JSON.stringify(b.body)).toBe(201);
  const [iAlface, iTomate] = b.body.itens as { id: number }[];
  const cad = await req(t.agro, 'POST', 'caderno', {
    boletimItemId: iAlface.id,
    produtoAntigoId: tomate.id,
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
  return {
    id: b.body.id as number,
    iAlface: iAlface.id,
    iTomate: iTomate.id,
    caderno: cad.body as { id: number; adubacaoCorrecao: { id: number }[]; aplicacaoProdutosQuimicos: { id: number }[] },
    /** PUT boletim with these items (ids kept). */
    put: (itens: { produto: 'alface' | 'tomate'; id?: number }[]) =>
      req(
        t.agro,
        'PUT',
        'boletim',
        corpo(
          itens.map((i) => item(i.produto === 'alface' ? alface.id : tomate.id, i.id)),
          b.body.id,
        ),
      ),
  };
}

/** Everything a refusal must leave as it was: the bulletin's items, the notebooks and their rows, the audit log. */
async function estado(boletimId: number) {
  const db = t.app.ctx.db;
  const linhas = async (q: ReturnType<typeof sql>) => JSON.stringify((await db.execute(q)).rows);
  return {
    boletim: await linhas(sql`SELECT * FROM boletim WHERE id = ${boletimId}`),
    itens: await linhas(sql`SELECT * FROM boletim_itens WHERE boletim_id = ${boletimId} ORDER BY id`),
    cadernos: await linhas(sql`SELECT * FROM caderno ORDER BY id`),
    adubacao: await linhas(sql`SELECT * FROM adubacao_correcao ORDER BY id`),
    quimicos: await linhas(sql`SELECT * FROM aplicacao_produtos_quimicos ORDER BY id`),
    logs: await linhas(sql`SELECT count(*)::int AS n, max(id)::text AS ultimo FROM logs`),
  };
}

/** The audit rows written after log id `desde`, as 'Cadastro id ACAO'. */
async function auditoria(desde: number) {
  const r = await t.app.ctx.db.execute(sql`SELECT cadastro, cadastro_id, acao FROM logs WHERE id > ${desde} ORDER BY id`);
  return (r.rows as { cadastro: string; cadastro_id: string; acao: string }[]).map((l) => `${l.cadastro} ${l.cadastro_id} ${l.acao}`).sort();
}
async function ultimoLog() {
  const r = await t.app.ctx.db.execute(sql`SELECT coalesce(max(id), 0)::int AS n FROM logs`);
  return Number((r.rows[0] as { n: number }).n);
}

describe('a bulletin item with a field notebook', () => {
  it('is not removed by PUT boletim: 409 naming it, and the item, notebook, rows and audit log stay as they were', async () => {
    const b = await boletimComCaderno();
    const antes = await estado(b.id);
    const sem = await b.put([{ produto: 'tomate', id: b.iTomate }]);
    expect(sem.status).toBe(409);
    expect(sem.body.message).toBe('O item "Alface" tem caderno de campo: remova o caderno antes de remover o item.');
    expect(await estado(b.id)).toEqual(antes);

    // Also when other changes come with it (a new item, an edited one): all or nothing.
    const junto = await b.put([{ produto: 'tomate', id: b.iTomate }, { produto: 'tomate' }]);
    expect(junto.status).toBe(409);
    expect(await estado(b.id)).toEqual(antes);
    expect((await req(t.agro, 'GET', `caderno/${b.caderno.id}`)).status).toBe(200);
  });

  it('is removed once its notebook is: the notebook and each of its rows get their audit row, then the item its own', async () => {
    const b = await boletimComCaderno();
    let desde = await ultimoLog();
    expect((await req(t.agro, 'DELETE', `caderno/${b.caderno.id}`)).status).toBe(204);
    expect(await auditoria(desde)).toEqual(
      [
        `AdubacaoCorrecao ${b.caderno.adubacaoCorrecao[0].id} DELETE`,
        `AplicacaoProdutosQuimicos ${b.caderno.aplicacaoProdutosQuimicos[0].id} DELETE`,
        `Caderno ${b.caderno.id} DELETE`,
      ].sort(),
    );
    desde = await ultimoLog();
    const u = await b.put([{ produto: 'tomate', id: b.iTomate }]);
    expect(u.status, JSON.stringify(u.body)).toBe(200);
    expect(u.body.itens.map((i: { id: number }) => i.id)).toEqual([b.iTomate]);
    expect(await auditoria(desde)).toEqual([`Boletim ${b.id} UPDATE`, `BoletimItens ${b.iAlface} DELETE`].sort());
  });

  it('is kept by the database too: deleting it (or its bulletin) directly fails on the foreign key, the notebook stays', async () => {
    const b = await boletimComCaderno();
    const antes = await estado(b.id);
    const falha = async (q: ReturnType<typeof sql>) => {
      const err = await t.app.ctx.db.execute(q).then(
        () => null,
        (e: unknown) => e,
      );
      return pgErro(err);
    };
    const doItem = await falha(sql`DELETE FROM boletim_itens WHERE id = ${b.iAlface}`);
    expect(doItem?.code).toBe('23503');
    expect(doItem?.table).toBe('caderno');
    expect((await falha(sql`DELETE FROM boletim WHERE id = ${b.id}`))?.code).toBe('23503');
    expect(await estado(b.id)).toEqual(antes);
  });

  it("answers the database's refusal as a pt-BR 409 when the check is passed by (a notebook written meanwhile)", async () => {
    const b = await boletimComCaderno();
    const antes = await estado(b.id);
    // The shared save without the collection's own check: what a race past it meets.
    const { crud: semChecagem } = repositorioPadrao(t.app.ctx.db, {
      table: boletim,
      cadastro: 'Boletim',
      naoEncontrado: 'Boletim não encontrado',
      colecoes: [{ ...colecaoItens, podeRemover: undefined }],
    });
    const err = await semChecagem.salvar('teste@teste.local', { id: b.id, preparar: () => ({ itens: [{ id: b.iTomate }] }) }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(HttpError);
    expect(err).toMatchObject({ status: 409, message: `Item (código ${b.iAlface}): tem caderno de campo: remova o caderno antes de remover o item.` });
    expect(await estado(b.id)).toEqual(antes);

    // Any other path: the error handler names the constraint's refusal.
    const app = Fastify();
    registerErrorHandler(app);
    app.delete('/item/:id', async (r) => {
      await t.app.ctx.db.execute(sql`DELETE FROM boletim_itens WHERE id = ${Number((r.params as { id: string }).id)}`);
    });
    const res = await app.inject({ method: 'DELETE', url: `/item/${b.iAlface}` });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('O item do boletim tem caderno de campo: remova o caderno antes de remover o item.');
    await app.close();
    expect(await estado(b.id)).toEqual(antes);
  });
});

describe('deleting a bulletin', () => {
  it('is refused (409) while an item has a notebook and changes nothing; without notebooks every removed row is audited', async () => {
    const b = await boletimComCaderno();
    const antes = await estado(b.id);
    const d = await req(t.agro, 'DELETE', `boletim/${b.id}`);
    expect(d.status).toBe(409);
    expect(d.body.message).toBe('O boletim não pode ser removido porque o item "Alface" tem caderno de campo: remova o caderno antes de remover o boletim.');
    expect(await estado(b.id)).toEqual(antes);

    expect((await req(t.agro, 'DELETE', `caderno/${b.caderno.id}`)).status).toBe(204);
    const desde = await ultimoLog();
    expect((await req(t.agro, 'DELETE', `boletim/${b.id}`)).status).toBe(204);
    expect(await auditoria(desde)).toEqual([`Boletim ${b.id} DELETE`, `BoletimItens ${b.iAlface} DELETE`, `BoletimItens ${b.iTomate} DELETE`].sort());
    expect((await req(t.agro, 'GET', `boletim/${b.id}`)).status).toBe(404);
  });
});

describe('the other cascades write one audit row per removed child row', () => {
  it('deleting a route removes its permission rows (one per group), each audited', async () => {
    const rota = (await req(t.admin, 'POST', 'rotas', { nome: 'cascata-teste' })).body;
    const g1 = await req(t.admin, 'POST', 'grupoPermissoes', { nome: 'Cascata A', permissoes: [{ rotaId: rota.id, visualizar: true }] });
    const g2 = await req(t.admin, 'POST', 'grupoPermissoes', { nome: 'Cascata B', permissoes: [{ rotaId: rota.id, visualizar: true, criar: true }] });
    expect([g1.status, g2.status]).toEqual([201, 201]);
    const ids = [g1.body.permissoes[0].id, g2.body.permissoes[0].id];
    const desde = await ultimoLog();
    expect((await req(t.admin, 'DELETE', `rotas/${rota.id}`)).status).toBe(204);
    expect(await auditoria(desde)).toEqual([`Permissoes ${ids[0]} DELETE`, `Permissoes ${ids[1]} DELETE`, `Rotas ${rota.id} DELETE`].sort());
    expect((await req(t.admin, 'GET', `grupoPermissoes/${g1.body.id}`)).body.permissoes).toEqual([]);
  });

  it('deleting a permission group removes its permission rows, each audited', async () => {
    const rotas = (await req(t.admin, 'GET', 'rotas?page=0&size=2&sort=id,asc')).body.content as { id: number }[];
    const g = await req(t.admin, 'POST', 'grupoPermissoes', { nome: 'Cascata C', permissoes: rotas.map((r) => ({ rotaId: r.id, visualizar: true })) });
    expect(g.status).toBe(201);
    const desde = await ultimoLog();
    expect((await req(t.admin, 'DELETE', `grupoPermissoes/${g.body.id}`)).status).toBe(204);
    expect(await auditoria(desde)).toEqual(
      [...g.body.permissoes.map((p: { id: number }) => `Permissoes ${p.id} DELETE`), `GrupoPermissoes ${g.body.id} DELETE`].sort(),
    );
  });
});

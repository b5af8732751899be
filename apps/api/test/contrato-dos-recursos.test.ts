import { getTableName } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MSG_VERSAO_DESATUALIZADA, RECURSOS, type RecursoDeclarado } from '@ceasa/shared';
import { tabelaDoRecurso } from '../src/lib/recurso-da-tabela';
import { appDeTeste, call, countRows } from './helpers';

/**
 * The CRUD contract every simple resource keeps, generated from the declarations (RECURSOS): the list, a
 * create (201, audited), a read, an update with `versao` (200, versao + 1), a stale `versao` (409), the
 * declared 404 text, the shared schema's pt-BR 400 messages, the declared 409 of each unique index, and the
 * delete (204, or 405 where the resource has none), nothing changed after each refusal. A flat resource
 * (`api.plano`) must have its example here; the resource-specific cases stay in each module's own test.
 */
const sufixo = `${process.pid}${Math.floor(Math.random() * 1e6)}`;
const ano = 2100 + Math.floor(Math.random() * 99);

interface Exemplo {
  novo: Record<string, unknown>;
  alterado: Record<string, unknown>;
  /** 405 where the API refuses a delete in words (the spec has none). */
  remocao?: 204 | 405;
}
const EXEMPLOS: Record<string, (n: number) => Exemplo> = {
  feriado: (n) => ({
    novo: { data: `${ano}-0${n + 1}-1${n}`, nome: `Feriado ${sufixo}`, tipo: 'extra' },
    alterado: { data: `${ano}-0${n + 1}-1${n}`, nome: `Feriado alterado ${sufixo}`, tipo: 'extra' },
  }),
  municipio: (n) => ({ novo: { nome: `Município ${sufixo}-${n}`, sigla: 'MG' }, alterado: { nome: `Município ${sufixo}-${n}`, sigla: 'SP' }, remocao: 405 }),
  produtoGrupo: (n) => ({ novo: { nome: `Grupo ${sufixo}-${n}`, unPadrao: 'CX' }, alterado: { nome: `Grupo ${sufixo}-${n}`, unPadrao: 'SC' } }),
};

const t = appDeTeste();
const recursos = RECURSOS.filter((r) => r.rota in EXEMPLOS);

it('every flat resource has its example in the contract test', () => {
  expect(RECURSOS.filter((r) => r.api?.plano && !(r.rota in EXEMPLOS)).map((r) => r.rota)).toEqual([]);
});

describe.each(recursos.map((r) => [r.rota, r] as [string, RecursoDeclarado]))('contrato de %s', (rota, recurso) => {
  const api = recurso.api!;
  const url = `/api/${api.base}`;
  const tabela = getTableName(tabelaDoRecurso(recurso));
  const cadastro = rota.charAt(0).toUpperCase() + rota.slice(1);
  const nadaMudou = async <T>(faz: () => Promise<T>) => {
    const antes = [await countRows(t.app, tabela), await countRows(t.app, 'logs')];
    const r = await faz();
    expect([await countRows(t.app, tabela), await countRows(t.app, 'logs')]).toEqual(antes);
    return r;
  };

  it('lists, creates, reads, updates with versao, refuses a stale versao, deletes; audited', async () => {
    const ex = EXEMPLOS[rota](1);
    const lista = await call(t.app, t.admin, { method: 'GET', url: `${url}?page=0&size=5` });
    expect(lista.status).toBe(200);
    expect(lista.body).toMatchObject({ number: 0, size: 5, content: expect.any(Array) });

    const c = await call(t.app, t.admin, { method: 'POST', url, payload: ex.novo });
    expect(c.status).toBe(201);
    expect(api.registro.safeParse(c.body).success).toBe(true);
    expect(c.body).toMatchObject({ ...ex.novo, versao: 1 });
    const id = c.body.id;
    expect((await call(t.app, t.admin, { method: 'GET', url: `${url}/${id}` })).body).toEqual(c.body);

    const u = await call(t.app, t.admin, { method: 'PUT', url: `${url}/${id}`, payload: { ...ex.alterado, versao: 1 } });
    expect(u.status).toBe(200);
    expect(u.body).toMatchObject({ ...ex.alterado, id, versao: 2 });

    const velho = await nadaMudou(() => call(t.app, t.admin, { method: 'PUT', url: `${url}/${id}`, payload: { ...ex.novo, versao: 1 } }));
    expect(velho.status).toBe(409);
    expect(velho.body.message).toBe(MSG_VERSAO_DESATUALIZADA);
    expect((await call(t.app, t.admin, { method: 'GET', url: `${url}/${id}` })).body).toEqual(u.body);

    const acoes = ['INSERT', 'UPDATE'];
    if (ex.remocao === 405) {
      const d = await nadaMudou(() => call(t.app, t.admin, { method: 'DELETE', url: `${url}/${id}` }));
      expect(d.status).toBe(405);
      expect(d.body.message).toMatch(/não podem ser removid/);
    } else {
      const d = await call(t.app, t.admin, { method: 'DELETE', url: `${url}/${id}` });
      expect(d.status).toBe(204);
      const g = await call(t.app, t.admin, { method: 'GET', url: `${url}/${id}` });
      expect(g.status).toBe(404);
      acoes.push('DELETE');
    }
    const logs = await call(t.app, t.admin, { method: 'POST', url: '/api/logs/searchLogs/asc/id', payload: { cadastro, cadastroId: String(id) } });
    expect(logs.body.content.map((x: { acao: string }) => x.acao)).toEqual(acoes);
  });

  it('answers the declared 404, the schema’s pt-BR 400 and each unique index’s 409, changing nothing', async () => {
    for (const pedido of [
      { method: 'GET' as const, url: `${url}/999999999` },
      { method: 'PUT' as const, url: `${url}/999999999`, payload: EXEMPLOS[rota](2).novo },
    ]) {
      const r = await nadaMudou(() => call(t.app, t.admin, pedido));
      expect(r.status).toBe(404);
      expect(r.body.message).toBe(recurso.rotulos.naoEncontrado);
    }

    const esperado = api.entrada!.safeParse({});
    expect(esperado.success).toBe(false);
    const vazio = await nadaMudou(() => call(t.app, t.admin, { method: 'POST', url, payload: {} }));
    expect(vazio.status).toBe(400);
    const mensagens = (m: { message: string }[]) => m.map((x) => x.message).sort();
    expect(mensagens(vazio.body.fieldErrors)).toEqual(mensagens(esperado.error!.issues));

    if (api.unicos) {
      const ex = EXEMPLOS[rota](3);
      const c = await call(t.app, t.admin, { method: 'POST', url, payload: ex.novo });
      expect(c.status).toBe(201);
      for (const unico of Object.values(api.unicos)) {
        const r = await nadaMudou(() => call(t.app, t.admin, { method: 'POST', url, payload: ex.novo }));
        expect(r.status).toBe(409);
        expect(r.body.message).toBe(unico.mensagem);
      }
    }
  });

  it('asks for a token', async () => {
    expect((await call(t.app, null, { method: 'GET', url })).status).toBe(401);
    expect((await nadaMudou(() => call(t.app, null, { method: 'POST', url, payload: EXEMPLOS[rota](4).novo }))).status).toBe(401);
  });
});

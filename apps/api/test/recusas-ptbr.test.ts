import { beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { sql } from 'drizzle-orm';
import { registerErrorHandler } from '../src/plugins/errors';
import { cpfValido } from './fabricas';
import { appDeTeste, call, countRows, soDoProdutor, tokenDoProdutor } from './helpers';

/**
 * Every refusal in pt-BR, never a 500, for every route of the app's own route
 * table: a body of the wrong type, a body with a NUL in every string, a missing body, and NUL in
 * search terms and path parameters.
 */

const t = appDeTeste({ tokens: ['admin'] });
/** A producer's portal token, for the routes only producers call (the portal's). */
let produtor: string;
beforeAll(async () => {
  // A person no body of the walk names (its ids are 1 and 999999): a body that names 1 must still find no one.
  await t.app.ctx.db.execute(sql`INSERT INTO pessoa (id, nome, cpfcnpj, tipo_id) VALUES (424242, 'Produtor das Recusas', ${cpfValido(424242)}, 1)`);
  produtor = await tokenDoProdutor(t.app, 424242);
});
/** Who calls a route of the table: a producer the portal's own, the super-admin the others. */
const quem = (r: { acesso: Parameters<typeof soDoProdutor>[0] }) => (soDoProdutor(r.acesso) ? produtor : t.admin);

/** zod's English, in any message of the answer. */
const INGLES = /\b(Invalid|expected|Required|received|Too (big|small)|Unrecognized|must|should|is not)\b/;

const url = (u: string) =>
  u
    .replace(/:id\b/g, u.startsWith('/api/usuarios') ? '00000000-0000-4000-8000-000000000000' : '999999')
    .replace(/:dir\b/, 'asc')
    .replace(/:field\b/, 'id')
    .replace(/:[a-zA-Z]+/g, '999999');

type Def = { type: string; innerType?: Zod; in?: Zod; shape?: Record<string, Zod>; options?: Zod[]; element?: Zod };
type Zod = { _zod: { def: Def } };

/** The schema under optional/nullable/default/pipe wrappers. */
function nucleo(s: Zod): Zod {
  let z = s;
  for (let i = 0; i < 10; i++) {
    const d = z._zod.def;
    if (d.innerType) z = d.innerType;
    else if (d.type === 'pipe' && d.in) z = d.in;
    else break;
  }
  return z;
}

/** A value of another type than the schema wants. */
function tipoErrado(s: Zod): unknown {
  const t = nucleo(s)._zod.def.type;
  if (t === 'string' || t === 'enum' || t === 'literal') return 12345;
  if (t === 'number' || t === 'int' || t === 'bigint') return 'doze';
  if (t === 'boolean') return 'talvez';
  if (t === 'array') return 'lista';
  if (t === 'object' || t === 'record') return 42;
  return { inesperado: true };
}

/** A body whose every field has the wrong type (or, for bodies that are not objects, a wrong body). */
function corpoErrado(schema: Zod): unknown {
  const n = nucleo(schema);
  const shape = n._zod.def.shape;
  if (n._zod.def.type !== 'object' || !shape) return { x: 1 };
  return Object.fromEntries(Object.keys(shape).map((k) => [k, tipoErrado(shape[k])]));
}

/** A body with a NUL in every string (strings where the schema wants them, the rest left plausible). */
function corpoComNulo(schema: Zod): unknown {
  const n = nucleo(schema);
  const shape = n._zod.def.shape;
  const nulo = 'Açúcar\u0000João';
  if (n._zod.def.type !== 'object' || !shape) return { texto: nulo };
  return Object.fromEntries(
    Object.keys(shape).map((k) => {
      const t = nucleo(shape[k])._zod.def.type;
      return [k, t === 'number' || t === 'int' ? 1 : t === 'boolean' ? true : t === 'array' ? [nulo] : nulo];
    }),
  );
}

function checar(falhas: string[], rotulo: string, r: { status: number; body: { message?: unknown; fieldErrors?: { message: string }[] } }) {
  if (r.status >= 500) falhas.push(`${rotulo}: ${r.status} ${JSON.stringify(r.body)}`);
  else if (r.status < 400) falhas.push(`${rotulo}: aceito (${r.status})`);
  else if (typeof r.body?.message !== 'string' || !r.body.message) falhas.push(`${rotulo}: ${r.status} sem mensagem`);
  else {
    const textos = [r.body.message, ...(r.body.fieldErrors ?? []).map((f) => f.message)];
    for (const t of textos) if (INGLES.test(t)) falhas.push(`${rotulo}: ${r.status} em inglês: ${t}`);
  }
}

describe('every refusal in pt-BR, never a 500', () => {
  const comCorpo = () => t.app.rotasApi.filter((r) => (r.method === 'POST' || r.method === 'PUT') && r.corpo);

  it('covers the routes with a body', () => {
    expect(comCorpo().length).toBeGreaterThan(25);
  });

  it('a body of the wrong type, for every route with a body', async () => {
    const falhas: string[] = [];
    const antes = await countRows(t.app, 'logs');
    for (const r of comCorpo()) {
      const u = url(r.url);
      const res = await call(t.app, quem(r), { method: r.method as 'POST', url: u, payload: corpoErrado(r.corpo as Zod) as object });
      // A route whose body is all optional filters may accept it; a refusal must be pt-BR.
      if (res.status >= 400 || res.status >= 500) checar(falhas, `${r.method} ${u} tipo errado`, res);
      const lista = await call(t.app, quem(r), {
        method: r.method as 'POST',
        url: u,
        payload: JSON.stringify([1, 'dois']),
        headers: { 'content-type': 'application/json' },
      });
      checar(falhas, `${r.method} ${u} lista no lugar do objeto`, lista);
    }
    expect(falhas).toEqual([]);
    expect(await countRows(t.app, 'logs')).toBe(antes);
  });

  it('a body with a NUL in every string, for every route with a body', async () => {
    const falhas: string[] = [];
    const antes = await countRows(t.app, 'logs');
    for (const r of comCorpo()) {
      const u = url(r.url);
      const corpo = corpoComNulo(r.corpo as Zod);
      // A body of booleans only (the portal's e-mail preferences) has nowhere to carry a NUL: a valid body, answered as one.
      const valores = Object.values(corpo as object);
      if (valores.length && valores.every((v) => typeof v === 'boolean')) continue;
      const res = await call(t.app, quem(r), { method: r.method as 'POST', url: u, payload: corpo as object });
      checar(falhas, `${r.method} ${u} NUL`, res);
      // A body of numbers and booleans only (e.g. cotacao's) carries no NUL: its refusal is about something else.
      if (
        res.status === 400 &&
        JSON.stringify(corpo).includes('\\u0000') &&
        res.body.message !== 'O texto contém caracteres de controle não permitidos (como o caractere nulo)'
      )
        falhas.push(`${r.method} ${u} NUL: ${res.body.message}`);
    }
    expect(falhas).toEqual([]);
    expect(await countRows(t.app, 'logs')).toBe(antes);
  });

  it('a missing body where one is required says so in pt-BR', async () => {
    const r = await call(t.app, t.admin, { method: 'POST', url: '/api/municipio' });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('Envie os dados no corpo da requisição.');
    const campos = await call(t.app, t.admin, { method: 'POST', url: '/api/municipio', payload: { nome: 'Açúcar', sigla: 'PR', extra: 1, ativo: 'sim' } });
    expect([201, 400]).toContain(campos.status);
    const tipo = await call(t.app, t.admin, {
      method: 'PUT',
      url: '/api/usuarios/00000000-0000-4000-8000-000000000000',
      payload: { ativo: 'sim', roles: ['chefe'] },
    });
    expect(tipo.status).toBe(400);
    expect(tipo.body.fieldErrors).toEqual([
      { field: 'ativo', message: 'Valor inválido: informe verdadeiro ou falso (foi enviado um texto)' },
      { field: 'roles[0]', message: 'Perfil inválido' },
    ]);
  });

  it('NUL in search terms, sort fields, query and path parameters: 400, never 500', async () => {
    const falhas: string[] = [];
    for (const r of t.app.rotasApi.filter((x) => x.method === 'GET')) {
      const u = url(r.url);
      const q = await call(t.app, quem(r), { method: 'GET', url: `${u}${u.includes('?') ? '&' : '?'}searchTerm=a%00b&sort=nome%00,asc&file=1%00.png` });
      if (q.status !== 400) falhas.push(`GET ${u} com NUL na query: ${q.status}`);
      checar(falhas, `GET ${u} NUL na query`, q);
    }
    for (const u of ['/api/municipio/1%00', '/api/usuarios/a%00b', '/api/romaneio/divida/1%00']) {
      const p = await call(t.app, t.admin, { method: 'GET', url: u });
      checar(falhas, `GET ${u}`, p);
    }
    const login = await call(t.app, null, {
      method: 'POST',
      url: '/realms/ceasa/protocol/openid-connect/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'grant_type=password&client_id=ceasa-web&username=t.admin%00@teste.local&password=x',
    });
    checar(falhas, 'token com NUL', login);
    expect(falhas).toEqual([]);
  });

  it('a malformed URL answers a pt-BR 400', async () => {
    const r = await call(t.app, t.admin, { method: 'GET', url: '/api/municipio/%E0%A4%A' });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('O endereço da requisição é inválido.');
  });

  it('maps a data exception of the database (22xxx, 22021 for NUL) to 400', async () => {
    const f = Fastify({ logger: false });
    registerErrorHandler(f);
    f.get('/nulo', async () => t.app.ctx.db.execute(sql`SELECT ${'a\u0000b'}::text AS x`));
    f.get('/numero', async () => t.app.ctx.db.execute(sql`SELECT ${'doze'}::int AS x`));
    f.get('/data', async () => t.app.ctx.db.execute(sql`SELECT ${'2024-02-31'}::date AS x`));
    f.get('/divisao', async () => t.app.ctx.db.execute(sql`SELECT 1 / ${0}::int AS x`));
    const nulo = await f.inject({ method: 'GET', url: '/nulo' });
    expect(nulo.statusCode).toBe(400);
    expect(nulo.json().message).toBe('O texto contém caracteres de controle não permitidos (como o caractere nulo)');
    for (const u of ['/numero', '/data', '/divisao']) {
      const r = await f.inject({ method: 'GET', url: u });
      expect(r.statusCode, u).toBe(400);
      expect(r.json().message).toBe('Um dos valores informados é inválido.');
    }
    await f.close();
  });
});

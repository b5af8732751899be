import { describe, expect, it } from 'vitest';
import { appDeTeste, call } from './helpers';

/**
 * The fields a list sorts by are a closed list (decision 0076). A name the list's
 * own map does not hold, an inherited one ('__proto__', 'constructor', 'toString'...) above all, is a
 * pt-BR 400 on every list route of the app's route table, never a 500, signed in or not (the public
 * quotation, whose path takes the field before the direction).
 */

const t = appDeTeste({ tokens: ['admin'] });

const ESTRANHOS = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf', '__defineGetter__', 'isPrototypeOf', 'nada', 'produtoNome.x'];

const recusa = (campo: string) => ({ status: 400, error: 'Bad Request', message: `Campo de ordenação inválido: ${campo}` });

/** The search routes, the sort in their path (`:dir/:field`, or `:field/:dir` for the public quotation). */
const buscas = () => t.app.rotasApi.filter((r) => /:dir\b/.test(r.url) && /:field\b/.test(r.url));

/** The GET routes with a `sort` query (the lists and the term searches), from the OpenAPI document. */
async function listasGet(): Promise<string[]> {
  const r = await t.app.inject({ method: 'GET', url: '/api/docs/json', headers: { authorization: `Bearer ${t.admin}` } });
  const paths = r.json().paths as Record<string, Record<string, { parameters?: { in: string; name: string }[] }>>;
  return Object.entries(paths)
    .filter(([, ops]) => ops.get?.parameters?.some((p) => p.in === 'query' && p.name === 'sort'))
    .map(([p]) => p);
}

describe('sort fields come from a closed list', () => {
  it('refuses an unknown or inherited field on every search route with a pt-BR 400', async () => {
    const rotas = buscas();
    // All the search routes (15 resources and the public quotation), found in the route table.
    expect(rotas.length).toBeGreaterThanOrEqual(16);
    expect(rotas.map((r) => r.url)).toContain('/api/precos/searchPrecosHome/:field/:dir');
    const falhas: string[] = [];
    for (const rota of rotas) {
      const publica = rota.acesso === 'publico';
      for (const campo of ESTRANHOS)
        for (const dir of ['asc', 'desc']) {
          const url = rota.url.replace(':dir', dir).replace(':field', encodeURIComponent(campo));
          const r = await call(t.app, publica ? null : t.admin, { method: 'POST', url, payload: {} });
          if (r.status !== 400 || JSON.stringify(r.body) !== JSON.stringify(recusa(campo))) falhas.push(`POST ${url} → ${r.status} ${JSON.stringify(r.body)}`);
        }
    }
    expect(falhas).toEqual([]);
  });

  it('refuses one on every GET list and term search (sort=field,dir) with a pt-BR 400', async () => {
    const rotas = await listasGet();
    expect(rotas).toEqual(expect.arrayContaining(['/api/pessoa', '/api/pedras/search', '/api/produtos-comercializados']));
    expect(rotas.length).toBeGreaterThanOrEqual(18);
    const falhas: string[] = [];
    for (const base of rotas)
      for (const campo of ESTRANHOS)
        for (const sort of [`${campo},asc`, campo]) {
          const url = `${base}?sort=${encodeURIComponent(sort)}${base.endsWith('/search') ? '&searchTerm=1' : ''}`;
          const r = await call(t.app, t.admin, { method: 'GET', url });
          if (r.status !== 400 || JSON.stringify(r.body) !== JSON.stringify(recusa(campo))) falhas.push(`GET ${url} → ${r.status} ${JSON.stringify(r.body)}`);
        }
    expect(falhas).toEqual([]);
  });

  it('refuses the public quotation without a token, and still sorts by its known fields and aliases', async () => {
    for (const campo of ['__proto__', 'constructor', 'toString', 'hasOwnProperty']) {
      const r = await call(t.app, null, { method: 'POST', url: `/api/precos/searchPrecosHome/${campo}/asc`, payload: {} });
      expect(r.body).toEqual(recusa(campo));
    }
    for (const campo of ['precoData', 'produtoGrupoNome', 'valorMedio', 'data', 'nome']) {
      const r = await call(t.app, null, { method: 'POST', url: `/api/precos/searchPrecosHome/${campo}/desc`, payload: {} });
      expect(r.status, campo).toBe(200);
    }
  });

  it('keeps a known field, an alias, no field and an unknown direction (ascending) working', async () => {
    for (const url of [
      '/api/pessoa/searchPessoa/asc/nome',
      '/api/pessoa/searchPessoa/desc/id',
      '/api/pessoa/searchPessoa/de-lado/nome',
      '/api/pessoa/searchPessoa/__proto__/nome',
      '/api/propriedade/searchPropriedade/asc/proprietario.nome',
      '/api/romaneio/searchRomaneio/asc/produtor',
    ]) {
      const r = await call(t.app, t.admin, { method: 'POST', url, payload: {} });
      expect(r.status, url).toBe(200);
    }
    for (const url of ['/api/pessoa?sort=nome,constructor', '/api/pessoa?sort=,desc', '/api/pessoa', '/api/pedras/search?sort=numero,desc']) {
      const r = await call(t.app, t.admin, { method: 'GET', url });
      expect(r.status, url).toBe(200);
    }
    // A field the list filters by but cannot sort by is refused the same way.
    const r = await call(t.app, t.admin, { method: 'POST', url: '/api/boletim/searchBoletim/asc/produtoNome', payload: {} });
    expect(r.body).toEqual(recusa('produtoNome'));
    // Inherited names in a search body filter by nothing (and break nothing).
    const f = await call(t.app, t.admin, {
      method: 'POST',
      url: '/api/pessoa/searchPessoa/asc/nome',
      payload: { constructor: 'x', toString: 'y', hasOwnProperty: 1 },
    });
    expect(f.status).toBe(200);
  });
});

import { describe, expect, it } from 'vitest';
import { RECURSOS } from '@ceasa/shared';
import { appDeTeste } from './helpers';

const t = appDeTeste({ tokens: [] });

type Operacao = { responses?: Record<string, { content?: Record<string, { schema?: unknown }> }> };

/** The OpenAPI document at /api/docs/json: every declared resource's list and CRUD routes answer a described body. */
describe('OpenAPI document', () => {
  it('describes the response of every list and CRUD route of every declared resource', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(r.statusCode).toBe(200);
    const paths = r.json().paths as Record<string, Record<string, Operacao>>;
    const esperadas: [string, string, string][] = [];
    for (const rec of RECURSOS) {
      const api = rec.api;
      if (!api) continue;
      const base = `/api/${api.base}`;
      esperadas.push(['get', base, '200']);
      if (api.busca) esperadas.push(['post', `${base}/${api.busca}/{dir}/{field}`, '200']);
      if (api.buscaPorTermo) esperadas.push(['get', `${base}/search`, '200']);
      if (rec.rota !== 'usuarios') esperadas.push(['get', `${base}/{id}`, '200']);
      if (api.entrada) esperadas.push(['post', base, '201'], ['put', base, '200'], ['put', `${base}/{id}`, '200']);
    }
    expect(esperadas.length).toBeGreaterThan(40);
    const faltam = esperadas.filter(([m, p, s]) => !paths[p]?.[m]?.responses?.[s]?.content?.['application/json']?.schema).map((e) => e.join(' '));
    expect(faltam).toEqual([]);
    // A list's page schema names its rows' fields.
    const page = paths['/api/municipio'].get.responses!['200'].content!['application/json'].schema as {
      properties: Record<string, { items?: { properties?: object } }>;
    };
    expect(Object.keys(page.properties)).toEqual(['content', 'totalElements', 'totalPages', 'number', 'size', 'totalExato']);
    expect(Object.keys(page.properties.content.items!.properties!)).toEqual(['id', 'nome', 'sigla']);
  });

  it('refuses to answer a record the SQL left a field out of (the serializer checks the response schema)', async () => {
    const { default: Fastify } = await import('fastify');
    const { serializerCompiler, validatorCompiler } = await import('fastify-type-provider-zod');
    const { municipioRegistro, pageSchema } = await import('@ceasa/shared');
    const f = Fastify({ logger: false });
    f.setValidatorCompiler(validatorCompiler);
    f.setSerializerCompiler(serializerCompiler);
    const linha = (row: object) => ({ content: [row], totalElements: 1, totalPages: 1, number: 0, size: 20 });
    f.get('/completo', { schema: { response: { 200: pageSchema(municipioRegistro) } } }, async () => linha({ id: 1, nome: 'Imperatriz', sigla: 'MA' }));
    f.get('/sem-campo', { schema: { response: { 200: pageSchema(municipioRegistro) } } }, async () => linha({ id: 1, nome: 'Imperatriz' }));
    expect((await f.inject({ method: 'GET', url: '/completo' })).statusCode).toBe(200);
    const r = await f.inject({ method: 'GET', url: '/sem-campo' });
    await f.close();
    expect(r.statusCode).toBe(500);
  });
});

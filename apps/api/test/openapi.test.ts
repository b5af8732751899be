import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { RECURSOS } from '@ceasa/shared';
import { appDeTeste } from './helpers';

const PUBLIC_URL = 'https://ceasa.exemplo.gov.br';
const t = appDeTeste({ tokens: ['admin', 'semPerfil'], config: { publicUrl: PUBLIC_URL } });
const raiz = path.resolve(import.meta.dirname, '../../..');

type Operacao = { responses?: Record<string, { content?: Record<string, { schema?: unknown }> }> };

/** The OpenAPI document at /api/docs/json: every declared resource's list and CRUD routes answer a described body. */
describe('OpenAPI document', () => {
  it('gives the full document only to signed-in staff; anyone else (or a person with no profile) gets the public routes', async () => {
    const doc = async (token?: string) => {
      const r = await t.app.inject({ method: 'GET', url: '/api/docs/json', headers: token ? { authorization: `Bearer ${token}` } : {} });
      expect(r.statusCode).toBe(200);
      return { paths: r.json().paths as Record<string, Record<string, { security?: unknown[] }>>, headers: r.headers };
    };
    const completo = await doc(t.admin);
    expect(completo.headers['cache-control']).toBe('no-store');
    expect(Object.keys(completo.paths)).toContain('/api/usuarios');
    expect(Object.keys(completo.paths)).toContain('/api/precos/vaf');
    for (const publico of [await doc(), await doc(t.semPerfil)]) {
      const caminhos = Object.keys(publico.paths);
      expect(caminhos).toContain('/api/publico/estatisticas');
      expect(caminhos).toContain('/api/auth/sessao/login');
      expect(caminhos).not.toContain('/api/usuarios');
      expect(caminhos).not.toContain('/api/precos/vaf');
      for (const ops of Object.values(publico.paths)) for (const op of Object.values(ops)) expect(op.security).toEqual([]);
      expect(caminhos.length).toBeLessThan(Object.keys(completo.paths).length);
    }
    const yaml = await t.app.inject({ method: 'GET', url: '/api/docs/yaml' });
    expect(yaml.body).not.toContain('/api/usuarios:');
    // A bad token is a pt-BR 401, not the public document.
    const ruim = await t.app.inject({ method: 'GET', url: '/api/docs/json', headers: { authorization: 'Bearer x.y.z' } });
    expect(ruim.statusCode).toBe(401);
    expect(ruim.json().message).toBe('Sessão inválida ou expirada. Entre novamente.');
  });

  it('describes the response of every list and CRUD route of every declared resource', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/api/docs/json', headers: { authorization: `Bearer ${t.admin}` } });
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
    expect(Object.keys(page.properties.content.items!.properties!)).toEqual(['id', 'versao', 'nome', 'sigla', 'codigoIbge']);
  });

  it('refuses to answer a record the SQL left a field out of (the serializer checks the response schema)', async () => {
    const { default: Fastify } = await import('fastify');
    const { serializerCompiler, validatorCompiler } = await import('fastify-type-provider-zod');
    const { municipioRegistro, pageSchema } = await import('@ceasa/shared');
    const f = Fastify({ logger: false });
    f.setValidatorCompiler(validatorCompiler);
    f.setSerializerCompiler(serializerCompiler);
    const linha = (row: object) => ({ content: [row], totalElements: 1, totalPages: 1, number: 0, size: 20 });
    f.get('/completo', { schema: { response: { 200: pageSchema(municipioRegistro) } } }, async () =>
      linha({ id: 1, nome: 'Imperatriz', sigla: 'MA', codigoIbge: '2105302' }),
    );
    f.get('/sem-campo', { schema: { response: { 200: pageSchema(municipioRegistro) } } }, async () => linha({ id: 1, nome: 'Imperatriz' }));
    expect((await f.inject({ method: 'GET', url: '/completo' })).statusCode).toBe(200);
    const r = await f.inject({ method: 'GET', url: '/sem-campo' });
    await f.close();
    expect(r.statusCode).toBe(500);
  });
});

type Resposta = { description?: string; content?: Record<string, { schema?: { $ref?: string } }> };
type Op = {
  operationId?: string;
  security?: Record<string, string[]>[];
  parameters?: unknown[];
  requestBody?: { content: Record<string, { schema: { properties?: Record<string, { type?: string; format?: string }>; required?: string[] } }> };
  responses: Record<string, Resposta>;
};
type Problema = { ruleId: string; severity: string; message: string; location: { pointer: string }[] };

async function documento() {
  const r = await t.app.inject({
    method: 'GET',
    url: '/api/docs/json',
    headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example', authorization: `Bearer ${t.admin}` },
  });
  expect(r.statusCode).toBe(200);
  return r.json() as {
    openapi: string;
    servers: { url: string }[];
    paths: Record<string, Record<string, Op>>;
    components: { schemas: Record<string, { properties: object }> };
  };
}
const operacoes = (paths: Record<string, Record<string, Op>>) =>
  Object.entries(paths).flatMap(([p, ms]) => Object.entries(ms).map(([m, op]) => ({ chave: `${m.toUpperCase()} ${p}`, op })));
/** Fastify's ':id' as the document writes it ('{id}'). */
const caminho = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

/** The pinned linter (devDependencies), run offline on the document the app serves. */
describe('OpenAPI document under redocly lint', () => {
  it('has no error for the pinned @redocly/cli with redocly.yaml, and warns only where there is nothing to refuse', { timeout: 120_000 }, async () => {
    const doc = await documento();
    const dir = mkdtempSync(path.join(os.tmpdir(), 'ceasa-openapi-'));
    try {
      const arquivo = path.join(dir, 'openapi.json');
      writeFileSync(arquivo, JSON.stringify(doc));
      const exigida = (JSON.parse(readFileSync(path.join(raiz, 'package.json'), 'utf8')) as { devDependencies: Record<string, string> }).devDependencies[
        '@redocly/cli'
      ];
      const pacote = createRequire(path.join(raiz, 'package.json')).resolve('@redocly/cli/package.json');
      expect((JSON.parse(readFileSync(pacote, 'utf8')) as { version: string }).version).toBe(exigida);
      const cli = path.join(path.dirname(pacote), 'bin', 'cli.js');
      // Exit code 1 when there are errors: the JSON report is on stdout either way.
      const saida = await promisify(execFile)(
        process.execPath,
        [cli, 'lint', arquivo, '--format=json', '--max-problems=1000', `--config=${path.join(raiz, 'redocly.yaml')}`],
        {
          cwd: raiz,
          env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' },
          maxBuffer: 64 * 1024 * 1024,
        },
      ).catch((e: { stdout?: string }) => ({ stdout: e.stdout ?? '' }));
      const relatorio = JSON.parse(saida.stdout) as { totals: { errors: number; warnings: number }; problems: Problema[] };
      const erros = relatorio.problems.filter((p) => p.severity === 'error').map((p) => `${p.ruleId} ${p.location[0]?.pointer}: ${p.message}`);
      expect(erros).toEqual([]);
      expect(relatorio.totals.errors).toBe(0);
      // The only warnings allowed: a public GET that reads nothing (health, settings, OIDC discovery and keys) has no 4xx to document.
      const avisos = relatorio.problems.filter((p) => p.severity !== 'error');
      for (const a of avisos) {
        expect(a.ruleId, a.message).toBe('operation-4xx-response');
        const [, p, m] = /^#\/paths\/([^/]+)\/([a-z]+)\/responses$/.exec(a.location[0].pointer)!;
        const op = doc.paths[p.replaceAll('~1', '/').replaceAll('~0', '~')][m];
        expect(m).toBe('get');
        expect(op.security).toEqual([]);
        expect(op.parameters).toBeUndefined();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('OpenAPI document: operations, security and refusals', () => {
  it('is OpenAPI 3.1 with the configured PUBLIC_URL as its server, whatever the request headers say', async () => {
    const doc = await documento();
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.servers).toEqual([{ url: PUBLIC_URL }]);
  });

  it('gives every operation a unique operationId derived from its method and path', async () => {
    const ops = operacoes((await documento()).paths);
    expect(ops.length).toBeGreaterThan(150);
    expect(ops.filter((o) => !o.op.operationId).map((o) => o.chave)).toEqual([]);
    const ids = ops.map((o) => o.op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    const id = (chave: string) => ops.find((o) => o.chave === chave)?.op.operationId;
    expect(id('GET /api/municipio/{id}')).toBe('getMunicipioById');
    expect(id('POST /api/pessoa/searchPessoa/{dir}/{field}')).toBe('postPessoaSearchPessoaByDirByField');
    expect(id('GET /api/romaneio/lote/{lote}')).toBe('getRomaneioLoteByLote');
  });

  it('asks a bearer token exactly of the routes that need one (public ones, the quotation and lot page among them, without)', async () => {
    const doc = await documento();
    const faltam: string[] = [];
    for (const r of t.app.rotasApi) {
      const op = doc.paths[caminho(r.url)]?.[r.method.toLowerCase()];
      if (!op) {
        faltam.push(`${r.method} ${r.url}: fora do documento`);
        continue;
      }
      const esperado = r.acesso === 'publico' ? [] : [{ bearer: [] }];
      if (JSON.stringify(op.security) !== JSON.stringify(esperado)) faltam.push(`${r.method} ${r.url}: ${JSON.stringify(op.security)}`);
    }
    expect(faltam).toEqual([]);
    const seguranca = (m: string, p: string) => doc.paths[p][m].security;
    for (const [m, p] of [
      ['post', '/api/precos/searchPrecosHome/{field}/{dir}'],
      ['get', '/api/romaneio/lote/{lote}'],
      ['get', '/api/health'],
      ['get', '/api/config'],
      ['post', '/api/auth/register'],
      ['post', '/api/auth/reset'],
      ['post', '/api/auth/sessao/login'],
      ['post', '/api/auth/sessao/refresh'],
      ['post', '/realms/ceasa/protocol/openid-connect/token'],
      ['get', '/realms/ceasa/protocol/openid-connect/certs'],
    ])
      expect(seguranca(m, p), `${m} ${p}`).toEqual([]);
    expect(seguranca('get', '/api/municipio')).toEqual([{ bearer: [] }]);
    expect(seguranca('get', '/realms/ceasa/protocol/openid-connect/userinfo')).toEqual([{ bearer: [] }]);
  });

  it('documents the 4xx answers of every /api operation with the shared error body, by what the route declares', async () => {
    const doc = await documento();
    expect(Object.keys(doc.components.schemas.ApiErrorBody.properties)).toEqual(['status', 'error', 'message', 'fieldErrors']);
    const erradas: string[] = [];
    for (const r of t.app.rotasApi) {
      const op = doc.paths[caminho(r.url)][r.method.toLowerCase()];
      const quatrocentos = Object.keys(op.responses).filter((s) => s.startsWith('4'));
      for (const s of quatrocentos)
        if (op.responses[s].content?.['application/json']?.schema?.$ref !== '#/components/schemas/ApiErrorBody')
          erradas.push(`${r.method} ${r.url} ${s}: sem ApiErrorBody`);
      const publica = r.acesso === 'publico';
      if (!publica && !quatrocentos.includes('401')) erradas.push(`${r.method} ${r.url}: sem 401`);
      if (publica && quatrocentos.includes('403')) erradas.push(`${r.method} ${r.url}: pública com 403`);
      if (/\/:(?!(dir|field)(\/|$))/.test(r.url) && !quatrocentos.includes('404')) erradas.push(`${r.method} ${r.url}: sem 404`);
    }
    expect(erradas).toEqual([]);
    const respostas = (m: string, p: string) => Object.keys(doc.paths[p][m].responses);
    expect(respostas('delete', '/api/municipio/{id}')).toEqual(['204', '400', '401', '403', '404', '409']);
    expect(respostas('post', '/api/municipio')).toEqual(['201', '400', '401', '403', '409']);
    expect(respostas('post', '/api/municipio/searchMunicipio/{dir}/{field}')).toEqual(['200', '400', '401', '403']);
    expect(respostas('get', '/api/romaneio/lote/{lote}')).toEqual(['200', '400', '404']);
    expect(respostas('post', '/api/auth/register').filter((s) => s.startsWith('4'))).toEqual(['400', '409', '429']);
  });

  it('documents the photo upload as a multipart/form-data body with its file', async () => {
    const op = (await documento()).paths['/api/ftp/upload'].post;
    const corpo = op.requestBody?.content['multipart/form-data']?.schema;
    expect(corpo?.required).toEqual(['file']);
    expect(corpo?.properties?.file).toMatchObject({ type: 'string', format: 'binary' });
    expect(Object.keys(corpo?.properties ?? {})).toEqual(['file', 'cpfcnpj', 'path']);
    expect(Object.keys(op.responses)).toEqual(['201', '400', '401', '403', '413', '415']);
  });
});

import swagger, { type FastifyDynamicSwaggerOptions, type SwaggerTransform } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema, RouteOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z, type ZodType } from 'zod';
import type { ApiErrorBody } from '@ceasa/shared';
import { enderecoPublico, type Config } from '../config';
import { REALM } from '../identity/keys';
import { alternativas, type Acesso } from './auth';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** What the OpenAPI document says of a route beyond its schema (see registerOpenapi). */
    openapi?: {
      /** The body as the client sends it, when the route reads the body itself (a multipart upload): documented, never validated. */
      corpo?: ZodType;
      /** Refusals (4xx) the route answers besides the ones its declaration implies. */
      erros?: readonly number[];
      /** Headers of the success answer (name → description), e.g. an open-data file's ETag. */
      cabecalhos?: Readonly<Record<string, string>>;
      /** The success answer is also given as CSV (`formato=csv`): documented as a second media type. */
      csv?: boolean;
    };
  }
}

/** The error body of every /api refusal: the shared ApiErrorBody, written as a schema for the document. */
const corpoDeErro = z
  .object({
    status: z
      .number()
      .int()
      .min(400)
      .max(599)
      .meta({ examples: [400] }),
    error: z.string().meta({ examples: ['Bad Request'] }),
    message: z.string().meta({ examples: ['O nome é obrigatório'] }),
    fieldErrors: z.array(z.object({ field: z.string().meta({ examples: ['itens[2].quantidade'] }), message: z.string() })).optional(),
  })
  .meta({ description: 'Toda recusa da API: situação HTTP, seu nome, mensagem em português e, nos dados inválidos, o erro de cada campo.' });
type Igual<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const _mesmoCorpo: Igual<z.output<typeof corpoDeErro>, ApiErrorBody> = true;

/** The OpenID Connect endpoints' refusal (Keycloak's body, with the pt-BR text in `message` too). */
const corpoDeErroOauth = z
  .object({ error: z.string().meta({ examples: ['invalid_grant'] }), error_description: z.string(), message: z.string() })
  .meta({ description: 'Recusa dos endpoints OpenID Connect (corpo do Keycloak, com a mensagem em português também em message).' });

type DocOpenapi = NonNullable<FastifyDynamicSwaggerOptions['openapi']>;
const ERRO_API = 'ApiErrorBody';
const ERRO_OAUTH = 'OAuthErro';
const jsonSchema = (s: ZodType) => {
  const { $schema: _, ...j } = z.toJSONSchema(s, { target: 'draft-2020-12', io: 'output' });
  return j;
};
const esquemas = { [ERRO_API]: jsonSchema(corpoDeErro), [ERRO_OAUTH]: jsonSchema(corpoDeErroOauth) };

const DESCRICAO: Record<number, string> = {
  400: 'Requisição inválida (o erro de cada campo em fieldErrors)',
  401: 'Sem token válido: é preciso entrar no sistema',
  403: 'O perfil do usuário não permite esta operação',
  404: 'Registro não encontrado',
  409: 'Conflito com os dados gravados (duplicado, em uso ou alterado por outro usuário)',
  413: 'Conteúdo maior que o permitido',
  415: 'Tipo de conteúdo não suportado',
  429: 'Muitas tentativas: aguarde e tente novamente (cabeçalho Retry-After)',
};

/**
 * Refusals of the account and OpenID Connect endpoints that their declaration does not show (they are
 * public, yet sign in, throttle or find a duplicate): by method and path.
 */
const OIDC = `/realms/${REALM}/protocol/openid-connect`;
const ERROS_DA_IDENTIDADE: Record<string, readonly number[]> = {
  'POST /api/auth/register': [409, 429],
  'POST /api/auth/reset': [409, 429],
  'POST /api/auth/sessao/login': [401, 429],
  'POST /api/auth/sessao/refresh': [401],
  [`POST ${OIDC}/token`]: [400, 401, 429],
  [`POST ${OIDC}/logout`]: [401],
  [`GET ${OIDC}/userinfo`]: [401],
  [`POST ${OIDC}/userinfo`]: [401],
};
/** The OpenID Connect userinfo endpoint reads a bearer token itself (it declares no `acesso`). */
const COM_TOKEN_PROPRIO = `${OIDC}/userinfo`;

const maiuscula = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * A stable operationId from the method and the path: GET /api/municipio/:id → getMunicipioById,
 * POST /api/pessoa/searchPessoa/:dir/:field → postPessoaSearchPessoaByDirByField (the '/api' prefix left out).
 */
export function operationIdDe(method: string, url: string): string {
  const partes = url.split('/').filter(Boolean);
  if (partes[0] === 'api') partes.shift();
  const palavras = partes.flatMap((p) => (p.startsWith(':') ? ['by', p.slice(1).replace(/\(.*$/, '')] : p.split(/[^A-Za-z0-9]+/)));
  return method.toLowerCase() + palavras.filter(Boolean).map(maiuscula).join('');
}

/** The 4xx answers a route gives, from its declaration: who may call it, what it reads, whether it writes. */
export function errosDaRota(
  method: string,
  url: string,
  schema: FastifySchema | undefined,
  acesso: Acesso | undefined,
  extras: readonly number[] = [],
): number[] {
  const s = new Set<number>(extras);
  const daApi = url.startsWith('/api/');
  const temEntrada = Boolean(schema?.params || schema?.querystring || schema?.body || schema?.headers);
  // Anything with an input can be refused as invalid; so can any write (a malformed JSON body).
  if (temEntrada || (daApi && method !== 'GET')) s.add(400);
  if (daApi && acesso !== undefined && acesso !== 'publico') {
    s.add(401);
    // 'autenticado' lets in any signed-in user; the others need a profile, a permission or a producer's account.
    if (alternativas(acesso).some((a) => a !== 'autenticado')) s.add(403);
  }
  // A record named in the path may not exist (the sort of a list search, ':dir/:field', names none).
  if (daApi && /\/:(?!(dir|field)(\/|$))/.test(url)) s.add(404);
  // A record written or removed may clash with the stored ones (a duplicate, a row in use, a newer version);
  // a POST searching with a filter (permission 'visualizar') writes nothing.
  // A producer's own write (his announced load) may clash too.
  const cria =
    method === 'POST' &&
    Boolean(schema?.body) &&
    acesso !== undefined &&
    alternativas(acesso).some((a) => a === 'produtor' || (typeof a === 'object' && [a.acao].flat().some((x) => x !== 'visualizar')));
  if (daApi && (cria || ['PUT', 'PATCH', 'DELETE'].includes(method))) s.add(409);
  return [...s].sort((a, b) => a - b);
}

/** The document cut to the operations anyone may call (no bearer requirement); its shared schemas stay. */
export function soOPublico(doc: DocOpenapi): DocOpenapi {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [p, ops] of Object.entries((doc.paths ?? {}) as Record<string, Record<string, { security?: unknown[] }>>)) {
    const publicas = Object.fromEntries(Object.entries(ops).filter(([, op]) => Array.isArray(op?.security) && op.security.length === 0));
    if (Object.keys(publicas).length) paths[p] = publicas;
  }
  return {
    ...doc,
    info: { ...doc.info, description: `${doc.info?.description ?? ''}: as rotas públicas (o documento completo é dado à equipe que entrou no sistema)` },
    paths,
  } as DocOpenapi;
}

/**
 * The OpenAPI 3.1 document (/api/docs, /api/docs/json) and its page. OpenAPI 3.1 so that zod's nullable
 * fields come out as JSON Schema (`type: [..., 'null']`, `anyOf` with `{ type: 'null' }`) and not as 3.0's
 * `nullable` beside an `anyOf`. Every operation gets, from its declaration and once for all routes:
 * an operationId (method and path), its bearer requirement (none on public routes), its 4xx answers with
 * the shared error body, and, for a multipart upload, the body it reads. `npx redocly lint` (redocly.yaml)
 * checks the document; apps/api/test/openapi.test.ts runs it.
 */
export async function registerOpenapi(app: FastifyInstance, config: Config) {
  const ids = new Map<string, string>();
  const transform: SwaggerTransform = (doc) => {
    const route = doc.route as RouteOptions;
    const method = [route.method].flat()[0];
    const cfg = route.config as
      { acesso?: Acesso; openapi?: { corpo?: ZodType; erros?: readonly number[]; cabecalhos?: Readonly<Record<string, string>>; csv?: boolean } } | undefined;
    const corpo = cfg?.openapi?.corpo;
    const { schema, url } = jsonSchemaTransform({ ...doc, schema: corpo ? { ...doc.schema, body: corpo } : doc.schema });
    if ((schema as { hide?: boolean }).hide) return { schema, url };

    const s = schema as FastifySchema & { operationId?: string; security?: unknown[]; response?: Record<string, unknown> };
    const operationId = s.operationId ?? operationIdDe(method, route.url);
    const chave = `${method} ${route.url}`;
    const outra = ids.get(operationId);
    if (outra && outra !== chave) throw new Error(`operationId repetido: ${operationId} (${outra} e ${chave})`);
    ids.set(operationId, chave);

    const acesso = cfg?.acesso;
    const comToken = route.url.startsWith('/api/') ? acesso !== undefined && acesso !== 'publico' : route.url === COM_TOKEN_PROPRIO;
    const extras = [...(cfg?.openapi?.erros ?? []), ...(ERROS_DA_IDENTIDADE[chave] ?? [])];
    const ref = route.url.startsWith('/api/') ? ERRO_API : ERRO_OAUTH;
    const response: Record<string, unknown> = { ...s.response };
    // A route without a success schema: a DELETE answers 204 without a body, the others some JSON.
    if (!Object.keys(response).some((k) => k.startsWith('2')))
      if (method === 'DELETE') response[204] = { type: 'null', description: 'Removido (sem corpo)' };
      else response[200] = { description: 'Resposta', content: { 'application/json': { schema: {} } } };
    const sucesso = response[200] as ({ description?: string } & Record<string, unknown>) | undefined;
    if (sucesso && cfg?.openapi?.csv)
      response[200] = {
        description: sucesso.description,
        content: { 'application/json': { schema: sucesso }, 'text/csv': { schema: { type: 'string', description: 'CSV: separador ;, UTF-8 com BOM' } } },
      };
    if (response[200] && cfg?.openapi?.cabecalhos)
      response[200] = {
        ...(response[200] as object),
        headers: Object.fromEntries(Object.entries(cfg.openapi.cabecalhos).map(([nome, description]) => [nome, { type: 'string', description }])),
      };
    for (const status of errosDaRota(method, route.url, doc.schema, acesso, extras))
      response[status] ??= { description: DESCRICAO[status], content: { 'application/json': { schema: { $ref: `#/components/schemas/${ref}` } } } };

    return {
      url,
      schema: { ...s, operationId, security: s.security ?? (comToken ? [{ bearer: [] }] : []), response },
    };
  };

  const openapi = {
    openapi: '3.1.0',
    info: { title: 'CEASA Regional - API', description: 'API do sistema de gestão da CEASA Regional', version: '1.0.0' },
    // The product's configured address (PUBLIC_URL), never one taken from a request; without it, '/' (where the document is).
    servers: [{ url: config.publicUrl ? enderecoPublico(config) : '/' }],
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } }, schemas: esquemas },
    security: [{ bearer: [] }],
  } as DocOpenapi;
  await app.register(swagger, { openapi, transform });
  // The full document is the staff's (a signed-in person with a profile, by the bearer token); anyone else gets the
  // public routes' document (the open data, the public pages' calls, the sign-in), at the same address.
  const completa = new WeakSet<FastifyRequest>();
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    uiHooks: {
      onRequest: async (req: FastifyRequest, reply: FastifyReply) => {
        if (!/\/(json|yaml)(\?|$)/.test(req.url)) return;
        reply.header('vary', 'authorization');
        const u = await app.autenticar(req);
        if (!u || u.grupo === null || u.exigeFator) return;
        completa.add(req);
        reply.header('cache-control', 'no-store');
      },
    },
    transformSpecification: (doc, req) => (completa.has(req) ? doc : soOPublico(doc as DocOpenapi)) as Record<string, unknown>,
  });
}

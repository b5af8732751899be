import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { portalConfigResposta } from '@ceasa/shared';
import { enderecoPublico } from '../config';
import type { ContextoDaIdentidade } from './contexto';
import { rotasDaSessao, SESSAO_DO_PORTAL } from './sessao-web.routes';

/** Where the portal's page lives: gov.br sends the browser back there after its sign-out, and so does the callback. */
export const paginaDoPortal = (ctx: Pick<ContextoDaIdentidade, 'config'>) => `${enderecoPublico(ctx.config)}/portal`;

/**
 * The producers' portal's own door (docs/produto/portal.md 'Sessions'): its session endpoints at /api/portal/sessao
 * (portal accounts only, their own cookies; the sign-out of a gov.br session answers the address that ends it at
 * gov.br), and the settings its page reads before anyone signs in. Registered under /api.
 */
export default function portalSessaoRoutes(app: FastifyInstance, ctx: ContextoDaIdentidade) {
  rotasDaSessao(app, ctx, SESSAO_DO_PORTAL, ctx.govbr ? { provedor: ctx.govbr, depois: paginaDoPortal(ctx) } : undefined);

  app.withTypeProvider<ZodTypeProvider>().get(
    '/portal/config',
    {
      schema: {
        tags: SESSAO_DO_PORTAL.tags,
        summary: 'Configuração pública do portal do produtor: entrada com gov.br, nível mínimo e antecedência das chegadas',
        response: { 200: portalConfigResposta },
      },
      config: { acesso: 'publico' },
    },
    () => ({
      govbr: Boolean(ctx.govbr),
      nivelMinimo: ctx.config.portal.nivelMinimo,
      diasAntecedencia: ctx.config.portal.diasAntecedencia,
    }),
  );
}

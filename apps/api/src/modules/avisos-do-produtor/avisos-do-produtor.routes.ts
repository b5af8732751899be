import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { avisosQuery, paginaDeAvisos, preferenciasDeAvisos } from '@ceasa/shared';
import { enderecoPublico } from '../../config';
import { paginaDoLink } from '../../lib/pagina-do-link';
import type { AppContext } from '../../context';
import { pagina } from '../assinaturas/assinaturas.service';
import { avisosRepository, type AvisosRepository } from './avisos-do-produtor.repository';
import { esperarEnvios, iniciarRotinaDiaria } from './avisos-do-produtor.service';
import { lerCancelamento } from './cancelamento';
import { PAGINAS, linkDoCancelamento } from './mensagens';

// Any text: a token that is not one of ours (too long included) answers the pt-BR 400 page, not a validation error.
const tokenQuery = z.object({ token: z.string().optional() });

const tags = ['Portal do produtor'];
const produtor = { acesso: 'produtor' } as const;
const eu = (req: { usuario: { pessoaId?: number | null } | null }) => req.usuario!.pessoaId!;
const portal = { href: '/portal', rotulo: 'Abrir o portal do produtor' };

/**
 * The producer's news (docs/produto/portal.md, 'News'; decision 0299): his list and his e-mail preferences per kind
 * (acesso 'produtor', always his own person), the one-click unsubscribe of a kind (public, RFC 8058), and the daily
 * run that tells the withdrawal periods ending soon and tries failed e-mails again.
 */
export default function avisosDoProdutorRoutes(app: FastifyInstance, ctx: AppContext) {
  const repo = avisosRepository(ctx.db);
  app.addHook('onClose', async () => esperarEnvios(ctx));
  if (ctx.config.nodeEnv !== 'test') {
    const parar = iniciarRotinaDiaria({ db: ctx.db, mailer: ctx.mailer, config: ctx.config, log: app.log });
    app.addHook('onClose', async () => parar());
  }
  rotasDoPortal(app, repo);
  rotasDoCancelamento(app, ctx, repo);
}

/** The producer's own notices in the portal, and which kinds he gets by e-mail. */
function rotasDoPortal(app: FastifyInstance, repo: AvisosRepository) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/portal/avisos',
    {
      schema: {
        tags,
        summary: 'Os avisos enviados ao produtor, do mais novo ao mais antigo (paginado)',
        querystring: avisosQuery,
        response: { 200: paginaDeAvisos },
      },
      config: produtor,
    },
    (req) => repo.lista(eu(req), req.query),
  );
  r.get(
    '/portal/avisos/preferencias',
    {
      schema: { tags, summary: 'Que tipos de aviso o produtor recebe por e-mail (todos ficam no portal)', response: { 200: preferenciasDeAvisos } },
      config: produtor,
    },
    (req) => repo.preferencias(eu(req)),
  );
  r.put(
    '/portal/avisos/preferencias',
    {
      schema: {
        tags,
        summary: 'Escolhe que tipos de aviso o produtor recebe por e-mail',
        body: preferenciasDeAvisos,
        response: { 200: preferenciasDeAvisos },
      },
      config: produtor,
    },
    (req) => repo.salvarPreferencias(eu(req), req.body),
  );
}

/** The e-mails' link that stops a kind of notice by e-mail (the notice stays in the portal). */
function rotasDoCancelamento(app: FastifyInstance, ctx: AppContext, repo: AvisosRepository) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const base = enderecoPublico(ctx.config);
  const mercado = ctx.config.settings.mercado;
  const html = (reply: FastifyReply, p: { titulo: string; paragrafos: readonly string[] }, status = 200, botao?: { acao: string; rotulo: string }) =>
    paginaDoLink(reply, pagina(mercado, p.titulo, [...p.paragrafos], botao, portal), status);

  const lerToken = (token: string | undefined) => (token ? lerCancelamento(ctx.db, ctx.config.chavesSegredo, token) : Promise.resolve(null));

  // Opening the link shows a button (a mail scanner that follows links cancels nothing); the button posts.
  r.get(
    '/publico/portal/avisos/cancelar',
    { schema: { tags, summary: 'Página para parar um tipo de aviso por e-mail (o botão confirma)', querystring: tokenQuery }, config: { acesso: 'publico' } },
    async (req, reply) => {
      const c = await lerToken(req.query.token);
      if (!c) return html(reply, PAGINAS.invalido, 400);
      return html(reply, PAGINAS.pergunta(c.tipo), 200, { acao: linkDoCancelamento(base, req.query.token!), rotulo: 'Não receber mais por e-mail' });
    },
  );
  // RFC 8058: the mail client POSTs 'List-Unsubscribe=One-Click' to the List-Unsubscribe address, without a session.
  r.post(
    '/publico/portal/avisos/cancelar',
    {
      schema: { tags, summary: 'Para um tipo de aviso por e-mail (um clique, RFC 8058); o aviso continua no portal', querystring: tokenQuery },
      config: { acesso: 'publico' },
    },
    async (req, reply) => {
      const c = await lerToken(req.query.token);
      if (!c || !(await repo.cancelar(c.pessoaId, c.tipo))) return html(reply, PAGINAS.invalido, 400);
      return html(reply, PAGINAS.feito(c.tipo));
    },
  );
}

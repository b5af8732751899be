import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { assinaturaEntrada, assinaturaPedido, formatBRL, formatDate, produtoAssinavel } from '@ceasa/shared';
import { enderecoPublico } from '../../config';
import type { AppContext } from '../../context';
import { HttpError } from '../../lib/errors';
import { paginaDoLink } from '../../lib/pagina-do-link';
import { assinaturasRepository, type AssinaturasRepository, type DiaDoFeed } from './assinaturas.repository';
import { iniciarEnvioNoHorario } from './envio';
import { linkCancelar, linkConfirmar, mensagemConfirmacao, pagina } from './mensagens';

const tokenQuery = z.object({ token: z.string().max(200).optional() });
const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** How many market days the Atom feed carries. */
export const DIAS_DO_FEED = 30;

const LINK_INVALIDO = ['Este link não vale mais: a assinatura já foi cancelada, o pedido expirou (7 dias) ou o endereço está incompleto.'];

/** The Atom feed of the quotation: one entry per day, its table per product group. */
function feedAtom(dias: DiaDoFeed[], base: string, mercado: string, licenca: string) {
  const id = `${base}/api/publico/cotacao.atom`;
  // A day's entry changes when its prices do: its 'updated' is the end of that day when nothing says otherwise.
  const atualizado = (d: string) => `${d}T23:59:59Z`;
  const entradas = dias.map((d) => {
    const linhas = d.grupos.map(
      (g) =>
        `<tr><td>${esc(g.nome)}</td><td>${esc(g.un)}</td><td>${formatBRL(g.valorMinimo)}</td><td>${formatBRL(g.valorMedio)}</td><td>${formatBRL(g.valorMaximo)}</td></tr>`,
    );
    const tabela = `<table><thead><tr><th>Grupo</th><th>Embalagem</th><th>Mínimo</th><th>Médio</th><th>Máximo</th></tr></thead><tbody>${linhas.join('')}</tbody></table>`;
    return (
      `<entry><id>${esc(`${base}/api/publico/cotacao?data=${d.data}`)}</id><title>${esc(`Cotação de ${formatDate(d.data)}`)}</title>` +
      `<updated>${atualizado(d.data)}</updated>` +
      `<link rel="alternate" type="application/json" href="${esc(`${base}/api/publico/cotacao?data=${d.data}`)}"/>` +
      `<link rel="enclosure" type="text/csv" href="${esc(`${base}/api/publico/cotacao?data=${d.data}&formato=csv`)}"/>` +
      `<summary>${esc(`${d.grupos.length} grupos de produto com preço em ${formatDate(d.data)}`)}</summary>` +
      `<content type="html">${esc(tabela)}</content></entry>`
    );
  });
  return (
    `<?xml version="1.0" encoding="utf-8"?>\n<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="pt-BR">` +
    `<id>${esc(id)}</id><title>${esc(`${mercado} - Cotação do dia`)}</title>` +
    `<subtitle>Preços de atacado por grupo de produto (mínimo, médio e máximo, R$ por embalagem)</subtitle>` +
    `<updated>${dias.length ? atualizado(dias[0].data) : '1970-01-01T00:00:00Z'}</updated>` +
    `<author><name>${esc(mercado)}</name></author>` +
    `<link rel="self" type="application/atom+xml" href="${esc(id)}"/><link rel="alternate" type="text/html" href="${esc(`${base}/home`)}"/>` +
    `<rights>${esc(licenca)}</rights>` +
    entradas.join('') +
    `</feed>\n`
  );
}

/**
 * Subscriptions to the day's quotation and price alerts by e-mail, and the quotation's Atom feed (decision 0196).
 * Public: POST publico/assinaturas (a confirmation link is mailed; nothing else before it is opened),
 * publico/assinaturas/confirmar and /cancelar (pt-BR pages; a POST to the unsubscribe link ends it, RFC 8058),
 * GET publico/cotacao.atom. The day's mailing starts at 'Publicar cotação' (precos) or at COTACAO_ENVIO_HORA.
 */
export default function assinaturasRoutes(app: FastifyInstance, ctx: AppContext) {
  const repo = assinaturasRepository(ctx.db, ctx.config.chavesSegredo);
  if (ctx.config.cotacaoEnvioHora) {
    const envio = iniciarEnvioNoHorario({ db: ctx.db, mailer: ctx.mailer, config: ctx.config, log: app.log }, ctx.config.cotacaoEnvioHora);
    app.addHook('onClose', async () => envio.parar());
  }
  rotasDoPedido(app, ctx, repo);
  rotasDosLinks(app, ctx, repo);
  rotaDoFeed(app, ctx, repo);
}

/** The products one may follow, and the request of a subscription (its confirmation link goes by e-mail). */
function rotasDoPedido(app: FastifyInstance, ctx: AppContext, repo: AssinaturasRepository) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Assinaturas'];
  const base = enderecoPublico(ctx.config);
  const mercado = ctx.config.settings.mercado;
  r.get(
    '/publico/assinaturas/produtos',
    {
      schema: { tags, summary: 'Os produtos que se pode assinar (ativos)', response: { 200: z.array(produtoAssinavel) } },
      config: { acesso: 'publico' },
    },
    async () => repo.produtos(),
  );

  r.post(
    '/publico/assinaturas',
    {
      schema: {
        tags,
        summary: 'Pede a assinatura da cotação do dia e de alertas de preço: um link de confirmação vai para o e-mail',
        description:
          'Sem produtos, a cotação de todos os produtos do dia. Nada além da confirmação é enviado antes de ela ser aberta. ' +
          'Limites: por endereço (por hora) e por e-mail (por dia), 429 depois deles.',
        body: assinaturaEntrada,
        response: { 202: assinaturaPedido },
      },
      config: { acesso: 'publico', openapi: { erros: [429] } },
    },
    async (req, reply) => {
      const email = req.body.email.toLowerCase();
      const tokens = await repo.pedir(ctx.config, req.ip, email, [...new Set(req.body.produtos ?? [])], req.body.alertas ?? []);
      const m = mensagemConfirmacao(mercado, base, tokens);
      try {
        await ctx.mailer.send(email, m.assunto, m.texto, m.extras);
      } catch (err) {
        req.log.error({ err }, 'falha ao enviar o e-mail de confirmação da assinatura');
        await repo.cancelar(tokens.cancelamento);
        throw new HttpError(503, 'Não foi possível enviar o e-mail de confirmação agora. Tente novamente mais tarde.');
      }
      return reply
        .code(202)
        .send({ message: 'Enviamos um link de confirmação para o seu e-mail. A assinatura começa quando você abri-lo; até lá nada mais é enviado.' });
    },
  );
}

/** The e-mails' links: confirming a subscription and cancelling it. */
function rotasDosLinks(app: FastifyInstance, ctx: AppContext, repo: AssinaturasRepository) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Assinaturas'];
  const base = enderecoPublico(ctx.config);
  const mercado = ctx.config.settings.mercado;
  // Opening the link shows a button (a mail scanner that follows links does not confirm); the button confirms.
  r.get(
    '/publico/assinaturas/confirmar',
    { schema: { tags, summary: 'Página de confirmação da assinatura (o botão confirma)', querystring: tokenQuery }, config: { acesso: 'publico' } },
    async (req, reply) => {
      const t = req.query.token ?? '';
      return paginaDoLink(
        reply,
        pagina(mercado, 'Confirmar a assinatura', ['Confirme para receber a cotação do dia e os alertas de preço que você escolheu.'], {
          acao: linkConfirmar(base, t),
          rotulo: 'Confirmar assinatura',
        }),
      );
    },
  );
  r.post(
    '/publico/assinaturas/confirmar',
    { schema: { tags, summary: 'Confirma a assinatura do link', querystring: tokenQuery }, config: { acesso: 'publico' } },
    async (req, reply) => {
      const r = req.query.token ? await repo.confirmar(req.query.token) : null;
      if (!r) return paginaDoLink(reply, pagina(mercado, 'Link inválido', LINK_INVALIDO), 404);
      return paginaDoLink(
        reply,
        pagina(mercado, r === 'ja' ? 'Assinatura já confirmada' : 'Assinatura confirmada', [
          'Você vai receber a cotação de cada dia de mercado quando ela for publicada, e um e-mail quando um preço cruzar um alerta seu.',
          'Todo e-mail traz um link para cancelar a assinatura com um clique.',
        ]),
      );
    },
  );

  r.get(
    '/publico/assinaturas/cancelar',
    { schema: { tags, summary: 'Página de cancelamento da assinatura (o botão cancela)', querystring: tokenQuery }, config: { acesso: 'publico' } },
    async (req, reply) => {
      const t = req.query.token ?? '';
      if (!t || !(await repo.existeCancelamento(t))) return paginaDoLink(reply, pagina(mercado, 'Assinatura não encontrada', LINK_INVALIDO), 404);
      return paginaDoLink(
        reply,
        pagina(mercado, 'Cancelar a assinatura', ['Ao cancelar, nenhum e-mail da cotação é mais enviado e o seu e-mail e suas escolhas são apagados.'], {
          acao: linkCancelar(base, t),
          rotulo: 'Cancelar assinatura',
        }),
      );
    },
  );
  // RFC 8058: the mail client POSTs 'List-Unsubscribe=One-Click' to the List-Unsubscribe address, without a session.
  r.post(
    '/publico/assinaturas/cancelar',
    { schema: { tags, summary: 'Cancela a assinatura do link (um clique, RFC 8058)', querystring: tokenQuery }, config: { acesso: 'publico' } },
    async (req, reply) => {
      const ok = req.query.token ? await repo.cancelar(req.query.token) : false;
      if (!ok) return paginaDoLink(reply, pagina(mercado, 'Assinatura não encontrada', LINK_INVALIDO), 404);
      return paginaDoLink(
        reply,
        pagina(mercado, 'Assinatura cancelada', ['Pronto: você não vai mais receber a cotação por e-mail. Seu e-mail e suas escolhas foram apagados.']),
      );
    },
  );
}

/** The quotation's Atom feed. */
function rotaDoFeed(app: FastifyInstance, ctx: AppContext, repo: AssinaturasRepository) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/publico/cotacao.atom',
    {
      schema: {
        tags: ['Dados abertos'],
        summary: `Feed Atom da cotação do dia: os últimos ${DIAS_DO_FEED} dias com preço publicado, por grupo de produto`,
      },
      config: { acesso: 'publico' },
    },
    async (_req, reply) => {
      const xml = feedAtom(await repo.diasDoFeed(DIAS_DO_FEED), enderecoPublico(ctx.config), ctx.config.settings.mercado, ctx.config.dadosLicenca);
      return reply.type('application/atom+xml; charset=utf-8').header('cache-control', 'public, no-cache').send(xml);
    },
  );
}

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  idParam,
  pageSchema,
  portalBoletim,
  portalCaderno,
  portalEu,
  portalInspecoes,
  portalPedra,
  portalQuery,
  portalRomaneio,
  portalRomaneiosQuery,
} from '@ceasa/shared';
import { baseDoQr } from '../../config';
import type { AppContext } from '../../context';
import { portalDadosRepository } from './portal-dados.repository';
import { pessoaDoPortal, TAGS_DO_PORTAL } from './produtor';

/**
 * What the producer reads in the portal (docs/produto/portal.md 'What the producer reads'): every route is the
 * producer's own (`acesso: 'produtor'`, staff get 403) and reads only the person his account is bound to; any other
 * producer's id, in the path or in a `pessoaId` filter, is a 404. The lot pages' links are built on the labels' QR
 * host (QR_HOST or PUBLIC_URL), never on the request's.
 */
export default function portalDadosRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const repo = portalDadosRepository(ctx.db, { baseDoQr: baseDoQr(ctx.config), govbrIssuer: ctx.config.portal.govbr?.issuer });
  const tags = TAGS_DO_PORTAL;
  const config = { acesso: 'produtor' as const };
  const schema = <T>(summary: string, resposta: T) => ({ tags, summary, querystring: portalQuery, response: { 200: resposta } });

  r.get('/portal/eu', { schema: schema('Os dados do produtor (CPF mascarado), a sua conta e uma suspensão em vigor', portalEu), config }, (req) =>
    repo.eu(req.usuario!.id, pessoaDoPortal(req, req.query.pessoaId)),
  );
  r.get(
    '/portal/romaneios',
    {
      schema: {
        tags,
        summary: 'Os romaneios do produtor, do mais recente ao mais antigo, paginados (size até 100), com os lotes e o link de cada lote',
        querystring: portalRomaneiosQuery,
        response: { 200: pageSchema(portalRomaneio) },
      },
      config,
    },
    (req) => repo.romaneios(pessoaDoPortal(req, req.query.pessoaId), req.query.page, req.query.size),
  );
  r.get(
    '/portal/romaneios/:id',
    { schema: { tags, summary: 'Um romaneio do produtor', params: idParam, querystring: portalQuery, response: { 200: portalRomaneio } }, config },
    (req) => repo.romaneio(pessoaDoPortal(req, req.query.pessoaId), req.params.id),
  );
  r.get(
    '/portal/boletins',
    { schema: schema('Os 50 boletins mais recentes do produtor, com o saldo de cada item (kg)', z.array(portalBoletim)), config },
    (req) => repo.boletins(pessoaDoPortal(req, req.query.pessoaId)),
  );
  r.get(
    '/portal/cadernos',
    {
      schema: schema('Os 50 cadernos de campo mais recentes do produtor, com a carência de cada aplicação e o dia em que termina', z.array(portalCaderno)),
      config,
    },
    (req) => repo.cadernos(pessoaDoPortal(req, req.query.pessoaId)),
  );
  r.get(
    '/portal/inspecoes',
    { schema: schema('As 200 inspeções mais recentes do produtor, os lotes retidos e uma suspensão em vigor', portalInspecoes), config },
    (req) => repo.inspecoes(pessoaDoPortal(req, req.query.pessoaId)),
  );
  r.get(
    '/portal/pedras',
    { schema: schema('As pedras reservadas para os romaneios do produtor nos últimos 60 dias e adiante (no máximo 200)', z.array(portalPedra)), config },
    (req) => repo.pedras(pessoaDoPortal(req, req.query.pessoaId)),
  );
}

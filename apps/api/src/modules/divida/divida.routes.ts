import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { DIVIDA_NAO_ENCONTRADA, numeroDividaParam, type DividaConsulta } from '@ceasa/shared';
import type { AppContext } from '../../context';
import { naoEncontrado } from '../../lib/errors';
import { dividaProvider } from './provider';

/** Debt lookup from the romaneio form and the parking form: { nomeContribuinte, valorPgto } or 404. */
export default function dividaRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const provider = dividaProvider(ctx.db, ctx.config);
  const consultar = async (numero: number): Promise<DividaConsulta> => {
    const d = await provider.buscar(numero);
    if (!d) throw naoEncontrado(DIVIDA_NAO_ENCONTRADA);
    return d;
  };
  for (const rota of ['romaneio', 'estacionamento'] as const)
    r.get(
      `/${rota}/divida/:numero`,
      {
        schema: { tags: ['Dívida'], summary: 'Contribuinte e valor de uma dívida', params: numeroDividaParam },
        config: { acesso: { rota, acao: 'visualizar' } },
      },
      (req) => consultar(req.params.numero),
    );
}

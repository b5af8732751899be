import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { linhaDoRecall, RECALL_COLUNAS, recallItem, recallMuitosItens, recallQuery, recallRecurso, toCsv } from '@ceasa/shared';
import { badRequest } from '../../lib/errors';
import { buscarRecall } from './recall.repository';

/**
 * GET recall (decision 0108): every romaneio item a lot, producer, property, product or chemical product
 * applied reaches over a period, with its stalls, producer and phone, property, municipality and the shop
 * sheets of its product that day; `formato=csv` gives the same as a CSV file.
 */
export default function recallRoutes(app: FastifyInstance, { db }: AppContext) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/recall',
    {
      schema: {
        tags: [recallRecurso.menu.rotulo],
        summary: 'Recall: os itens de romaneio atingidos a partir de um lote, produtor, propriedade, produto ou produto aplicado',
        description:
          'Com formato=csv, o mesmo conteúdo como arquivo CSV para planilha em português (text/csv, UTF-8 com BOM, separador ;, vírgula decimal, datas dd/mm/aaaa).',
        querystring: recallQuery,
        response: {
          200: z.array(recallItem).meta({ description: 'Os itens atingidos, dos mais recentes aos mais antigos (ou o CSV, com formato=csv)' }),
        },
      },
      config: { acesso: { rota: recallRecurso.rota, acao: 'visualizar' }, openapi: { csv: true }, cara: true },
    },
    async (req, reply) => {
      const { formato, ...filtro } = req.query;
      const itens = await buscarRecall(db, filtro);
      if (!itens) throw badRequest(recallMuitosItens());
      if (formato === 'csv')
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', 'attachment; filename="recall.csv"')
          .serializer((s: string) => s)
          .send(toCsv([...RECALL_COLUNAS], itens.map(linhaDoRecall)) as never);
      return itens;
    },
  );
}

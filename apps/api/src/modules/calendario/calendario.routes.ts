import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { data as dataValida, diaDoCalendario, feriadoRecurso, romaneioDoDia } from '@ceasa/shared';
import type { AppContext } from '../../context';
import { diasDoCalendario, romaneiosDoDia } from './calendario.repository';

const periodo = z.object({
  de: dataValida('A data inicial é obrigatória', 'A data inicial é inválida'),
  ate: dataValida('A data final é obrigatória', 'A data final é inválida'),
});
const dia = z.object({ data: dataValida('A data é obrigatória', 'A data é inválida') });

/**
 * The market calendar's reads, under the holidays' paths: the holidays and extra market days every screen's
 * date pickers read, and the romaneios of a date (the holiday form warns before saving).
 */
export default function calendarioRoutes(app: FastifyInstance, { db }: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = [feriadoRecurso.menu.rotulo];
  r.get(
    '/feriado/calendario',
    {
      schema: {
        tags,
        summary: 'Feriados e dias extras de mercado entre duas datas (os calendários das telas)',
        querystring: periodo,
        response: { 200: z.array(diaDoCalendario) },
      },
      config: { acesso: 'perfil' },
    },
    (req) => diasDoCalendario(db, { de: req.query.de, ate: req.query.ate }),
  );
  r.get(
    '/feriado/romaneios',
    {
      schema: { tags, summary: 'Os romaneios já emitidos numa data (o aviso de um feriado novo)', querystring: dia, response: { 200: z.array(romaneioDoDia) } },
      config: { acesso: { rota: 'feriado', acao: 'visualizar' } },
    },
    (req) => romaneiosDoDia(db, req.query.data),
  );
}

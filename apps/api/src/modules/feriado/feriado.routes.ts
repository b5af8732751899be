import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  diaDoCalendario,
  feriadoRecurso,
  feriadosNacionaisInput,
  feriadosNacionaisResposta,
  romaneioDoDia,
  type Feriado,
  type FeriadoInput,
} from '@ceasa/shared';
import { data as dataValida } from '@ceasa/shared';
import type { Db } from '../../db/client';
import { recursoRoutes } from '../../lib/routes';
import { quem } from '../../plugins/auth';
import { diasDoCalendario, feriadoRepository, romaneiosDoDia } from './feriado.repository';
import { comAviso, feriadosNacionais } from './feriado.service';

const periodo = z.object({
  de: dataValida('A data inicial é obrigatória', 'A data inicial é inválida'),
  ate: dataValida('A data final é obrigatória', 'A data final é inválida'),
});
const dia = z.object({ data: dataValida('A data é obrigatória', 'A data é inválida') });

/**
 * Holidays and extra market days: the resource's routes (a save answers, for a holiday on a date that has
 * romaneios, `aviso` and `romaneios`), the calendar every screen's date pickers read, the romaneios of a
 * date (the form warns before saving), and the national holidays of a year filled from date-holidays.
 */
export default function feriadoRoutes(app: FastifyInstance, db: Db) {
  const { lista, repo } = feriadoRepository(db);
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
  r.post(
    '/feriado/nacionais',
    {
      schema: {
        tags,
        summary: 'Cadastra os feriados nacionais de um ano (calculados, Páscoa inclusive); as datas já cadastradas ficam como estão',
        body: feriadosNacionaisInput,
        response: { 200: feriadosNacionaisResposta },
      },
      config: { acesso: { rota: 'feriado', acao: 'criar' } },
    },
    async (req) => {
      const { ano } = req.body;
      const nacionais = await feriadosNacionais(ano);
      const existentes = new Set((await diasDoCalendario(db, { de: `${ano}-01-01`, ate: `${ano}-12-31` })).map((d) => d.data));
      const incluidos: Feriado[] = [];
      for (const f of nacionais.filter((n) => !existentes.has(n.data)))
        incluidos.push((await repo.inserir(quem(req), { ...f, tipo: 'feriado' } as FeriadoInput as never)) as Feriado);
      return { ano, incluidos, existentes: nacionais.length - incluidos.length };
    },
  );
  recursoRoutes(app, db, feriadoRecurso, {
    lista,
    repo: {
      ler: repo.ler,
      inserir: async (u: string, i: unknown) => comAviso(db, (await repo.inserir(u, i as never)) as Feriado),
      alterar: async (u: string, id: number, i: unknown) => comAviso(db, (await repo.alterar(u, id, i as never)) as Feriado),
      remover: repo.remover,
    },
  });
}

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { feriadoRecurso, feriadosNacionaisInput, feriadosNacionaisResposta, type Feriado } from '@ceasa/shared';
import type { AppContext } from '../../context';
import { quem } from '../../lib/audit';
import { repositorioDaTabela } from '../../lib/recurso-da-tabela';
import { diasDoCalendario } from '../calendario/calendario.repository';

/** The library's names that are not the ones used in Brazil. */
const NOMES: Record<string, string> = { 'Corpo de Deus': 'Corpus Christi', 'Dia do trabalhador': 'Dia do Trabalhador' };

/**
 * The national holidays of a year, computed by date-holidays (Easter-based ones included): its public
 * holidays and its whole-day 'bank' ones (Carnaval's Monday and Tuesday, Corpus Christi), which close
 * the market too; not the optional half days nor the observances (Mother's Day). The library (every country's
 * calendar: ~22 MB and ~60 ms once loaded) is loaded on the first request, not at every server start.
 */
export async function feriadosNacionais(ano: number): Promise<{ data: string; nome: string }[]> {
  const { default: Holidays } = await import('date-holidays');
  const h = new Holidays('BR');
  const vistos = new Set<string>();
  return h
    .getHolidays(ano, 'pt')
    .filter((x) => x.type === 'public' || x.type === 'bank')
    .map((x) => ({ data: x.date.slice(0, 10), nome: NOMES[x.name] ?? x.name }))
    .filter((x) => !vistos.has(x.data) && vistos.add(x.data));
}

/** POST feriado/nacionais: fills a year's national holidays; the dates already in the calendar stay as they are. */
export default function nacionaisRoutes(app: FastifyInstance, { db }: AppContext) {
  const { repo } = repositorioDaTabela(db, feriadoRecurso);
  app.withTypeProvider<ZodTypeProvider>().post(
    '/feriado/nacionais',
    {
      schema: {
        tags: [feriadoRecurso.menu.rotulo],
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
      for (const f of nacionais.filter((n) => !existentes.has(n.data))) incluidos.push((await repo.inserir(quem(req), { ...f, tipo: 'feriado' })) as Feriado);
      return { ano, incluidos, existentes: nacionais.length - incluidos.length };
    },
  );
}

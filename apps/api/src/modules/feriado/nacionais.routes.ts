import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { feriadoRecurso, feriadosNacionaisInput, feriadosNacionaisResposta, somarDias, type Feriado } from '@ceasa/shared';
import type { AppContext } from '../../context';
import { quem } from '../../lib/audit';
import { repositorioDaTabela } from '../../lib/recurso-da-tabela';
import { diasDoCalendario } from '../calendario/calendario.repository';

/** Easter Sunday of `ano` (Gregorian calendar), by the anonymous Gregorian algorithm (Meeus/Jones/Butcher): [month 1-12, day]. */
export function pascoa(ano: number): [number, number] {
  const a = ano % 19;
  const b = Math.floor(ano / 100);
  const c = ano % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const mes = Math.floor((h + l - 7 * m + 114) / 31);
  const dia = ((h + l - 7 * m + 114) % 31) + 1;
  return [mes, dia];
}

const FIXOS: [string, string][] = [
  ['01-01', 'Ano Novo'],
  ['04-21', 'Dia de Tiradentes'],
  ['05-01', 'Dia do Trabalhador'],
  ['09-07', 'Dia da Independência'],
  ['10-12', 'Nossa Senhora Aparecida'],
  ['11-02', 'Dia de Finados'],
  ['11-15', 'Proclamação da República'],
  ['11-20', 'Dia da Consciência Negra'],
  ['12-25', 'Natal'],
];

const iso = (d: Date) => d.toISOString().slice(0, 10);

/**
 * The national holidays of a year, those that close the market: the fixed national ones, the Easter-based days
 * (Carnaval's Monday and Tuesday, Good Friday, Corpus Christi) and, in even years, the general elections' two
 * Sundays (the first and the last of October). Computed here in a few lines (Easter by the Meeus/Jones/Butcher
 * algorithm) rather than by a library of every country's calendar; the same dates as that library gave for
 * 2026-2030 (nacionais.test.ts).
 */
export function feriadosNacionais(ano: number): { data: string; nome: string }[] {
  const [mes, dia] = pascoa(ano);
  const domingo = `${ano}-${String(mes).padStart(2, '0')}-${String(dia).padStart(2, '0')}`;
  const desdePascoa = (dias: number) => somarDias(domingo, dias);
  const lista = [
    ...FIXOS.map(([md, nome]) => ({ data: `${ano}-${md}`, nome })),
    { data: desdePascoa(-48), nome: 'Carnaval' },
    { data: desdePascoa(-47), nome: 'Carnaval' },
    { data: desdePascoa(-2), nome: 'Sexta-Feira Santa' },
    { data: desdePascoa(60), nome: 'Corpus Christi' },
  ];
  if (ano % 2 === 0) {
    const primeiro = new Date(Date.UTC(ano, 9, 1));
    primeiro.setUTCDate(1 + ((7 - primeiro.getUTCDay()) % 7));
    const ultimo = new Date(Date.UTC(ano, 9, 31));
    ultimo.setUTCDate(31 - ultimo.getUTCDay());
    lista.push({ data: iso(primeiro), nome: 'Dia de Eleição' }, { data: iso(ultimo), nome: 'Dia de Eleição' });
  }
  return lista.sort((a, b) => a.data.localeCompare(b.data));
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
      const nacionais = feriadosNacionais(ano);
      const existentes = new Set((await diasDoCalendario(db, { de: `${ano}-01-01`, ate: `${ano}-12-31` })).map((d) => d.data));
      const incluidos: Feriado[] = [];
      for (const f of nacionais.filter((n) => !existentes.has(n.data))) incluidos.push((await repo.inserir(quem(req), { ...f, tipo: 'feriado' })) as Feriado);
      return { ano, incluidos, existentes: nacionais.length - incluidos.length };
    },
  );
}

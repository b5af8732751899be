import { z } from 'zod';
import { formatDate } from '../format';
import { versaoEntrada, versaoRegistro } from '../versao';
import { data, idOpcional, texto } from '../z';
import { declararRecurso } from '../recurso';
import { somarDias } from '../tempo';

/**
 * What a dated record of the market calendar does (decision 0145): 'feriado' closes the market on that
 * date when it is one of the market days; 'extra' opens it on that date (a Saturday before Christmas).
 */
export const TIPOS_FERIADO = ['feriado', 'extra'] as const;
export type TipoFeriado = (typeof TIPOS_FERIADO)[number];
export const ROTULOS_TIPO_FERIADO: Record<TipoFeriado, string> = { feriado: 'Feriado', extra: 'Dia extra de mercado' };

/** A holiday (the market does not open) or an extra market day. */
export const feriadoInput = z.object({
  id: idOpcional,
  versao: versaoEntrada,
  data: data('A data é obrigatória', 'A data é inválida'),
  nome: texto('O nome é obrigatório', 200, 'O nome deve ter no máximo 200 caracteres'),
  tipo: z.enum(TIPOS_FERIADO, { error: 'O tipo deve ser Feriado ou Dia extra de mercado' }).default('feriado'),
});
export type FeriadoInput = z.input<typeof feriadoInput>;

/** A romaneio already on a date that a new holiday closes: the warning lists them. */
export const romaneioDoDia = z.object({ id: z.number().int(), divida: z.number(), produtor: z.string() });
export type RomaneioDoDia = z.infer<typeof romaneioDoDia>;

export const feriadoRegistro = z.object({
  id: z.number().int(),
  versao: versaoRegistro,
  data: z.string(),
  nome: z.string(),
  tipo: z.enum(TIPOS_FERIADO),
  /** Only in the answer of a save: a holiday on a date that already has romaneios warns and lists them. */
  aviso: z.string().optional(),
  romaneios: z.array(romaneioDoDia).optional(),
});
export type Feriado = z.infer<typeof feriadoRegistro>;

export const feriadoRecurso = declararRecurso({
  rota: 'feriado',
  nome: { singular: 'Feriado', plural: 'Feriados', genero: 'm' },
  icone: 'pi pi-calendar-times',
  api: {
    registro: feriadoRegistro,
    entrada: feriadoInput,
    plano: true,
    unicos: { feriado_data_uq: { mensagem: 'Já existe um feriado nesta data.', campos: ['data'] } },
  },
  ordem: { campo: 'data', dir: 'desc' },
  campos: { data: { rotulo: 'Data' }, nome: { rotulo: 'Nome' }, tipo: { rotulo: 'Tipo', opcoes: ROTULOS_TIPO_FERIADO, padrao: 'feriado' } },
  lista: { linha: '{nome} ({data})' },
});

/** The warning of a holiday saved on a date that already has romaneios. */
export const avisoRomaneiosNoFeriado = (data: string, romaneios: readonly RomaneioDoDia[]) =>
  `Já existem ${romaneios.length} romaneio(s) em ${formatDate(data)}: ${romaneios.map((r) => `nº ${r.id} (${r.produtor})`).join(', ')}.`;

/** POST feriado/nacionais: the national holidays of a year. */
export const feriadosNacionaisInput = z.object({
  ano: z
    .number({ error: 'O ano é obrigatório' })
    .int('O ano é inválido')
    .min(1900, 'O ano deve estar entre 1900 e 2199')
    .max(2199, 'O ano deve estar entre 1900 e 2199'),
});
export const feriadosNacionaisResposta = z.object({ ano: z.number(), incluidos: z.array(feriadoRegistro), existentes: z.number() });

/** A date of the market calendar the web and the server read: holidays and extra market days. */
export const diaDoCalendario = z.object({ data: z.string(), nome: z.string(), tipo: z.enum(TIPOS_FERIADO) });
export type DiaDoCalendario = z.infer<typeof diaDoCalendario>;

/** The weekdays in pt-BR, as JavaScript numbers them (0 Sunday ... 6 Saturday). */
export const DIAS_DA_SEMANA = ['domingo', 'segunda-feira', 'terça-feira', 'quarta-feira', 'quinta-feira', 'sexta-feira', 'sábado'] as const;

/** The market days (settings' diasDeMercado, CEASA_DIAS_MERCADO) by name, in week order, 'ou' before the last: 'segunda-feira ou quinta-feira'. */
export function nomesDosDiasDeMercado(dias: readonly number[]): string {
  const nomes = [...new Set(dias)].sort((a, b) => a - b).map((d) => DIAS_DA_SEMANA[d]);
  return nomes.length > 1 ? `${nomes.slice(0, -1).join(', ')} ou ${nomes[nomes.length - 1]}` : (nomes[0] ?? '');
}

/** The refusal of an issue date that is not a market day, naming the configured days (the gate form and the server say the same). */
export const mensagemDiaDeMercado = (dias: readonly number[]) => `A data de emissão deve ser um dia de mercado (${nomesDosDiasDeMercado(dias)}).`;

/** The refusal of a date a holiday closes: '30/11/2026 é feriado: Dia do Evangélico.' */
export const mensagemFeriado = (f: { data: string; nome: string }) => `${formatDate(f.data)} é feriado: ${f.nome}.`;

const ISO = /^(\d{4})-(\d{2})-(\d{2})$/;
const diaDaSemana = (data: string) => {
  const m = ISO.exec(data);
  return m ? new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))).getUTCDay() : -1;
};

/**
 * THE market-day rule (API and web): why a yyyy-mm-dd date is not a market day, or null when it is.
 * An extra market day opens any date; a holiday closes a market weekday (its message names it);
 * otherwise the date's calendar weekday must be one of `dias`.
 */
export function motivoSemMercado(data: string, dias: readonly number[], calendario: readonly DiaDoCalendario[] = []): string | null {
  const semana = diaDaSemana(data);
  if (semana < 0) return mensagemDiaDeMercado(dias);
  const doDia = calendario.filter((c) => c.data === data);
  if (doDia.some((c) => c.tipo === 'extra')) return null;
  if (!dias.includes(semana)) return mensagemDiaDeMercado(dias);
  const feriado = doDia.find((c) => c.tipo === 'feriado');
  return feriado ? mensagemFeriado(feriado) : null;
}

/** Whether a yyyy-mm-dd date is a market day (its calendar weekday, whatever the time zone; holidays and extra days of `calendario`). */
export const ehDiaDeMercado = (data: string, dias: readonly number[], calendario: readonly DiaDoCalendario[] = []) =>
  ISO.test(data) && motivoSemMercado(data, dias, calendario) === null;

/** The first market day on or after `desde` (yyyy-mm-dd) within a year; `desde` itself when no day of the week is a market day. */
export function proximoDiaDeMercado(desde: string, dias: readonly number[], calendario: readonly DiaDoCalendario[] = []): string {
  for (let i = 0; i < 370; i++) {
    const d = somarDias(desde, i);
    if (ehDiaDeMercado(d, dias, calendario)) return d;
  }
  return desde;
}

/** The market day before `data` (yyyy-mm-dd) within a year, or null. */
export function diaDeMercadoAnterior(data: string, dias: readonly number[], calendario: readonly DiaDoCalendario[] = []): string | null {
  for (let i = 1; i < 370; i++) {
    const d = somarDias(data, -i);
    if (ehDiaDeMercado(d, dias, calendario)) return d;
  }
  return null;
}

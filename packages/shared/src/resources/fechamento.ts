import { z } from 'zod';
import { data } from '../z';

/** GET fechamento and fechamento/painel: the day asked for. */
export const fechamentoQuery = z.object({ data: data('A data é obrigatória', 'A data é inválida') });

/**
 * 'Fechamento do dia' (decision 0147): the figures of one market day. Quantities are the
 * romaneios' packages; kg is packages × the product's pesoEmKg. Money and kg are numbers (2 decimals).
 */
export const fechamentoDoDia = z.object({
  data: z.string(),
  /** Why the date is not a market day (a holiday, another weekday), or null. */
  semMercado: z.string().nullable(),
  romaneios: z.number(),
  produtores: z.number(),
  quantidade: z.number(),
  kg: z.number(),
  porProduto: z.array(z.object({ produto: z.string(), embalagem: z.string(), quantidade: z.number(), kg: z.number() })),
  porMunicipio: z.array(z.object({ municipio: z.string(), kg: z.number() })),
  pedras: z.object({ total: z.number(), ocupadas: z.number(), livres: z.number(), avulsas: z.number() }),
  estacionamento: z.object({ tickets: z.number(), total: z.number() }),
  porUsuario: z.array(z.object({ usuario: z.string(), romaneios: z.number() })),
  /**
   * The loads announced in the portal for the day (decision 0298): received (a romaneio names them) and not, and the
   * day's romaneios that received none (walk-in loads).
   */
  chegadas: z.object({ anunciadas: z.number(), recebidas: z.number(), naoRecebidas: z.number(), avulsas: z.number() }),
  precos: z.array(z.object({ produto: z.string(), valor: z.number(), publicado: z.boolean() })),
});
export type FechamentoDoDia = z.infer<typeof fechamentoDoDia>;

/** The manager's panel on /admin: the day's occupancy and the week's signs. */
export const painelDoGestor = z.object({
  data: z.string(),
  /** Monday to Sunday of the day's week. */
  semana: z.object({ de: z.string(), ate: z.string() }),
  ocupacao: z.object({ ocupadas: z.number(), total: z.number(), percentual: z.number() }),
  chegadas: z.object({ kgSemana: z.number(), kgAnoAnterior: z.number(), variacao: z.number().nullable() }),
  /** The market day the prices are compared with. */
  diaAnterior: z.string().nullable(),
  /** Changes of the published (public) most common price of each product between the last two published days. */
  variacoesDePreco: z.array(z.object({ produto: z.string(), anterior: z.number(), atual: z.number(), variacao: z.number() })),
  /** Prices not yet published from the week's Monday to the day (never counted as changes), by day. */
  rascunhos: z.array(z.object({ produto: z.string(), data: z.string(), valor: z.number() })),
  boletinsTerminando: z.array(z.object({ boletimId: z.number(), produtor: z.string(), produto: z.string(), fimColheita: z.string() })),
  cadernosTerminando: z.array(z.object({ cadernoId: z.number(), produtor: z.string(), produto: z.string(), fimCarencia: z.string() })),
});
export type PainelDoGestor = z.infer<typeof painelDoGestor>;

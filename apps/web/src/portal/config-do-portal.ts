import { api } from '../lib/api-client';
import { numero, obj } from './leituras';

/** GET /api/portal/config: whether 'Entrar com gov.br' shows, the level it needs, how many days ahead a load is announced. */
export interface ConfigDoPortal {
  govbr: boolean;
  nivelMinimo: string;
  diasAntecedencia: number;
}
/** PORTAL_DIAS_ANTECEDENCIA's default (docs/produto/portal.md), while the answer has no number. */
const DIAS_PADRAO = 7;

export function lerConfig(v: unknown): ConfigDoPortal {
  const o = obj(v);
  return {
    govbr: o.govbr === true,
    nivelMinimo: typeof o.nivelMinimo === 'string' ? o.nivelMinimo : 'prata',
    diasAntecedencia: numero(o, 'diasAntecedencia') ?? DIAS_PADRAO,
  };
}

let pedido: Promise<ConfigDoPortal> | null = null;
let recebida: ConfigDoPortal | undefined;
/** Asked once for the page's life (again after a failure). */
export function configDoPortal(): Promise<ConfigDoPortal> {
  pedido ??= api<unknown>('portal/config')
    .then((v) => (recebida = lerConfig(v)))
    .catch((e: unknown) => {
      pedido = null;
      throw e;
    });
  return pedido;
}

/** The answer, once it arrived (the page's first render draws with it: main.tsx asks before React starts). */
export const configJaRecebida = (): ConfigDoPortal | undefined => recebida;

/** For tests: the next call asks again. */
export function esquecerConfigDoPortal() {
  pedido = null;
  recebida = undefined;
}

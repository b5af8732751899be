import type { DividaConsulta } from '@ceasa/shared';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { HttpError } from '../../lib/errors';
import { dividaDaTabela } from './divida.repository';

/**
 * Where a debt number is looked up (taxpayer and amount). The default reads the `dividas` table,
 * loaded from the tax system's CSV export (`npm run dividas:import`); with DIVIDAS_URL the tax
 * system is asked over HTTP instead.
 */
export interface DividaProvider {
  buscar(numero: number): Promise<DividaConsulta | null>;
}

function dividaTabelaProvider(db: Db): DividaProvider {
  return { buscar: (numero) => dividaDaTabela(db, numero) };
}

const INDISPONIVEL = 'O sistema de arrecadação não respondeu à consulta da dívida. Tente novamente mais tarde.';

/**
 * DIVIDAS_URL is a template such as `https://arrecadacao.example/api/dividas/{numero}`; the answer
 * must be JSON `{ nomeContribuinte, valorPgto }` (valorPgto a number or a decimal string).
 * 404 means no such debt; anything else that is not a 2xx, a timeout or a bad body is a 502.
 */
export function dividaHttpProvider(urlTemplate: string, opts: { timeoutMs?: number } = {}): DividaProvider {
  const timeoutMs = opts.timeoutMs ?? 5000;
  return {
    async buscar(numero) {
      const url = urlTemplate.replaceAll('{numero}', encodeURIComponent(String(numero)));
      let res: Response;
      try {
        res = await fetch(url, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(timeoutMs) });
      } catch {
        throw new HttpError(502, INDISPONIVEL);
      }
      if (res.status === 404) {
        await res.body?.cancel();
        return null;
      }
      if (!res.ok) {
        await res.body?.cancel();
        throw new HttpError(502, INDISPONIVEL);
      }
      let body: unknown;
      try {
        body = await res.json();
      } catch {
        throw new HttpError(502, INDISPONIVEL);
      }
      const b = body as { nomeContribuinte?: unknown; valorPgto?: unknown } | null;
      const valor = typeof b?.valorPgto === 'number' ? b.valorPgto : typeof b?.valorPgto === 'string' && b.valorPgto.trim() !== '' ? Number(b.valorPgto) : NaN;
      if (typeof b?.nomeContribuinte !== 'string' || !Number.isFinite(valor)) throw new HttpError(502, INDISPONIVEL);
      return { nomeContribuinte: b.nomeContribuinte, valorPgto: valor };
    },
  };
}

/** The provider this deployment uses. */
export function dividaProvider(db: Db, config: Pick<Config, 'dividasUrl'>): DividaProvider {
  return config.dividasUrl ? dividaHttpProvider(config.dividasUrl) : dividaTabelaProvider(db);
}

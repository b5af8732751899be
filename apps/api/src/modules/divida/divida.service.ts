import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { dividaProvider } from './provider';

/**
 * What other modules use (docs/arquitetura.md): a debt's taxpayer, for the gate's question 'O contribuinte da
 * dívida … não o produtor …' (romaneio's regras.ts). Null when the debt is not found or the lookup failed (the tax
 * system did not answer): the question is then not asked, as the save does not depend on that system.
 */
export function contribuinteDaDivida(db: Db, config: Pick<Config, 'dividasUrl'>): (numero: number) => Promise<string | null> {
  const provider = dividaProvider(db, config);
  return (numero) =>
    provider.buscar(numero).then(
      (d) => d?.nomeContribuinte ?? null,
      () => null,
    );
}

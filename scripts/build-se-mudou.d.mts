/** Types of scripts/build-se-mudou.mjs (its test, the test helpers and the bench import it). */
export const FONTES: string[];
export const FONTES_DO_SERVIDOR: string[];
export const CARIMBO: string;
export const SERVIDOR: string;
export function hashDasFontes(raiz?: string, fontes?: string[]): string;
export function construida(dist: string, hash: string, arquivo?: string): boolean;
export function construirSeMudou(o?: {
  raiz?: string;
  dist?: string;
  fontes?: string[];
  construir?: (pasta: string) => void | Promise<void>;
  arquivo?: string;
  nome?: string;
  log?: (msg: string) => void;
}): Promise<boolean>;
export function compilarServidorSeMudou(o?: { raiz?: string; dist?: string; log?: (msg: string) => void }): Promise<boolean>;
export function arquivosDeRotas(raiz?: string): { pasta: string; arquivo: string }[];
export function compilarBundles(o: {
  raiz?: string;
  pasta: string;
  lugar?: string;
  entradas: Record<string, string>;
  urlPropria?: string[];
}): Promise<import('esbuild').Metafile>;

/** Types of scripts/build-se-mudou.mjs (its test imports it). */
export const FONTES: string[];
export const CARIMBO: string;
export function hashDasFontes(raiz?: string, fontes?: string[]): string;
export function construida(dist: string, hash: string): boolean;
export function construirSeMudou(o?: {
  raiz?: string;
  dist?: string;
  fontes?: string[];
  construir?: (pasta: string) => void | Promise<void>;
  log?: (msg: string) => void;
}): Promise<boolean>;

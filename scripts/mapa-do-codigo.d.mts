/** Types of scripts/mapa-do-codigo.mjs (apps/api/test/documentacao.test.ts imports it). */
export const INICIO: string;
export const FIM: string;
export function mapaDoCodigo(raiz?: string): string;
export function documentoComMapa(raiz?: string): string;

/**
 * The Node.js release the README asks for (root package.json `engines`, checked equal by
 * apps/api/test/versao-do-node.test.ts): the product's own pt-BR line at start when the running Node is older,
 * instead of oidc-provider's English 'Unsupported runtime' warning (docs/decisions/0200-metricas-e-prontidao.md).
 * The check itself runs in aviso-do-node.ts, imported first by server.ts (before any library loads).
 */
export const NODE_MINIMO = '22.13.0';

const partes = (v: string) => v.replace(/^v/, '').split('.').map(Number);

/** Whether `versao` (e.g. '20.19.5') is older than NODE_MINIMO. */
export function nodeAntigo(versao: string): boolean {
  const [a, b, c] = partes(versao);
  const [x, y, z] = partes(NODE_MINIMO);
  return a !== x ? a < x : b !== y ? b < y : c < z;
}

export const linhaDoNodeAntigo = (versao: string) =>
  `Aviso: este servidor roda no Node.js ${versao}; o CEASA Regional pede o Node.js ${NODE_MINIMO.replace(/\.0$/, '')} ou mais novo (veja o README). ` +
  'Ele funciona, mas atualize o Node.js: as próximas versões das bibliotecas podem deixar de funcionar nele.';

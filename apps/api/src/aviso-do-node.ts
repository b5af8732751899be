/**
 * Imported first by server.ts, before any library loads: on a Node.js older than the README asks, the product's
 * own pt-BR line, and oidc-provider's English 'Unsupported runtime' warning (printed when it loads) dropped
 * (docs/decisions/0200-metricas-e-prontidao.md). Any other console warning passes.
 */
import { linhaDoNodeAntigo, nodeAntigo } from './versao-do-node';

/** oidc-provider's warning at load when Node is not an LTS it names; the product says its own line instead. */
const AVISO_DA_BIBLIOTECA = /^oidc-provider WARNING: Unsupported runtime/;

/** A terminal's colour codes around the library's line (it colours it when stderr is a terminal). */
const CORES = new RegExp(`${String.fromCharCode(27)}\\[[\\d;]*m`, 'g');

const avisar = console.warn.bind(console);
console.warn = (...args: unknown[]) => {
  if (typeof args[0] === 'string' && AVISO_DA_BIBLIOTECA.test(args[0].replace(CORES, ''))) return;
  avisar(...args);
};
if (nodeAntigo(process.versions.node)) console.warn(linhaDoNodeAntigo(process.versions.node));

import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { RECURSOS } from '@ceasa/shared';
import type { AppContext, RotasDoModulo } from '../context';
import { rotasDoRecursoPlano, type RegrasDoRecurso } from '../lib/recurso-da-tabela';

/** A module's routes (`*.routes.ts`) and a flat resource's rules (`*.regras.ts`). */
/** The list of routes and rules files, written by the build into a compiled server; undefined when run from the sources. */
declare const CEASA_ARQUIVOS_DE_ROTAS: string | undefined;

const ARQUIVO = /^[a-z0-9-]+\.(routes|regras)\.ts$/;
const rotasDa = (pasta: URL) =>
  readdirSync(fileURLToPath(pasta))
    .filter((f) => ARQUIVO.test(f))
    .sort();

/**
 * The routes and rules files, found by the folders they live in (no hand list): identity's `*.routes.ts`,
 * then each module folder's `*.routes.ts` and `*.regras.ts`, folders and files in alphabetical order. Read from the sources' folders;
 * a compiled server or command (a release has no sources) gets the same list written into it when it is built
 * (`CEASA_ARQUIVOS_DE_ROTAS`, scripts/build-se-mudou.mjs).
 */
export function arquivosDeRotas(): { pasta: string; arquivo: string }[] {
  if (typeof CEASA_ARQUIVOS_DE_ROTAS === 'string') return JSON.parse(CEASA_ARQUIVOS_DE_ROTAS) as { pasta: string; arquivo: string }[];
  const identidade = rotasDa(new URL('../identity/', import.meta.url))
    .filter((f) => f.endsWith('.routes.ts'))
    .map((arquivo) => ({ pasta: '', arquivo }));
  const pastas = readdirSync(fileURLToPath(new URL('./', import.meta.url)), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort();
  return [...identidade, ...pastas.flatMap((pasta) => rotasDa(new URL(`./${pasta}/`, import.meta.url)).map((arquivo) => ({ pasta, arquivo })))];
}

/**
 * Every module's routes, registered under /api: the default export, `(app, ctx)`, of each routes file
 * `arquivosDeRotas` finds; then the list and CRUD routes of every flat resource (`api.plano` in its
 * declaration), with the rules (`RegrasDoRecurso`) a `*.regras.ts` of its module gives. The imports are
 * template literals, so esbuild bundles every file they can name and the compiled server finds the same ones.
 * Imported before the server registers them (`modulos()`), so a slow import does not count against Fastify's
 * plugin start time. Fastify's router picks a route by its path, not by the order it was added (a static segment wins over
 * `:id`); no module adds hooks, so the order only orders the OpenAPI document.
 */
export async function carregarModulos(): Promise<(app: FastifyInstance, ctx: AppContext) => void> {
  const rotas: RotasDoModulo[] = [];
  const regras = new Map<string, RegrasDoRecurso>();
  for (const { pasta, arquivo } of arquivosDeRotas()) {
    if (arquivo.endsWith('.regras.ts')) {
      const r: { default: RegrasDoRecurso } = await import(`./${pasta}/${arquivo.slice(0, -'.regras.ts'.length)}.regras.ts`);
      regras.set(r.default.recurso.rota, r.default);
      continue;
    }
    const nome = arquivo.slice(0, -'.routes.ts'.length);
    const m: { default: RotasDoModulo } = pasta ? await import(`./${pasta}/${nome}.routes.ts`) : await import(`../identity/${nome}.routes.ts`);
    rotas.push(m.default);
  }
  return (app, ctx) => {
    for (const r of rotas) r(app, ctx);
    for (const recurso of RECURSOS.filter((r) => r.api?.plano)) rotasDoRecursoPlano(app, ctx.db, recurso, regras.get(recurso.rota));
  };
}

/** The modules, imported once per process (before a server's plugins start: Fastify times a plugin's start). */
let carregados: ReturnType<typeof carregarModulos> | undefined;
export const modulos = () => (carregados ??= carregarModulos());

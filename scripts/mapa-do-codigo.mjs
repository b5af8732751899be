// The code map of docs/arquitetura.md: for every route name (a declared resource, an API module, a web feature), where
// it lives in each package and under which names. Read from the tree, never written by hand: `node
// scripts/mapa-do-codigo.mjs` rewrites the section between its two markers; apps/api/test/documentacao.test.ts fails
// when the section differs from the tree.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const INICIO = '<!-- mapa do código: escrito por scripts/mapa-do-codigo.mjs, não editar à mão -->';
export const FIM = '<!-- fim do mapa do código -->';

const RAIZ = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const kebab = (rota) => rota.replace(/[A-Z]/g, (l) => `-${l.toLowerCase()}`);
const pastas = (dir) =>
  readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name);
const fontes = (dir) =>
  readdirSync(dir)
    .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f))
    .sort();

/** Each declaration of packages/shared/src/resources: its route name, its exported name, its file, whether it has screen fields and a plain API. */
function declaracoes(raiz) {
  const dir = path.join(raiz, 'packages/shared/src/resources');
  const lista = [];
  for (const arquivo of fontes(dir)) {
    const texto = readFileSync(path.join(dir, arquivo), 'utf8');
    const partes = [...texto.matchAll(/export const (\w+) = declararRecurso\(\{\s*rota: '([^']+)'/g)];
    partes.forEach((m, i) => {
      const bloco = texto.slice(m.index, partes[i + 1]?.index ?? texto.length);
      lista.push({ rota: m[2], nome: m[1], arquivo, campos: /\n {2}campos: /.test(bloco), plano: /\bplano: true\b/.test(bloco) });
    });
  }
  return lista;
}

/** What a module or feature folder holds, named by the files' roles ('routes', 'repository', 'list-page', ...). */
function papeis(dir, prefixo) {
  return fontes(dir)
    .map((f) => f.replace(/\.tsx?$/, ''))
    .map((f) => (f.startsWith(`${prefixo}.`) ? f.slice(prefixo.length + 1) : f.startsWith(`${prefixo}-`) ? f.slice(prefixo.length + 1) : f))
    .join(', ');
}

/** The names a feature's index.ts exports (the screens the app finds there). */
function exportados(dir) {
  const index = path.join(dir, 'index.ts');
  if (!existsSync(index)) return [];
  return [...readFileSync(index, 'utf8').matchAll(/export const (\w+)/g)].map((m) => m[1]);
}

export function mapaDoCodigo(raiz = RAIZ) {
  const modulos = new Set(pastas(path.join(raiz, 'apps/api/src/modules')));
  const features = new Set(pastas(path.join(raiz, 'apps/web/src/features')));
  const decl = declaracoes(raiz);
  const porPasta = new Map();
  for (const d of decl) porPasta.set(kebab(d.rota), [...(porPasta.get(kebab(d.rota)) ?? []), d]);
  const nomes = [...new Set([...porPasta.keys(), ...modulos, ...features])].sort();
  const linhas = [
    '| folder | declaration (`packages/shared/src/resources/`) | API (`apps/api/src/modules/`) | web screens (`apps/web/src/features/`) |',
    '| --- | --- | --- | --- |',
  ];
  for (const nome of nomes) {
    const ds = porPasta.get(nome) ?? [];
    const declaracao = ds.length ? ds.map((d) => `\`${d.rota}\`: \`${d.nome}\` (${d.arquivo})`).join('; ') : '—';
    const api = modulos.has(nome)
      ? `${papeis(path.join(raiz, 'apps/api/src/modules', nome), nome)}`
      : ds.some((d) => d.plano)
        ? 'generated from the declaration (`rotasDoRecursoPlano`)'
        : '—';
    const dirWeb = path.join(raiz, 'apps/web/src/features', nome);
    const web = features.has(nome)
      ? [papeis(dirWeb, nome), ...exportados(dirWeb).map((e) => `\`${e}\``)].join('; ')
      : ds.some((d) => d.campos)
        ? 'generated list and form (from `campos`)'
        : '—';
    linhas.push(`| ${nome} | ${declaracao} | ${api} | ${web} |`);
  }
  return linhas.join('\n');
}

/** docs/arquitetura.md with its code map section made anew from the tree. */
export function documentoComMapa(raiz = RAIZ) {
  const doc = readFileSync(path.join(raiz, 'docs/arquitetura.md'), 'utf8');
  const i = doc.indexOf(INICIO);
  const f = doc.indexOf(FIM);
  if (i < 0 || f < i) throw new Error(`docs/arquitetura.md: faltam os marcadores do mapa do código (${INICIO} … ${FIM})`);
  return `${doc.slice(0, i + INICIO.length)}\n${mapaDoCodigo(raiz)}\n${doc.slice(f)}`;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  writeFileSync(path.join(RAIZ, 'docs/arquitetura.md'), documentoComMapa());
  console.log('docs/arquitetura.md: mapa do código atualizado');
}

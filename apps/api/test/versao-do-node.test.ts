import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { linhaDoNodeAntigo, NODE_MINIMO, nodeAntigo } from '../src/versao-do-node';

/**
 * The README's Node version is what `npm install` needs: the lowest release that every locked package's
 * `engines.node` accepts (otherwise npm install warns EBADENGINE), and the root package.json says the same.
 */
const raiz = path.resolve(import.meta.dirname, '../../..');
const ler = (f: string) => readFileSync(path.join(raiz, f), 'utf8');

type Versao = [number, number, number];
const versao = (v: string): Versao => {
  const [a = 0, b = 0, c = 0] = v
    .replace(/^v/, '')
    .split('.')
    .map((x) => (/^\d+$/.test(x) ? Number(x) : 0));
  return [a, b, c];
};
const comparar = (x: Versao, y: Versao) => x[0] - y[0] || x[1] - y[1] || x[2] - y[2];

/** One comparator of a range ('>=22.12.0', '^20.19.0', '~4.1', '<10', '20', '0.8.x', '*'). */
function cumpre(c: string, v: Versao): boolean {
  const m = /^(>=|<=|>|<|\^|~|=)?v?([\dx*.]+)$/.exec(c);
  if (!m) throw new Error(`faixa de engines não reconhecida: ${c}`);
  const [, op = '', alvo] = m;
  if (alvo === '*' || alvo === 'x') return true;
  const w = versao(alvo);
  const partes = alvo.split('.').filter((x) => /^\d+$/.test(x)).length;
  const d = comparar(v, w);
  if (op === '>=') return d >= 0;
  if (op === '>') return d > 0;
  if (op === '<=') return d <= 0;
  if (op === '<') return d < 0;
  if (op === '^') return v[0] === w[0] && d >= 0;
  if (op === '~') return v[0] === w[0] && (partes < 2 || v[1] === w[1]) && d >= 0;
  // A bare version: the parts it names must match ('20' is any 20.x.y).
  return v.slice(0, partes).every((n, i) => n === w[i]);
}

/** Whether `v` satisfies an engines range ('^20.19.0 || >=22.12.0', '18 || 20 || >=22', '>= 4', '>=8 <10'). */
export function aceita(faixa: string, v: Versao): boolean {
  return faixa.split('||').some((parte) => {
    const comparadores = parte
      .trim()
      .replace(/(>=|<=|>|<|\^|~|=)\s+/g, '$1')
      .split(/\s+/)
      .filter(Boolean);
    return comparadores.every((c) => cumpre(c, v));
  });
}

describe("README's Node version", () => {
  it('is the lowest Node release every locked package accepts, in README and package.json engines', () => {
    const lock = JSON.parse(ler('package-lock.json')) as {
      packages: Record<string, { engines?: { node?: string } | string[]; optional?: boolean; os?: string[] }>;
    };
    const faixas = Object.entries(lock.packages)
      .filter(([nome, p]) => nome && !p.os && p.engines && !Array.isArray(p.engines) && p.engines.node)
      .map(([nome, p]) => [nome, (p.engines as { node: string }).node] as const);
    const candidatas = ['20.19.0', '22.0.0', '22.12.0', '22.13.0', '24.0.0'].map(versao);
    const minima = candidatas.find((v) => faixas.every(([, f]) => aceita(f, v)));
    expect(minima, 'nenhuma versão aceita por todos os pacotes').toBeDefined();
    const [maior, menor] = minima!;
    // Node 20 is refused by some package (cookie 2, content-disposition 3): the README must not promise it.
    expect(faixas.filter(([, f]) => !aceita(f, versao('20.19.0'))).map(([n]) => n.replace(/^.*node_modules\//, ''))).toEqual(
      expect.arrayContaining(['content-disposition', 'cookie']),
    );
    expect(ler('README.md')).toContain(`Needs Node.js ${maior}.${menor} or newer`);
    expect(JSON.parse(ler('package.json')).engines.node).toBe(`>=${maior}.${menor}`);
    // The server's own start-up check (the pt-BR line on an older Node.js) asks the same release.
    expect(NODE_MINIMO).toBe(`${maior}.${menor}.0`);
  });

  it("the server's check says older releases are older, and names the README's release in pt-BR", () => {
    expect(nodeAntigo('20.19.5')).toBe(true);
    expect(nodeAntigo('22.12.9')).toBe(true);
    expect(nodeAntigo('22.13.0')).toBe(false);
    expect(nodeAntigo('24.1.0')).toBe(false);
    expect(linhaDoNodeAntigo('20.19.5')).toMatch(
      /^Aviso: este servidor roda no Node\.js 20\.19\.5; o CEASA Regional pede o Node\.js 22\.13 ou mais novo \(veja o README\)\./,
    );
  });

  it('reads the engines ranges the lockfile uses', () => {
    expect(aceita('^20.19.0 || >=22.12.0', versao('20.19.0'))).toBe(true);
    expect(aceita('^20.19.0 || >=22.12.0', versao('22.11.0'))).toBe(false);
    expect(aceita('18 || 20 || >=22', versao('21.0.0'))).toBe(false);
    expect(aceita('>=22', versao('20.20.2'))).toBe(false);
  });
});

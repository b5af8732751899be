import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { documentoComMapa } from '../../../scripts/mapa-do-codigo.mjs';

/**
 * The docs a newcomer reads resolve: the decision records follow one grammar and their index matches them
 * (docs/decisions/README.md, 'Rules'), and every document the code or the docs point at is in the repository.
 */
const raiz = path.resolve(import.meta.dirname, '../../..');
const pasta = path.join(raiz, 'docs/decisions');
const registros = readdirSync(pasta)
  .filter((f) => /^\d{4}-.*\.md$/.test(f))
  .sort();
const indice = readFileSync(path.join(pasta, 'README.md'), 'utf8');
const STATUS = /^Status: (accepted|accepted, partly superseded by \d{4}: .+|superseded by \d{4}( and \d{4})?)$/;

function statusDe(arquivo: string) {
  const linhas = readFileSync(path.join(pasta, arquivo), 'utf8').split('\n').slice(0, 15);
  return linhas.filter((l) => l.startsWith('Status:'));
}

describe('decision records', () => {
  it('each has a numbered title, a Date and one Status of the three forms', () => {
    const erros: string[] = [];
    for (const f of registros) {
      const texto = readFileSync(path.join(pasta, f), 'utf8');
      if (!texto.startsWith(`# ${f.slice(0, 4)}. `)) erros.push(`${f}: título`);
      if (!/^Date: \d{4}-\d{2}-\d{2}$/m.test(texto)) erros.push(`${f}: Date`);
      const status = statusDe(f);
      if (status.length !== 1 || !STATUS.test(status[0])) erros.push(`${f}: ${status.join(' | ') || 'sem Status'}`);
    }
    expect(erros).toEqual([]);
  });

  it('the index has one line per record, with its link and its Status', () => {
    const linhas = [...indice.matchAll(/^- \[(\d{4})\]\(([^)]+)\) .* \(([^()]*)\)$/gm)];
    expect(linhas.map((m) => m[2])).toEqual(registros);
    for (const [, numero, arquivo, status] of linhas) {
      expect(arquivo.startsWith(numero)).toBe(true);
      const proprio = statusDe(arquivo)[0].slice('Status: '.length);
      expect(status, arquivo).toBe(proprio.replace(/^(accepted, partly superseded by \d{4}):.*$/, '$1'));
    }
  });

  it('every number up to the last is a record or listed as unused', () => {
    const usados = new Set(registros.map((f) => Number(f.slice(0, 4))));
    const paragrafo = indice.split('\n').find((l) => l.startsWith('Unused numbers:')) ?? '';
    const texto = indice.slice(indice.indexOf(paragrafo), indice.indexOf('## Topics'));
    const listados = new Set<number>();
    for (const [, de, ate] of texto.matchAll(/\b(\d{4})(?:–(\d{4}))?\b/g)) for (let n = Number(de); n <= Number(ate ?? de); n++) listados.add(n);
    const ultimo = Math.max(...usados);
    const faltando = [];
    for (let n = 1; n <= ultimo; n++) if (!usados.has(n) && !listados.has(n)) faltando.push(n);
    expect(faltando).toEqual([]);
  });
});

/** Paths that name history, not a file to open: the single decisions file split into records on 2026-11-23. */
const HISTORICOS = new Set(['docs/decisions.md']);

describe('references', () => {
  const arquivos = execFileSync('git', ['ls-files', 'apps', 'packages', 'e2e', 'bench', 'scripts', 'docs', 'README.md', '.ci'], {
    cwd: raiz,
    encoding: 'utf8',
  })
    .split('\n')
    // A migration that has run is never edited (its hash is in every database and backup): its comments stay as written.
    .filter((f) => /\.(ts|tsx|mjs|js|sql|md)$/.test(f) && existsSync(path.join(raiz, f)) && !f.startsWith('apps/api/src/db/migrations/'));

  it('no file cites a document outside the repository (the product is described in docs/produto)', () => {
    const citacoes = arquivos.filter((f) => /\b(SPEC|CONTRACT)\.md\b/.test(readFileSync(path.join(raiz, f), 'utf8')));
    expect(citacoes.filter((f) => f !== 'apps/api/test/documentacao.test.ts')).toEqual([]);
  });

  it('every docs/… path and decision number named in the code exists', () => {
    const faltando = new Set<string>();
    for (const f of arquivos) {
      const texto = readFileSync(path.join(raiz, f), 'utf8');
      for (const [, alvo] of texto.matchAll(/(?<![/\w])(docs\/[\w./-]*\w)/g)) {
        const registro = /^docs\/decisions\/(\d{4})$/.exec(alvo);
        const existe = registro ? registros.some((r) => r.startsWith(registro[1])) : existsSync(path.join(raiz, alvo));
        if (!existe && !HISTORICOS.has(alvo)) faltando.add(`${f}: ${alvo}`);
      }
      for (const [, n] of texto.matchAll(/\b[Dd]ecis(?:ion|ão|ao)s? (\d{4})\b/g))
        if (!registros.some((r) => r.startsWith(n))) faltando.add(`${f}: decision ${n}`);
    }
    expect([...faltando]).toEqual([]);
  });
});

describe('the code map', () => {
  it("docs/arquitetura.md's code map is the tree's (node scripts/mapa-do-codigo.mjs writes it)", () => {
    const doc = readFileSync(path.join(raiz, 'docs/arquitetura.md'), 'utf8');
    expect(doc).toBe(documentoComMapa(raiz));
  });

  it('every API module and web feature folder is a row of it', () => {
    const doc = readFileSync(path.join(raiz, 'docs/arquitetura.md'), 'utf8');
    const pastas = ['apps/api/src/modules', 'apps/web/src/features'].flatMap((d) =>
      readdirSync(path.join(raiz, d), { withFileTypes: true })
        .filter((e) => e.isDirectory())
        .map((e) => e.name),
    );
    expect(pastas.filter((p) => !doc.includes(`\n| ${p} |`))).toEqual([]);
  });
});

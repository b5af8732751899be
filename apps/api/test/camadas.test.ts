import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The layers of docs/arquitetura.md are kept by ESLint (eslint.config.js): each case lints one import
 * as if it were written in that file of the repository.
 */
const raiz = path.resolve(import.meta.dirname, '../../..');
const eslint = new ESLint({ cwd: raiz });

async function recusas(arquivo: string, importacao: string, regra = 'import-x/no-restricted-paths'): Promise<string[]> {
  const [r] = await eslint.lintText(`import * as m from '${importacao}';\nexport const usado = m;\n`, { filePath: path.join(raiz, arquivo) });
  return r!.messages.filter((m) => m.ruleId === regra).map((m) => m.message);
}

describe('camadas guardadas pelo lint', () => {
  it('um módulo da API usa outro só pelo seu repositório ou service', { timeout: 120_000 }, async () => {
    const romaneio = 'apps/api/src/modules/romaneio/novo.ts';
    expect(await recusas(romaneio, '../pedra/pedra.repository')).toEqual([]);
    expect(await recusas(romaneio, '../boletim/boletim.routes')).toEqual([expect.stringContaining('boletim/boletim.repository.ts (consultas)')]);
    expect(await recusas(romaneio, '../divida/provider')).toHaveLength(1);
    expect(await recusas(romaneio, '../calendario/calendario.service')).toEqual([]);
    expect(await recusas(romaneio, './romaneio.repository')).toEqual([]);
    expect(await recusas('apps/api/src/modules/pessoa/novo.ts', '../ftp/ftp.routes')).toHaveLength(1);
    // A module's tests may look inside another module.
    expect(await recusas('apps/api/src/modules/pessoa/novo.test.ts', '../ftp/ftp.routes')).toEqual([]);
  });

  it(
    'nenhuma seta volta para cima: lib/ e db/ não importam módulos, plugins/ nem identity/; identity/ não importa context.ts',
    { timeout: 120_000 },
    async () => {
      expect(await recusas('apps/api/src/lib/novo.ts', '../plugins/auth')).toEqual([expect.stringContaining('a seta não volta para cima')]);
      expect(await recusas('apps/api/src/db/novo.ts', '../modules/pessoa/pessoa.repository')).toEqual([expect.stringContaining('db/ é a base')]);
      expect(await recusas('apps/api/src/db/novo.ts', '../identity/keys')).toHaveLength(1);
      expect(await recusas('apps/api/src/identity/novo.ts', '../context')).toEqual([expect.stringContaining('ContextoDaIdentidade')]);
      expect(await recusas('apps/api/src/identity/novo.ts', './contexto')).toEqual([]);
      expect(await recusas('apps/api/src/lib/novo.ts', '../db/client')).toEqual([]);
    },
  );

  it('uma rota da API não escreve SQL: só o repositório do módulo', { timeout: 120_000 }, async () => {
    const regra = '@typescript-eslint/no-restricted-imports';
    const rota = 'apps/api/src/modules/usuarios/usuarios.routes.ts';
    expect(await recusas(rota, 'drizzle-orm', regra)).toEqual([expect.stringContaining('SQL só no repositório')]);
    expect(await recusas(rota, '../../db/schema', regra)).toHaveLength(1);
    expect(await recusas(rota, '../../db/schema/usuarios', regra)).toHaveLength(1);
    expect(await recusas(rota, './usuarios.repository', regra)).toEqual([]);
    expect(await recusas('apps/api/src/modules/usuarios/usuarios.repository.ts', 'drizzle-orm', regra)).toEqual([]);
  });

  it('lib/ da API não conhece nenhum módulo', { timeout: 120_000 }, async () => {
    expect(await recusas('apps/api/src/lib/novo.ts', '../modules/boletim/boletim.repository')).toEqual([expect.stringContaining('lib/ é genérico')]);
  });

  it('features, components/ e lib/ do web não importam o app/', { timeout: 120_000 }, async () => {
    for (const arquivo of ['apps/web/src/features/romaneio/novo.ts', 'apps/web/src/components/novo.ts', 'apps/web/src/lib/novo.ts']) {
      const destino = path.relative(path.dirname(path.join(raiz, arquivo)), path.join(raiz, 'apps/web/src/app/providers'));
      expect(await recusas(arquivo, destino.startsWith('.') ? destino : `./${destino}`)).toEqual([expect.stringContaining('app/ (a casca)')]);
    }
    expect(await recusas('apps/web/src/features/romaneio/novo.ts', '../../lib/api-client')).toEqual([]);
  });
});

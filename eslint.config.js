// ESLint (flat config): TypeScript rules, no import cycles, feature boundaries in the web app, module
// boundaries in the API (docs/arquitetura.md), kebab-case file names and the rules of hooks. Formatting is Prettier's (eslint-config-prettier
// turns off the rules that would fight it). Run by `npm run lint`, part of `npm test`.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import checkFile from 'eslint-plugin-check-file';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

const FEATURES = './apps/web/src/features';
const features = readdirSync(FEATURES, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
const API_SRC = './apps/api/src';
const MODULES = `${API_SRC}/modules`;
const modulos = readdirSync(MODULES, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
const foraDosModulos = readdirSync(API_SRC)
  .filter((n) => n !== 'modules')
  .map((n) => `${API_SRC}/${n}`);

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '.tmp/**', 'data/**', 'bench/results/**', 'apps/api/src/db/migrations/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { 'import-x': importX, 'check-file': checkFile },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver-next': [
        createTypeScriptImportResolver({ noWarnOnMultipleProjects: true, project: ['apps/*/tsconfig.json', 'packages/*/tsconfig.json', 'e2e/tsconfig.json'] }),
      ],
    },
    rules: {
      'import-x/no-cycle': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      // Drizzle's raw results and test bodies are read loosely on purpose.
      '@typescript-eslint/no-explicit-any': 'off',
      'check-file/filename-naming-convention': ['error', { '**/*.{ts,tsx}': 'KEBAB_CASE' }, { ignoreMiddleExtensions: true }],
    },
  },
  { files: ['**/*.{js,mjs}'], languageOptions: { globals: { process: 'readonly', console: 'readonly' } } },
  // Scripts the browser runs as they are (no bundler).
  {
    files: ['apps/web/public/**/*.js'],
    languageOptions: { globals: { window: 'readonly', localStorage: 'readonly', location: 'readonly', fetch: 'readonly' } },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      // Features do not import each other; what two features share lives in components/ or lib/.
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...features.map((f) => ({
              target: `${FEATURES}/${f}`,
              from: FEATURES,
              except: [`./${f}`],
              message: 'Uma feature não importa outra: o que é compartilhado vai para components/ ou lib/.',
            })),
            { target: ['./apps/web/src/components', './apps/web/src/lib'], from: FEATURES, message: 'components/ e lib/ não conhecem nenhuma feature.' },
            {
              target: './apps/web/src/lib',
              from: './apps/web/src/components',
              message: 'lib/ é a base da web: não conhece components/ (o que usa componentes vai para components/).',
            },
            {
              target: [FEATURES, './apps/web/src/components', './apps/web/src/lib'],
              from: './apps/web/src/app',
              message: 'O app/ (a casca) importa as features, nunca o contrário: o que elas precisam vai para lib/ ou components/.',
            },
            {
              target: './apps/web/src/portal',
              from: ['./apps/web/src/app', './apps/web/src/features'],
              message: 'O portal do produtor é uma entrada própria e leve: não importa o back office (decisão 0300).',
            },
            {
              target: './apps/web/src/lote',
              from: ['./apps/web/src/app', './apps/web/src/features', './apps/web/src/components', './apps/web/src/lib'],
              message: 'A página pública do lote é uma entrada própria e pequena: não importa o back office.',
            },
          ],
        },
      ],
    },
  },
  // A component's test may drive it through a real screen of a feature.
  { files: ['apps/web/src/**/*.test.{ts,tsx}'], rules: { 'import-x/no-restricted-paths': 'off' } },
  // API modules: another module (or identity/, plugins/, app.ts…) reaches a module only through its
  // `<modulo>.repository.ts` (queries) or `<modulo>.service.ts` (rules), never its routes or helpers;
  // lib/ and db/ know no module, plugin nor identity; identity/ does not import context.ts (which imports
  // identity's types: no circle). modules/index.ts finds the routes files by their folders.
  // A module's tests may look inside other modules.
  {
    files: ['apps/api/src/**/*.ts'],
    ignores: ['apps/api/src/**/*.test.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...modulos.map((m) => ({
              target: [...modulos.filter((o) => o !== m).map((o) => `${MODULES}/${o}`), ...foraDosModulos],
              from: `${MODULES}/${m}`,
              except: [`./${m}.repository.ts`, `./${m}.service.ts`],
              message: `Fora do módulo ${m}, use só ${m}/${m}.repository.ts (consultas) ou ${m}/${m}.service.ts (regras) (docs/arquitetura.md).`,
            })),
            { target: `${API_SRC}/lib`, from: MODULES, message: 'lib/ é genérico: não conhece nenhum módulo.' },
            {
              target: [`${API_SRC}/lib`, `${API_SRC}/db`],
              from: [`${API_SRC}/plugins`, `${API_SRC}/identity`, `${API_SRC}/app.ts`, `${API_SRC}/server.ts`, `${API_SRC}/context.ts`],
              message: 'lib/ e db/ são a base: não importam plugins/, identity/, app.ts nem context.ts (a seta não volta para cima).',
            },
            { target: `${API_SRC}/db`, from: MODULES, message: 'db/ é a base: não conhece nenhum módulo.' },
            {
              target: `${API_SRC}/identity`,
              from: `${API_SRC}/context.ts`,
              message: 'identity/ usa o seu ContextoDaIdentidade (identity/contexto.ts): context.ts importa identity/, a volta seria um círculo.',
            },
          ],
        },
      ],
    },
  },
  // SQL only in repositories (decision 0090): a routes file validates, checks access and calls its
  // module's repository or service; it builds no query and names no table.
  {
    files: ['apps/api/src/modules/**/*.routes.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'drizzle-orm', message: 'SQL só no repositório do módulo (decisão 0090): a rota chama o repositório ou o serviço.' }],
          patterns: [
            {
              group: ['**/db/schema', '**/db/schema/*', 'drizzle-orm/*'],
              message: 'SQL só no repositório do módulo (decisão 0090): a rota não conhece tabelas.',
            },
          ],
        },
      ],
    },
  },
  prettier,
);

// Lint rules of gwsim: promises that are neither awaited nor handled, promises passed where nothing awaits them,
// and the size of files and functions. Formatting is prettier's (.prettierrc.json); eslint-config-prettier turns off
// every rule that would disagree with it. typescript-eslint and its TypeScript 6.0 come from tools/lint
// (docs/adr/0034-lint-and-format.md).
import { defineConfig, globalIgnores } from 'eslint/config';
import { prettier, tseslint } from '@gwsim/lint';

/** Every line counts: blank lines and comments too. */
const sizeRules = {
  'max-lines': ['error', { max: 400, skipBlankLines: false, skipComments: false }],
  'max-lines-per-function': ['error', { max: 80, skipBlankLines: false, skipComments: false }],
};

export default defineConfig(
  globalIgnores([
    '**/dist/',
    '**/node_modules/',
    'coverage/',
    '.gwsim/',
    // Trees that break the import rules on purpose, for the test that checks them.
    'test/fixtures/',
  ]),
  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
  },
  {
    files: ['**/*.{js,mjs,cjs,ts}'],
    rules: sizeRules,
  },
  {
    files: ['**/*.ts'],
    languageOptions: {
      parser: tseslint.parser,
      parserOptions: {
        // Each file is checked in the project of the nearest tsconfig.json: the root's (src, test, ormconfig.ts) or
        // one of packages/*.
        projectService: true,
        tsconfigRootDir: import.meta.dirname,
      },
    },
    plugins: { '@typescript-eslint': tseslint.plugin },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
  {
    // Declarations of a package that no tsconfig.json compiles: checked without types.
    files: ['packages/console/index.d.ts'],
    languageOptions: { parserOptions: { projectService: false } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'off',
      '@typescript-eslint/no-misused-promises': 'off',
    },
  },
  {
    // Declarative tables, which grow a row at a time, and generated code: no size limits.
    files: [
      // The operation tables (docs/adr/0008-the-operation-table.md): each module's rows and the specification's list.
      'src/**/*Operations.ts',
      // The configuration catalog's sorts and their parameters.
      'src/contexts/configuration/graph/domain/catalog/sorts/*.ts',
      // The client's types, generated from the OpenAPI documents by packages/client/src/codegen.
      'packages/client/src/generated/**',
      // Migrations: each is the list of statements of one schema change.
      'src/migrations/**',
      // The factory configuration: the objects a new gateway holds, listed.
      'src/contexts/configuration/revisions/domain/factory/factoryConfiguration.ts',
    ],
    rules: {
      'max-lines': 'off',
      'max-lines-per-function': 'off',
    },
  },
  {
    // Tests: a suite's describe and its it callbacks are containers of cases, not functions of one job; a test file
    // still stays under 400 lines.
    files: ['test/**', 'packages/*/test/**'],
    rules: { 'max-lines-per-function': 'off' },
  },
  prettier,
);

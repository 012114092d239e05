// The lint tools of gwsim, loaded by the root eslint.config.mjs.
//
// typescript-eslint's type-aware rules need TypeScript's JavaScript API, which TypeScript 7's native compiler does
// not have. This package therefore holds its own TypeScript 6.0 (the JavaScript one), and typescript-eslint beside
// it in tools/lint/node_modules, while the root keeps TypeScript 7 for `tsc`. See docs/adr/0034-lint-and-format.md.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/**
 * The TypeScript that a module resolves when it loads `typescript`, reached from this package through `chain`
 * (each name is resolved from the one before it).
 */
function typeScriptSeenThrough(chain) {
  let from = import.meta.filename;
  for (const name of chain) from = createRequire(from).resolve(name);
  return createRequire(from)('typescript/package.json').version;
}

/**
 * Refuses to lint with a TypeScript that has no JavaScript API: every module of typescript-eslint that loads
 * `typescript` must find this package's TypeScript 6.0, not the root's TypeScript 7 (an install that hoisted one of
 * them to the root's node_modules would otherwise fail later, or lint with the wrong TypeScript).
 */
function checkTypeScript() {
  const own = require('typescript/package.json').version;
  const chains = [
    ['@typescript-eslint/parser', '@typescript-eslint/typescript-estree'],
    ['@typescript-eslint/parser', '@typescript-eslint/typescript-estree', 'ts-api-utils'],
    ['@typescript-eslint/eslint-plugin', '@typescript-eslint/type-utils'],
    ['@typescript-eslint/eslint-plugin', 'ts-api-utils'],
  ];
  for (const chain of chains) {
    const seen = typeScriptSeenThrough(['typescript-eslint', ...chain]);
    if (seen !== own || !own.startsWith('6.')) {
      throw new Error(
        `${chain.at(-1)} would load TypeScript ${seen}, not the TypeScript ${own} of tools/lint: reinstall with npm ci, ` +
          'and see the overrides in package.json and docs/adr/0034-lint-and-format.md',
      );
    }
  }
}

// Checked before typescript-eslint is loaded: loading it with the wrong TypeScript fails with no hint of the cause.
checkTypeScript();
const { default: tseslint } = await import('typescript-eslint');
const { default: prettier } = await import('eslint-config-prettier');

export { prettier, tseslint };

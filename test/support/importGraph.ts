import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/** One import of a module: what it names and, for a file of the tree, the file it resolves to (relative to the root). */
export interface ImportEdge {
  readonly from: string;
  /** A file of the tree (`src/app/main.ts`) or `node_modules/<package>` for a package. */
  readonly to: string;
  readonly typeOnly: boolean;
}

// import/export … from '…' (type-only too), bare `import '…'`, dynamic import('…') and require('…').
const STATIC = /^\s*(import|export)\s+(type\s+)?(?:[^;'"]*?\s+from\s+)?['"]([^'"]+)['"]/gm;
const CALL = /\b(?:import|require)\(\s*['"]([^'"]+)['"]\s*\)/g;

function sourceFiles(root: string, dir: string): string[] {
  const absolute = path.join(root, dir);
  if (!statSync(absolute, { throwIfNoEntry: false })?.isDirectory()) return [];
  return readdirSync(absolute, { withFileTypes: true }).flatMap((entry) => {
    const relative = path.posix.join(dir, entry.name);
    if (entry.isDirectory())
      return entry.name === 'node_modules' || entry.name === 'dist' ? [] : sourceFiles(root, relative);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts') ? [relative] : [];
  });
}

/** The package a bare specifier names: `koa`, `@koa/router`, `typeorm/driver/…` → `typeorm`. */
function packageOf(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
}

/** The tree file a relative specifier names (`./x.js` is `./x.ts`, as TypeScript's node16 resolution says). */
function resolveRelative(root: string, from: string, specifier: string): string {
  const target = path.posix.normalize(path.posix.join(path.posix.dirname(from), specifier));
  for (const candidate of [target.replace(/\.js$/, '.ts'), target, `${target}.ts`, `${target}/index.ts`]) {
    if (statSync(path.join(root, candidate), { throwIfNoEntry: false })?.isFile()) return candidate;
  }
  return target;
}

/**
 * Every import of the TypeScript files below `dirs` (relative to `root`), type-only imports included. Comments are
 * blanked first, so an import quoted in a comment is no edge. Read from the source text, because TypeScript 7 has
 * no compiler API for a library to parse with, and the compiled JavaScript has lost the type-only imports.
 */
export function importGraph(root: string, dirs: readonly string[]): ImportEdge[] {
  const edges: ImportEdge[] = [];
  for (const file of dirs.flatMap((dir) => sourceFiles(root, dir))) {
    const text = readFileSync(path.join(root, file), 'utf8')
      .replace(/\/\*[\s\S]*?\*\//g, (comment) => comment.replace(/[^\n]/g, ' '))
      .replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');
    const add = (specifier: string, typeOnly: boolean) => {
      const to = specifier.startsWith('.')
        ? resolveRelative(root, file, specifier)
        : specifier.startsWith('node:')
          ? `node:${specifier.slice(5)}`
          : `node_modules/${packageOf(specifier)}`;
      edges.push({ from: file, to, typeOnly });
    };
    for (const match of text.matchAll(STATIC)) add(match[3]!, match[2] !== undefined);
    for (const match of text.matchAll(CALL)) add(match[1]!, false);
  }
  return edges;
}

/** A rule of the import graph: an edge whose ends match `from` and `to` (and not the exceptions) breaks it. */
export interface ImportRule {
  readonly name: string;
  readonly why: string;
  readonly from: RegExp;
  /** `$1` in a pattern stands for the first group `from` captured (e.g. the importing context's name). */
  readonly to: RegExp | ((captured: string | undefined) => RegExp);
  readonly except?: (captured: string | undefined) => RegExp;
}

/** The edges that break the rules, as `rule: from → to` lines. */
export function violations(edges: readonly ImportEdge[], rules: readonly ImportRule[]): string[] {
  const found: string[] = [];
  for (const edge of edges) {
    for (const rule of rules) {
      const match = rule.from.exec(edge.from);
      if (!match) continue;
      const to = typeof rule.to === 'function' ? rule.to(match[1]) : rule.to;
      if (to.test(edge.to) && !rule.except?.(match[1]).test(edge.to))
        found.push(`${rule.name}: ${edge.from} → ${edge.to}`);
    }
  }
  return [...new Set(found)].sort();
}

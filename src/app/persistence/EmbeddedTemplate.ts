import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';

/**
 * A freshly initialised embedded PostgreSQL cluster, kept as a compressed tarball. Creating a cluster
 * (initdb) takes the embedded engine several seconds; starting from this copy takes well under one, so a
 * new data directory or an in-memory store is ready almost at once. Made once per engine version, at
 * `npm install` (see package.json `prepare`) or else on first use, and kept under node_modules/.cache.
 */
const ROOT = path.resolve(__dirname, '..', '..', '..', '..');

function engineVersion(): string {
  try {
    const manifest = JSON.parse(readFileSync(path.join(ROOT, 'node_modules', '@electric-sql', 'pglite', 'package.json'), 'utf8')) as { version?: string };
    return manifest.version ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

export function templatePath(): string {
  return path.join(ROOT, 'node_modules', '.cache', 'gwsim', `pglite-${engineVersion()}-cluster.tgz`);
}

/** Writes the template when it is missing; safe when two processes race (write, then atomic rename). */
export async function ensureEmbeddedTemplate(): Promise<string> {
  const file = templatePath();
  if (existsSync(file)) return file;
  const engine = await PGlite.create();
  try {
    const dump = await engine.dumpDataDir('gzip');
    const bytes = Buffer.from(await dump.arrayBuffer());
    mkdirSync(path.dirname(file), { recursive: true });
    const partial = `${file}.${process.pid}.partial`;
    writeFileSync(partial, bytes);
    renameSync(partial, file);
  } finally {
    await engine.close();
  }
  return file;
}

/** True when a data directory already holds a cluster (then it is opened as it is, never overwritten). */
export function holdsCluster(dataDir: string): boolean {
  return existsSync(path.join(dataDir, 'PG_VERSION'));
}

/** The template as the engine's `loadDataDir` option, or undefined when it cannot be made. */
export async function loadTemplate(): Promise<Blob | undefined> {
  try {
    return new Blob([readFileSync(await ensureEmbeddedTemplate())]);
  } catch {
    return undefined;
  }
}

if (require.main === module) {
  ensureEmbeddedTemplate().then(
    (file) => console.log(`embedded PostgreSQL template ready: ${path.relative(ROOT, file)}`),
    (error: unknown) => { console.error(`could not prepare the embedded PostgreSQL template: ${String(error)}`); process.exit(1); },
  );
}

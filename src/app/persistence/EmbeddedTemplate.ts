import { copyFileSync, cpSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { PGlite as PGliteClass } from '@electric-sql/pglite';

/**
 * A freshly initialised embedded PostgreSQL cluster, kept twice under node_modules/.cache/gwsim: as a directory
 * (copied into a new data directory: a plain file copy, far faster than the engine unpacking a tarball through
 * its own file system) and as a compressed tarball (the engine's `loadDataDir`, for an in-memory store).
 * Creating a cluster (initdb) takes the embedded engine seconds; starting from a copy takes well under one.
 * Made once per engine version, at `npm install` (see package.json `prepare`) or else on first use.
 */
const ROOT = path.resolve(__dirname, '..', '..', '..', '..');
const CLUSTER_MARKER = 'PG_VERSION';

function pgliteVersion(): string {
  try {
    const manifest = JSON.parse(
      readFileSync(path.join(ROOT, 'node_modules', '@electric-sql', 'pglite', 'package.json'), 'utf8'),
    ) as { version?: string };
    return manifest.version ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

function cacheDir(): string {
  return path.join(ROOT, 'node_modules', '.cache', 'gwsim');
}

export function templatePath(): string {
  return path.join(cacheDir(), `pglite-${pgliteVersion()}-cluster.tgz`);
}

export function templateDirPath(): string {
  return path.join(cacheDir(), `pglite-${pgliteVersion()}-cluster`);
}

function pglite(): typeof PGliteClass {
  // Loaded on demand: the serve path of an existing data directory never needs it here.
  return (require('@electric-sql/pglite') as typeof import('@electric-sql/pglite')).PGlite;
}

/** Writes the tarball template when it is missing; safe when two processes race (write, then atomic rename). */
export async function ensureEmbeddedTemplate(): Promise<string> {
  const file = templatePath();
  if (existsSync(file)) return file;
  const db = await pglite().create();
  try {
    const dump = await db.dumpDataDir('gzip');
    const bytes = Buffer.from(await dump.arrayBuffer());
    mkdirSync(path.dirname(file), { recursive: true });
    const partial = `${file}.${process.pid}.partial`;
    writeFileSync(partial, bytes);
    renameSync(partial, file);
  } finally {
    await db.close();
  }
  return file;
}

/** Writes the directory template when it is missing: a cluster made in a directory of its own, then renamed into place. */
export async function ensureTemplateDir(): Promise<string> {
  const dir = templateDirPath();
  if (existsSync(path.join(dir, CLUSTER_MARKER))) return dir;
  const partial = `${dir}.${process.pid}.partial`;
  rmSync(partial, { recursive: true, force: true });
  mkdirSync(partial, { recursive: true });
  const archive = existsSync(templatePath()) ? new Blob([readFileSync(templatePath())]) : undefined;
  const db = await pglite().create({ dataDir: partial, ...(archive ? { loadDataDir: archive } : {}) });
  await db.close();
  try {
    rmSync(dir, { recursive: true, force: true });
    renameSync(partial, dir);
  } catch (error) {
    // Another process put its copy in place first: use that one.
    rmSync(partial, { recursive: true, force: true });
    if (!existsSync(path.join(dir, CLUSTER_MARKER))) throw error;
  }
  return dir;
}

/** True when a data directory already holds a cluster (then it is opened as it is, never overwritten). */
export function holdsCluster(dataDir: string): boolean {
  return existsSync(path.join(dataDir, CLUSTER_MARKER));
}

/**
 * Copies the template cluster into a data directory that holds none. The marker file goes last, so a copy cut
 * short (a crash, a full disk) is not taken for a cluster: the next start copies again over it.
 * Returns false when no template can be made (the engine then initialises the cluster itself).
 */
export async function seedDataDir(dataDir: string): Promise<boolean> {
  let template: string;
  try {
    template = await ensureTemplateDir();
  } catch {
    return false;
  }
  cpSync(template, dataDir, {
    recursive: true,
    force: true,
    filter: (source) => source !== path.join(template, CLUSTER_MARKER),
  });
  copyFileSync(path.join(template, CLUSTER_MARKER), path.join(dataDir, CLUSTER_MARKER));
  return true;
}

/** The tarball template as the engine's `loadDataDir` option (for an in-memory store), or undefined when it cannot be made. */
export async function loadTemplate(): Promise<Blob | undefined> {
  try {
    return new Blob([readFileSync(await ensureEmbeddedTemplate())]);
  } catch {
    return undefined;
  }
}

if (require.main === module) {
  // In turn: the directory template is made from the tarball when there is one.
  ensureEmbeddedTemplate()
    .then(async (archive) => [archive, await ensureTemplateDir()])
    .then(
      (made) =>
        console.log(`embedded PostgreSQL templates ready: ${made.map((file) => path.relative(ROOT, file)).join(', ')}`),
      (error: unknown) => {
        console.error(`could not prepare the embedded PostgreSQL template: ${String(error)}`);
        process.exit(1);
      },
    );
}

import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { PGliteDriver, getPGliteInstance } from 'typeorm-pglite';
import { PGliteInstance } from 'typeorm-pglite/dist/pglite-instance';
import { holdsCluster, loadTemplate, seedDataDir } from './EmbeddedTemplate.js';

/** The embedded engine, started: the TypeORM driver to build the DataSource on, and the engine's start. */
export interface EmbeddedEngine {
  readonly driver: unknown;
  /** Settles once the engine runs; the DataSource must not be initialised before (the driver shares one engine per process). */
  readonly ready: Promise<void>;
  /** Stops the engine when no DataSource took it over (a stop during start-up); waits for it to have started. */
  close(): Promise<void>;
}

/** The engine's WebAssembly module and file-system bundle, read and compiled ahead (see precompileEngine). */
export interface EngineCode {
  /** A compiled WebAssembly.Module (the compiler's lib has no WebAssembly types, hence object). */
  readonly pgliteWasmModule: object;
  readonly fsBundle: Blob;
}

/**
 * Reads and compiles the engine's code without blocking: WebAssembly compiles on background threads, so
 * `gwsim serve` starts this first and it proceeds while the application's modules load. Undefined when the
 * files cannot be found (the engine then loads them itself).
 */
export function precompileEngine(): Promise<EngineCode | undefined> {
  const compiled = (async () => {
    const dist = path.dirname(require.resolve('@electric-sql/pglite'));
    const [wasm, bundle] = await Promise.all([readFile(path.join(dist, 'pglite.wasm')), readFile(path.join(dist, 'pglite.data'))]);
    const { WebAssembly } = globalThis as unknown as { WebAssembly: { compile(bytes: Uint8Array): Promise<object> } };
    return { pgliteWasmModule: await WebAssembly.compile(wasm), fsBundle: new Blob([bundle]) };
  })();
  return compiled.catch(() => undefined);
}

/**
 * Starts the embedded engine on a data directory (a new one first gets a copy of the template cluster) or in
 * memory (from the template tarball). Loads neither TypeORM's entities nor any context, so `gwsim serve` starts
 * it first and loads the application's modules while the engine boots.
 */
export async function startEmbeddedEngine(dataDir: string | undefined, code?: Promise<EngineCode | undefined>): Promise<EmbeddedEngine> {
  let template: Blob | undefined;
  if (!dataDir) template = await loadTemplate();
  else if (!holdsCluster(dataDir)) await seedDataDir(dataDir);
  const driver = embeddedDriver(dataDir, template, await code);
  const ready = getPGliteInstance().then(() => undefined);
  ready.catch(() => undefined); // observed by whoever awaits it; never an unhandled rejection meanwhile
  return { driver, ready, close: async () => { await ready.catch(() => undefined); await PGliteInstance.close(); } };
}

/** The TypeORM driver class of the embedded engine (typeorm-pglite keeps one engine per process). */
export function embeddedDriver(dataDir: string | undefined, template?: Blob, code?: EngineCode): unknown {
  return new PGliteDriver({ ...(dataDir ? { dataDir } : {}), ...(template ? { loadDataDir: template } : {}), ...(code as object | undefined) }).driver;
}

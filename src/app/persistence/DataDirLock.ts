import { accessSync, constants, existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import lockfile from 'proper-lockfile';
import { ConfigError } from '../config/loadConfig.js';

/** The lock (a directory made by proper-lockfile) and the file beside it naming the holder, both inside the data directory. */
export const LOCK_NAME = 'gwsim.lock';
export const HOLDER_NAME = 'gwsim.lock.holder';
/** A lock not refreshed for this long is stale (its process died without releasing it) and is taken over. */
const STALE_MS = 10000;
const REFRESH_MS = 2500;
/** A lock whose holder is dead (same machine) is taken over once it has not been refreshed for this long. */
const TAKEOVER_MS = 1000;

/** Another process holds the data directory. */
export class DataDirInUse extends ConfigError {
  constructor(
    readonly dataDir: string,
    readonly holderPid: number | undefined,
  ) {
    super(
      'GWSIM_DATA_DIR',
      '',
      `the data directory ${dataDir} is in use by another gwsim process${holderPid ? ` (pid ${holderPid})` : ''}: ` +
        'stop that process first, or choose another GWSIM_DATA_DIR (or --data-dir)',
    );
    this.name = 'DataDirInUse';
  }
}

/**
 * One data directory, one process: the embedded engine keeps its files in a process of its own and two engines
 * on one directory lose each other's writes. The lock is taken (and the directory made) before the store is
 * opened and released after it is closed; proper-lockfile refreshes it while the process runs. A lock left
 * behind by a killed process is taken over at once when the pid named beside it is no longer running here (a
 * restart after kill -9 or a crash), else when it has not been refreshed for STALE_MS.
 */
export class DataDirLock {
  private released: Promise<void> | undefined;

  private constructor(
    readonly dataDir: string,
    private readonly unlock: () => Promise<void>,
  ) {}

  /**
   * Makes the directory when it is missing, checks it can be written, and takes the lock.
   * `onLost` runs when the lock can no longer be refreshed (the directory vanished, the disk failed).
   */
  static async acquire(dataDir: string, onLost: (error: Error) => void): Promise<DataDirLock> {
    prepareDirectory(dataDir);
    const lockPath = path.join(dataDir, LOCK_NAME);
    const giveUpAt = Date.now() + STALE_MS;
    let unlock: () => Promise<void>;
    for (;;) {
      try {
        unlock = await lockfile.lock(dataDir, {
          lockfilePath: lockPath,
          realpath: false,
          retries: 0,
          stale: STALE_MS,
          update: REFRESH_MS,
          onCompromised: onLost,
        });
        break;
      } catch (error) {
        if ((error as { code?: unknown }).code !== 'ELOCKED') throw unusableDirectory(dataDir, error);
        const holder = holderPid(dataDir);
        if (holder === undefined || isAlive(holder) || Date.now() > giveUpAt) throw new DataDirInUse(dataDir, holder);
        // The holder named beside the lock is dead (killed without releasing it, e.g. kill -9): its lock is taken
        // over once it has not been refreshed for TAKEOVER_MS, so a lock a live process has just made (and not yet
        // named itself beside) is never removed.
        if (lockAge(lockPath) >= TAKEOVER_MS) rmSync(lockPath, { recursive: true, force: true });
        else await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
    writeFileSync(
      path.join(dataDir, HOLDER_NAME),
      `${JSON.stringify({ pid: process.pid, since: new Date().toISOString() })}\n`,
    );
    return new DataDirLock(dataDir, unlock);
  }

  /**
   * The same lock, taken synchronously and kept for the life of the process (proper-lockfile releases it at
   * exit): for the TypeORM CLI's ormconfig, which must build its DataSource synchronously.
   */
  static acquireForProcess(dataDir: string): void {
    prepareDirectory(dataDir);
    try {
      lockfile.lockSync(dataDir, {
        lockfilePath: path.join(dataDir, LOCK_NAME),
        realpath: false,
        stale: STALE_MS,
        update: REFRESH_MS,
      });
    } catch (error) {
      if ((error as { code?: unknown }).code === 'ELOCKED') throw new DataDirInUse(dataDir, holderPid(dataDir));
      throw unusableDirectory(dataDir, error);
    }
    writeFileSync(
      path.join(dataDir, HOLDER_NAME),
      `${JSON.stringify({ pid: process.pid, since: new Date().toISOString() })}\n`,
    );
  }

  /** Releases the lock; idempotent, and quiet when the lock was already lost. */
  release(): Promise<void> {
    this.released ??= (async () => {
      rmSync(path.join(this.dataDir, HOLDER_NAME), { force: true });
      try {
        await this.unlock();
      } catch {
        /* already released or compromised */
      }
    })();
    return this.released;
  }
}

/**
 * `mkdir -p`, one level at a time: Node 20's recursive mkdirSync loops for ever (at full CPU, deaf to signals)
 * under a parent it cannot create in, such as /proc.
 */
export function makeDirectory(dir: string): void {
  const missing: string[] = [];
  for (let current = path.resolve(dir); !existsSync(current); current = path.dirname(current)) {
    missing.unshift(current);
    if (path.dirname(current) === current) break;
  }
  for (const level of missing) {
    try {
      mkdirSync(level);
    } catch (error) {
      if ((error as { code?: unknown }).code !== 'EEXIST') throw error;
    }
  }
}

function prepareDirectory(dataDir: string): void {
  try {
    makeDirectory(dataDir);
    if (!statSync(dataDir).isDirectory()) throw Object.assign(new Error('not a directory'), { code: 'ENOTDIR' });
    accessSync(dataDir, constants.R_OK | constants.W_OK | constants.X_OK);
  } catch (error) {
    throw unusableDirectory(dataDir, error);
  }
}

function unusableDirectory(dataDir: string, error: unknown): ConfigError {
  const code = (error as { code?: unknown }).code;
  return ConfigError.unusable(
    'GWSIM_DATA_DIR',
    `the data directory ${dataDir} cannot be used (${typeof code === 'string' ? code : String(error)}): set GWSIM_DATA_DIR (or --data-dir) to a directory gwsim may create and write, or use --ephemeral`,
  );
}

/** Whether a process of this machine with that pid runs (EPERM: it runs, as another user). */
function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as { code?: unknown }).code === 'EPERM';
  }
}

/** How long ago the lock was made or last refreshed (proper-lockfile refreshes its mtime); Infinity when it is gone. */
function lockAge(lockPath: string): number {
  try {
    return Date.now() - statSync(lockPath).mtimeMs;
  } catch {
    return Number.POSITIVE_INFINITY;
  }
}

function holderPid(dataDir: string): number | undefined {
  try {
    const pid = (JSON.parse(readFileSync(path.join(dataDir, HOLDER_NAME), 'utf8')) as { pid?: unknown }).pid;
    return typeof pid === 'number' ? pid : undefined;
  } catch {
    return undefined;
  }
}

import { randomBytes } from 'node:crypto';
import { inject, injectable } from 'inversify';
import { DataSource } from 'typeorm';
import type { LabId } from '../../domain/LabId.js';
import { BackgroundService } from '../../application/BackgroundService.js';
import { LabDirectory } from '../../application/LabDirectory.js';
import { LabLeases, type LeaseHolder, type PeerProcess } from '../../application/LabLeases.js';
import { Logger } from '../../application/Logger.js';
import { Mutex } from '../Mutex.js';

/** The first key of every lab lease's advisory lock ('gwsl'), so gwsim's locks never meet another program's. */
export const LEASE_LOCK_SPACE = 0x6777736c;
/** How often a process looks for labs nobody holds (and re-reads the lab directory, and says it is alive). */
export const LEASE_ROUND_MS = 1000;
/** A process not seen for this long is taken for gone (it says it is alive every round). */
export const PEER_SILENCE_MS = 5000;

/** The advisory lock's second key for a lab: FNV-1a of its name, as a signed 32-bit integer. */
export function leaseKey(lab: string): number {
  let hash = 0x811c9dc5;
  for (const byte of Buffer.from(lab, 'utf8')) {
    hash ^= byte;
    hash = Math.imul(hash, 0x01000193);
  }
  return hash | 0;
}

interface PoolClient {
  query(text: string, values?: unknown[]): Promise<{ rows: Array<Record<string, unknown>> }>;
  release(error?: Error | boolean): void;
  on(event: 'error', listener: (error: Error) => void): void;
}

interface Pool {
  connect(): Promise<PoolClient>;
}

/**
 * Lab leases on a PostgreSQL server shared by several processes: a lab is held by the process whose session
 * holds the lab's advisory lock (`pg_try_advisory_lock(LEASE_LOCK_SPACE, leaseKey(lab))`), on one connection this
 * process keeps for its leases alone. When a process dies its connection closes and the server frees its locks
 * at once; every process looks for labs nobody holds once a second (LEASE_ROUND_MS), so another one takes them
 * over within about a second. The `lab_lease` row says who holds a lab and where it serves (for forwarding); the
 * lock, not the row, is the truth: a row is only ever written by the process that just took the lock.
 */
@injectable()
export class PostgresLabLeases extends LabLeases implements BackgroundService {
  readonly name = 'lab leases';
  readonly process = randomBytes(6).toString('hex');
  private url: string | undefined;
  private client: PoolClient | undefined;
  private readonly held = new Set<LabId>();
  private readonly listeners = new Set<(lab: LabId, held: boolean) => void | Promise<void>>();
  private readonly lock = new Mutex();
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;
  private rounds = 0;

  constructor(
    @inject(DataSource) private readonly dataSource: DataSource,
    @inject(LabDirectory) private readonly directory: LabDirectory,
    @inject(Logger) private readonly logger: Logger,
  ) {
    super();
  }

  holds(lab: LabId): boolean {
    return this.held.has(lab);
  }

  claim(lab: LabId): Promise<boolean> {
    if (this.held.has(lab)) return Promise.resolve(true);
    // (a round that held the mutex meanwhile may have taken it: taking it again would lock it twice, tell twice)
    return this.lock.runExclusive(async () => this.held.has(lab) || this.take(lab));
  }

  async holder(lab: LabId): Promise<LeaseHolder | undefined> {
    if (this.held.has(lab)) return { process: this.process, url: this.url, since: new Date() };
    const rows = (await this.dataSource.query('SELECT process_id, url, acquired_at FROM lab_lease WHERE lab_id = $1', [
      lab,
    ])) as Array<{ process_id: string; url: string | null; acquired_at: Date | string }>;
    const row = rows[0];
    return row ? { process: row.process_id, url: row.url ?? undefined, since: new Date(row.acquired_at) } : undefined;
  }

  private key: Promise<Buffer> | undefined;

  forwardingKey(): Promise<Buffer> {
    this.key ??= (async () => {
      await this.dataSource.query(
        "INSERT INTO process_key (name, value) VALUES ('forwarding', $1) ON CONFLICT (name) DO NOTHING",
        [randomBytes(32)],
      );
      const rows = (await this.dataSource.query("SELECT value FROM process_key WHERE name = 'forwarding'")) as Array<{
        value: Buffer;
      }>;
      return Buffer.from(rows[0]!.value);
    })();
    this.key.catch(() => {
      this.key = undefined;
    });
    return this.key;
  }

  async peers(): Promise<readonly PeerProcess[]> {
    const rows = (await this.dataSource.query(
      `SELECT id, url FROM gwsim_process WHERE id <> $1 AND url IS NOT NULL AND seen_at > now() - interval '${PEER_SILENCE_MS} milliseconds' ORDER BY id`,
      [this.process],
    )) as Array<{ id: string; url: string }>;
    return rows.map((row) => ({ process: row.id, url: row.url }));
  }

  advertise(url: string): void {
    this.url = url;
    // at once, not at the next round: the others ask this process from now on
    void this.lock
      .runExclusive(async () => {
        await this.sayAlive();
        if (this.held.size > 0)
          await this.dataSource.query('UPDATE lab_lease SET url = $2 WHERE process_id = $1', [this.process, url]);
      })
      .catch((error: unknown) =>
        this.logger.warn({ err: error }, 'the lab leases could not say where this process serves'),
      );
  }

  /** This process's row among the processes of the store: alive now, serving at its URL. */
  private async sayAlive(): Promise<void> {
    if (this.stopped) return;
    await this.dataSource.query(
      'INSERT INTO gwsim_process (id, url, seen_at) VALUES ($1, $2, now()) ON CONFLICT (id) DO UPDATE SET url = EXCLUDED.url, seen_at = EXCLUDED.seen_at',
      [this.process, this.url ?? null],
    );
  }

  onChange(listener: (lab: LabId, held: boolean) => void | Promise<void>): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async start(): Promise<void> {
    this.stopped = false;
    await this.round();
    const tick = () => {
      this.timer = setTimeout(() => {
        void this.round().finally(() => {
          if (!this.stopped) tick();
        });
      }, LEASE_ROUND_MS);
      this.timer.unref();
    };
    tick();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.lock.runExclusive(async () => {
      const labs = [...this.held];
      if (this.client) {
        await this.client.query('DELETE FROM lab_lease WHERE process_id = $1', [this.process]).catch(() => undefined);
        await this.client.query('DELETE FROM gwsim_process WHERE id = $1', [this.process]).catch(() => undefined);
        await this.client.query('SELECT pg_advisory_unlock_all()').catch(() => undefined);
        this.client.release();
        this.client = undefined;
      }
      this.held.clear();
      for (const lab of labs) await this.emit(lab, false);
    });
  }

  /** One round: the directory re-read, the labs nobody holds taken, the removed ones let go. */
  private round(): Promise<void> {
    return this.lock.runExclusive(async () => {
      if (this.stopped) return;
      try {
        await this.sayAlive();
        // the rows of processes long gone (killed ones never delete theirs), once a minute
        if (this.rounds++ % 60 === 0)
          await this.dataSource.query(`DELETE FROM gwsim_process WHERE seen_at < now() - interval '1 hour'`);
        await this.directory.refresh();
        const labs = new Set(this.directory.list().map((entry) => entry.id));
        for (const lab of [...this.held]) {
          if (labs.has(lab)) continue;
          this.held.delete(lab);
          await this.connection().then((client) =>
            client.query('SELECT pg_advisory_unlock($1, $2)', [LEASE_LOCK_SPACE, leaseKey(lab)]),
          );
          await this.emit(lab, false);
        }
        for (const lab of labs) if (!this.held.has(lab)) await this.take(lab);
      } catch (error) {
        this.logger.warn({ err: error }, 'a round of the lab leases failed; the next one tries again');
      }
    });
  }

  /** Takes the lab's lock when it is free (under the mutex). */
  private async take(lab: LabId): Promise<boolean> {
    if (this.stopped) return false;
    const client = await this.connection();
    const rows = (await client.query('SELECT pg_try_advisory_lock($1, $2) AS taken', [LEASE_LOCK_SPACE, leaseKey(lab)]))
      .rows;
    if (rows[0]?.['taken'] !== true) return false;
    try {
      await client.query(
        'INSERT INTO lab_lease (lab_id, process_id, url, acquired_at) SELECT id, $2, $3, now() FROM lab WHERE id = $1 ' +
          'ON CONFLICT (lab_id) DO UPDATE SET process_id = EXCLUDED.process_id, url = EXCLUDED.url, acquired_at = EXCLUDED.acquired_at',
        [lab, this.process, this.url ?? null],
      );
    } catch (error) {
      await client.query('SELECT pg_advisory_unlock($1, $2)', [LEASE_LOCK_SPACE, leaseKey(lab)]).catch(() => undefined);
      throw error;
    }
    this.held.add(lab);
    this.logger.info({ lab, process: this.process }, 'this process runs the lab now');
    await this.emit(lab, true);
    return true;
  }

  /** The connection that holds this process's locks; when it breaks, every lab is lost (the server freed them). */
  private async connection(): Promise<PoolClient> {
    if (this.client) return this.client;
    const pool = (this.dataSource.driver as unknown as { master?: Pool }).master;
    if (!pool || typeof pool.connect !== 'function') throw new Error("lab leases need the PostgreSQL driver's pool");
    const client = await pool.connect();
    client.on('error', (error) => {
      if (this.client !== client) return;
      this.client = undefined;
      client.release(error);
      const labs = [...this.held];
      this.held.clear();
      this.logger.warn(
        { err: error, labs },
        "the lab leases' connection broke: this process runs no lab until it takes them again",
      );
      for (const lab of labs) void this.emit(lab, false);
    });
    this.client = client;
    return client;
  }

  private async emit(lab: LabId, held: boolean): Promise<void> {
    for (const listener of this.listeners) {
      try {
        await listener(lab, held);
      } catch (error) {
        this.logger.error({ err: error, lab, held }, 'a lab lease listener failed');
      }
    }
  }
}

import type { PortRange } from '../MediaPortPool.js';
import { MediaPortsUnavailable } from '../MediaPortsUnavailable.js';
import type { MediaPorts, MediaRelay, MediaRelays } from '../MediaRelays.js';
import type { RelayEvents, RelayOptions } from '../relayTypes.js';
import { MediaWorker } from './MediaWorker.js';

function wallNow(): number {
  return performance.timeOrigin + performance.now();
}

/**
 * Relays in `count` media workers, started at the first call (a process that anchors no call starts none). Each
 * worker holds its share of every range (every `count`-th pair: no two bind one port), a call goes to the worker
 * carrying the fewest relays, and to another when that one's share of a range is used up. A worker that stops is
 * replaced at the next call; the relays it carried end with the figures they had.
 */
export class WorkerRelays implements MediaRelays {
  private readonly ranges = new Map<string, MediaPorts>();
  private pool: (MediaWorker | undefined)[];

  constructor(
    readonly workers: number,
    private readonly options: {
      readonly bufferBytes?: number;
      readonly onStopped?: (error: Error) => void;
    } = {},
  ) {
    if (!Number.isInteger(workers) || workers < 1) throw new RangeError(`media workers: ${workers}`);
    this.pool = Array.from({ length: workers }, () => undefined);
  }

  ports(host: string, range: PortRange, advertised: string | undefined): MediaPorts {
    const key = `${host}:${range.first}-${range.last}`;
    let ports = this.ranges.get(key);
    if (!ports) {
      ports = { host, range: { first: range.first, last: range.last }, advertised: advertised ?? host };
      this.ranges.set(key, ports);
    }
    return ports;
  }

  async open(
    ports: readonly [MediaPorts, MediaPorts],
    options: RelayOptions,
    events: RelayEvents,
  ): Promise<MediaRelay> {
    const clock = options.eventClock ?? options.now ?? wallNow;
    const order = this.pool.map((_, index) => this.worker(index)).sort((a, b) => a.load - b.load);
    let refusal: unknown;
    for (const worker of order) {
      try {
        return await worker.open(ports, options, events, clock);
      } catch (error) {
        // another worker's share of the range may still have a pair; any other failure is the answer
        if (!(error instanceof MediaPortsUnavailable) || error.reason !== 'range') throw error;
        refusal = error;
      }
    }
    throw refusal;
  }

  /** Closes every idle pair, and ends the workers that carry no relay (the next call starts them again). */
  async dispose(): Promise<void> {
    await Promise.all(this.pool.map((worker) => worker?.dispose()));
    this.ranges.clear();
    const idle = this.pool.filter((w): w is MediaWorker => w !== undefined && w.load === 0);
    this.pool = this.pool.map((w) => (w !== undefined && idle.includes(w) ? undefined : w));
    await Promise.all(idle.map((worker) => worker.terminate()));
  }

  /** Ends every worker (tests; the relays they carry end with their figures). */
  async terminate(): Promise<void> {
    const running = this.pool.filter((w): w is MediaWorker => w !== undefined);
    this.pool = this.pool.map(() => undefined);
    await Promise.all(running.map((worker) => worker.terminate()));
  }

  private worker(index: number): MediaWorker {
    let worker = this.pool[index];
    if (!worker) {
      worker = new MediaWorker({ index, of: this.workers }, this.options.bufferBytes, (gone, error) => {
        if (this.pool[index] === gone) this.pool[index] = undefined;
        this.options.onStopped?.(error);
      });
      this.pool[index] = worker;
    }
    return worker;
  }
}

/**
 * One media worker as the signalling thread holds it: the thread (mediaWorkerMain), its counter slots, the relays
 * it carries and the answers awaited from it. The worker keeps the process alive only while it carries relays (or
 * an answer is awaited), as the sockets of a relay in this thread would. Should the worker stop, every relay it
 * carried closes with the figures it had and every answer awaited fails.
 */
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { MediaAddress } from '../MediaAddress.js';
import { MediaPortsUnavailable } from '../MediaPortsUnavailable.js';
import type { MediaPorts } from '../MediaRelays.js';
import type { RelayEvents, RelayOptions } from '../relayTypes.js';
import { CounterSlots } from './CounterSlots.js';
import type { Failure, FromMediaWorker, PoolSpec, ToMediaWorker } from './mediaWorkerMessages.js';
import { WorkerRelay } from './WorkerRelay.js';

interface Awaited<T> {
  resolve(value: T): void;
  reject(error: Error): void;
}

/** How many relays one worker carries at most at once (the counter slots it has): more than a host's ports allow. */
export const SLOTS_PER_WORKER = 16_384;

function errorOf(failure: Failure): Error {
  return failure.reason ? new MediaPortsUnavailable(failure.reason, failure.message) : new Error(failure.message);
}

export class MediaWorker {
  readonly slots = CounterSlots.allocate(SLOTS_PER_WORKER);
  private readonly worker: Worker;
  private readonly freeSlots: number[] = [];
  private readonly relays = new Map<number, WorkerRelay>();
  private readonly opening = new Map<number, Awaited<readonly [number, number]>>();
  private readonly moving = new Map<string, Awaited<number | undefined>>();
  private readonly disposing: (() => void)[] = [];
  /** The slots of relays closed here whose `closed` the worker has not told yet (it may still write them). */
  private readonly closing = new Map<number, number>();
  private nextId = 1;
  private stopped: Error | undefined;

  constructor(
    /** This worker's share of every range: its index among `of` workers. */
    readonly share: { readonly index: number; readonly of: number },
    bufferBytes: number | undefined,
    private readonly onStopped: (worker: MediaWorker, error: Error) => void,
  ) {
    for (let slot = SLOTS_PER_WORKER - 1; slot >= 0; slot -= 1) this.freeSlots.push(slot);
    this.worker = new Worker(path.join(__dirname, 'mediaWorkerMain.js'), {
      workerData: { counters: this.slots.memory, ...(bufferBytes === undefined ? {} : { bufferBytes }) },
      name: `gwsim media ${share.index + 1}/${share.of}`,
    });
    this.worker.on('message', (message: FromMediaWorker) => this.received(message));
    this.worker.on('error', (error) => this.stop(error));
    this.worker.on('exit', (code) => this.stop(new Error(`the media worker exited (${code})`)));
    this.worker.unref();
  }

  /** Relays carried now (the one with the fewest takes the next call). */
  get load(): number {
    return this.relays.size + this.opening.size;
  }

  /** The range as this worker's pool of it (its share of the pairs). */
  spec(ports: MediaPorts): PoolSpec {
    const { host, range, advertised } = ports;
    const shared = this.share.of > 1;
    return {
      key: `${host}:${range.first}-${range.last}${shared ? `/${this.share.index}` : ''}`,
      host,
      first: range.first,
      last: range.last,
      advertised,
      ...(shared ? { share: this.share } : {}),
    };
  }

  async open(
    ports: readonly [MediaPorts, MediaPorts],
    options: RelayOptions,
    events: RelayEvents,
    eventClock: () => number,
  ): Promise<WorkerRelay> {
    if (this.stopped) throw this.stopped;
    const slot = this.freeSlots.pop();
    if (slot === undefined)
      throw new MediaPortsUnavailable('range', 'the media worker carries as many relays as it can');
    const id = this.nextId++;
    this.slots.clear(slot);
    try {
      const opened = new Promise<readonly [number, number]>((resolve, reject) => {
        this.opening.set(id, { resolve, reject });
      });
      this.refresh();
      this.send({
        type: 'open',
        id,
        slot,
        pools: [this.spec(ports[0]), this.spec(ports[1])],
        timeoutMs: options.timeoutMs,
        armed: options.armed ?? true,
        latch: options.latch ?? true,
      });
      const [first, second] = await opened;
      const locals: [MediaAddress, MediaAddress] = [
        { host: ports[0].advertised, port: first },
        { host: ports[1].advertised, port: second },
      ];
      const relay = new WorkerRelay(id, slot, this, [ports[0], ports[1]], locals, events, eventClock);
      this.relays.set(id, relay);
      return relay;
    } catch (error) {
      this.freeSlots.push(slot);
      throw error;
    } finally {
      this.refresh();
    }
  }

  /** Moves a relay's side to a pair of `ports`: the new pair's port, or undefined when the relay closed meanwhile. */
  move(relay: WorkerRelay, side: 0 | 1, ports: MediaPorts): Promise<number | undefined> {
    if (this.stopped) return Promise.reject(this.stopped);
    return new Promise((resolve, reject) => {
      this.moving.set(`${relay.id}:${side}`, { resolve, reject });
      this.refresh();
      this.send({ type: 'move', id: relay.id, side, pool: this.spec(ports) });
    });
  }

  close(relay: WorkerRelay): void {
    if (!this.relays.delete(relay.id)) return;
    this.closing.set(relay.id, relay.slot);
    this.send({ type: 'close', id: relay.id });
    this.refresh();
  }

  /** Closes the idle pairs of every pool the worker holds; resolves once it did (at once if it stopped). */
  dispose(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    return new Promise((resolve) => {
      this.disposing.push(resolve);
      this.refresh();
      this.send({ type: 'dispose' });
    });
  }

  /** Ends the worker (tests, and a gateway that stops with no relay left). */
  async terminate(): Promise<void> {
    this.stop(new Error('the media worker was stopped'), false);
    await this.worker.terminate();
  }

  send(message: ToMediaWorker): void {
    if (!this.stopped) this.worker.postMessage(message);
  }

  private received(message: FromMediaWorker): void {
    this.settle(message);
    this.refresh();
  }

  private settle(message: FromMediaWorker): void {
    if (message.type === 'disposed') return void this.disposing.shift()?.();
    if (message.type === 'opened' || message.type === 'openFailed') {
      const waiting = this.opening.get(message.id);
      this.opening.delete(message.id);
      if (message.type === 'opened') waiting?.resolve(message.ports);
      else waiting?.reject(errorOf(message.failure));
      return;
    }
    if (message.type === 'moved' || message.type === 'moveFailed') {
      const key = `${message.id}:${message.side}`;
      const waiting = this.moving.get(key);
      this.moving.delete(key);
      if (message.type === 'moved') waiting?.resolve(this.relays.has(message.id) ? message.port : undefined);
      else waiting?.reject(errorOf(message.failure));
      return;
    }
    if (message.type === 'closed') return this.freed(message.id);
    const relay = this.relays.get(message.id);
    if (!relay) return;
    if (message.type === 'latched')
      relay.onLatched(message.side, { host: message.host, port: message.port }, message.rtcp);
    else if (message.type === 'digit') relay.onDigit(message.side, message.digit, message.at);
    else if (message.type === 'timeout') relay.onTimeout();
    else if (message.type === 'refused') relay.onRefused(message.side, message.packets);
  }

  /** The worker closed a relay: its slot is free for the next. */
  private freed(id: number): void {
    const slot = this.closing.get(id);
    this.closing.delete(id);
    if (slot !== undefined) this.freeSlots.push(slot);
  }

  /** The worker keeps the process alive while it carries a relay or an answer is awaited from it. */
  private refresh(): void {
    const busy = this.relays.size + this.opening.size + this.moving.size + this.disposing.length > 0;
    if (busy && !this.stopped) this.worker.ref();
    else this.worker.unref();
  }

  /** The worker is gone (`unexpected`: it failed or exited by itself, which its owner hears of). */
  private stop(error: Error, unexpected = true): void {
    if (this.stopped) return;
    this.stopped = error;
    for (const waiting of this.opening.values()) waiting.reject(error);
    for (const waiting of this.moving.values()) waiting.reject(error);
    for (const done of this.disposing) done();
    for (const relay of this.relays.values()) relay.lost();
    this.opening.clear();
    this.moving.clear();
    this.disposing.length = 0;
    this.relays.clear();
    this.worker.unref();
    if (unexpected) this.onStopped(this, error);
  }
}

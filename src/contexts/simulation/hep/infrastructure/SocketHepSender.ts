import { encodeHep3 } from '@gwsim/hep';
import type { Logger } from '../../../../shared/application/Logger.js';
import { HepSender, type HepItem, type HepLinkState, type HepSenderState } from '../application/HepSender.js';
import type { HepSetting } from '../domain/HepSetting.js';

/** Messages that may wait for the collector; past them new ones are dropped (counted). */
export const MAX_QUEUED = 10_000;
/** Messages encoded and sent per turn of the event loop; more wait for the next turn. */
export const BATCH_SIZE = 500;
/** The first wait before a new attempt after a failure; it doubles up to MAX_BACKOFF_MS, and starts over once connected. */
export const FIRST_BACKOFF_MS = 500;
export const MAX_BACKOFF_MS = 30_000;

/** The HEP3 message of one recorded SIP message: its true addresses, ports, transport and time; the lab's id and key. */
export function hepMessageOf(item: HepItem, setting: HepSetting): Buffer {
  const { entry } = item;
  return encodeHep3({
    transport: entry.protocol === 'UDP' ? 'udp' : 'tcp',
    source: { ip: entry.sourceIpAddress, port: entry.sourcePort },
    destination: { ip: entry.destinationIpAddress, port: entry.destinationPort },
    timestampMicros: entry.timestampMicros,
    captureId: setting.captureId,
    ...(setting.password !== undefined ? { authKey: setting.password } : {}),
    ...(item.correlationId !== undefined ? { correlationId: item.correlationId } : {}),
    payload: entry.message,
  });
}

export function errorText(error: unknown): string {
  return error instanceof Error ? ((error as NodeJS.ErrnoException).code ?? error.message) : String(error);
}

/**
 * What the UDP and TCP senders share: a bounded queue, batches encoded and sent on later turns of the event loop
 * (setImmediate), the counters, and the attempts to reach the collector again after a failure, with a backoff
 * doubling from FIRST_BACKOFF_MS to MAX_BACKOFF_MS. Every socket and timer is unref'd: a sender never keeps the
 * process alive. A subclass opens its socket (`connect`, then `connected()` or `failed()`) and writes batches.
 */
export abstract class SocketHepSender extends HepSender {
  protected sent = 0;
  protected dropped = 0;
  protected lastError: string | undefined;
  protected link: HepLinkState = 'connecting';
  protected closed = false;
  private queue: HepItem[] = [];
  private flushing: NodeJS.Immediate | undefined;
  private retry: NodeJS.Timeout | undefined;
  private backoffMs = FIRST_BACKOFF_MS;
  /** Whether the collector was reported unreachable (once, until it can be reached again). */
  private reported = false;

  constructor(
    protected readonly setting: HepSetting,
    protected readonly logger: Logger,
  ) {
    super();
  }

  /** Opens the socket toward the collector; calls `connected()` or `failed()`. */
  protected abstract connect(): void;
  /** Sends one batch of encoded messages (counting them sent or dropped as the socket answers). */
  protected abstract write(messages: Buffer[]): void;
  /** Closes the socket. */
  protected abstract release(): void;

  /** Starts the first attempt. */
  start(): this {
    this.connect();
    return this;
  }

  enqueue(items: readonly HepItem[]): void {
    if (this.closed || this.link === 'waiting') {
      this.dropped += items.length;
      return;
    }
    const room = Math.max(0, MAX_QUEUED - this.queue.length);
    if (items.length > room) {
      this.dropped += items.length - room;
      this.lastError = `more than ${MAX_QUEUED} messages waited for the collector`;
    }
    for (let i = 0; i < Math.min(room, items.length); i += 1) this.queue.push(items[i]!);
    this.schedule();
  }

  state(): HepSenderState {
    return {
      state: this.link,
      sent: this.sent,
      dropped: this.dropped,
      queued: this.queue.length,
      lastError: this.lastError,
    };
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.dropped += this.queue.length;
    this.queue = [];
    if (this.flushing) clearImmediate(this.flushing);
    if (this.retry) clearTimeout(this.retry);
    this.release();
  }

  /** The socket reaches the collector: what waited goes, the backoff starts over. */
  protected connected(): void {
    if (this.closed) return;
    if (this.reported) this.logger.info({ collector: this.where() }, 'the HEP collector can be reached again');
    this.reported = false;
    this.link = 'connected';
    this.backoffMs = FIRST_BACKOFF_MS;
    this.schedule();
  }

  /** The attempt failed or the connection closed: what waits is dropped, another attempt after the backoff. */
  protected failed(error: unknown): void {
    if (this.closed) return;
    this.lastError = errorText(error);
    if (!this.reported)
      this.logger.warn(
        { collector: this.where(), error: this.lastError, retryInMs: this.backoffMs },
        'the HEP collector cannot be reached: messages are dropped until it can',
      );
    this.reported = true;
    this.link = 'waiting';
    this.dropped += this.queue.length;
    this.queue = [];
    this.retry = setTimeout(() => {
      this.retry = undefined;
      if (this.closed) return;
      this.link = 'connecting';
      this.connect();
    }, this.backoffMs);
    this.retry.unref();
    this.backoffMs = Math.min(MAX_BACKOFF_MS, this.backoffMs * 2);
  }

  /** A message the socket did not take. */
  protected lost(count: number, error: unknown): void {
    this.dropped += count;
    this.lastError = errorText(error);
  }

  protected where(): string {
    return `${this.setting.transport}:${this.setting.host}:${this.setting.port}`;
  }

  private schedule(): void {
    if (this.flushing || this.closed || this.link !== 'connected' || this.queue.length === 0) return;
    this.flushing = setImmediate(() => this.flush());
  }

  private flush(): void {
    this.flushing = undefined;
    if (this.closed || this.link !== 'connected') return;
    const batch = this.queue.splice(0, BATCH_SIZE);
    const messages: Buffer[] = [];
    for (const item of batch) {
      try {
        messages.push(hepMessageOf(item, this.setting));
      } catch (error) {
        this.lost(1, error);
        this.lastError = `a message HEP cannot carry was dropped: ${(error as Error).message}`;
      }
    }
    if (messages.length > 0) this.write(messages);
    this.schedule();
  }
}

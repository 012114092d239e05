/**
 * Items that expire a fixed time after they were added, oldest first, under one timer for the whole queue (armed for
 * the oldest item) rather than a timer per item.
 *
 * Why: at hundreds of calls per second, what lingers for tens of seconds after a call (a transaction absorbing
 * repeats for 64*T1, a finished leg keeping its Call-ID) is in the old generation, and every major collection marks
 * it. A timer per item is three more objects each (the Timeout, its callback and the callback's context); here an
 * item costs three array slots.
 *
 * An item expires no earlier than `delayMs` after it was added and at most `slackMs` later: the timer waits at
 * least that long, so that items added close together expire in one pass. There is no removal: an item is added with
 * a tag (a number), given back on expiry, by which its owner tells a deadline still in force from one it dropped.
 */
export class ExpiryQueue<T> {
  private items: (T | undefined)[] = [];
  private deadlines: number[] = [];
  private tags: number[] = [];
  /** The oldest item not yet expired. */
  private head = 0;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly delayMs: number,
    private readonly expire: (item: T, tag: number) => void,
    private readonly slackMs = 0,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** How many items wait to expire. */
  get size(): number {
    return this.items.length - this.head;
  }

  add(item: T, tag = 0): void {
    this.items.push(item);
    this.deadlines.push(this.now() + this.delayMs);
    this.tags.push(tag);
    if (this.timer === undefined) this.arm();
  }

  /** Forgets every item without expiring it, and the timer. */
  clear(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
    this.items = [];
    this.deadlines = [];
    this.tags = [];
    this.head = 0;
  }

  private arm(): void {
    const wait = Math.max(this.slackMs, Math.ceil(this.deadlines[this.head]! - this.now()));
    this.timer = setTimeout(() => this.run(), wait);
    this.timer.unref();
  }

  private run(): void {
    this.timer = undefined;
    const now = this.now();
    try {
      while (this.head < this.items.length && this.deadlines[this.head]! <= now) {
        const item = this.items[this.head] as T;
        this.items[this.head] = undefined;
        const tag = this.tags[this.head]!;
        this.head += 1;
        this.expire(item, tag);
      }
    } finally {
      if (this.head === this.items.length) {
        this.items = [];
        this.deadlines = [];
        this.tags = [];
        this.head = 0;
      } else if (this.head > 1024 && this.head * 2 > this.items.length) {
        this.items = this.items.slice(this.head);
        this.deadlines = this.deadlines.slice(this.head);
        this.tags = this.tags.slice(this.head);
        this.head = 0;
      }
      if (this.size > 0 && this.timer === undefined) this.arm();
    }
  }
}

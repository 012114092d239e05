/** One first-come first-served lock per key, forgotten when nobody holds or waits for it. */
export class KeyedMutex {
  private readonly tails = new Map<string, { tail: Promise<void>; users: number }>();

  async runExclusive<T>(key: string, work: () => Promise<T>): Promise<T> {
    let entry = this.tails.get(key);
    if (!entry) this.tails.set(key, (entry = { tail: Promise.resolve(), users: 0 }));
    entry.users += 1;
    const previous = entry.tail;
    let release!: () => void;
    entry.tail = new Promise<void>((resolve) => {
      release = resolve;
    });
    try {
      await previous;
      return await work();
    } finally {
      release();
      entry.users -= 1;
      if (entry.users === 0) this.tails.delete(key);
    }
  }

  get size(): number {
    return this.tails.size;
  }
}

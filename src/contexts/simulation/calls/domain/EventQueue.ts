/** A binary min-heap of timed events: the earliest `at` first, equal times in the order they were scheduled. */
export class EventQueue<E extends { readonly at: number }> {
  private readonly heap: { event: E; seq: number }[] = [];
  private seq = 0;

  get size(): number {
    return this.heap.length;
  }

  push(event: E): void {
    const heap = this.heap;
    heap.push({ event, seq: this.seq++ });
    let index = heap.length - 1;
    while (index > 0) {
      const parent = (index - 1) >> 1;
      if (!this.before(index, parent)) break;
      [heap[index], heap[parent]] = [heap[parent]!, heap[index]!];
      index = parent;
    }
  }

  /** The earliest event's time, or undefined when empty. */
  peekTime(): number | undefined {
    return this.heap[0]?.event.at;
  }

  pop(): E | undefined {
    const heap = this.heap;
    if (heap.length === 0) return undefined;
    const top = heap[0]!;
    const last = heap.pop()!;
    if (heap.length > 0) {
      heap[0] = last;
      let index = 0;
      for (;;) {
        const left = 2 * index + 1;
        const right = left + 1;
        let smallest = index;
        if (left < heap.length && this.before(left, smallest)) smallest = left;
        if (right < heap.length && this.before(right, smallest)) smallest = right;
        if (smallest === index) break;
        [heap[index], heap[smallest]] = [heap[smallest]!, heap[index]!];
        index = smallest;
      }
    }
    return top.event;
  }

  clear(): void {
    this.heap.length = 0;
  }

  private before(a: number, b: number): boolean {
    const x = this.heap[a]!;
    const y = this.heap[b]!;
    return x.event.at < y.event.at || (x.event.at === y.event.at && x.seq < y.seq);
  }
}

/** Batches of at most this many are sorted by insertion (Array.prototype.sort allocates some 4 KB each time it runs). */
const SMALL_BATCH = 64;

/**
 * The batch sorted by `timestampMicros`, in place and stably (equal times keep their order). A step's messages come
 * nearly in order (only those held back until their call was named come late), and a step at hundreds of calls per
 * second gathers a handful: an insertion sort does that without allocating; a larger batch goes to
 * Array.prototype.sort.
 */
export function inTimeOrder<T extends { readonly timestampMicros: number }>(batch: T[]): T[] {
  if (batch.length > SMALL_BATCH) return batch.sort((a, b) => a.timestampMicros - b.timestampMicros);
  for (let i = 1; i < batch.length; i++) {
    const entry = batch[i]!;
    let j = i - 1;
    for (; j >= 0 && batch[j]!.timestampMicros > entry.timestampMicros; j--) batch[j + 1] = batch[j]!;
    batch[j + 1] = entry;
  }
  return batch;
}

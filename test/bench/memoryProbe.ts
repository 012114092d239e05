import { appendFileSync } from 'node:fs';
import path from 'node:path';
import v8 from 'node:v8';
import { isMainThread, threadId } from 'node:worker_threads';

/**
 * Preloaded into `gwsim serve` by the memory section (`node -r memoryProbe.js`): Node runs a preloaded module in
 * every thread, worker threads included, so each thread appends its own isolate's memory to the file
 * BENCH_MEMORY_PROBE names, once a second, as a JSON line: its V8 heap, the memory its objects hold outside the heap
 * (external, of it array buffers) and what V8 itself allocated with malloc. The thread is named by its script
 * (main, simulatorThreadMain, DatabaseWorker). Nothing happens without BENCH_MEMORY_PROBE.
 */
export interface ThreadMemory {
  readonly thread: string;
  readonly threadId: number;
  readonly heapUsed: number;
  readonly heapTotal: number;
  readonly external: number;
  readonly arrayBuffers: number;
  readonly malloced: number;
}

const file = process.env['BENCH_MEMORY_PROBE'];
if (file) {
  // the thread's script: the first module it loaded after this one (read once it has loaded it)
  let thread: string | undefined;
  const name = () =>
    Object.keys(require.cache).find((loaded) => loaded !== __filename && !loaded.includes('node_modules'));
  const write = () => {
    thread ??= isMainThread ? 'main' : path.basename(name() ?? `worker ${threadId}`, '.js');
    const usage = process.memoryUsage();
    const record: ThreadMemory = {
      thread,
      threadId,
      heapUsed: usage.heapUsed,
      heapTotal: usage.heapTotal,
      external: usage.external,
      arrayBuffers: usage.arrayBuffers,
      malloced: v8.getHeapStatistics().malloced_memory,
    };
    appendFileSync(file, `${JSON.stringify(record)}\n`);
  };
  setInterval(write, 1000).unref();
}

import { readdirSync } from 'node:fs';
import os from 'node:os';

/**
 * The scheduling niceness of the work behind the API (0 is the API thread's): the simulator's thread, the monitor's
 * engine, Node's own threads in `gwsim serve` with the simulator's thread. On two cores at 200 real calls per second
 * the API's thread otherwise waited for a core as long as it ran (npm run bench -- --only sip); when both want one,
 * the API's thread has it first.
 */
export const BACKGROUND_NICENESS = 10;

/**
 * Lowers to `niceness` the scheduling priority of every thread this process has now but its main thread (Linux keeps
 * a niceness per thread; elsewhere there is no per-thread list and nothing changes). Called when `gwsim serve`
 * starts, before any worker thread, these are Node's own threads: V8's platform workers (the background half of
 * every isolate's garbage collection and compilation, the simulator thread's included), its delayed-task thread,
 * libuv's pool if it started. So when the cores are busy, the API's thread gets one before the simulator's
 * collections do; the API isolate's own collections finish on its thread, as V8 does when helpers are busy.
 * Answers how many threads were lowered; a thread that refuses (it ended meanwhile) is left as it is.
 */
export function lowerNodeThreads(niceness: number): number {
  let tids: string[];
  try {
    tids = readdirSync('/proc/self/task');
  } catch {
    return 0;
  }
  let lowered = 0;
  for (const tid of tids.map(Number)) {
    if (!Number.isInteger(tid) || tid === process.pid) continue;
    try {
      os.setPriority(tid, niceness);
      lowered += 1;
    } catch {
      // gone already, or not ours to change
    }
  }
  return lowered;
}

import { readdirSync, readFileSync } from 'node:fs';

/**
 * What Linux's /proc says of a set of processes: CPU time (all threads), resident memory, open descriptors. Each
 * answer is undefined where /proc has no such file (another system, a process gone).
 */

/** The fields of /proc/<pid>/stat after the command's name (the name may hold spaces and parentheses). */
function statFields(pid: number): string[] | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(') ') + 2).split(' ');
  } catch {
    return undefined;
  }
}

/** The clock ticks per second of utime and stime (USER_HZ: 100 on every Linux Node runs on). */
const TICKS_PER_S = 100;

/** User and system CPU time of the processes, all their threads, in µs; undefined if any of them is gone. */
export function cpuUs(pids: readonly number[]): number | undefined {
  let sum = 0;
  for (const pid of pids) {
    const fields = statFields(pid);
    if (!fields) return undefined;
    // utime and stime: the 14th and 15th fields of the line, the 12th and 13th after the name
    sum += ((Number(fields[11]) + Number(fields[12])) * 1_000_000) / TICKS_PER_S;
  }
  return sum;
}

/** A `kB` line of /proc/<pid>/status or smaps_rollup, in KiB (0 when the file has no such line). */
function kibLine(file: string, name: string): number | undefined {
  try {
    const match = new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(readFileSync(file, 'utf8'));
    return match ? Number(match[1]) : 0;
  } catch {
    return undefined;
  }
}

/** The processes' resident memory added up (VmRSS), in MiB: pages shared between them count once per process. */
export function rssMiB(pids: readonly number[]): number | undefined {
  return sumMiB(pids, (pid) => kibLine(`/proc/${pid}/status`, 'VmRSS'));
}

/** Their proportional set size added up (Pss): each shared page split between the processes that map it, in MiB. */
export function pssMiB(pids: readonly number[]): number | undefined {
  return sumMiB(pids, (pid) => kibLine(`/proc/${pid}/smaps_rollup`, 'Pss'));
}

function sumMiB(pids: readonly number[], kib: (pid: number) => number | undefined): number | undefined {
  let sum = 0;
  for (const pid of pids) {
    const value = kib(pid);
    if (value === undefined) return undefined;
    sum += value;
  }
  return Math.round((sum / 1024) * 10) / 10;
}

/** How many descriptors the process has open (/proc/<pid>/fd). */
export function openFds(pid: number): number | undefined {
  try {
    return readdirSync(`/proc/${pid}/fd`).length;
  } catch {
    return undefined;
  }
}

/** How many threads the process has (/proc/<pid>/task). */
export function threadCount(pid: number): number | undefined {
  try {
    return readdirSync(`/proc/${pid}/task`).length;
  } catch {
    return undefined;
  }
}

/** The process and all its descendants (by their parent's pid in /proc/<pid>/stat), the process first. */
export function processTree(root: number): number[] {
  const children = new Map<number, number[]>();
  let entries: string[];
  try {
    entries = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return [root];
  }
  for (const name of entries) {
    const parent = Number(statFields(Number(name))?.[1]);
    if (!Number.isFinite(parent)) continue;
    const list = children.get(parent) ?? [];
    list.push(Number(name));
    children.set(parent, list);
  }
  const tree = [root];
  for (let i = 0; i < tree.length; i += 1) tree.push(...(children.get(tree[i]!) ?? []));
  return tree;
}

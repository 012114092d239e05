import { readFileSync } from 'node:fs';

/**
 * Where a process's resident memory is, from Linux's /proc/<pid>/smaps, in MiB: the WebAssembly memories (each
 * embedded PostgreSQL engine, PGlite, is one: a read-write mapping just below the gigabytes of guard region V8
 * reserves after it), the files mapped (the node binary, the libraries), and the rest of the anonymous memory
 * (the V8 heaps of every thread, compiled code, malloc's arenas, buffers).
 */
export interface MemoryBreakdown {
  /** The resident part of each WebAssembly memory, largest first. */
  readonly wasmMiB: readonly number[];
  readonly filesMiB: number;
  readonly otherAnonymousMiB: number;
}

interface Mapping {
  readonly start: bigint;
  readonly end: bigint;
  readonly perms: string;
  readonly file: string;
  rssKiB: number;
}

function mappings(pid: number): Mapping[] | undefined {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/smaps`, 'utf8');
  } catch {
    return undefined;
  }
  const list: Mapping[] = [];
  for (const line of text.split('\n')) {
    const head = /^([0-9a-f]+)-([0-9a-f]+) (\S+) \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (head) {
      list.push({
        start: BigInt(`0x${head[1]}`),
        end: BigInt(`0x${head[2]}`),
        perms: head[3]!,
        file: head[4]!.trim(),
        rssKiB: 0,
      });
      continue;
    }
    const rss = /^Rss:\s+(\d+) kB/.exec(line);
    if (rss && list.length > 0) list[list.length - 1]!.rssKiB = Number(rss[1]);
  }
  return list;
}

/** A reservation no page of which may be touched, as large as V8's guard region after a WebAssembly memory. */
const GUARD_BYTES = 4n * 1024n * 1024n * 1024n;

const mib = (kib: number) => Math.round(kib / 1024);

export function memoryBreakdown(pid: number): MemoryBreakdown | undefined {
  const list = mappings(pid);
  if (!list) return undefined;
  const guardStarts = new Set(
    list.filter((m) => m.perms.startsWith('---') && m.end - m.start >= GUARD_BYTES).map((m) => m.start),
  );
  const wasm: number[] = [];
  let files = 0;
  let other = 0;
  for (const m of list) {
    if (m.file.startsWith('/')) files += m.rssKiB;
    else if (m.file === '' && m.perms.startsWith('rw') && guardStarts.has(m.end)) wasm.push(m.rssKiB);
    else other += m.rssKiB;
  }
  return { wasmMiB: wasm.sort((a, b) => b - a).map(mib), filesMiB: mib(files), otherAnonymousMiB: mib(other) };
}

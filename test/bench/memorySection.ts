import { runSipp, startSipp } from '../support/sip/sipp.js';
import { basicHeader } from './httpBench.js';
import { BENCH_ADMIN_PASSWORD } from './benchServer.js';
import { sample, startServe, type MemorySample, type ServeProcess } from './memoryBench.js';
import { configureSipGateway } from './sipGateway.js';

/**
 * `--only memory`: the resident memory of `gwsim serve` as it runs by default (memoryBench.ts), idle at the start,
 * after BENCH_MEMORY_SECONDS (default 60) of the demo's traffic, with SIP on, with BENCH_MEMORY_CALLS (default 1,000)
 * long SIP calls held from SIPp (set up at BENCH_MEMORY_CALL_RATE, default 100 calls/s, held BENCH_MEMORY_HOLD_SECONDS,
 * default 60) and after they ended: RSS and the growth per 1,000 calls, open descriptors per call, and where the
 * memory is (the WebAssembly memories of the embedded engines, each thread's V8 heap, the rest).
 */
const SAMPLES = 5;

export async function memorySection(): Promise<void> {
  const demoSeconds = Number(process.env['BENCH_MEMORY_SECONDS'] ?? 60);
  const calls = Number(process.env['BENCH_MEMORY_CALLS'] ?? 1000);
  const rate = Number(process.env['BENCH_MEMORY_CALL_RATE'] ?? 100);
  const holdSeconds = Number(process.env['BENCH_MEMORY_HOLD_SECONDS'] ?? 60);
  console.log(
    `\nmemory of gwsim serve (demo on, embedded engines on disk, simulator thread ${process.env['GWSIM_SIMULATOR_THREAD'] ?? 'on'}), ` +
      `${demoSeconds} s of the demo's traffic, then ${calls} SIP calls held ${holdSeconds} s (target: RSS <= 400 MB with the demo's traffic)`,
  );
  const serve = await startServe();
  const samples: MemorySample[] = [];
  // each phase's figures: the median RSS of 5 samples 2 s apart (the V8 heaps grow and shrink between collections)
  const take = async (label: string) => {
    const taken: MemorySample[] = [];
    for (let i = 0; i < SAMPLES; i += 1) {
      if (i > 0) await pause(2);
      taken.push(await sample(serve, label));
    }
    const median = taken.sort((a, b) => a.rssMiB - b.rssMiB)[Math.floor(SAMPLES / 2)]!;
    samples.push(median);
    console.log(
      `  ${label}: RSS ${median.rssMiB} MiB (${taken.map((t) => t.rssMiB).join(', ')}), ${median.fds} descriptors, ${median.threads} threads`,
    );
  };
  try {
    await pause(5);
    await take('idle at the start (demo traffic just started)');
    await pause(demoSeconds);
    await take(`after ${demoSeconds} s of the demo's traffic`);
    await heldCalls(serve, { calls, rate, holdSeconds }, take);
  } finally {
    await serve.stop();
  }
  report(samples, calls);
}

function pause(seconds: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, seconds * 1000));
}

/** SIP on (two nodes and a route beside the demo's), then `calls` calls held from SIPp, sampled held and after. */
async function heldCalls(
  serve: ServeProcess,
  options: { calls: number; rate: number; holdSeconds: number },
  take: (label: string) => Promise<void>,
): Promise<void> {
  const ports = await configureSipGateway({
    url: serve.url,
    authorization: basicHeader('anadmin', BENCH_ADMIN_PASSWORD),
  });
  await pause(5);
  await take('SIP on, no call');
  const rampSeconds = options.calls / options.rate;
  const uas = await startSipp({
    scenario: 'uas',
    localPort: ports.uasPort,
    timeoutMs: (rampSeconds + options.holdSeconds + 120) * 1000,
  });
  try {
    // SIPp's UAC: each call INVITE, 200, ACK, then held (-d) before its BYE; -l: at most `calls` at once
    const uac = runSipp({
      scenario: 'uac',
      remote: `127.0.0.1:${ports.pbxPort}`,
      rate: options.rate,
      calls: options.calls,
      timeoutMs: (rampSeconds + options.holdSeconds + 90) * 1000,
      extra: ['-d', String(options.holdSeconds * 1000), '-l', String(options.calls), '-recv_timeout', '30000'],
    });
    // all calls set up, then a few seconds for the collectors' batches
    await pause(Math.min(rampSeconds + 10, rampSeconds + options.holdSeconds / 2));
    await take(`${options.calls} calls held`);
    const ended = await uac;
    console.log(`  SIPp's UAC: ${ended.successful} of ${ended.attempted} calls completed, ${ended.failed} failed`);
    await pause(5);
    await take('5 s after the calls ended');
  } finally {
    await uas.stop();
  }
}

const mb = (bytes: number) => Math.round(bytes / 1048576);

/** The PGlite memories and each thread's memory of a sample, in words. */
function whereItIs(s: MemorySample): string {
  const threads = s.perThread.map(
    (t) => `${t.thread} ${mb(t.heapUsed)}/${mb(t.heapTotal)}, ext ${mb(t.external)} (buffers ${mb(t.arrayBuffers)})`,
  );
  const total = s.perThread.reduce((sum, t) => sum + t.heapTotal, 0);
  return (
    `PGlite memories ${s.breakdown.wasmMiB.filter((m) => m > 0).join(' + ')} MiB; per thread, V8 heap used/total, ` +
    `external (array buffers) MiB: ${threads.join('; ')} (heaps ${mb(total)} MiB in all)`
  );
}

function report(samples: readonly MemorySample[], calls: number): void {
  console.log('');
  console.log(
    'phase'.padEnd(48) +
      ['RSS', 'PSS', 'fds', 'PGlite', 'files', 'other anon', 'main heap', 'main ext.']
        .map((t) => t.padStart(11))
        .join(''),
  );
  for (const s of samples) {
    const wasm = s.breakdown.wasmMiB.reduce((a, b) => a + b, 0);
    const cells = [
      s.rssMiB,
      s.pssMiB,
      s.fds,
      wasm,
      s.breakdown.filesMiB,
      s.breakdown.otherAnonymousMiB,
      s.main.heapTotalMiB,
      s.main.externalMiB,
    ];
    console.log(s.label.slice(0, 47).padEnd(48) + cells.map((c) => String(c).padStart(11)).join(''));
    console.log(`    ${whereItIs(s)}`);
  }
  const before = samples.find((s) => s.label.startsWith('SIP on'));
  const held = samples.find((s) => s.label.endsWith('calls held'));
  if (before && held && calls > 0) {
    const per1000 = ((held.rssMiB - before.rssMiB) / calls) * 1000;
    const fdsPerCall = (held.fds - before.fds) / calls;
    const used = (m: MemorySample) => mb(m.perThread.reduce((sum, t) => sum + t.heapUsed, 0));
    console.log(
      `growth per 1,000 concurrent calls: RSS ${per1000.toFixed(1)} MiB, PSS ${(((held.pssMiB - before.pssMiB) / calls) * 1000).toFixed(1)} MiB, ` +
        `V8 heaps used ${(((used(held) - used(before)) / calls) * 1000).toFixed(1)} MiB, ${fdsPerCall.toFixed(2)} descriptors per call`,
    );
  }
  console.log(
    'MiB throughout; PGlite: the resident WebAssembly memories of the embedded engines; other anon: V8 heaps, code, malloc',
  );
}

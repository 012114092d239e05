import { resetBench } from './resetBench.js';

import { line } from './benchProcess.js';

export async function resetSection(): Promise<void> {
  const server = process.env['BENCH_DATABASE_URL'];
  for (const databaseUrl of [undefined, ...(server ? [server] : [])]) {
    const f = await resetBench({ ...(databaseUrl ? { databaseUrl } : {}) });
    console.log(
      `\nlab reset to empty on ${f.store}: a lab of ${f.objects.toLocaleString('en')} committed objects back to a new lab's state (factory configuration committed, administrator seeded at the production key-derivation cost), median of ${f.samplesMs.length} (target: under 100 ms)`,
    );
    console.log(line('a write unit that only locks the lab (baseline)', `${f.baselineMs} ms`));
    console.log(
      line('POST /_sim/labs/{lab}/reset {to: empty}', `${f.resetMs} ms`, (f.resetMs / f.baselineMs).toFixed(0)) +
        `  samples ${f.samplesMs.join(', ')} ms`,
    );
    console.log(
      line(
        `restore a snapshot (${f.snapshot.objects.toLocaleString('en')} rows, ${Math.round(f.snapshot.bytes / 1024)} KiB)`,
        `${f.restoreMs} ms`,
        (f.restoreMs / f.baselineMs).toFixed(0),
      ) + `  samples ${f.restoreSamplesMs.join(', ')} ms`,
    );
    console.log(line('  meanwhile: a write unit of another lab', `${f.otherLabMs} ms`));
  }
}

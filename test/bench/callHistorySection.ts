import { callHistoryBench } from './callHistoryBench.js';

import { line } from './benchProcess.js';

export async function callHistorySection(): Promise<void> {
  const calls = Number(process.env['BENCH_CALLS'] ?? 1_000_000);
  const databaseUrl = process.env['BENCH_DATABASE_URL'];
  console.log(
    `\ncallHistory/get's store query over ${calls.toLocaleString('en')} stored calls of one lab, 100 queries per filter (target: p95 under 50 ms on the server store)`,
  );
  if (!databaseUrl)
    console.log(
      '(set BENCH_DATABASE_URL to a PostgreSQL database of your own to measure the server store; this runs on the embedded engine)',
    );
  const f = await callHistoryBench({ databaseUrl, calls });
  console.log(
    line(`${f.store}: bulk load (INSERT … SELECT generate_series)`, f.loadMs ? `${f.loadMs} ms` : 'kept from before'),
  );
  for (const filter of f.filters) {
    console.log(
      line(`${f.store}: ${filter.name}`, `p50 ${filter.p50Ms} ms`) +
        `  p95 ${filter.p95Ms} ms  (${filter.totalCount.toLocaleString('en')} match)`,
    );
  }
}

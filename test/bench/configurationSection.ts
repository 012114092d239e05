import { configurationBench } from './configurationBench.js';

import { line } from './benchProcess.js';

export async function configurationSection(): Promise<void> {
  console.log(
    '\nconfiguration commit and revert in a graph of 5,000 objects, median of 5 (targets: one changed object under 50 ms,',
  );
  console.log(
    'all 5,000 changed under 500 ms; ratio: against a write unit that only locks the lab, measured in the same run)',
  );
  const server = process.env['BENCH_DATABASE_URL'];
  if (!server)
    console.log('(set BENCH_DATABASE_URL to a PostgreSQL database of your own to measure the server store as well)');
  for (const databaseUrl of server ? [undefined, server] : [undefined]) {
    try {
      const f = await configurationBench({ databaseUrl });
      const ratio = (ms: number) => (ms / f.baselineMs).toFixed(1);
      console.log(line(`${f.store}: baseline (lock the lab, read its state)`, `${f.baselineMs} ms`));
      console.log(
        line(`${f.store}: commit, one changed object`, `${f.commitOneChangeMs} ms`, ratio(f.commitOneChangeMs)),
      );
      console.log(
        line(`${f.store}: revert, one changed object`, `${f.revertOneChangeMs} ms`, ratio(f.revertOneChangeMs)),
      );
      console.log(line(`${f.store}: commit, all 5,000 changed`, `${f.commitMs} ms`, ratio(f.commitMs)));
      console.log(line(`${f.store}: revert, all 5,000 changed`, `${f.revertMs} ms`, ratio(f.revertMs)));
      console.log(line(`${f.store}: first commit of the whole graph`, `${f.firstCommitMs} ms`, ratio(f.firstCommitMs)));
      console.log(
        line(`${f.store}: nodes/addSystem (${f.addedNodeObjects} objects)`, `${f.addNodeMs} ms`, ratio(f.addNodeMs)),
      );
      console.log(
        line(
          `${f.store}: commit after it (target under 50 ms)`,
          `${f.commitAddedNodeMs} ms`,
          ratio(f.commitAddedNodeMs),
        ),
      );
    } catch (error) {
      if (!databaseUrl) throw error;
      console.log(
        `PostgreSQL server at ${new URL(databaseUrl).host} not measured: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }
}

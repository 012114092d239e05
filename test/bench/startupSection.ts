import { startupBench } from './startupBench.js';

import { line } from './benchProcess.js';

export async function startupSection(): Promise<void> {
  const startup = await startupBench(18611);
  console.log(
    '\nstart-up: spawn to first 200 of GET /api/version/get, median of 3 (targets: under 3000 ms on a new data directory, under 1500 ms on an existing one)',
  );
  console.log(line('bare Koa server (baseline)', `${startup.bareKoaMs} ms`));
  console.log(
    line(
      'gwsim serve, new data directory',
      `${startup.freshDataDirMs} ms`,
      (startup.freshDataDirMs / startup.bareKoaMs).toFixed(1),
    ),
  );
  console.log(
    line(
      'gwsim serve, existing data directory',
      `${startup.existingDataDirMs} ms`,
      (startup.existingDataDirMs / startup.bareKoaMs).toFixed(1),
    ),
  );
  console.log(
    line(
      'gwsim serve --no-demo, new data directory',
      `${startup.freshNoDemoMs} ms`,
      (startup.freshNoDemoMs / startup.bareKoaMs).toFixed(1),
    ),
  );
  console.log(
    line(
      'gwsim serve --no-demo, existing data directory',
      `${startup.existingNoDemoMs} ms`,
      (startup.existingNoDemoMs / startup.bareKoaMs).toFixed(1),
    ),
  );
}

import { faultsBench } from './faultsBench.js';

import { line } from './benchProcess.js';

export async function faultsSection(): Promise<void> {
  const f = await faultsBench();
  console.log(
    `\nfault rule engine on the request path, in process: the fault middleware over GET /api/nodes/get, best of 5 × ${f.requests.toLocaleString('en')} requests (target: under 0.1 ms with ${f.rules} rules that do not match)`,
  );
  console.log(line('fault middleware, no rules (baseline)', `${f.noRulesMicros.toFixed(3)} µs`));
  console.log(
    line(
      `fault middleware, ${f.rules} non-matching rules`,
      `${f.nonMatchingMicros.toFixed(3)} µs`,
      (f.nonMatchingMicros / f.noRulesMicros).toFixed(1),
    ) +
      `  overhead ${(f.nonMatchingMicros - f.noRulesMicros).toFixed(3)} µs = ${((f.nonMatchingMicros - f.noRulesMicros) / 1000).toFixed(5)} ms`,
  );
  console.log(line('request journal middleware, recording each request', `${f.journalMicros.toFixed(3)} µs`));
}

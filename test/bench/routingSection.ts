import { routingBench } from './routingBench.js';

import { line } from './benchProcess.js';

export function routingSection(): void {
  const f = routingBench();
  console.log(
    `\nroute matching on one core: a routing domain of ${f.routes.toLocaleString('en')} routes (WILDCARD, PLAIN, EXTENSION_RANGE, DIRECTORY),`,
  );
  console.log(
    `${f.calls.toLocaleString('en')} calls, ${Math.round(f.nearEndShare * 100)} % of them won by a route in the last fifth (target: at least 50,000 matches/s)`,
  );
  console.log(line('compile the domain into a plan (median of 5)', `${f.compileMs} ms`));
  console.log(line('top-down scan of the compiled matchers (baseline)', `${f.scanMatchesPerSecond} match/s`));
  console.log(
    line(
      'RoutingPlan.match, targets and dial strings',
      `${f.matchesPerSecond} match/s`,
      (f.matchesPerSecond / f.scanMatchesPerSecond).toFixed(1),
    ),
  );
}

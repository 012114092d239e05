import type { Command } from 'commander';
import type { Commands } from './program.js';
import type { SharedOptions } from './SharedOptions.js';

/** `gwsim traffic status|start|stop|set FILE`: a lab's simulated traffic in a running gwsim. */
export function trafficCommand(program: Command, commands: Commands, shared: SharedOptions): void {
  const traffic = shared.group(program.command('traffic'), {
    summary: "a lab's simulated traffic: status, start, stop, set",
    description:
      "a lab's simulated traffic in a running gwsim (its /_sim/labs/{lab}/traffic endpoint; administrators only)",
    lab: true,
    exitCodes: '0 done, 1 refused or unreachable, 2 usage error (e.g. a profile file that is not JSON).',
  });
  const run = (kind: 'status' | 'start' | 'stop') => async (options: Record<string, unknown>) => {
    process.exitCode = await commands.traffic({ kind }, shared.connectionOf(options));
  };
  shared
    .connection(
      traffic.command('status').description('whether calls arrive, the profile, and the counters of calls'),
      true,
    )
    .action(run('status'));
  shared.connection(traffic.command('start').description('start the arrivals of new calls'), true).action(run('start'));
  shared
    .connection(traffic.command('stop').description('stop the arrivals (calls in progress run to their end)'), true)
    .action(run('stop'));
  shared
    .connection(
      traffic
        .command('set')
        .argument('<file>', 'a JSON traffic profile (fields omitted take the defaults; see SIMULATION.md)')
        .description('set the traffic profile (it takes effect at once)')
        .option('--start', 'also start the arrivals'),
      true,
    )
    .action(async (file: string, options: Record<string, unknown>) => {
      process.exitCode = await commands.traffic(
        { kind: 'set', file, start: options['start'] === true },
        shared.connectionOf(options),
      );
    });
}

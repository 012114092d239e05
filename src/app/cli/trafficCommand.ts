import type { Command } from 'commander';
import type { Commands } from './program.js';
import type { SharedOptions } from './SharedOptions.js';

/** `gwsim traffic status|start|stop|set FILE`: the simulated traffic of a running gwsim. */
export function trafficCommand(program: Command, commands: Commands, shared: SharedOptions): void {
  const traffic = program
    .command('traffic')
    .description(
      'the simulated traffic of a running gwsim (its /_sim/labs/default/traffic endpoint; administrators only)',
    )
    .addHelpText(
      'after',
      '\nExit codes: 0 done, 1 refused or unreachable, 2 usage error (e.g. a profile file that is not JSON).',
    );
  shared
    .connection(traffic.command('status').description('whether calls arrive, the profile, and the counters of calls'))
    .action(async (options: Record<string, unknown>) => {
      process.exitCode = await commands.traffic({ kind: 'status' }, shared.connectionOf(options));
    });
  shared
    .connection(traffic.command('start').description('start the arrivals of new calls'))
    .action(async (options: Record<string, unknown>) => {
      process.exitCode = await commands.traffic({ kind: 'start' }, shared.connectionOf(options));
    });
  shared
    .connection(traffic.command('stop').description('stop the arrivals (calls in progress run to their end)'))
    .action(async (options: Record<string, unknown>) => {
      process.exitCode = await commands.traffic({ kind: 'stop' }, shared.connectionOf(options));
    });
  shared
    .connection(
      traffic
        .command('set')
        .argument('<file>', 'a JSON traffic profile (fields omitted take the defaults; see SIMULATION.md)')
        .description('set the traffic profile (it takes effect at once)')
        .option('--start', 'also start the arrivals'),
    )
    .action(async (file: string, options: Record<string, unknown>) => {
      process.exitCode = await commands.traffic(
        { kind: 'set', file, start: options['start'] === true },
        shared.connectionOf(options),
      );
    });
}

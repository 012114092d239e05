import type { Command } from 'commander';
import type { Commands } from './program.js';
import type { ScenarioAction } from './scenario.js';
import type { SharedOptions } from './SharedOptions.js';

/** `gwsim scenario run|status|stop|list`: scenarios played on a lab of a running gwsim. */
export function scenarioCommand(program: Command, commands: Commands, shared: SharedOptions): void {
  const scenario = shared.group(program.command('scenario'), {
    summary: 'scenarios played on a lab: run, status, stop, list',
    description:
      'scenarios: seed a lab and play faults, traffic changes, clock moves and expectations on its clock (its /_sim/labs/{lab}/scenario endpoint)',
    lab: 'not list',
    exitCodes:
      '0 passed (or started, with --no-wait), 1 failed, stopped, refused or unreachable, 2 usage error or a file that cannot be read.',
  });
  const run = (action: ScenarioAction) => async (options: Record<string, unknown>) => {
    process.exitCode = await commands.scenario(action, shared.connectionOf(options));
  };
  shared
    .connection(
      scenario
        .command('run')
        .argument('<scenario>', 'a scenario file (YAML or JSON) or the name of a shipped one (gwsim scenario list)')
        .description(
          'run a scenario: the lab is reset and seeded, its steps run on the lab clock; prints each step and expectation',
        )
        .option('--no-wait', 'answer once the run started instead of waiting for its end'),
      true,
    )
    .action(async (target: string, options: Record<string, unknown>) => {
      process.exitCode = await commands.scenario(
        { kind: 'run', target, wait: options['wait'] !== false },
        shared.connectionOf(options),
      );
    });
  shared
    .connection(
      scenario.command('status').description("the lab's current or last run: each step, each expectation"),
      true,
    )
    .action(run({ kind: 'status' }));
  shared
    .connection(scenario.command('stop').description("stop the lab's run (its fault rules are removed)"), true)
    .action(run({ kind: 'stop' }));
  shared
    .connection(scenario.command('list').description('the scenarios shipped with gwsim'), false)
    .action(run({ kind: 'list' }));
}

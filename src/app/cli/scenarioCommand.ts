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
          'run a scenario in a lab of its own (scenario-<name>), seeded, its steps on the lab clock; prints each step and expectation',
        )
        .option(
          '--lab <lab>',
          'run it on this lab instead (the run resets it: a lab with a configuration or call history needs --yes)',
        )
        .option('--yes', 'with --lab: replace what the lab holds')
        .option('--keep', 'keep the lab of its own once the run ended (default: removed once the outcome is printed)')
        .option('--no-wait', 'answer once the run started instead of waiting for its end'),
      false,
    )
    .action(async (target: string, options: Record<string, unknown>) => {
      process.exitCode = await commands.scenario(
        {
          kind: 'run',
          target,
          wait: options['wait'] !== false,
          lab: options['lab'] as string | undefined,
          keep: options['keep'] === true,
          yes: options['yes'] === true,
        },
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

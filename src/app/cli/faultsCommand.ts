import type { Command } from 'commander';
import type { FaultsAction } from './faults.js';
import type { Commands } from './program.js';
import type { SharedOptions } from './SharedOptions.js';

/** `gwsim faults list|add FILE|remove ID|clear`: a lab's fault rules in a running gwsim. */
export function faultsCommand(program: Command, commands: Commands, shared: SharedOptions): void {
  const faults = shared.group(program.command('faults'), {
    summary: "a lab's fault rules: list, add, remove, clear",
    description: "a lab's fault rules in a running gwsim (its /_sim/labs/{lab}/faults endpoints; administrators only)",
    lab: true,
    exitCodes: '0 done, 1 refused or unreachable, 2 usage error (e.g. a rule file that is not JSON).',
  });
  const run = (action: FaultsAction) => async (options: Record<string, unknown>) => {
    process.exitCode = await commands.faults(action, shared.connectionOf(options));
  };
  shared
    .connection(
      faults
        .command('list')
        .description('the rules: what each matches and does, its hits, what remains, when it expires'),
      true,
    )
    .action(run({ kind: 'list' }));
  shared
    .connection(
      faults
        .command('add')
        .argument('<file>', 'a JSON fault rule, or an array of them (see docs/faults.md)')
        .description('add the rule(s) of FILE; prints each with its id'),
      true,
    )
    .action(async (file: string, options: Record<string, unknown>) => {
      process.exitCode = await commands.faults({ kind: 'add', file }, shared.connectionOf(options));
    });
  shared
    .connection(
      faults.command('remove').argument('<id>', 'the id of a rule (see faults list)').description('remove a rule'),
      true,
    )
    .action(async (id: string, options: Record<string, unknown>) => {
      process.exitCode = await commands.faults({ kind: 'remove', id }, shared.connectionOf(options));
    });
  shared.connection(faults.command('clear').description('remove every rule'), true).action(run({ kind: 'clear' }));
}

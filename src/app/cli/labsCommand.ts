import type { Command } from 'commander';
import type { Commands } from './program.js';
import type { SharedOptions } from './SharedOptions.js';

/** `gwsim labs list|create NAME|remove NAME`: the labs of a running gwsim. */
export function labsCommand(program: Command, commands: Commands, shared: SharedOptions): void {
  const labs = program
    .command('labs')
    .description('the labs of a running gwsim (its /_sim/labs endpoints; administrators of the default lab)')
    .addHelpText(
      'after',
      '\nExit codes: 0 done, 1 refused (the message names the field) or unreachable, 2 usage error.',
    );
  shared
    .connection(labs.command('list').description('the labs and where their API is'))
    .action(async (options: Record<string, unknown>) => {
      process.exitCode = await commands.labs({ kind: 'list' }, shared.connectionOf(options));
    });
  shared
    .connection(
      labs
        .command('create')
        .argument('<name>', 'lower-case letters, digits and hyphens, starting with a letter')
        .description('make a lab: the factory configuration, the built-in administrator, a real-time clock, no traffic')
        .option('--display-name <text>', 'a name for people'),
    )
    .action(async (name: string, options: Record<string, unknown>) => {
      process.exitCode = await commands.labs(
        {
          kind: 'create',
          name,
          ...(typeof options['displayName'] === 'string' ? { displayName: options['displayName'] } : {}),
        },
        shared.connectionOf(options),
      );
    });
  shared
    .connection(
      labs.command('remove').argument('<name>', 'the lab').description('remove a lab and everything it holds'),
    )
    .action(async (name: string, options: Record<string, unknown>) => {
      process.exitCode = await commands.labs({ kind: 'remove', name }, shared.connectionOf(options));
    });
}

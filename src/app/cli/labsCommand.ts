import type { Command } from 'commander';
import { EXIT } from './exitCodes.js';
import type { Commands } from './program.js';
import type { SharedOptions } from './SharedOptions.js';

/** `gwsim labs list|create NAME|remove NAME|reset NAME --to WHAT`: the labs of a running gwsim. */
export function labsCommand(program: Command, commands: Commands, shared: SharedOptions): void {
  const labs = shared.group(program.command('labs'), {
    summary: 'the labs of a running gwsim: list, create, remove, reset',
    description: 'the labs of a running gwsim (its /_sim/labs endpoints; administrators of the default lab)',
    lab: false,
    exitCodes: '0 done, 1 refused (the message names the flag) or unreachable, 2 usage error.',
  });
  shared
    .connection(labs.command('list').description('the labs: name, API base, port of its own, display name'), false)
    .action(async (options: Record<string, unknown>) => {
      process.exitCode = await commands.labs({ kind: 'list' }, shared.connectionOf(options));
    });
  shared
    .connection(
      labs
        .command('create')
        .argument('<name>', 'lower-case letters, digits and hyphens, starting with a letter')
        .description('make a lab: the factory configuration, the built-in administrator, a real-time clock, no traffic')
        .option('--display-name <text>', 'a name for people (default: the name)')
        .option('--port <n>', "also serve the lab's API at the root of this port (default: none)"),
      false,
    )
    .action(async (name: string, options: Record<string, unknown>) => {
      const port = options['port'];
      if (port !== undefined && !/^\d{1,5}$/.test(String(port))) {
        console.error(`gwsim: labs create: --port must be a whole number from 1 to 65535, not '${String(port)}'`);
        process.exitCode = EXIT.usage;
        return;
      }
      process.exitCode = await commands.labs(
        {
          kind: 'create',
          name,
          ...(typeof options['displayName'] === 'string' ? { displayName: options['displayName'] } : {}),
          ...(port !== undefined ? { port: Number(port) } : {}),
        },
        shared.connectionOf(options),
      );
    });
  shared
    .connection(
      labs.command('remove').argument('<name>', 'the lab').description('remove a lab and everything it holds'),
      false,
    )
    .action(async (name: string, options: Record<string, unknown>) => {
      process.exitCode = await commands.labs({ kind: 'remove', name }, shared.connectionOf(options));
    });
  shared
    .connection(
      labs
        .command('reset')
        .argument('<name>', 'the lab: default, or one gwsim labs create made')
        .description('bring a lab back to a known state; what it holds now is replaced')
        .requiredOption(
          '--to <what>',
          'empty (what a new lab holds), demo (what a fresh start installs: the demo configuration, license and traffic), scenario (its scenario seeded again) or the name of one of its snapshots',
        ),
      false,
    )
    .action(async (name: string, options: Record<string, unknown>) => {
      process.exitCode = await commands.labs(
        { kind: 'reset', name, to: String(options['to']) },
        shared.connectionOf(options),
      );
    });
}

import type { Command } from 'commander';
import type { Commands } from './program.js';
import type { SharedOptions } from './SharedOptions.js';

/** `gwsim journal [show] [filters]|clear`: a lab's request journal in a running gwsim. */
export function journalCommand(program: Command, commands: Commands, shared: SharedOptions): void {
  const journal = shared.group(program.command('journal'), {
    summary: "a lab's request journal: show (the default), clear",
    description:
      "a lab's request journal in a running gwsim: every gateway API request of the lab (its /_sim/labs/{lab}/journal endpoint)",
    lab: true,
    exitCodes: '0 done, 1 refused or unreachable, 2 usage error.',
  });
  shared
    .connection(
      journal
        .command('show', { isDefault: true })
        .description('the newest requests, oldest first (the default: `gwsim journal --status 5xx`)')
        .option('--method <method>', 'only this HTTP method')
        .option('--path <path>', 'only paths starting with this, or matching it when it holds * or ?')
        .option('--status <status>', 'only this status (503) or class (5xx)')
        .option('--since <instant>', 'only requests at or after this ISO-8601 instant')
        .option('--limit <n>', 'at most this many (1 to 10000, default 100)'),
      true,
    )
    .action(async (options: Record<string, unknown>) => {
      const filter = Object.fromEntries(
        (['method', 'path', 'status', 'since', 'limit'] as const)
          .filter((name) => typeof options[name] === 'string')
          .map((name) => [name, options[name] as string]),
      );
      process.exitCode = await commands.journal({ kind: 'show', filter }, shared.connectionOf(options));
    });
  shared
    .connection(journal.command('clear').description('empty the journal'), true)
    .action(async (options: Record<string, unknown>) => {
      process.exitCode = await commands.journal({ kind: 'clear' }, shared.connectionOf(options));
    });
}

import type { Command } from 'commander';
import type { Commands } from './program.js';
import type { SharedOptions } from './SharedOptions.js';

/** `gwsim ready [--url URL] [--timeout SECONDS]`: waits until a running gateway is ready. */
export function readyCommand(program: Command, commands: Commands, shared: SharedOptions): void {
  const ready = shared.url(program.command('ready'));
  ready
    .summary('wait until a running gwsim is ready (for scripts and CI)')
    .description('wait until a running gateway is ready (its /_sim/ready answers 200), for scripts and CI')
    .option('--timeout <seconds>', 'how long to wait; 0 asks once (default: 60)')
    .option('--json', 'print the outcome as one JSON object')
    .addHelpText(
      'after',
      '\nProgress goes to standard error, the outcome to standard output.\nExit codes: 0 ready, 1 not ready in time, 2 usage error.',
    )
    .action(async (options: Record<string, unknown>) => {
      const timeout = String(options['timeout'] ?? '60');
      if (!/^\d{1,5}$/.test(timeout))
        ready.error(`--timeout must be a whole number of seconds, not '${timeout}'`, {
          exitCode: 2,
          code: 'gwsim.timeout',
        });
      process.exitCode = await commands.ready({
        url: shared.urlOf(options).url,
        timeoutSeconds: Number(timeout),
        json: options['json'] === true,
      });
    });
}

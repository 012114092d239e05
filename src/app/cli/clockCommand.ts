import type { Command } from 'commander';
import { EXIT } from './exitCodes.js';
import type { Commands } from './program.js';
import type { SharedOptions } from './SharedOptions.js';

/** `gwsim clock status|set MODE|wall|advance DURATION`: a lab's gateway clock in a running gwsim. */
export function clockCommand(program: Command, commands: Commands, shared: SharedOptions): void {
  const clock = shared.group(program.command('clock'), {
    summary: "a lab's gateway clock: status, set, wall, advance",
    description: "a lab's gateway clock in a running gwsim (its /_sim/labs/{lab}/clock endpoint; administrators only)",
    lab: true,
    exitCodes: '0 done, 1 refused (the message names the flag) or unreachable, 2 usage error.',
  });
  shared
    .connection(clock.command('status').description("the clock's mode and rate, the lab's time and the wall's"), true)
    .action(async (options: Record<string, unknown>) => {
      process.exitCode = await commands.clock({ kind: 'status' }, shared.connectionOf(options));
    });
  shared
    .connection(
      clock
        .command('set')
        .argument('<mode>', 'real, scaled or frozen')
        .description("set the clock's mode; the lab's time goes on from where it is, or from --now")
        .option('--scale <factor>', 'scaled: how many times as fast as real time (e.g. 60)')
        .option('--now <instant>', "the lab's instant to go on from (ISO-8601, e.g. 2027-01-01T09:00:00Z)"),
      true,
    )
    .action(async (mode: string, options: Record<string, unknown>) => {
      const scale = options['scale'] === undefined ? undefined : Number(options['scale']);
      if (scale !== undefined && !Number.isFinite(scale)) {
        console.error(`gwsim: clock set: --scale '${String(options['scale'])}' is not a number`);
        process.exitCode = EXIT.usage;
        return;
      }
      process.exitCode = await commands.clock(
        {
          kind: 'set',
          mode,
          ...(scale !== undefined ? { scale } : {}),
          ...(typeof options['now'] === 'string' ? { now: options['now'] } : {}),
        },
        shared.connectionOf(options),
      );
    });
  shared
    .connection(
      clock.command('wall').description("back to wall time: the lab's time is the wall clock's again, in real time"),
      true,
    )
    .action(async (options: Record<string, unknown>) => {
      process.exitCode = await commands.clock({ kind: 'wall' }, shared.connectionOf(options));
    });
  shared
    .connection(
      clock
        .command('advance')
        .argument('<duration>', 'an ISO-8601 duration: PT2H, P1D, PT90S')
        .description("move the lab's time forward (the simulator does not replay the calls of the jump)"),
      true,
    )
    .action(async (by: string, options: Record<string, unknown>) => {
      process.exitCode = await commands.clock({ kind: 'advance', by }, shared.connectionOf(options));
    });
}

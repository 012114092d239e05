import type { Command } from 'commander';
import { EXIT } from './exitCodes.js';
import type { Commands } from './program.js';
import type { SharedOptions } from './SharedOptions.js';
import type { SipAction } from './sip.js';

/** `gwsim sip status|on|off`: a lab's real SIP in a running gwsim. */
export function sipCommand(program: Command, commands: Commands, shared: SharedOptions): void {
  const sip = shared.group(program.command('sip'), {
    summary: "a lab's real SIP on its nodes' ports: status, on, off",
    description:
      "a lab's real SIP on its nodes' ports in a running gwsim (its /_sim/labs/{lab}/sip endpoint; administrators only)",
    lab: true,
    exitCodes: '0 done, 1 refused (a port another lab listens on, a bad offset) or unreachable, 2 usage error.',
  });
  const run = async (action: SipAction, options: Record<string, unknown>) => {
    process.exitCode = await commands.sip(action, shared.connectionOf(options));
  };
  shared
    .connection(
      sip.command('status').description("whether the lab carries real SIP, its listeners and each node's far end"),
      true,
    )
    .action((options: Record<string, unknown>) => run({ kind: 'status' }, options));
  shared
    .connection(
      sip
        .command('on')
        .description("listen on the nodes' ports (plus the offset) and carry real SIP")
        .option('--offset <n>', "added to every node's port, 0 to 60000 (default: the lab's current offset)"),
      true,
    )
    .action((options: Record<string, unknown>) => {
      const offset = options['offset'];
      if (offset !== undefined && !/^\d{1,5}$/.test(String(offset))) {
        console.error(`gwsim: sip on: --offset must be a whole number from 0 to 60000, not '${String(offset)}'`);
        process.exitCode = EXIT.usage;
        return undefined;
      }
      return run({ kind: 'on', ...(offset !== undefined ? { offset: Number(offset) } : {}) }, options);
    });
  shared
    .connection(sip.command('off').description("close the lab's SIP listeners; calls are simulated again"), true)
    .action((options: Record<string, unknown>) => run({ kind: 'off' }, options));
}

import type { Command } from 'commander';
import { loadConfig } from '../config/loadConfig.js';
import { ConfigFlags } from './ConfigFlags.js';
import type { Commands } from './program.js';
import type { SharedOptions } from './SharedOptions.js';

/** `gwsim admin unblock <user> [--lab LAB]`, on the store of a stopped gateway. */
export function unblockCommand(program: Command, commands: Commands, shared: SharedOptions): void {
  const admin = program
    .command('admin')
    .summary("on a stopped gwsim's store: unblock a user")
    .description("administrative commands on a stopped gateway's store")
    .addHelpText('after', "\nunblock takes --lab (default: the default lab) and the store's flags (see its --help).");
  const flags = ConfigFlags.SERVE.only('--data-dir', '--database-url', '--log-level');
  flags
    .addTo(admin.command('unblock').argument('<user>', 'user id, local user name or display name (e.g. anadmin)'))
    .description(
      'lift the block of a user (e.g. the administrator anadmin after too many wrong passwords) and reset its failed logins',
    )
    .option('--lab <lab>', "the lab whose user it is (default: the default lab, 'default')")
    .option('--json', 'print the outcome as JSON')
    .addHelpText(
      'after',
      '\nWorks directly on the store of a stopped gateway: the data directory (GWSIM_DATA_DIR, --data-dir) or\n' +
        'DATABASE_URL (--database-url). Refused while a gateway holds the data directory.\n' +
        'Exit codes: 0 done, 1 unknown lab or user, or failure, 2 usage or configuration error.',
    )
    .action(async (user: string, options: Record<string, unknown>) => {
      const given = flags.valuesOf(options);
      const logLevelSet = given.values['LOG_LEVEL'] !== undefined || shared.env['LOG_LEVEL'] !== undefined;
      process.exitCode = await commands.unblock(
        user,
        loadConfig(shared.env, given, process.cwd(), process.stdout.isTTY === true),
        {
          lab: (options['lab'] as string | undefined) ?? 'default',
          json: options['json'] === true,
          logLevelSet,
        },
      );
    });
}

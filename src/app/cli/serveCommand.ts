import { Option, type Command } from 'commander';
import { loadConfig } from '../config/loadConfig.js';
import { ConfigFlags } from './ConfigFlags.js';
import type { Commands } from './program.js';
import type { SharedOptions } from './SharedOptions.js';

/** `gwsim [serve] [flags]`: serve is the default command, so `npm start -- --port 9000` works. */
export function serveCommand(program: Command, commands: Commands, shared: SharedOptions): void {
  const serve = program
    .command('serve', { isDefault: true })
    .summary('serve the management API (the default command)')
    .description('serve the management API (the default command: `gwsim --port 9000` serves too)')
    .addOption(new Option('--ephemeral', 'keep the store in memory: nothing survives a stop [env GWSIM_EPHEMERAL]'))
    .addOption(
      new Option(
        '--no-demo',
        'start from the bare factory configuration: no demo configuration, license or traffic [env GWSIM_DEMO=0]',
      ),
    )
    .addOption(
      new Option(
        '--sip',
        "real SIP on the nodes' ports of every lab whose SIP setting was never set (see gwsim sip) [env GWSIM_SIP=1]",
      ),
    );
  ConfigFlags.SERVE.addTo(serve)
    .addHelpText(
      'after',
      '\nA flag wins over its environment variable. Exit codes: 0 stopped, 2 usage or configuration error, 1 failure.',
    )
    .action(async (options: Record<string, unknown>) => {
      const flags = ConfigFlags.SERVE.valuesOf(options);
      process.exitCode = await commands.serve(
        // readable log lines at a terminal, JSON lines otherwise (LOG_FORMAT says which when set)
        loadConfig(shared.env, flags, process.cwd(), process.stdout.isTTY === true),
        flags.values['GWSIM_ADMIN_PASSWORD'] !== undefined,
      );
    });
}

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Command, CommanderError } from 'commander';
import { ConfigError } from '../config/loadConfig.js';
import type { AppConfig } from '../config/AppConfig.js';
import type { MintOptions } from './mintLicense.js';
import type { TrafficAction, TrafficCommandOptions } from './traffic.js';
import type { ClockAction } from './clock.js';
import type { LabsAction } from './labs.js';
import type { SnapshotsAction, SnapshotsOptions } from './snapshots.js';
import type { ScenarioAction } from './scenario.js';
import type { SipAction } from './sip.js';
import type { ControlCommandOptions, FaultsAction, JournalAction } from './faults.js';
import type { OpenApiOptions } from './openapi.js';
import type { ReadyOptions } from './ready.js';
import { EXIT } from './exitCodes.js';
import { SharedOptions } from './SharedOptions.js';
import { serveCommand } from './serveCommand.js';
import { unblockCommand } from './unblockCommand.js';
import { mintLicenseCommand } from './mintLicenseCommand.js';
import { trafficCommand } from './trafficCommand.js';
import { labsCommand } from './labsCommand.js';
import { snapshotsCommand } from './snapshotsCommand.js';
import { scenarioCommand } from './scenarioCommand.js';
import { sipCommand } from './sipCommand.js';
import { clockCommand } from './clockCommand.js';
import { faultsCommand } from './faultsCommand.js';
import { journalCommand } from './journalCommand.js';
import { openapiCommand } from './openapiCommand.js';
import { readyCommand } from './readyCommand.js';

export { EXIT };

/** What the commands do, given their parsed configuration (src/app/cli/serve.ts, src/app/cli/unblock.ts). */
export interface Commands {
  serve(config: AppConfig, explicitAdminPassword: boolean): Promise<number>;
  unblock(user: string, config: AppConfig, output: { json: boolean; logLevelSet: boolean }): Promise<number>;
  mintLicense(options: MintOptions): Promise<number>;
  traffic(action: TrafficAction, options: TrafficCommandOptions): Promise<number>;
  clock(action: ClockAction, options: TrafficCommandOptions): Promise<number>;
  labs(action: LabsAction, options: TrafficCommandOptions): Promise<number>;
  snapshots(action: SnapshotsAction, options: SnapshotsOptions): Promise<number>;
  scenario(action: ScenarioAction, options: TrafficCommandOptions): Promise<number>;
  sip(action: SipAction, options: TrafficCommandOptions): Promise<number>;
  faults(action: FaultsAction, options: ControlCommandOptions): Promise<number>;
  journal(action: JournalAction, options: ControlCommandOptions): Promise<number>;
  openapi(options: OpenApiOptions): Promise<number>;
  ready(options: ReadyOptions): Promise<number>;
}

function version(): string {
  try {
    return (
      (
        JSON.parse(readFileSync(path.resolve(__dirname, '..', '..', '..', '..', 'package.json'), 'utf8')) as {
          version?: string;
        }
      ).version ?? 'unknown'
    );
  } catch {
    return 'unknown';
  }
}

/**
 * The command line, on commander: `gwsim [serve] [flags]` (serve is the default command, so
 * `npm start -- --port 9000` works), `gwsim admin unblock <user>`, `gwsim license mint …` and `gwsim traffic …`. Every command has --help; exit codes
 * are 0 (ok), 2 (usage or configuration error) and 1 (failure). Each command is declared beside its handler
 * (`<command>Command.ts` next to `<command>.ts`, which loads only when the command runs), in the order --help lists them.
 */
export function buildProgram(commands: Commands, env: NodeJS.ProcessEnv): Command {
  const program = new Command('gwsim')
    .description("A stateful simulator of a telephony session gateway's management API")
    .version(version(), '-V, --version', 'print the version and exit')
    .helpOption('-h, --help', 'print help and exit')
    .showHelpAfterError('(run with --help for usage)')
    .exitOverride()
    .configureOutput({ outputError: (text, write) => write(`gwsim: ${text.replace(/^error: /, '')}`) });

  const shared = new SharedOptions(env);
  serveCommand(program, commands, shared);
  unblockCommand(program, commands, shared);
  mintLicenseCommand(program, commands);
  trafficCommand(program, commands, shared);
  labsCommand(program, commands, shared);
  snapshotsCommand(program, commands, shared);
  scenarioCommand(program, commands, shared);
  sipCommand(program, commands, shared);
  clockCommand(program, commands, shared);
  faultsCommand(program, commands, shared);
  journalCommand(program, commands, shared);
  openapiCommand(program, commands);
  readyCommand(program, commands, shared);
  program.addHelpText(
    'after',
    '\nEvery command has --help. Exit codes: 0 success, 1 failure (the command could not do its work),\n' +
      '2 usage or configuration error (a bad flag or variable: one line names it).',
  );
  return program;
}

/** Runs the command line; resolves with the process's exit code (configuration errors print one line and give 2). */
export async function runProgram(commands: Commands, argv: readonly string[], env: NodeJS.ProcessEnv): Promise<number> {
  const program = buildProgram(commands, env);
  try {
    await program.parseAsync([...argv], { from: 'user' });
    return typeof process.exitCode === 'number' ? process.exitCode : EXIT.ok;
  } catch (error) {
    if (error instanceof CommanderError) return error.exitCode === 0 ? EXIT.ok : EXIT.usage;
    if (error instanceof ConfigError) {
      console.error(`gwsim: ${error.message}`);
      return EXIT.usage;
    }
    throw error;
  }
}

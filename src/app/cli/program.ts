import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Command, CommanderError, type Option } from 'commander';
import { ConfigError } from '../config/loadConfig.js';
import type { AppConfig } from '../config/AppConfig.js';
import type { MintOptions } from './mintLicense.js';
import type { TrafficAction } from './traffic.js';
import type { ClockAction } from './clock.js';
import type { LabsAction } from './labs.js';
import type { SnapshotsAction, SnapshotsOptions } from './snapshots.js';
import type { ScenarioAction } from './scenario.js';
import type { SipAction } from './sip.js';
import type { FaultsAction, JournalAction } from './faults.js';
import type { OpenApiOptions } from './openapi.js';
import type { ReadyOptions } from './ready.js';
import type { UnblockOptions } from './unblock.js';
import type { ControlOptions } from './controlRequest.js';
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
import { hepCommand } from './hepCommand.js';
import { clockCommand } from './clockCommand.js';
import { faultsCommand } from './faultsCommand.js';
import { journalCommand } from './journalCommand.js';
import { openapiCommand } from './openapiCommand.js';
import { readyCommand } from './readyCommand.js';

export { EXIT };

/** What the commands do, given their parsed configuration (src/app/cli/serve.ts, src/app/cli/unblock.ts). */
export interface Commands {
  serve(config: AppConfig, explicitAdminPassword: boolean): Promise<number>;
  unblock(user: string, config: AppConfig, options: UnblockOptions): Promise<number>;
  mintLicense(options: MintOptions): Promise<number>;
  traffic(action: TrafficAction, options: ControlOptions): Promise<number>;
  clock(action: ClockAction, options: ControlOptions): Promise<number>;
  labs(action: LabsAction, options: ControlOptions): Promise<number>;
  snapshots(action: SnapshotsAction, options: SnapshotsOptions): Promise<number>;
  scenario(action: ScenarioAction, options: ControlOptions): Promise<number>;
  sip(action: SipAction, options: ControlOptions): Promise<number>;
  faults(action: FaultsAction, options: ControlOptions): Promise<number>;
  journal(action: JournalAction, options: ControlOptions): Promise<number>;
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

/** The top-level help's closing lines: how every verb finds the server, who it is, and the exit codes. */
const CONVENTION =
  '\nThe commands that talk to a running gwsim find it as gwsim serve was told: --url, else GWSIM_URL, else\n' +
  'http://HOST:PORT (default http://127.0.0.1:8111); they sign in with --user and --password (GWSIM_USER,\n' +
  'GWSIM_ADMIN_PASSWORD; default anadmin), act on --lab (default: the default lab) and print --json on request.\n' +
  'Every command has --help (gwsim serve --help: the flags of the server, the default command).\n' +
  'Exit codes: 0 success, 1 failure (the server refused or failed, or could not be reached),\n' +
  '2 usage or configuration error (a bad flag or variable: one line names it).';

/**
 * The command line, on commander: `gwsim [serve] [flags]` (serve is the default command, so `npm start -- --port
 * 9000` works), then the verbs. Every command has --help, and `gwsim --help` gives each one line (its summary);
 * an option's help names its default in words (commander's own default text is not shown, so none is said twice).
 * Exit codes are 0 (ok), 1 (failure: the server refused or failed) and 2 (usage or configuration error). Each
 * command is declared beside its handler (`<command>Command.ts` next to `<command>.ts`, which loads only when the
 * command runs), in the order --help lists them.
 */
export function buildProgram(commands: Commands, env: NodeJS.ProcessEnv): Command {
  const program = new Command('gwsim')
    .description("A stateful simulator of a telephony session gateway's management API")
    .version(version(), '-V, --version', 'print the version and exit')
    .helpOption('-h, --help', 'print help and exit')
    .helpCommand('help [command]', 'print the help of a command')
    .configureHelp({ optionDescription: (option) => option.description })
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
  hepCommand(program, shared);
  clockCommand(program, commands, shared);
  faultsCommand(program, commands, shared);
  journalCommand(program, commands, shared);
  openapiCommand(program, commands);
  readyCommand(program, commands, shared);
  program.addHelpText('after', CONVENTION);
  return program;
}

/**
 * A word that names no command where a command is due (`gwsim frobnicate`, `gwsim traffic frob`): serve, the
 * default command, and journal's default `show` would take it for an argument, so it is told here as an unknown
 * command with the list of commands there (exit code 2). Undefined when the leading words name commands.
 */
function unknownCommand(program: Command, argv: readonly string[]): string | undefined {
  let command = program;
  const path: string[] = [];
  for (let i = 0; i < argv.length; i += 1) {
    const word = argv[i]!;
    if (word.startsWith('-')) {
      // an option before the command word (`gwsim --port 9000 frobnicate`): its value is no command
      const option = optionNamed(command, word);
      if (option === undefined) return undefined;
      if ((option.required || option.optional) && !word.includes('=')) i += 1;
      continue;
    }
    if (word === 'help' || command.commands.length === 0) return undefined;
    const next = command.commands.find((sub) => sub.name() === word || sub.aliases().includes(word));
    if (next === undefined) {
      const where = path.length === 0 ? '' : ` of gwsim ${path.join(' ')}`;
      const names = command.commands.map((sub) => sub.name()).join(', ');
      return `gwsim: unknown command '${[...path, word].join(' ')}' (the commands${where}: ${names})\n(run with --help for usage)\n`;
    }
    command = next;
    path.push(word);
  }
  return undefined;
}

/** The option a word names among the command's own and its default command's (serve's, at the top). */
function optionNamed(command: Command, word: string): Option | undefined {
  const flag = word.split('=')[0]!;
  // commander keeps the default command's name to itself (`{ isDefault: true }`)
  const defaultName = (command as unknown as { _defaultCommandName?: string })._defaultCommandName;
  const owners = [command, ...command.commands.filter((sub) => sub.name() === defaultName)];
  for (const owner of owners) {
    const option = owner.options.find((o) => o.long === flag || o.short === flag);
    if (option) return option;
  }
  return undefined;
}

/** Runs the command line; resolves with the process's exit code (configuration errors print one line and give 2). */
export async function runProgram(commands: Commands, argv: readonly string[], env: NodeJS.ProcessEnv): Promise<number> {
  const program = buildProgram(commands, env);
  const unknown = unknownCommand(program, argv);
  if (unknown !== undefined) {
    process.stderr.write(unknown);
    return EXIT.usage;
  }
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

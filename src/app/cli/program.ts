import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Command, CommanderError, Option } from 'commander';
import { ConfigError, FLAGS, loadConfig, type ParsedFlags } from '../config/loadConfig.js';
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

/** Exit codes of every gwsim command. */
export const EXIT = { ok: 0, failure: 1, usage: 2 } as const;

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

/** The `gwsim serve` flags: each matches an environment variable of loadConfig (the flag wins over the variable). */
const SERVE_FLAGS: ReadonlyArray<readonly [flag: string, value: string, help: string]> = [
  ['--port', 'n', 'port of the management API (default 8111)'],
  ['--host', 'address', 'address to listen on (default 127.0.0.1)'],
  ['--database-url', 'url', 'a PostgreSQL server, e.g. postgres://user@127.0.0.1:5432/gwsim (default: the embedded engine)'],
  ['--data-dir', 'dir', 'directory of the embedded engine (default .gwsim/data); one gwsim process per directory'],
  ['--admin-password', 'password', "password of the built-in administrator 'anadmin' (default 'anadmin', with a warning)"],
  ['--log-level', 'level', 'fatal, error, warn, info, debug, trace or silent (default info)'],
  ['--log-format', 'format', 'json (default: one JSON object per line) or pretty (readable, for a terminal)'],
  ['--cors-origins', 'origins', "browser origins allowed to call the API, comma-separated (https://tool.example:8443), or '*'; default none"],
  ['--kdf-cost', 'n', "log2 of scrypt's cost for new password hashes, 10 to 20 (default 15)"],
  ['--session-idle-minutes', 'n', 'minutes of inactivity that end a session, 1 to 1440 (default 30)'],
  ['--journal-size', 'n', "requests each lab's request journal keeps, 1 to 1000000 (default 10000)"],
  ['--advertise-url', 'url', 'where other gwsim processes on the same PostgreSQL server reach this one (default http://<host>:<port>)'],
  ['--sip-host', 'address', "address the labs' SIP listeners bind to (default 127.0.0.1)"],
];

function version(): string {
  try {
    return (JSON.parse(readFileSync(path.resolve(__dirname, '..', '..', '..', '..', 'package.json'), 'utf8')) as { version?: string }).version ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

/** Commander's option key of a flag: '--data-dir' → 'dataDir'. */
function key(flag: string): string {
  return flag.slice(2).replace(/-([a-z])/g, (_m, letter: string) => letter.toUpperCase());
}

/** The flags given on the command line, keyed by the variable each one matches. */
function flagValues(options: Record<string, unknown>, flags: readonly string[]): ParsedFlags {
  const values: Record<string, string> = {};
  for (const flag of flags) {
    const value = options[key(flag)];
    if (typeof value === 'string') values[FLAGS[flag]!] = value;
  }
  return {
    values, ephemeral: options['ephemeral'] === true, ...(options['demo'] === false ? { demo: false } : {}), ...(options['sip'] === true ? { sip: true } : {}),
  };
}

function addValueFlags(command: Command, flags: ReadonlyArray<readonly [string, string, string]>): Command {
  for (const [flag, value, help] of flags) command.addOption(new Option(`${flag} <${value}>`, `${help} [env ${FLAGS[flag]}]`));
  return command;
}

/**
 * The command line, on commander: `gwsim [serve] [flags]` (serve is the default command, so
 * `npm start -- --port 9000` works), `gwsim admin unblock <user>`, `gwsim license mint …` and `gwsim traffic …`. Every command has --help; exit codes
 * are 0 (ok), 2 (usage or configuration error) and 1 (failure).
 */
export function buildProgram(commands: Commands, env: NodeJS.ProcessEnv): Command {
  const program = new Command('gwsim')
    .description('A stateful simulator of a telephony session gateway\'s management API')
    .version(version(), '-V, --version', 'print the version and exit')
    .helpOption('-h, --help', 'print help and exit')
    .showHelpAfterError('(run with --help for usage)')
    .exitOverride()
    .configureOutput({ outputError: (text, write) => write(`gwsim: ${text.replace(/^error: /, '')}`) });

  const config = (flags: ParsedFlags): AppConfig => loadConfig(env, flags);

  const serve = program.command('serve', { isDefault: true })
    .description('serve the management API (the default command)')
    .addOption(new Option('--ephemeral', 'keep the store in memory: nothing survives a stop [env GWSIM_EPHEMERAL]'))
    .addOption(new Option('--no-demo', 'start from the bare factory configuration: no demo configuration, license or traffic [env GWSIM_DEMO=0]'))
    .addOption(new Option('--sip', "real SIP on the nodes' ports of every lab whose SIP setting was never set (see gwsim sip) [env GWSIM_SIP=1]"));
  addValueFlags(serve, SERVE_FLAGS)
    .addHelpText('after', '\nA flag wins over its environment variable. Exit codes: 0 stopped, 2 usage or configuration error, 1 failure.')
    .action(async (options: Record<string, unknown>) => {
      const flags = flagValues(options, SERVE_FLAGS.map(([flag]) => flag));
      process.exitCode = await commands.serve(config(flags), flags.values['GWSIM_ADMIN_PASSWORD'] !== undefined);
    });

  const admin = program.command('admin').description('administrative commands on a stopped gateway\'s store');
  const unblockFlags = SERVE_FLAGS.filter(([flag]) => flag === '--data-dir' || flag === '--database-url' || flag === '--log-level');
  addValueFlags(admin.command('unblock').argument('<user>', 'user id, local user name or display name (e.g. anadmin)'), unblockFlags)
    .description('lift the block of a user (e.g. the administrator anadmin after too many wrong passwords) and reset its failed logins')
    .option('--json', 'print the outcome as JSON')
    .addHelpText('after', '\nWorks directly on the store of a stopped gateway: the data directory (GWSIM_DATA_DIR, --data-dir) or\n'
      + 'DATABASE_URL (--database-url). Refused while a gateway holds the data directory.\n'
      + 'Exit codes: 0 done, 1 unknown user or failure, 2 usage or configuration error.')
    .action(async (user: string, options: Record<string, unknown>) => {
      const flags = flagValues(options, unblockFlags.map(([flag]) => flag));
      const logLevelSet = flags.values['LOG_LEVEL'] !== undefined || env['LOG_LEVEL'] !== undefined;
      process.exitCode = await commands.unblock(user, config(flags), { json: options['json'] === true, logLevelSet });
    });

  const collect = (value: string, previous: string[]) => [...previous, value];
  program.command('license').description('license files (.xzlicense)')
    .command('mint')
    .description('write a signed license file, by default with the lab key (public on purpose: licenses for labs and tests)')
    .requiredOption('--name <name>', 'the license\'s name, e.g. "4 lines lab license"')
    .option('--identifier <id>', 'its identifier (default: a new UUID)')
    .option('--product <product>', 'a product it is for (repeatable; default gwsim)', collect, [])
    .option('--application <application>', 'the application it is for', 'gateway')
    .option('--facility <name=value>', 'a facility it grants, e.g. telrtSession=4 (repeatable)', collect, [])
    .option('--constraint <constraint>', 'a constraint, e.g. telrtDemo (repeatable)', collect, [])
    .option('--system-id <id>', 'a system id it is bound to (repeatable; see /api/licenses/systemIds/get)', collect, [])
    .option('--invalidates <identifier>', 'the identifier of a license it invalidates (repeatable)', collect, [])
    .option('--valid-from <date>', 'start, 2026-01-01 or an ISO instant (default now)')
    .option('--valid-until <date>', 'end, 2026-12-31 (its last second) or an ISO instant (default a year after the start)')
    .option('--sus-until <date>', 'end of the software update service (default none)')
    .option('--key <file>', 'Ed25519 private key (PEM) to sign with (default the lab key of @gwsim/license-file)')
    .option('-o, --output <file>', 'file to write (default <identifier>.xzlicense)')
    .option('--force', 'overwrite the output file')
    .option('--json', 'print the file and the license as JSON')
    .addHelpText('after', '\nExit codes: 0 written, 2 usage error (bad date or facility, unusable key, existing file), 1 failure.')
    .action(async (options: Record<string, unknown>) => {
      process.exitCode = await commands.mintLicense({
        name: options['name'] as string, product: options['product'] as string[], application: options['application'] as string,
        facility: options['facility'] as string[], constraint: options['constraint'] as string[], systemId: options['systemId'] as string[],
        invalidates: options['invalidates'] as string[], force: options['force'] === true, json: options['json'] === true,
        ...(['identifier', 'validFrom', 'validUntil', 'susUntil', 'key', 'output'] as const)
          .reduce((acc, k) => (typeof options[k] === 'string' ? { ...acc, [k]: options[k] } : acc), {}),
      });
    });
  const trafficCommand = program.command('traffic')
    .description('the simulated traffic of a running gwsim (its /_sim/labs/default/traffic endpoint; administrators only)')
    .addHelpText('after', '\nExit codes: 0 done, 1 refused or unreachable, 2 usage error (e.g. a profile file that is not JSON).');
  const connection = (command: Command) => command
    .addOption(new Option('--url <url>', 'the gwsim to talk to (default http://127.0.0.1:8111) [env GWSIM_URL]'))
    .addOption(new Option('--user <user>', 'an administrator (default anadmin) [env GWSIM_USER]'))
    .addOption(new Option('--password <password>', "its password (default 'anadmin') [env GWSIM_PASSWORD]"))
    .option('--json', 'print the answer as JSON');
  const trafficOptions = (options: Record<string, unknown>): TrafficCommandOptions => ({
    url: (options['url'] as string | undefined) ?? env['GWSIM_URL'] ?? 'http://127.0.0.1:8111',
    user: (options['user'] as string | undefined) ?? env['GWSIM_USER'] ?? 'anadmin',
    password: (options['password'] as string | undefined) ?? env['GWSIM_PASSWORD'] ?? 'anadmin',
    json: options['json'] === true,
  });
  connection(trafficCommand.command('status').description('whether calls arrive, the profile, and the counters of calls'))
    .action(async (options: Record<string, unknown>) => { process.exitCode = await commands.traffic({ kind: 'status' }, trafficOptions(options)); });
  connection(trafficCommand.command('start').description('start the arrivals of new calls'))
    .action(async (options: Record<string, unknown>) => { process.exitCode = await commands.traffic({ kind: 'start' }, trafficOptions(options)); });
  connection(trafficCommand.command('stop').description('stop the arrivals (calls in progress run to their end)'))
    .action(async (options: Record<string, unknown>) => { process.exitCode = await commands.traffic({ kind: 'stop' }, trafficOptions(options)); });
  connection(trafficCommand.command('set').argument('<file>', 'a JSON traffic profile (fields omitted take the defaults; see SIMULATION.md)')
    .description('set the traffic profile (it takes effect at once)')
    .option('--start', 'also start the arrivals'))
    .action(async (file: string, options: Record<string, unknown>) => {
      process.exitCode = await commands.traffic({ kind: 'set', file, start: options['start'] === true }, trafficOptions(options));
    });
  const labsCommand = program.command('labs')
    .description('the labs of a running gwsim (its /_sim/labs endpoints; administrators of the default lab)')
    .addHelpText('after', '\nExit codes: 0 done, 1 refused (the message names the field) or unreachable, 2 usage error.');
  connection(labsCommand.command('list').description('the labs and where their API is'))
    .action(async (options: Record<string, unknown>) => { process.exitCode = await commands.labs({ kind: 'list' }, trafficOptions(options)); });
  connection(labsCommand.command('create').argument('<name>', 'lower-case letters, digits and hyphens, starting with a letter')
    .description('make a lab: the factory configuration, the built-in administrator, a real-time clock, no traffic')
    .option('--display-name <text>', 'a name for people'))
    .action(async (name: string, options: Record<string, unknown>) => {
      process.exitCode = await commands.labs({ kind: 'create', name, ...(typeof options['displayName'] === 'string' ? { displayName: options['displayName'] } : {}) }, trafficOptions(options));
    });
  connection(labsCommand.command('remove').argument('<name>', 'the lab').description('remove a lab and everything it holds'))
    .action(async (name: string, options: Record<string, unknown>) => { process.exitCode = await commands.labs({ kind: 'remove', name }, trafficOptions(options)); });
  const snapshotsCommand = program.command('snapshots')
    .description("a lab's snapshots in a running gwsim (its /_sim/labs/{lab}/snapshots endpoints; administrators of the default lab)")
    .addHelpText('after', '\nA file\'s secrets are sealed (export) and opened (import) with --passphrase or GWSIM_SNAPSHOT_PASSPHRASE.\nExit codes: 0 done, 1 refused (the message names the field) or unreachable, 2 usage error or a file that cannot be read or written.');
  const snapshotOptions = (options: Record<string, unknown>): SnapshotsOptions => ({
    ...trafficOptions(options),
    lab: typeof options['lab'] === 'string' ? options['lab'] : 'default',
    passphrase: (options['passphrase'] as string | undefined) ?? env['GWSIM_SNAPSHOT_PASSPHRASE'],
  });
  const inLab = (command: Command) => connection(command).option('--lab <name>', 'the lab (default: default)');
  const runSnapshots = async (action: SnapshotsAction, options: Record<string, unknown>) => { process.exitCode = await commands.snapshots(action, snapshotOptions(options)); };
  inLab(snapshotsCommand.command('list').description("the lab's snapshots: name, when taken, from which lab and revision, size"))
    .action((options: Record<string, unknown>) => runSnapshots({ kind: 'list' }, options));
  inLab(snapshotsCommand.command('save').argument('<name>', "lower-case letters, digits, '.', '_' and '-'").description("save the lab's whole state under NAME")
    .option('--replace', 'replace a snapshot of that name'))
    .action((name: string, options: Record<string, unknown>) => runSnapshots({ kind: 'save', name, replace: options['replace'] === true }, options));
  inLab(snapshotsCommand.command('restore').argument('<name>', 'the snapshot').description("the lab's state becomes the snapshot's"))
    .action((name: string, options: Record<string, unknown>) => runSnapshots({ kind: 'restore', name }, options));
  inLab(snapshotsCommand.command('export').argument('<name>', 'the snapshot').description('write the snapshot as a JSON file (standard output without -o)')
    .option('-o, --output <file>', 'the file to write')
    .addOption(new Option('--passphrase <text>', 'seals its secrets (8 to 1024 characters) [env GWSIM_SNAPSHOT_PASSPHRASE]')))
    .action((name: string, options: Record<string, unknown>) => runSnapshots({ kind: 'export', name, ...(typeof options['output'] === 'string' ? { output: options['output'] } : {}) }, options));
  inLab(snapshotsCommand.command('import').argument('<name>', 'the name to keep it under').argument('<file>', 'a file snapshots export wrote')
    .description('store a snapshot file under NAME in the lab (replacing one of that name)')
    .addOption(new Option('--passphrase <text>', 'opens its secrets: the passphrase of the export [env GWSIM_SNAPSHOT_PASSPHRASE]')))
    .action((name: string, file: string, options: Record<string, unknown>) => runSnapshots({ kind: 'import', name, file }, options));
  inLab(snapshotsCommand.command('remove').argument('<name>', 'the snapshot').description('remove a snapshot'))
    .action((name: string, options: Record<string, unknown>) => runSnapshots({ kind: 'remove', name }, options));
  const scenarioCommand = program.command('scenario')
    .description('scenarios: seed a lab and play faults, traffic changes, clock moves and expectations on its clock (its /_sim/labs/{lab}/scenario endpoint)')
    .addHelpText('after', '\nExit codes: 0 passed (or started, with --no-wait), 1 failed, stopped, refused or unreachable, 2 a file that cannot be read.');
  const labOption = (command: Command) => command.option('--lab <lab>', 'the lab (default: default)', 'default');
  connection(labOption(scenarioCommand.command('run').argument('<scenario>', 'a scenario file (YAML or JSON) or the name of a shipped one (gwsim scenario list)')
    .description('run a scenario: the lab is reset and seeded, its steps run on the lab clock; prints each step and expectation')
    .option('--no-wait', 'answer once the run started instead of waiting for its end')))
    .action(async (target: string, options: Record<string, unknown>) => {
      process.exitCode = await commands.scenario({ kind: 'run', target, lab: options['lab'] as string, wait: options['wait'] !== false }, trafficOptions(options));
    });
  connection(labOption(scenarioCommand.command('status').description("the lab's current or last run: each step, each expectation")))
    .action(async (options: Record<string, unknown>) => { process.exitCode = await commands.scenario({ kind: 'status', lab: options['lab'] as string }, trafficOptions(options)); });
  connection(labOption(scenarioCommand.command('stop').description("stop the lab's run (its fault rules are removed)")))
    .action(async (options: Record<string, unknown>) => { process.exitCode = await commands.scenario({ kind: 'stop', lab: options['lab'] as string }, trafficOptions(options)); });
  connection(scenarioCommand.command('list').description('the scenarios shipped with gwsim'))
    .action(async (options: Record<string, unknown>) => { process.exitCode = await commands.scenario({ kind: 'list' }, trafficOptions(options)); });
  const sipCommand = program.command('sip')
    .description("a lab's real SIP on its nodes' ports in a running gwsim (its /_sim/labs/{lab}/sip endpoint; administrators only)")
    .addHelpText('after', '\nExit codes: 0 done, 1 refused (a port another lab listens on, a bad offset) or unreachable, 2 usage error.');
  const runSip = async (action: SipAction, options: Record<string, unknown>) => { process.exitCode = await commands.sip(action, trafficOptions(options)); };
  connection(labOption(sipCommand.command('status').description("whether the lab carries real SIP, its listeners and each node's far end")))
    .action((options: Record<string, unknown>) => runSip({ kind: 'status', lab: options['lab'] as string }, options));
  connection(labOption(sipCommand.command('on').description("listen on the nodes' ports (plus the offset) and carry real SIP")
    .option('--offset <n>', "added to every node's port, 0 to 60000 (default: the lab's current offset)")))
    .action((options: Record<string, unknown>) => {
      const offset = options['offset'];
      if (offset !== undefined && !/^\d{1,5}$/.test(String(offset))) {
        console.error(`gwsim: sip on: --offset must be a whole number from 0 to 60000, not '${String(offset)}'`);
        process.exitCode = EXIT.usage;
        return undefined;
      }
      return runSip({ kind: 'on', lab: options['lab'] as string, ...(offset !== undefined ? { offset: Number(offset) } : {}) }, options);
    });
  connection(labOption(sipCommand.command('off').description('close the lab\'s SIP listeners; calls are simulated again')))
    .action((options: Record<string, unknown>) => runSip({ kind: 'off', lab: options['lab'] as string }, options));
  const clockCommand = program.command('clock')
    .description("the lab's gateway clock of a running gwsim (its /_sim/labs/default/clock endpoint; administrators only)")
    .addHelpText('after', '\nExit codes: 0 done, 1 refused (the message names the field) or unreachable, 2 usage error.');
  connection(clockCommand.command('status').description("the clock's mode and rate, the lab's time and the wall's"))
    .action(async (options: Record<string, unknown>) => { process.exitCode = await commands.clock({ kind: 'status' }, trafficOptions(options)); });
  connection(clockCommand.command('set').argument('<mode>', 'real, scaled or frozen')
    .description("set the clock's mode; the lab's time goes on from where it is, or from --now")
    .option('--scale <factor>', 'scaled: how many times as fast as real time (e.g. 60)')
    .option('--now <instant>', "the lab's instant to go on from (ISO-8601, e.g. 2027-01-01T09:00:00Z)"))
    .action(async (mode: string, options: Record<string, unknown>) => {
      const scale = options['scale'] === undefined ? undefined : Number(options['scale']);
      if (scale !== undefined && !Number.isFinite(scale)) {
        console.error(`gwsim: clock set: --scale '${String(options['scale'])}' is not a number`);
        process.exitCode = EXIT.usage;
        return;
      }
      process.exitCode = await commands.clock({ kind: 'set', mode, ...(scale !== undefined ? { scale } : {}), ...(typeof options['now'] === 'string' ? { now: options['now'] } : {}) }, trafficOptions(options));
    });
  connection(clockCommand.command('advance').argument('<duration>', 'an ISO-8601 duration: PT2H, P1D, PT90S')
    .description("move the lab's time forward (the simulator does not replay the calls of the jump)"))
    .action(async (by: string, options: Record<string, unknown>) => { process.exitCode = await commands.clock({ kind: 'advance', by }, trafficOptions(options)); });
  const faultsCommand = program.command('faults')
    .description('the fault rules of a running gwsim (its /_sim/labs/default/faults endpoints; administrators only)')
    .addHelpText('after', '\nExit codes: 0 done, 1 refused or unreachable, 2 usage error (e.g. a rule file that is not JSON).');
  const run = (action: FaultsAction) => async (options: Record<string, unknown>) => { process.exitCode = await commands.faults(action, trafficOptions(options)); };
  connection(faultsCommand.command('list').description('the rules: what each matches and does, its hits, what remains, when it expires'))
    .action(run({ kind: 'list' }));
  connection(faultsCommand.command('add').argument('<file>', 'a JSON fault rule, or an array of them (see docs/faults.md)')
    .description('add the rule(s) of FILE; prints each with its id'))
    .action(async (file: string, options: Record<string, unknown>) => { process.exitCode = await commands.faults({ kind: 'add', file }, trafficOptions(options)); });
  connection(faultsCommand.command('remove').argument('<id>', 'the id of a rule (see faults list)').description('remove a rule'))
    .action(async (id: string, options: Record<string, unknown>) => { process.exitCode = await commands.faults({ kind: 'remove', id }, trafficOptions(options)); });
  connection(faultsCommand.command('clear').description('remove every rule')).action(run({ kind: 'clear' }));

  const journalCommand = program.command('journal')
    .description("a running gwsim's request journal: every gateway API request of the lab (its /_sim/labs/default/journal endpoint)")
    .addHelpText('after', '\nExit codes: 0 done, 1 refused or unreachable, 2 usage error.');
  connection(journalCommand.command('show', { isDefault: true })
    .description('the newest requests, oldest first (the default: `gwsim journal --status 5xx`)')
    .option('--method <method>', 'only this HTTP method')
    .option('--path <path>', 'only paths starting with this, or matching it when it holds * or ?')
    .option('--status <status>', 'only this status (503) or class (5xx)')
    .option('--since <instant>', 'only requests at or after this ISO-8601 instant')
    .option('--limit <n>', 'at most this many (1 to 10000, default 100)'))
    .action(async (options: Record<string, unknown>) => {
      const filter = Object.fromEntries((['method', 'path', 'status', 'since', 'limit'] as const)
        .filter((name) => typeof options[name] === 'string').map((name) => [name, options[name] as string]));
      process.exitCode = await commands.journal({ kind: 'show', filter }, trafficOptions(options));
    });
  connection(journalCommand.command('clear').description('empty the journal'))
    .action(async (options: Record<string, unknown>) => { process.exitCode = await commands.journal({ kind: 'clear' }, trafficOptions(options)); });
  program.command('openapi')
    .description('print the OpenAPI document the server serves at /openapi.json (or, with --control, at /_sim/openapi.json) without starting it')
    .option('--control', "the simulator's control endpoints (/_sim/openapi.json) instead of the gateway's operations")
    .option('-o, --output <file>', 'write the document to a file instead of standard output')
    .addHelpText('after', '\nThe document is JSON whatever the flags (no --json needed). Exit codes: 0 printed, 2 usage error, 1 failure.')
    .action(async (options: Record<string, unknown>) => {
      process.exitCode = await commands.openapi({ control: options['control'] === true, ...(typeof options['output'] === 'string' ? { output: options['output'] } : {}) });
    });
  const ready = program.command('ready');
  ready
    .description("wait until a running gateway is ready (its /_sim/ready answers 200), for scripts and CI")
    .addOption(new Option('--url <url>', 'the gwsim to ask (default http://127.0.0.1:$PORT, PORT defaulting to 8111) [env GWSIM_URL]'))
    .option('--timeout <seconds>', 'how long to wait; 0 asks once', '60')
    .option('--json', 'print the outcome as one JSON object')
    .addHelpText('after', '\nProgress goes to standard error, the outcome to standard output.\nExit codes: 0 ready, 1 not ready in time, 2 usage error.')
    .action(async (options: Record<string, unknown>) => {
      const timeout = String(options['timeout']);
      if (!/^\d{1,5}$/.test(timeout)) ready.error(`--timeout must be a whole number of seconds, not '${timeout}'`, { exitCode: 2, code: 'gwsim.timeout' });
      const port = /^\d{1,5}$/.test(env['PORT'] ?? '') ? env['PORT'] : '8111';
      process.exitCode = await commands.ready({
        url: typeof options['url'] === 'string' ? options['url'] : env['GWSIM_URL'] ?? `http://127.0.0.1:${port}`,
        timeoutSeconds: Number(timeout), json: options['json'] === true,
      });
    });
  program.addHelpText('after', '\nEvery command has --help. Exit codes: 0 success, 1 failure (the command could not do its work),\n'
    + '2 usage or configuration error (a bad flag or variable: one line names it).');
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

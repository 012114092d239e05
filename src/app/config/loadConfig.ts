import { isIP } from 'node:net';
import path from 'node:path';
import {
  DEFAULT_BODY_LIMITS,
  LOG_FORMATS,
  LOG_LEVELS,
  type AppConfig,
  type LogFormat,
  type LogLevel,
} from './AppConfig.js';
import { isWildcardHost } from './advertisedSipHost.js';

/** A configuration value that cannot be used; main prints `message` as one line and exits. */
export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    detail: string,
    message = `invalid configuration: ${variable} ${detail}`,
  ) {
    super(message);
    this.name = 'ConfigError';
  }

  /** A setting that is well-formed but cannot be used (a directory that cannot be written, a server that cannot be reached); `message` names it and the fix. */
  static unusable(variable: string, message: string): ConfigError {
    return new ConfigError(variable, '', message);
  }
}

/** Flag values already parsed (by the command line, see src/app/cli), keyed by the variable each flag matches. */
export interface ParsedFlags {
  readonly values: Readonly<Record<string, string>>;
  readonly ephemeral: boolean;
  /** False for `--no-demo`; undefined when the flag is not given (GWSIM_DEMO decides). */
  readonly demo?: boolean;
  /** True for `--sip`; undefined when the flag is not given (GWSIM_SIP decides). */
  readonly sip?: boolean;
}

/** Flags of `gwsim serve`, each matching an environment variable (the flag wins). */
export const FLAGS: Readonly<Record<string, string>> = {
  '--port': 'PORT',
  '--host': 'HOST',
  '--database-url': 'DATABASE_URL',
  '--data-dir': 'GWSIM_DATA_DIR',
  '--admin-password': 'GWSIM_ADMIN_PASSWORD',
  '--log-level': 'LOG_LEVEL',
  '--log-format': 'LOG_FORMAT',
  '--cors-origins': 'GWSIM_CORS_ORIGINS',
  '--kdf-cost': 'GWSIM_KDF_COST',
  '--session-idle-minutes': 'GWSIM_SESSION_IDLE_MINUTES',
  '--journal-size': 'GWSIM_JOURNAL_SIZE',
  '--advertise-url': 'GWSIM_ADVERTISE_URL',
  '--sip-host': 'GWSIM_SIP_HOST',
  '--sip-advertise': 'GWSIM_SIP_ADVERTISE',
};

export function parseFlags(argv: readonly string[]): ParsedFlags {
  const values: Record<string, string> = {};
  let ephemeral = false;
  let demo: boolean | undefined;
  let sip: boolean | undefined;
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i]!;
    if (arg === '--ephemeral') {
      ephemeral = true;
      continue;
    }
    if (arg === '--no-demo') {
      demo = false;
      continue;
    }
    if (arg === '--sip') {
      sip = true;
      continue;
    }
    const [flag, inline] = arg.includes('=')
      ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)]
      : [arg, undefined];
    const variable = FLAGS[flag];
    if (!variable)
      throw new ConfigError(
        arg,
        `is not an option of 'gwsim serve' (options: ${[...Object.keys(FLAGS), '--ephemeral', '--no-demo', '--sip'].join(', ')})`,
      );
    const value = inline ?? argv[++i];
    if (value === undefined) throw new ConfigError(flag, 'needs a value');
    values[variable] = value;
  }
  return { values, ephemeral, ...(demo === undefined ? {} : { demo }), ...(sip === undefined ? {} : { sip }) };
}

function integer(variable: string, raw: string | undefined, fallback: number, min: number, max: number): number {
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw.trim()))
    throw new ConfigError(variable, `must be a whole number from ${min} to ${max}, got '${raw}'`);
  const value = Number(raw.trim());
  if (value < min || value > max) throw new ConfigError(variable, `must be from ${min} to ${max}, got ${value}`);
  return value;
}

/** The values of a switch variable (GWSIM_EPHEMERAL); anything else is refused rather than read as off. */
const SWITCH_ON = ['1', 'true', 'yes'];
const SWITCH_OFF = ['0', 'false', 'no'];

/**
 * An on/off setting from the environment: on for 1, true or yes, off for 0, false or no (any case, blanks around
 * ignored), `whenEmpty` when it is unset or empty; anything else is a ConfigError naming the variable.
 */
export function readSwitch(env: NodeJS.ProcessEnv, name: string, whenEmpty: boolean): boolean {
  const raw = (env[name] ?? '').trim().toLowerCase();
  if (raw === '') return whenEmpty;
  if (SWITCH_ON.includes(raw)) return true;
  if (SWITCH_OFF.includes(raw)) return false;
  throw new ConfigError(
    name,
    `must be one of ${[...SWITCH_ON, ...SWITCH_OFF].join(', ')} (or empty for ${whenEmpty ? 'on' : 'off'}), got '${env[name]}'`,
  );
}

/** The built-in administrator's well-known password; start-up warns while it is in use, set or not. */
export const WELL_KNOWN_ADMIN_PASSWORD = 'anadmin';

/**
 * GWSIM_CORS_ORIGINS: `*`, or a comma list of origins (scheme, host and optional port, nothing else: what a
 * browser sends in its Origin header). Empty or unset: CORS off.
 */
export function corsOrigins(raw: string | undefined): readonly string[] | '*' | undefined {
  const items = (raw ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
  if (items.length === 0) return undefined;
  if (items.includes('*')) {
    if (items.length > 1)
      throw new ConfigError('GWSIM_CORS_ORIGINS', `must be '*' alone or a list of origins, not both ('${raw}')`);
    return '*';
  }
  const origins: string[] = [];
  for (const item of items) {
    let url: URL | undefined;
    try {
      url = new URL(item);
    } catch {
      url = undefined;
    }
    if (!url || !/^https?:\/\/[^/?#@\s]+\/?$/i.test(item)) {
      throw new ConfigError(
        'GWSIM_CORS_ORIGINS',
        `must list origins such as https://tool.example:8443 (scheme, host, optional port; no path), got '${item}'`,
      );
    }
    if (!origins.includes(url.origin)) origins.push(url.origin);
  }
  return origins;
}

const HOST_PATTERN = /^(?:[a-zA-Z0-9.-]+|\[[0-9a-fA-F:.]+\]|[0-9a-fA-F:.]+)$/;

function checkDatabaseUrl(variable: string, value: string): void {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigError(variable, 'must be a URL such as postgres://user@127.0.0.1:5432/gwsim');
  }
  if (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:') {
    throw new ConfigError(variable, `must use postgres:// or postgresql://, got '${url.protocol}'`);
  }
}

/** A setting's raw value: its flag's when given, else the environment's. */
type Setting = (name: string) => string | undefined;

function readHost(get: Setting): string {
  const host = get('HOST') ?? '127.0.0.1';
  if (!HOST_PATTERN.test(host)) throw new ConfigError('HOST', `must be a host name or IP address, got '${host}'`);
  return host;
}

function readDatabaseUrls(
  env: NodeJS.ProcessEnv,
  get: Setting,
): { databaseUrl: string | undefined; monitorDatabaseUrl: string | undefined } {
  const databaseUrl = get('DATABASE_URL') || undefined;
  if (databaseUrl !== undefined) checkDatabaseUrl('DATABASE_URL', databaseUrl);
  const monitorDatabaseUrl = env['MONITOR_DATABASE_URL'] || undefined;
  if (monitorDatabaseUrl !== undefined) checkDatabaseUrl('MONITOR_DATABASE_URL', monitorDatabaseUrl);
  return { databaseUrl, monitorDatabaseUrl };
}

/** The on/off settings (a flag wins over its variable) and the host the SIP listeners bind to. */
function readSwitches(env: NodeJS.ProcessEnv, flags: ParsedFlags, get: Setting) {
  const ephemeral = flags.ephemeral || readSwitch(env, 'GWSIM_EPHEMERAL', false);
  const demo = flags.demo ?? readSwitch(env, 'GWSIM_DEMO', true);
  const sip = flags.sip ?? readSwitch(env, 'GWSIM_SIP', false);
  const simulatorThread = readSwitch(env, 'GWSIM_SIMULATOR_THREAD', true);
  const sipHost = (get('GWSIM_SIP_HOST') ?? '').trim() || '127.0.0.1';
  if (!HOST_PATTERN.test(sipHost))
    throw new ConfigError(
      'GWSIM_SIP_HOST',
      `must be an IP address or host name to bind the SIP listeners to, got '${get('GWSIM_SIP_HOST')}'`,
    );
  return { ephemeral, demo, sip, simulatorThread, sipHost, sipAdvertise: readSipAdvertise(get) };
}

/**
 * GWSIM_SIP_ADVERTISE: the address gwsim names itself by toward SIP peers (Via, Contact, the SDP's c= and o=), an IP
 * address or host name (an IPv6 address in brackets or without); never a wildcard, which names no host a peer can
 * reach. Unset or empty: undefined (the bind address, or for a wildcard one of this machine's: advertisedSipHost).
 */
function readSipAdvertise(get: Setting): string | undefined {
  const raw = get('GWSIM_SIP_ADVERTISE');
  const value = (raw ?? '').trim();
  if (value === '') return undefined;
  const host = value.replace(/^\[(.*)\]$/, '$1');
  if (!HOST_PATTERN.test(value) || (isIP(host) === 0 && host.includes(':')) || isWildcardHost(host))
    throw new ConfigError(
      'GWSIM_SIP_ADVERTISE',
      `must be the IP address or host name SIP peers reach this machine at (not a wildcard such as 0.0.0.0), got '${raw}'`,
    );
  return host;
}

/** The embedded store's directory: none for a database server or an ephemeral store. */
function readDataDir(get: Setting, databaseUrl: string | undefined, ephemeral: boolean, cwd: string) {
  const rawDataDir = get('GWSIM_DATA_DIR');
  if (rawDataDir !== undefined && rawDataDir.trim() === '')
    throw new ConfigError('GWSIM_DATA_DIR', 'must not be empty');
  return databaseUrl || ephemeral ? undefined : path.resolve(cwd, rawDataDir ?? path.join('.gwsim', 'data'));
}

function readAdminPassword(get: Setting): string | undefined {
  const rawPassword = get('GWSIM_ADMIN_PASSWORD');
  if (rawPassword !== undefined && rawPassword.length === 0)
    throw new ConfigError('GWSIM_ADMIN_PASSWORD', 'must not be empty');
  return rawPassword;
}

/**
 * The log format when LOG_FORMAT does not say: readable lines for a person at a terminal, JSON lines for whatever
 * reads a pipe or a file (a collector, a container's log).
 */
export function defaultLogFormat(terminal: boolean): LogFormat {
  return terminal ? 'pretty' : 'json';
}

function readLogging(get: Setting, terminal: boolean): { logLevel: LogLevel; logFormat: LogFormat } {
  const logLevel = (get('LOG_LEVEL') ?? 'info').toLowerCase();
  if (!(LOG_LEVELS as readonly string[]).includes(logLevel)) {
    throw new ConfigError('LOG_LEVEL', `must be one of ${LOG_LEVELS.join(', ')}, got '${logLevel}'`);
  }
  const logFormat = (get('LOG_FORMAT') ?? '').trim().toLowerCase() || defaultLogFormat(terminal);
  if (!(LOG_FORMATS as readonly string[]).includes(logFormat)) {
    throw new ConfigError('LOG_FORMAT', `must be one of ${LOG_FORMATS.join(', ')}, got '${get('LOG_FORMAT')}'`);
  }
  return { logLevel: logLevel as LogLevel, logFormat: logFormat as LogFormat };
}

/** GWSIM_ADVERTISE_URL: an http(s) URL with no path, query or fragment, or unset. */
function readAdvertiseUrl(get: Setting): string | undefined {
  const advertiseUrl = get('GWSIM_ADVERTISE_URL') || undefined;
  if (advertiseUrl === undefined) return undefined;
  let parsed: URL | undefined;
  try {
    parsed = new URL(advertiseUrl);
  } catch {
    parsed = undefined;
  }
  if (
    !parsed ||
    (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') ||
    parsed.search ||
    parsed.hash ||
    (parsed.pathname !== '/' && parsed.pathname !== '')
  ) {
    throw new ConfigError(
      'GWSIM_ADVERTISE_URL',
      'must be an http(s) URL of this process with no path, such as http://10.0.0.5:8111',
    );
  }
  return advertiseUrl;
}

function readMetricsToken(get: Setting): string | undefined {
  const metricsToken = get('GWSIM_METRICS_TOKEN');
  if (metricsToken !== undefined && metricsToken !== '' && !/^[\x21-\x7e]{16,256}$/.test(metricsToken)) {
    throw new ConfigError(
      'GWSIM_METRICS_TOKEN',
      'must be 16 to 256 printable characters without spaces (or unset for open metrics)',
    );
  }
  return metricsToken;
}

/**
 * The process's configuration from the environment and the flags (a flag wins). `terminal`: whether the log goes
 * to a terminal (standard output is one), which makes readable lines the default log format.
 */
export function loadConfig(
  env: NodeJS.ProcessEnv,
  argv: readonly string[] | ParsedFlags = [],
  cwd = process.cwd(),
  terminal = false,
): AppConfig {
  const flags = Array.isArray(argv) ? parseFlags(argv) : (argv as ParsedFlags);
  const get = (name: string): string | undefined => flags.values[name] ?? env[name];

  const port = integer('PORT', get('PORT'), 8111, 0, 65535);
  const host = readHost(get);
  const { databaseUrl, monitorDatabaseUrl } = readDatabaseUrls(env, get);
  const { ephemeral, demo, sip, simulatorThread, sipHost, sipAdvertise } = readSwitches(env, flags, get);
  const dataDir = readDataDir(get, databaseUrl, ephemeral, cwd);
  const rawPassword = readAdminPassword(get);
  const { logLevel, logFormat } = readLogging(get, terminal);
  const cors = corsOrigins(get('GWSIM_CORS_ORIGINS'));
  const advertiseUrl = readAdvertiseUrl(get);
  const metricsToken = readMetricsToken(get);
  const rawWorkers = get('GWSIM_MEDIA_WORKERS');

  return {
    port,
    host,
    databaseUrl,
    monitorDatabaseUrl,
    dataDir,
    ephemeral: ephemeral && !databaseUrl,
    adminPassword: rawPassword ?? WELL_KNOWN_ADMIN_PASSWORD,
    adminPasswordIsDefault: (rawPassword ?? WELL_KNOWN_ADMIN_PASSWORD) === WELL_KNOWN_ADMIN_PASSWORD,
    logLevel,
    logFormat,
    ...(cors ? { corsOrigins: cors } : {}),
    ...(metricsToken ? { metricsToken } : {}),
    kdfCost: integer('GWSIM_KDF_COST', get('GWSIM_KDF_COST'), 15, 10, 20),
    sessionIdleMinutes: integer('GWSIM_SESSION_IDLE_MINUTES', get('GWSIM_SESSION_IDLE_MINUTES'), 30, 1, 24 * 60),
    bodyLimits: DEFAULT_BODY_LIMITS,
    advertiseUrl,
    journalSize: integer('GWSIM_JOURNAL_SIZE', get('GWSIM_JOURNAL_SIZE'), 10_000, 1, 1_000_000),
    demo,
    sip,
    sipHost,
    ...(sipAdvertise !== undefined ? { sipAdvertise } : {}),
    ...(rawWorkers !== undefined ? { mediaWorkers: integer('GWSIM_MEDIA_WORKERS', rawWorkers, 1, 0, 16) } : {}),
    simulatorThread,
  };
}

import { parseRequest } from './parseRequest.js';
import { CLOCK_AFTERWARDS } from './ScenarioDocument.js';
import type {
  ClockAfterwards,
  ConfigurationFile,
  Scenario,
  ScenarioClock,
  ScenarioLicense,
  ScenarioParts,
  ScenarioRequest,
  ScenarioUser,
} from './ScenarioDocument.js';
import {
  duration,
  instant,
  integer,
  isObject,
  known,
  parseMode,
  parseScale,
  text,
  type Json,
  type ScenarioProblems,
} from './ScenarioProblems.js';

/**
 * Reads a scenario's `seed` (undefined: an empty one): the configuration file, the licenses, the users, the
 * requests run as the lab's administrator, the traffic, the random seed and the lab clock's start and mode.
 */
export function parseSeed<F, T>(
  problems: ScenarioProblems,
  value: unknown,
  parts: ScenarioParts<F, T>,
): Scenario<F, T>['seed'] | undefined {
  const seed = value === undefined ? {} : value;
  if (!isObject(seed)) return problems.add('seed', 'must be an object');
  known(problems, seed, 'seed', ['configuration', 'licenses', 'users', 'requests', 'traffic', 'randomSeed', 'clock']);
  const list = (key: string): unknown[] => listOf(problems, seed, key);
  const randomSeed = integer(problems, seed['randomSeed'], 'seed.randomSeed', 0, 2 ** 32 - 1);
  const clock = parseSeedClock(problems, seed['clock']);
  const traffic =
    seed['traffic'] === undefined
      ? undefined
      : problems.part('seed.traffic', () => parts.trafficChange(seed['traffic'], 'seed.traffic', randomSeed));
  return {
    configuration: parseConfiguration(problems, seed['configuration'], 'seed.configuration'),
    licenses: list('licenses')
      .map((l, i) => parseLicense(problems, l, `seed.licenses[${i}]`))
      .filter((l): l is ScenarioLicense => l !== undefined),
    users: list('users')
      .map((u, i) => parseUser(problems, u, `seed.users[${i}]`))
      .filter((u): u is ScenarioUser => u !== undefined),
    requests: list('requests')
      .map((r, i) => parseRequest(problems, r, `seed.requests[${i}]`))
      .filter((r): r is ScenarioRequest => r !== undefined),
    traffic,
    randomSeed,
    clock,
  };
}

/** One of the seed's lists (at most 100 entries; undefined: none). */
function listOf(problems: ScenarioProblems, seed: Json, key: string): unknown[] {
  const value = seed[key];
  if (value === undefined) return [];
  if (!Array.isArray(value)) return problems.add(`seed.${key}`, 'must be a list') ?? [];
  if (value.length > 100) return problems.add(`seed.${key}`, 'holds at most 100 entries') ?? [];
  return value;
}

/**
 * The lab clock's start and mode, and how the run leaves it: `{start?, mode?, scale?, afterwards?}` (undefined: the
 * lab's time, real, back to wall time afterwards).
 */
function parseSeedClock(problems: ScenarioProblems, value: unknown): ScenarioClock {
  const clock = value === undefined ? {} : value;
  if (!isObject(clock)) {
    problems.add('seed.clock', 'must be {start?, mode?, scale?, afterwards?}');
    return { start: undefined, mode: 'real', scale: undefined, afterwards: 'wall' };
  }
  known(problems, clock, 'seed.clock', ['start', 'mode', 'scale', 'afterwards']);
  const afterwards = clock['afterwards'] ?? 'wall';
  if (!(CLOCK_AFTERWARDS as readonly unknown[]).includes(afterwards))
    problems.add(
      'seed.clock.afterwards',
      "must be wall (back to wall time), runOn (on in the run's mode) or hold (frozen where the run ended)",
    );
  const start =
    clock['start'] === undefined
      ? undefined
      : (instant(clock['start']) ??
        problems.add('seed.clock.start', 'must be an ISO-8601 instant with its offset, such as 2026-11-23T09:00:00Z'));
  const mode = parseMode(problems, clock['mode'], 'seed.clock.mode') ?? 'real';
  return {
    start,
    mode,
    scale: parseScale(problems, clock['scale'], 'seed.clock.scale', mode),
    afterwards: (CLOCK_AFTERWARDS as readonly unknown[]).includes(afterwards)
      ? (afterwards as ClockAfterwards)
      : 'wall',
  };
}

function parseLicense(problems: ScenarioProblems, value: unknown, field: string): ScenarioLicense | undefined {
  if (!isObject(value)) return problems.add(field, 'must be an object {name, sessions, validFrom?, validUntil?}');
  known(problems, value, field, ['identifier', 'name', 'sessions', 'recordingSessions', 'validFrom', 'validUntil']);
  const identifier = text(problems, value['identifier'], `${field}.identifier`, {
    max: 64,
    pattern: /^[A-Za-z0-9._-]+$/,
    hint: 'may hold letters, digits, dots, hyphens and underscores',
  });
  const name = text(problems, value['name'], `${field}.name`, { required: true, max: 200 });
  const sessions = integer(problems, value['sessions'], `${field}.sessions`, 1, 100_000, true);
  const recordingSessions =
    integer(problems, value['recordingSessions'], `${field}.recordingSessions`, 0, 100_000) ?? 0;
  const validFromMs =
    value['validFrom'] === undefined
      ? 0
      : duration(problems, value['validFrom'], `${field}.validFrom`, { negative: true });
  const validUntilMs =
    value['validUntil'] === undefined
      ? 365 * 24 * 3600_000
      : duration(problems, value['validUntil'], `${field}.validUntil`, { negative: true });
  if (validFromMs !== undefined && validUntilMs !== undefined && validUntilMs <= validFromMs)
    problems.add(`${field}.validUntil`, 'must come after validFrom');
  if (!name || sessions === undefined || validFromMs === undefined || validUntilMs === undefined) return undefined;
  return { identifier, name, sessions, recordingSessions, validFromMs, validUntilMs };
}

function parseUser(problems: ScenarioProblems, value: unknown, field: string): ScenarioUser | undefined {
  if (!isObject(value)) return problems.add(field, 'must be an object {name, password, role}');
  known(problems, value, field, ['name', 'password', 'role']);
  const name = text(problems, value['name'], `${field}.name`, { required: true, max: 128 });
  const password = text(problems, value['password'], `${field}.password`, { required: true, max: 256 });
  const role = text(problems, value['role'], `${field}.role`, { required: true, max: 128 });
  return name && password && role ? { name, password, role } : undefined;
}

function parseConfiguration(problems: ScenarioProblems, value: unknown, field: string): ConfigurationFile | undefined {
  if (value === undefined) return undefined;
  if (!isObject(value))
    return problems.add(
      field,
      'must be {fileName, contentBase64} (a scenario file names it {file: path}; the CLI embeds it)',
    );
  known(problems, value, field, ['fileName', 'contentBase64', 'file']);
  if (value['file'] !== undefined && value['contentBase64'] === undefined) {
    return problems.add(
      `${field}.file`,
      "names a file the server cannot read: send the file's content as contentBase64 (gwsim scenario run embeds it)",
    );
  }
  const fileName = text(
    problems,
    value['fileName'] ?? (typeof value['file'] === 'string' ? value['file'].split('/').pop() : undefined),
    `${field}.fileName`,
    { required: true, max: 255 },
  );
  const base64 = text(problems, value['contentBase64'], `${field}.contentBase64`, {
    required: true,
    max: 64 * 1024 * 1024,
    pattern: /^[A-Za-z0-9+/\s]*={0,2}\s*$/,
    hint: 'must be base64',
  });
  if (!fileName || !base64) return undefined;
  const content = Buffer.from(base64, 'base64');
  if (content.length === 0) return problems.add(`${field}.contentBase64`, 'is empty');
  return { fileName, content };
}

import type { ScenarioProblems } from './ScenarioProblems.js';

/**
 * Checks on the JSON answer of a read: a path into it (`counters.refusedBy.standbyInactive`, `entries[0].cause`,
 * empty for the whole answer, which is the text itself for a text reply) and one operator. A path is dots and
 * `[n]` indices: nothing more is needed to reach a field of the API's answers, so no JSONPath library is taken.
 */
export const OPERATORS = ['equals', 'notEquals', 'in', 'atLeast', 'atMost', 'contains', 'exists', 'count'] as const;
export type Operator = (typeof OPERATORS)[number];

/** `count`: how many items of the array at the path match `where` (all fields equal), compared with equals/atLeast/atMost. */
export interface CountCheck {
  readonly where: Readonly<Record<string, unknown>> | undefined;
  readonly equals?: number;
  readonly atLeast?: number;
  readonly atMost?: number;
}

export interface Check {
  readonly path: string;
  readonly operator: Operator;
  readonly expected: unknown;
}

export interface CheckResult {
  readonly path: string;
  readonly operator: Operator;
  readonly expected: unknown;
  /** What was read at the path (for count: the number of matching items); undefined when the path leads nowhere. */
  readonly actual: unknown;
  readonly passed: boolean;
}

type Segment = string | number;

/** The segments of a path: `a.b[2].c` → a, b, 2, c; undefined when it is not a path. */
export function pathSegments(path: string): Segment[] | undefined {
  if (path === '' || path === '$') return [];
  const segments: Segment[] = [];
  const re = /(?:^|\.)([A-Za-z_$][\w$-]*)|\[(\d+)\]/gy;
  let at = 0;
  for (let match = re.exec(path); match; match = re.exec(path)) {
    segments.push(match[1] !== undefined ? match[1] : Number(match[2]));
    at = re.lastIndex;
  }
  return at === path.length ? segments : undefined;
}

/** The value at `path` in `value` (undefined when it leads nowhere). */
export function readPath(value: unknown, path: string): unknown {
  let current: unknown = value;
  for (const segment of pathSegments(path) ?? []) {
    if (current === null || typeof current !== 'object') return undefined;
    if (typeof segment === 'number') {
      if (!Array.isArray(current)) return undefined;
      current = current[segment];
    } else {
      if (Array.isArray(current) && segment === 'length') return current.length;
      current = (current as Record<string, unknown>)[segment];
    }
  }
  return current;
}

/** Deep equality of JSON values. */
export function jsonEquals(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a))
    return a.length === (b as unknown[]).length && a.every((item, i) => jsonEquals(item, (b as unknown[])[i]));
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  return (
    ka.length === kb.length &&
    ka.every((k) => jsonEquals((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]))
  );
}

/** Whether `item` has every field of `where` (paths allowed as keys) equal to its value. */
function matches(item: unknown, where: Readonly<Record<string, unknown>> | undefined): boolean {
  if (!where) return true;
  return Object.entries(where).every(([path, expected]) => {
    const actual = readPath(item, path);
    return Array.isArray(expected) ? expected.some((e) => jsonEquals(actual, e)) : jsonEquals(actual, expected);
  });
}

function compare(actual: number, bounds: { equals?: number; atLeast?: number; atMost?: number }): boolean {
  return (
    (bounds.equals === undefined || actual === bounds.equals) &&
    (bounds.atLeast === undefined || actual >= bounds.atLeast) &&
    (bounds.atMost === undefined || actual <= bounds.atMost)
  );
}

/** Evaluates one check on an answer. */
export function evaluate(check: Check, answer: unknown): CheckResult {
  const read = readPath(answer, check.path);
  const expected = check.expected;
  let actual: unknown = read;
  let passed: boolean;
  switch (check.operator) {
    case 'equals':
      passed = jsonEquals(read, expected);
      break;
    case 'notEquals':
      passed = !jsonEquals(read, expected);
      break;
    case 'in':
      passed = (expected as unknown[]).some((e) => jsonEquals(read, e));
      break;
    case 'atLeast':
      passed = typeof read === 'number' && read >= (expected as number);
      break;
    case 'atMost':
      passed = typeof read === 'number' && read <= (expected as number);
      break;
    case 'contains':
      passed =
        typeof read === 'string'
          ? typeof expected === 'string' && read.includes(expected)
          : Array.isArray(read)
            ? read.some(
                (item) =>
                  jsonEquals(item, expected) ||
                  (expected !== null &&
                    typeof expected === 'object' &&
                    !Array.isArray(expected) &&
                    matches(item, expected as Record<string, unknown>)),
              )
            : false;
      break;
    case 'exists':
      passed = (read !== undefined) === expected;
      break;
    case 'count': {
      const count = expected as CountCheck;
      actual = Array.isArray(read) ? read.filter((item) => matches(item, count.where)).length : undefined;
      passed = typeof actual === 'number' && compare(actual, count);
      break;
    }
  }
  return { path: check.path, operator: check.operator, expected, actual, passed };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** Reads the checks of an expectation: each `{path?, <operator>: value}` with exactly one operator. */
export function parseChecks(problems: ScenarioProblems, list: readonly unknown[], field: string): Check[] | undefined {
  const checks: Check[] = [];
  let ok = true;
  list.forEach((raw, index) => {
    const at = `${field}[${index}]`;
    const fail = (message: string) => {
      ok = false;
      problems.add(at, message);
    };
    if (!isObject(raw)) return fail(`must be an object {path, and one of ${OPERATORS.join(', ')}}`);
    const unknown = Object.keys(raw).filter((key) => key !== 'path' && !(OPERATORS as readonly string[]).includes(key));
    if (unknown.length > 0)
      return fail(
        `has fields a check does not take: ${unknown.join(', ')} (a check is {path, and one of ${OPERATORS.join(', ')}})`,
      );
    const path = raw['path'] ?? '';
    if (typeof path !== 'string' || pathSegments(path) === undefined) {
      ok = false;
      problems.add(
        `${at}.path`,
        'must be a path of fields and indices, such as counters.byResult.ANSWERED or entries[0].cause',
      );
      return;
    }
    const operators = OPERATORS.filter((op) => raw[op] !== undefined);
    if (operators.length !== 1)
      return fail(
        `must have exactly one operator of ${OPERATORS.join(', ')} (it has ${operators.length === 0 ? 'none' : operators.join(', ')})`,
      );
    const operator = operators[0]!;
    const expected = raw[operator];
    const bad = (message: string) => {
      ok = false;
      problems.add(`${at}.${operator}`, message);
    };
    if (
      (operator === 'atLeast' || operator === 'atMost') &&
      (typeof expected !== 'number' || !Number.isFinite(expected))
    )
      return bad('must be a number');
    if (operator === 'in' && !Array.isArray(expected)) return bad('must be a list of values');
    if (operator === 'exists' && typeof expected !== 'boolean') return bad('must be true or false');
    if (operator === 'count') {
      if (!isObject(expected)) return bad('must be {where?, equals?, atLeast?, atMost?}');
      const extra = Object.keys(expected).filter((key) => !['where', 'equals', 'atLeast', 'atMost'].includes(key));
      if (extra.length > 0) return bad(`has fields a count does not take: ${extra.join(', ')}`);
      if (expected['where'] !== undefined && !isObject(expected['where']))
        return bad('where must be an object of fields and the values they must have');
      const bounds = ['equals', 'atLeast', 'atMost'].filter((key) => expected[key] !== undefined);
      if (bounds.length === 0) return bad('needs equals, atLeast or atMost');
      if (bounds.some((key) => !Number.isInteger(expected[key]) || (expected[key] as number) < 0))
        return bad('equals, atLeast and atMost must be whole numbers of 0 or more');
    }
    checks.push({ path, operator, expected });
  });
  return ok ? checks : undefined;
}

/** One line for a check: `counters.active atLeast 5`. */
export function describeCheck(check: Pick<Check, 'path' | 'operator' | 'expected'>): string {
  return `${check.path || '(answer)'} ${check.operator} ${JSON.stringify(check.expected)}`;
}

import { PathPattern } from '../../shared/domain/PathPattern.js';
import type { FieldProblems } from '../../shared/domain/RuleError.js';

export const FAULT_METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'HEAD', 'PATCH', 'OPTIONS'] as const;
export type FaultMethod = (typeof FAULT_METHODS)[number];

/** What the engine knows of a gateway request when it chooses a fault. */
export interface FaultRequest {
  readonly method: string;
  readonly path: string;
  /** The operation's name: its path without `/api/` (`nodes/get`), `app/...` for the `/app/` paths. */
  readonly operation: string;
  /** The user the request names (its Basic credentials or its session), when a rule asks for one. */
  readonly user?: string | undefined;
}

/** A request's operation name from its path: `/api/nodes/get` → `nodes/get`, `/app/monitor/x/` → `app/monitor/x`. */
export function operationOf(path: string): string {
  let end = path.length;
  while (end > 1 && path.charCodeAt(end - 1) === 47) end -= 1;
  const start = path.startsWith('/api/') ? 5 : 1;
  return path.slice(start, end);
}

export interface FaultMatchInput {
  readonly operation?: string;
  readonly path?: string;
  readonly method?: string;
  readonly user?: string;
  /** true: every gateway request of the lab, said so (a match names at least one condition, or this alone). */
  readonly all?: boolean;
}

/** The spelling of a match of every gateway request, as messages and documents give it. */
export const MATCH_ALL = '{"all": true}';

const OPERATION = /^(?!api\/)[A-Za-z0-9][A-Za-z0-9/_.-]{0,199}$/;
const PATH = /^\/[\x21-\x7e]{0,255}$/;
const USER = /^[^\x00-\x1f\x7f]{1,128}$/;

/**
 * Which requests a rule applies to: every condition it names must hold. It names at least one, or says `all: true`
 * (alone): a match that names nothing is refused, so nothing sent by mistake (`{}`, a member misspelt away) becomes
 * a rule that faults every gateway request of the lab.
 */
export class FaultMatch {
  private constructor(
    readonly operation: string | undefined,
    readonly path: PathPattern | undefined,
    readonly method: FaultMethod | undefined,
    readonly user: string | undefined,
  ) {}

  /** Every gateway request: a gateway fault's (it matches none by itself), and a rule's of `{"all": true}`. */
  static readonly EVERY_REQUEST = new FaultMatch(undefined, undefined, undefined, undefined);

  static create(input: FaultMatchInput, problems: FieldProblems, field = 'match'): FaultMatch {
    const { operation, path, method, user, all } = input;
    const named = [operation, path, method, user].some((condition) => condition !== undefined);
    if (all !== undefined && all !== true)
      problems.add(
        `${field}.all`,
        'isTrue',
        `must be true (it says the rule matches every gateway request), or be left out`,
      );
    else if (all === true && named)
      problems.add(
        `${field}.all`,
        'exclusive',
        'cannot be combined with operation, path, method or user: it matches every gateway request',
      );
    else if (all === undefined && !named) {
      problems.add(
        field,
        'condition',
        `names no condition: give operation, path, method or user, or ${MATCH_ALL} for every gateway request`,
      );
    }
    if (operation !== undefined && (typeof operation !== 'string' || !OPERATION.test(operation))) {
      problems.add(`${field}.operation`, 'pattern', "must be an operation's path without /api/, such as nodes/get");
    }
    if (path !== undefined && (typeof path !== 'string' || !PATH.test(path))) {
      problems.add(
        `${field}.path`,
        'pattern',
        'must be a path pattern starting with / (at most 256 printable characters; * any run, ? one character)',
      );
    }
    if (operation !== undefined && path !== undefined)
      problems.add(`${field}.path`, 'exclusive', `cannot be combined with ${field}.operation`);
    if (method !== undefined && !(FAULT_METHODS as readonly string[]).includes(method)) {
      problems.add(`${field}.method`, 'isIn', `must be one of ${FAULT_METHODS.join(', ')}`);
    }
    if (user !== undefined && (typeof user !== 'string' || !USER.test(user)))
      problems.add(`${field}.user`, 'pattern', 'must be a user name of 1 to 128 characters');
    return new FaultMatch(
      operation,
      path === undefined ? undefined : PathPattern.glob(path),
      method as FaultMethod | undefined,
      user,
    );
  }

  /** The conditions the rule index does not cover (path pattern, user); operation and method are the index's keys. */
  matchesRest(request: FaultRequest): boolean {
    if (this.path && !this.path.matches(request.path)) return false;
    if (this.user !== undefined && request.user !== this.user) return false;
    return true;
  }

  /** Every condition, for a request taken alone (tests, checks). */
  matches(request: FaultRequest): boolean {
    if (this.operation !== undefined && request.operation !== this.operation) return false;
    if (this.method !== undefined && request.method !== this.method) return false;
    return this.matchesRest(request);
  }

  /** Whether it names no condition: every gateway request. */
  get all(): boolean {
    return (
      this.operation === undefined && this.path === undefined && this.method === undefined && this.user === undefined
    );
  }

  toInput(): FaultMatchInput {
    if (this.all) return { all: true };
    return {
      ...(this.operation !== undefined ? { operation: this.operation } : {}),
      ...(this.path ? { path: this.path.text } : {}),
      ...(this.method !== undefined ? { method: this.method } : {}),
      ...(this.user !== undefined ? { user: this.user } : {}),
    };
  }
}

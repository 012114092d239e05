import { PathPattern } from '../../shared/domain/PathPattern.js';
import { FieldProblems } from '../../shared/domain/RuleError.js';
import type { JournalEntry } from './JournalEntry.js';

export const DEFAULT_JOURNAL_LIMIT = 100;
export const MAX_JOURNAL_LIMIT = 10_000;

export interface JournalQueryInput {
  readonly method?: string | undefined;
  readonly path?: string | undefined;
  /** A status (`503`) or a class (`5xx`). */
  readonly status?: string | undefined;
  /** An instant: entries at or after it. */
  readonly since?: Date | undefined;
  readonly limit?: number | undefined;
}

const STATUS = /^([1-5])(\d\d|xx)$/i;

/** A filter over the journal: every condition given must hold; `limit` newest matches, answered oldest first. */
export class JournalQuery {
  private constructor(
    private readonly method: string | undefined,
    private readonly path: PathPattern | undefined,
    private readonly status: { readonly from: number; readonly to: number } | undefined,
    private readonly since: number | undefined,
    readonly limit: number,
  ) {}

  static create(input: JournalQueryInput): JournalQuery {
    const problems = new FieldProblems();
    let status: { from: number; to: number } | undefined;
    if (input.status !== undefined) {
      const match = STATUS.exec(input.status);
      if (!match) problems.add('status', 'pattern', 'must be a status such as 503 or a class such as 5xx');
      else if (match[2]!.toLowerCase() === 'xx')
        status = { from: Number(match[1]) * 100, to: Number(match[1]) * 100 + 99 };
      else status = { from: Number(input.status), to: Number(input.status) };
    }
    if (input.path !== undefined && (!input.path.startsWith('/') || input.path.length > PathPattern.MAX_LENGTH)) {
      problems.add(
        'path',
        'pattern',
        'must start with / (a prefix, or a pattern with * and ?), at most 256 characters',
      );
    }
    if (input.method !== undefined && !/^[A-Za-z]{1,16}$/.test(input.method))
      problems.add('method', 'pattern', 'must be an HTTP method such as GET');
    const limit = input.limit ?? DEFAULT_JOURNAL_LIMIT;
    if (!Number.isInteger(limit) || limit < 1 || limit > MAX_JOURNAL_LIMIT)
      problems.add('limit', 'range', `must be a whole number from 1 to ${MAX_JOURNAL_LIMIT}`);
    problems.throwIfAny('INVALID_QUERY_PARAMETER', 'the journal query');
    return new JournalQuery(
      input.method?.toUpperCase(),
      input.path === undefined ? undefined : PathPattern.prefixOrGlob(input.path),
      status,
      input.since?.getTime(),
      limit,
    );
  }

  matches(entry: JournalEntry): boolean {
    if (this.method !== undefined && entry.method !== this.method) return false;
    if (this.since !== undefined && entry.time.getTime() < this.since) return false;
    if (this.status && (entry.status === undefined || entry.status < this.status.from || entry.status > this.status.to))
      return false;
    if (this.path && !this.path.matches(entry.path)) return false;
    return true;
  }
}

import { DomainError } from '../../domain/DomainError.js';
import { Reply } from './Reply.js';

/**
 * Optimistic concurrency on the wire: a read of a versioned thing answers `ETag: "<version>"`, and a write that
 * sends `If-Match` with that value is refused with a 409 STALE_VERSION when the thing changed meanwhile.
 */
export function etagOf(version: number): string {
  return `"${version}"`;
}

/** A JSON answer carrying the version it shows as its ETag. */
export function jsonWithETag(value: unknown, version: number): Reply {
  return Reply.json(value).withHeaders({ etag: etagOf(version) });
}

/** The version an `If-Match` header names: `"3"`, `W/"3"` or `3`; undefined when absent. */
export function ifMatchVersion(header: string | undefined, what = 'the resource'): number | undefined {
  if (header === undefined) return undefined;
  const match = /^\s*(?:W\/)?"?(\d{1,9})"?\s*$/.exec(header);
  if (!match) {
    throw DomainError.invalid(
      'INVALID_IF_MATCH',
      `If-Match must name the version of ${what} read with its ETag, e.g. "3", got '${header}'`,
      [{ field: 'If-Match', rule: 'version', message: `If-Match must be an ETag read with ${what}` }],
    );
  }
  return Number(match[1]);
}

import { DomainError } from '../../../../shared/domain/DomainError.js';
import type { LabId } from '../../../../shared/domain/LabId.js';
import type { ConfigObject, ConfigObjectSnapshot } from './ConfigObject.js';
import { canonicalObjectId } from './ObjectId.js';
import type { ObjectSort } from './ObjectSort.js';

/** Which copy of the configuration: the one operators edit, or the one the gateway runs. */
export type Revision = 'working' | 'committed';

export interface RevisionDiff {
  readonly added: number;
  readonly removed: number;
  readonly modified: number;
}

/** A reference of a working object to an id that no working object has. */
export interface DanglingReference {
  readonly id: string;
  readonly displayName: string;
  readonly slot: string;
  readonly missingId: string;
}

/** Whether a text is an id in canonical form (lower-case hyphenated): the only form repositories store. */
export function isCanonicalObjectId(id: string): boolean {
  return canonicalObjectId(id) === id;
}

/**
 * What every adapter checks before it stores an object, so none accepts what another would refuse: the id
 * and every referenced id in canonical form, and no NUL character anywhere (PostgreSQL text cannot hold one).
 */
export function checkStorable(snapshot: ConfigObjectSnapshot): void {
  if (!isCanonicalObjectId(snapshot.id)) {
    throw DomainError.invalid(
      'OBJECT_ID_INVALID',
      `'${snapshot.id}' is not an object id in canonical form (lower-case, hyphenated)`,
    );
  }
  for (const [slot, ids] of Object.entries(snapshot.references)) {
    const bad = ids.find((id) => !isCanonicalObjectId(id));
    if (bad !== undefined) {
      throw DomainError.invalid(
        'OBJECT_REFERENCE_INVALID',
        `object ${snapshot.id}: reference '${bad}' in slot '${slot}' is not an object id in canonical form`,
      );
    }
  }
  if (JSON.stringify(snapshot).includes('\\u0000')) {
    throw DomainError.invalid(
      'OBJECT_TEXT_INVALID',
      `object ${snapshot.id} holds a NUL character, which no text of the configuration may contain`,
    );
  }
}

/** Whether two snapshots hold the same content (everything but the version; key order does not count). */
export function sameContent(a: ConfigObjectSnapshot, b: ConfigObjectSnapshot): boolean {
  return canonicalJson({ ...a, version: 0 }) === canonicalJson({ ...b, version: 0 });
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/**
 * The configuration graph of each lab, in two revisions. Every read and write of the typed areas and of the
 * detached-objects view goes to the working revision; only commit and revert move whole revisions.
 * Ids passed in are canonical (see ObjectId.ts); a look-up by any other text finds nothing, and storing an
 * object with a non-canonical id or reference is refused (checkStorable). Must be used inside a unit of work.
 *
 * Changes: every write to the working revision (save, remove, replaceWorking) records the ids it changed, in
 * the same unit; publishWorking and restoreCommitted move only those objects and forget them, so both cost what
 * changed since the last commit or revert, not the size of the graph. An object never recorded has the same
 * content in both revisions. diff and danglingReferences read the recorded ids as well.
 *
 * Versions: save bumps the version by one. The revision moves (replaceWorking, restoreCommitted) keep the
 * version of every object whose content they leave unchanged and give every other object a version above
 * the one it had in the working revision, so a client holding an older read gets a conflict, never a
 * silent overwrite: an object revert brings back after a removal gets a version above every one it had since
 * the last commit or revert. publishWorking copies versions along with content.
 * Order: listings are ordered by sort, then display name, then id, comparing code points (not locale).
 */
export abstract class ConfigurationRepository {
  abstract find(lab: LabId, id: string, revision?: Revision): Promise<ConfigObject | undefined>;
  abstract findByDisplayName(
    lab: LabId,
    sort: ObjectSort,
    displayName: string,
    revision?: Revision,
  ): Promise<ConfigObject | undefined>;
  /** Objects of one sort (all sorts when omitted), ordered by sort then display name. */
  abstract list(lab: LabId, sort?: ObjectSort, revision?: Revision): Promise<ConfigObject[]>;
  /** Objects of the working revision whose references include `id`. */
  abstract referrersOf(lab: LabId, id: string): Promise<ConfigObject[]>;
  /** Inserts (version 0) or updates (version must match the stored one, else StaleVersionError); bumps the version. */
  abstract save(object: ConfigObject): Promise<void>;
  /** Removes objects from the working revision (no reference checks here: the use case does them); unknown ids are ignored. */
  abstract remove(lab: LabId, ids: readonly string[]): Promise<void>;
  /** Replaces the whole working revision (configuration import); the snapshots' own versions are ignored. */
  abstract replaceWorking(lab: LabId, objects: readonly ConfigObjectSnapshot[]): Promise<void>;
  /** committed := working (content and versions), for the objects changed since the last commit or revert. */
  abstract publishWorking(lab: LabId): Promise<void>;
  /** working := committed, for the objects changed since the last commit or revert. */
  abstract restoreCommitted(lab: LabId): Promise<void>;
  /** How the working revision differs from the committed one, in objects. */
  abstract diff(lab: LabId): Promise<RevisionDiff>;
  abstract count(lab: LabId, revision?: Revision): Promise<number>;
  /**
   * References of working objects to ids no working object has (commit refuses to publish them), ordered by
   * object (as listings are), then slot name, then position; at most `limit`. Incremental: only the changed
   * objects and the objects referencing a removed one are read, on the ground that the committed revision has
   * no dangling reference (commit refuses them; the factory configuration has none).
   */
  abstract danglingReferences(lab: LabId, limit: number): Promise<DanglingReference[]>;
}

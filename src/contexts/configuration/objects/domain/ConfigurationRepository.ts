import type { LabId } from '../../../../shared/domain/LabId.js';
import type { ConfigObject, ConfigObjectSnapshot } from './ConfigObject.js';
import type { ObjectSort } from './ObjectSort.js';

/** Which copy of the configuration: the one operators edit, or the one the gateway runs. */
export type Revision = 'working' | 'committed';

export interface RevisionDiff {
  readonly added: number;
  readonly removed: number;
  readonly modified: number;
}

/**
 * The configuration graph of each lab, in two revisions. Every read and write of the typed areas and of the
 * detached-objects view goes to the working revision; only commit and revert move whole revisions.
 * Ids passed in are canonical (see ObjectId.ts). Must be used inside a unit of work.
 */
export abstract class ConfigurationRepository {
  abstract find(lab: LabId, id: string, revision?: Revision): Promise<ConfigObject | undefined>;
  abstract findByDisplayName(lab: LabId, sort: ObjectSort, displayName: string, revision?: Revision): Promise<ConfigObject | undefined>;
  /** Objects of one sort (all sorts when omitted), ordered by sort then display name. */
  abstract list(lab: LabId, sort?: ObjectSort, revision?: Revision): Promise<ConfigObject[]>;
  /** Objects of the working revision whose references include `id`. */
  abstract referrersOf(lab: LabId, id: string): Promise<ConfigObject[]>;
  /** Inserts (version 0) or updates (version must match the stored one, else StaleVersionError); bumps the version. */
  abstract save(object: ConfigObject): Promise<void>;
  /** Removes objects from the working revision (no reference checks here: the use case does them). */
  abstract remove(lab: LabId, ids: readonly string[]): Promise<void>;
  /** Replaces the whole working revision (clean, configuration import). */
  abstract replaceWorking(lab: LabId, objects: readonly ConfigObjectSnapshot[]): Promise<void>;
  /** committed := working. */
  abstract publishWorking(lab: LabId): Promise<void>;
  /** working := committed. */
  abstract restoreCommitted(lab: LabId): Promise<void>;
  /** How the working revision differs from the committed one, in objects. */
  abstract diff(lab: LabId): Promise<RevisionDiff>;
  abstract count(lab: LabId, revision?: Revision): Promise<number>;
}

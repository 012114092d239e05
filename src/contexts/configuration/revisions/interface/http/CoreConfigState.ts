import type { WireDates } from '../../../../../shared/interface/http/WireDates.js';
import type { ConfigurationStatusReport } from '../../application/GetConfigurationStatus.js';
import type { LifecycleState } from '../../domain/ConfigurationLifecycle.js';

/** The lifecycle states on the wire, in the product's upper-case enum style. */
const WIRE_STATES: { readonly [S in LifecycleState]: string } = {
  committed: 'COMMITTED',
  modified: 'MODIFIED',
  cleaned: 'CLEANED',
  imported: 'IMPORTED',
  'imported-protected': 'IMPORTED_PROTECTED',
};

/**
 * CoreConfigState, the body of GET /api/coreConfig/status/get:
 * - state: COMMITTED | MODIFIED | CLEANED | IMPORTED | IMPORTED_PROTECTED;
 * - hasUncommittedChanges: false only in COMMITTED (true from the first change after a commit or revert until
 *   the next one, even when later edits undo it — changedObjects shows the actual difference);
 * - commitProtection: true in IMPORTED_PROTECTED (commit and writes are refused until revert or another import);
 * - lastCommitId, lastCommitTime: the last commit (the factory installation counts as one); left out before any;
 * - lastChangeTime: when the state last changed;
 * - importedFileName: the uploaded file's name, in IMPORTED and IMPORTED_PROTECTED only;
 * - changedObjects {added, removed, modified}: objects of the working configuration not in the committed one,
 *   of the committed one not in the working one, and in both with different content;
 * - workingObjectCount, committedObjectCount.
 * Times are wire dates (`UTC yyyy-mm-dd hh:mm:ss`, or ISO-8601 with dateFormat=ISO-8601).
 */
export interface CoreConfigState {
  readonly state: string;
  readonly hasUncommittedChanges: boolean;
  readonly commitProtection: boolean;
  readonly lastCommitId?: string;
  readonly lastCommitTime?: string;
  readonly lastChangeTime: string;
  readonly importedFileName?: string;
  readonly changedObjects: { readonly added: number; readonly removed: number; readonly modified: number };
  readonly workingObjectCount: number;
  readonly committedObjectCount: number;
}

export function coreConfigStateView(report: ConfigurationStatusReport, dates: WireDates): CoreConfigState {
  const { state } = report;
  return {
    state: WIRE_STATES[state.status],
    hasUncommittedChanges: state.hasUncommittedChanges,
    commitProtection: state.commitProtection,
    ...(state.lastCommit ? { lastCommitId: state.lastCommit.id, lastCommitTime: dates.render(state.lastCommit.at) } : {}),
    lastChangeTime: dates.render(state.changedAt),
    ...(state.importedFileName !== undefined ? { importedFileName: state.importedFileName } : {}),
    changedObjects: { ...report.changedObjects },
    workingObjectCount: report.workingObjectCount,
    committedObjectCount: report.committedObjectCount,
  };
}

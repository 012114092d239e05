import { Type } from 'class-transformer';
import { IsBoolean, IsIn, IsInt, IsOptional, IsString, IsUUID, Min, ValidateNested } from 'class-validator';
import type { WireDates } from '../../../../../shared/interface/http/WireDates.js';
import type { ConfigurationStatusReport } from '../../application/GetConfigurationStatus.js';
import type { ConfigurationStatus } from '../../domain/ConfigurationState.js';
import { SchemaName } from '../../../../../shared/interface/http/SchemaName.js';

/** The lifecycle states on the wire, in the product's upper-case enum style. */
const WIRE_STATES: { readonly [S in ConfigurationStatus]: string } = {
  committed: 'COMMITTED',
  modified: 'MODIFIED',
  cleaned: 'CLEANED',
  imported: 'IMPORTED',
  'imported-protected': 'IMPORTED_PROTECTED',
};

/** CoreConfigStateView.changedObjects: objects added, removed and modified against the committed configuration. */
@SchemaName('ChangedObjectCounts')
export class ChangedObjectCountsView {
  @IsInt() @Min(0) added!: number;
  @IsInt() @Min(0) removed!: number;
  @IsInt() @Min(0) modified!: number;
}

/**
 * CoreConfigStateView, the body of GET /api/coreConfig/status/get:
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
@SchemaName('CoreConfigState')
export class CoreConfigStateView {
  @IsIn(Object.values(WIRE_STATES)) state!: string;
  @IsBoolean() hasUncommittedChanges!: boolean;
  @IsBoolean() commitProtection!: boolean;
  @IsOptional() @IsUUID() lastCommitId?: string;
  @IsOptional() @IsString() lastCommitTime?: string;
  @IsString() lastChangeTime!: string;
  @IsOptional() @IsString() importedFileName?: string;
  @ValidateNested() @Type(() => ChangedObjectCountsView) changedObjects!: ChangedObjectCountsView;
  @IsInt() @Min(0) workingObjectCount!: number;
  @IsInt() @Min(0) committedObjectCount!: number;
}

export function coreConfigStateView(report: ConfigurationStatusReport, dates: WireDates): CoreConfigStateView {
  const { state } = report;
  return {
    state: WIRE_STATES[state.status],
    hasUncommittedChanges: state.hasUncommittedChanges,
    commitProtection: state.commitProtection,
    ...(state.lastCommit
      ? { lastCommitId: state.lastCommit.id, lastCommitTime: dates.render(state.lastCommit.at) }
      : {}),
    lastChangeTime: dates.render(state.changedAt),
    ...(state.importedFileName !== undefined ? { importedFileName: state.importedFileName } : {}),
    changedObjects: { ...report.changedObjects },
    workingObjectCount: report.workingObjectCount,
    committedObjectCount: report.committedObjectCount,
  };
}

import { DomainError } from '../../../../shared/domain/DomainError.js';
import type { LabId } from '../../../../shared/domain/LabId.js';
import type { ConfigurationEvent } from './ConfigurationEvents.js';
import { StateMachine } from '../../../../shared/domain/StateMachine.js';

/**
 * Where a lab's working configuration stands against the committed one:
 * - committed: working equals committed (after a commit, a revert, or the factory installation);
 * - modified: an object was written since;
 * - cleaned: clean emptied the working configuration (revertible until committed);
 * - imported: a configuration file replaced the working configuration, not committed yet;
 * - imported-protected: the same with commit protection: view-only, neither committable nor writable
 *   until a revert or another import.
 */
export const CONFIGURATION_STATUSES = ['committed', 'modified', 'cleaned', 'imported', 'imported-protected'] as const;
export type ConfigurationStatus = (typeof CONFIGURATION_STATUSES)[number];

const ANY: readonly ConfigurationStatus[] = CONFIGURATION_STATUSES;

/**
 * The state machine as data. Triggers: a write → modified; commit → committed; revert → committed;
 * clean → cleaned; import → imported or imported-protected. Repeating a trigger keeps the state
 * (commit with nothing changed, a second write, a second clean). A protected import only leaves by revert
 * (→ committed) or another import; commit leads to committed too, so commit checks protection itself.
 */
export const CONFIGURATION_STATE_MACHINE = new StateMachine<ConfigurationStatus>('configuration', {
  committed: ANY,
  modified: ANY,
  cleaned: ANY,
  imported: ANY,
  'imported-protected': ['committed', 'imported', 'imported-protected'],
});

export interface CommitRecord {
  readonly id: string;
  readonly at: Date;
}

/** How a ConfigurationState is stored and rebuilt. `version` is the optimistic concurrency version (0: never stored). */
export interface ConfigurationStateSnapshot {
  readonly status: ConfigurationStatus;
  readonly lastCommit: CommitRecord | undefined;
  readonly changedAt: Date;
  /** Name of the file of the last import, while the state is imported or imported-protected. */
  readonly importedFileName: string | undefined;
  readonly version: number;
}

function protectedError(action: string): DomainError {
  return DomainError.conflict(
    'CONFIGURATION_COMMIT_PROTECTED',
    `the working configuration was imported with commitProtection=true and can only be viewed: ${action} is refused; ` +
      'revert to the committed configuration, or import a configuration without commit protection',
  );
}

/**
 * The state of one lab's configuration: which status of CONFIGURATION_STATE_MACHINE it is in, the last
 * commit, and when it last changed. Every trigger moves through the state machine and raises one event
 * (a repeated write raises none). Commit protection is the state imported-protected.
 */
export class ConfigurationState {
  private readonly events: ConfigurationEvent[] = [];
  private state: ConfigurationStateSnapshot;

  constructor(
    readonly lab: LabId,
    snapshot: ConfigurationStateSnapshot,
  ) {
    this.state = snapshot;
  }

  /** A lab whose configuration was never installed: committed, no commit yet, never stored. */
  static initial(lab: LabId, at: Date): ConfigurationState {
    return new ConfigurationState(lab, {
      status: 'committed',
      lastCommit: undefined,
      changedAt: at,
      importedFileName: undefined,
      version: 0,
    });
  }

  get status(): ConfigurationStatus {
    return this.state.status;
  }
  get commitProtection(): boolean {
    return this.state.status === 'imported-protected';
  }
  /** True from the first change after a commit or revert until the next one (even if later edits undo it). */
  get hasUncommittedChanges(): boolean {
    return this.state.status !== 'committed';
  }
  get lastCommit(): CommitRecord | undefined {
    return this.state.lastCommit;
  }
  get changedAt(): Date {
    return this.state.changedAt;
  }
  get importedFileName(): string | undefined {
    return this.state.importedFileName;
  }
  get version(): number {
    return this.state.version;
  }
  /** Whether the lab's configuration was never installed (nothing stored yet). */
  get isNew(): boolean {
    return this.state.version === 0;
  }

  /** Refuses (409) any change to the working configuration while it is view-only. */
  assertWritable(): void {
    if (this.commitProtection) throw protectedError('changing it');
  }

  assertCommittable(): void {
    if (this.commitProtection) throw protectedError('committing it');
  }

  /** A write to the working configuration. */
  modify(at: Date): void {
    this.assertWritable();
    if (this.state.status === 'modified') return;
    this.moveTo('modified', at, undefined);
    this.events.push({ name: 'ConfigurationModified', lab: this.lab, occurredAt: at });
  }

  commit(commitId: string, at: Date, objectCount: number): void {
    this.assertCommittable();
    this.moveTo('committed', at, undefined);
    this.state = { ...this.state, lastCommit: { id: commitId, at } };
    this.events.push({ name: 'ConfigurationCommitted', lab: this.lab, occurredAt: at, commitId, objectCount });
  }

  revert(at: Date): void {
    this.moveTo('committed', at, undefined);
    this.events.push({ name: 'ConfigurationReverted', lab: this.lab, occurredAt: at });
  }

  clean(at: Date, removedCount: number): void {
    this.assertWritable();
    this.moveTo('cleaned', at, undefined);
    this.events.push({ name: 'ConfigurationCleaned', lab: this.lab, occurredAt: at, removedCount });
  }

  imported(at: Date, commitProtection: boolean, fileName: string, objectCount: number): void {
    this.moveTo(commitProtection ? 'imported-protected' : 'imported', at, fileName);
    this.events.push({ name: 'ConfigurationImported', lab: this.lab, occurredAt: at, commitProtection, objectCount });
  }

  pullEvents(): ConfigurationEvent[] {
    return this.events.splice(0);
  }

  snapshot(): ConfigurationStateSnapshot {
    return this.state;
  }

  private moveTo(to: ConfigurationStatus, at: Date, importedFileName: string | undefined): void {
    const status = CONFIGURATION_STATE_MACHINE.transition(this.state.status, to);
    this.state = { ...this.state, status, changedAt: at, importedFileName };
  }
}

import { injectable } from 'inversify';
import { snapshotsUnavailable } from '../domain/SnapshotErrors.js';
import { SnapshotRepository, type StateCatalog } from '../application/SnapshotRepository.js';
import type { SnapshotSummary, StoredSnapshot } from '../domain/LabState.js';

/** The in-memory stores keep no snapshots (as they cannot reset a lab): every use is 409 SNAPSHOTS_UNAVAILABLE. */
@injectable()
export class UnavailableSnapshotRepository extends SnapshotRepository {
  available(): boolean {
    return false;
  }

  catalog(): Promise<StateCatalog> {
    return Promise.reject(snapshotsUnavailable());
  }
  list(): Promise<SnapshotSummary[]> {
    return Promise.reject(snapshotsUnavailable());
  }
  find(): Promise<SnapshotSummary | undefined> {
    return Promise.reject(snapshotsUnavailable());
  }
  read(): Promise<StoredSnapshot | undefined> {
    return Promise.reject(snapshotsUnavailable());
  }
  save(): Promise<SnapshotSummary | undefined> {
    return Promise.reject(snapshotsUnavailable());
  }
  put(): Promise<SnapshotSummary> {
    return Promise.reject(snapshotsUnavailable());
  }
  check(): Promise<undefined> {
    return Promise.reject(snapshotsUnavailable());
  }
  restore(): Promise<boolean> {
    return Promise.reject(snapshotsUnavailable());
  }
  remove(): Promise<boolean> {
    return Promise.reject(snapshotsUnavailable());
  }

  async removeAll(): Promise<void> {
    // nothing kept
  }
}

import { inject, injectable } from 'inversify';
import type { LabId } from '../../../../shared/domain/LabId.js';
import { MachineStrain } from '../../resources/application/MachineStrain.js';
import type { CallHistoryEntry, RecordingEntry, SipMessageEntry } from '../domain/MonitorRecords.js';
import { BatchingMonitorSinks } from './BatchingMonitorSinks.js';
import { MonitorSinks } from './MonitorSinks.js';

/** Rows a full disk refused, per kind, since the start (all labs). */
export interface DiskFullDrops {
  readonly calls: number;
  readonly messages: number;
  readonly recordings: number;
}

/**
 * The monitor's sinks in front of the machine's disk: while the lab's disk is full (MachineStrain), the call
 * history, SIP message and recording rows the simulator hands over are dropped at once and counted (never
 * queued to wait for space); otherwise they pass to the batching sinks. Reads are not touched: what was kept
 * stays readable. When the disk has room again, writing resumes with the next row.
 */
@injectable()
export class DiskGuardedMonitorSinks extends MonitorSinks {
  private readonly drops = { calls: 0, messages: 0, recordings: 0 };

  constructor(
    @inject(BatchingMonitorSinks) private readonly inner: BatchingMonitorSinks,
    @inject(MachineStrain) private readonly strain: MachineStrain,
  ) {
    super();
  }

  recordCall(lab: LabId, entry: CallHistoryEntry): void {
    if (this.strain.diskFull(lab)) this.drops.calls += 1;
    else this.inner.recordCall(lab, entry);
  }

  recordMessages(lab: LabId, messages: readonly SipMessageEntry[]): void {
    if (this.strain.diskFull(lab)) this.drops.messages += messages.length;
    else this.inner.recordMessages(lab, messages);
  }

  recordRecording(lab: LabId, entry: RecordingEntry): void {
    if (this.strain.diskFull(lab)) this.drops.recordings += 1;
    else this.inner.recordRecording(lab, entry);
  }

  /** As the settings say (a full disk does not change what the gateway means to keep: the messages are built, then dropped and counted). */
  keepsMessages(lab: LabId): boolean {
    return this.inner.keepsMessages(lab);
  }

  dropped(): DiskFullDrops {
    return { ...this.drops };
  }

  override flush(): Promise<void> {
    return this.inner.flush();
  }
}

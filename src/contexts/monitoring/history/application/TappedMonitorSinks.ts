import { inject, injectable, multiInject, optional } from 'inversify';
import type { LabId } from '../../../../shared/domain/LabId.js';
import type { CallHistoryEntry, RecordingEntry, SipMessageEntry } from '../domain/MonitorRecords.js';
import { DiskGuardedMonitorSinks } from './DiskGuardedMonitorSinks.js';
import { MessageTap } from './MessageTap.js';
import { MonitorSinks } from './MonitorSinks.js';

/**
 * The sinks the simulator writes to: the SIP messages also go to the taps that want them (MessageTap), then to the
 * disk's guard and the batching sinks as before. When a tap wants a lab's messages, `keepsMessages` says so even when
 * the monitor keeps none (its SIP flow recording off, the monitor unreachable); the monitor is then handed only what
 * it would have asked for, so its counters of rows not kept and dropped stay what they were without the tap.
 */
@injectable()
export class TappedMonitorSinks extends MonitorSinks {
  constructor(
    @inject(DiskGuardedMonitorSinks) private readonly inner: DiskGuardedMonitorSinks,
    @multiInject(MessageTap) @optional() private readonly taps: readonly MessageTap[] = [],
  ) {
    super();
  }

  recordCall(lab: LabId, entry: CallHistoryEntry): void {
    this.inner.recordCall(lab, entry);
  }

  recordMessages(lab: LabId, messages: readonly SipMessageEntry[]): void {
    let tapped = false;
    for (const tap of this.taps) {
      if (!tap.wants(lab)) continue;
      tapped = true;
      tap.copy(lab, messages);
    }
    if (!tapped || this.inner.keepsMessages(lab)) this.inner.recordMessages(lab, messages);
  }

  recordRecording(lab: LabId, entry: RecordingEntry): void {
    this.inner.recordRecording(lab, entry);
  }

  keepsMessages(lab: LabId): boolean {
    return this.inner.keepsMessages(lab) || this.taps.some((tap) => tap.wants(lab));
  }

  override flush(): Promise<void> {
    return this.inner.flush();
  }
}

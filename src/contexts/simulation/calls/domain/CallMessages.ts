import type { SipMessageEntry } from '../../../monitoring/index.js';
import type { CallRecorder } from './CallRecorder.js';
import { inTimeOrder } from './inTimeOrder.js';
import { messageEntryOf } from './messageEntryOf.js';
import type { TransportLeg, WireRecord } from './SessionTransport.js';

/**
 * The messages of the calls as the transport reports them, gathered per step of the engine and handed to the
 * recorder in time order (one batch per step); those of an inbound leg reported before its call was named (the
 * INVITE) wait for the name.
 */
export class CallMessages {
  private batch: SipMessageEntry[] | undefined;
  private readonly unnamed = new Map<TransportLeg, WireRecord[]>();

  constructor(private readonly recorder: CallRecorder) {}

  wire(leg: TransportLeg, record: WireRecord, systemIdentifier: string): void {
    if (leg.sessionIdentifier === '') {
      this.unnamed.set(leg, [...(this.unnamed.get(leg) ?? []), record]);
      return;
    }
    if (this.batch === undefined) {
      if (!this.recorder.keepsMessages()) return;
      this.batch = [];
    }
    this.batch.push(messageEntryOf(leg, record, systemIdentifier));
  }

  /** The leg's call was named: its messages reported before go into the batch. */
  named(leg: TransportLeg, systemIdentifier: string): void {
    for (const record of this.unnamed.get(leg) ?? []) this.wire(leg, record, systemIdentifier);
    this.unnamed.delete(leg);
  }

  flush(): void {
    if (this.batch === undefined) return;
    const batch = inTimeOrder(this.batch);
    this.batch = undefined;
    if (batch.length > 0) this.recorder.messages(batch);
  }
}

import type { CallHistoryEntry, RecordingEntry, SipMessageEntry } from '../../../src/contexts/monitoring/index.js';
import { MonitorSinks } from '../../../src/contexts/monitoring/index.js';
import type { LabId } from '../../../src/shared/domain/LabId.js';
import type { CallRecorder } from '../../../src/contexts/simulation/calls/domain/CallRecorder.js';

/** A MonitorSinks that keeps everything it is handed, for tests (and a CallRecorder of one lab over it). */
export class RecordingSinks extends MonitorSinks {
  readonly calls: CallHistoryEntry[] = [];
  readonly messages: SipMessageEntry[] = [];
  readonly recordings: RecordingEntry[] = [];
  keepMessages = true;

  recordCall(_lab: LabId, entry: CallHistoryEntry): void {
    this.calls.push(entry);
  }
  recordMessages(_lab: LabId, messages: readonly SipMessageEntry[]): void {
    this.messages.push(...messages);
  }
  recordRecording(_lab: LabId, entry: RecordingEntry): void {
    this.recordings.push(entry);
  }
  keepsMessages(): boolean {
    return this.keepMessages;
  }

  recorder(lab = 'default' as LabId): CallRecorder {
    return {
      keepsMessages: () => this.keepsMessages(),
      messages: (batch) => this.recordMessages(lab, batch),
      call: (entry) => this.recordCall(lab, entry),
      recording: (entry) => this.recordRecording(lab, entry),
    };
  }

  messagesOf(sessionIdentifier: string): SipMessageEntry[] {
    return this.messages.filter((m) => m.sessionIdentifier === sessionIdentifier);
  }
}

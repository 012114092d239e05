import type { LabId } from '../../../../shared/domain/LabId.js';
import type { MonitorSinks } from '../../../monitoring/index.js';
import type { CallRecorder } from '../domain/CallRecorder.js';

/** The monitor's sinks for one lab's engine; without a monitor bound, nothing is kept (as when it is unreachable). */
export function callRecorderOf(sinks: MonitorSinks | undefined, lab: LabId): CallRecorder {
  if (!sinks)
    return {
      keepsMessages: () => false,
      messages: () => undefined,
      call: () => undefined,
      recording: () => undefined,
    };
  return {
    keepsMessages: () => sinks.keepsMessages(lab),
    messages: (batch) => sinks.recordMessages(lab, batch),
    call: (entry) => sinks.recordCall(lab, entry),
    recording: (entry) => sinks.recordRecording(lab, entry),
  };
}

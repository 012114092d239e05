import { injectable } from 'inversify';
import { DomainError } from '../../../../shared/domain/DomainError.js';
import type { LabId } from '../../../../shared/domain/LabId.js';

/** Whether a lab's monitor answers now, and why not. */
export type MonitorStatus = { readonly reachable: true } | { readonly reachable: false; readonly reason: string };

/** The text the version operation shows for `monitor` while the monitor is unreachable (as the real product does). */
export const MONITOR_UNAVAILABLE_TEXT = 'Service Unavailable';

/**
 * Whether the monitor component can be reached. It cannot while its store cannot be reached (connection errors,
 * reported by the store's adapter and cleared by a successful probe), nor while a fault switched it off for a lab
 * (`setUnreachable`). While unreachable the sinks drop what they get, version reports `monitor` as a text
 * status, callHistory/get and messageHistory answer 503 MONITOR_UNREACHABLE and the export an HTML page.
 */
export abstract class MonitorAvailability {
  abstract status(lab: LabId): MonitorStatus;
  /** A fault: the lab's monitor is unreachable for `reason` (undefined: reachable again, as far as the fault goes). */
  abstract setUnreachable(lab: LabId, reason: string | undefined): void;
  /** The store's adapter: the store cannot be reached (`reason`), or can again (undefined). */
  abstract storeUnreachable(reason: string | undefined): void;
  /** Whether the store itself is marked unreachable (retention probes it then). */
  abstract storeDown(): boolean;

  /** Throws 503 MONITOR_UNREACHABLE naming why, when the lab's monitor cannot be reached. */
  assertReachable(lab: LabId): void {
    const status = this.status(lab);
    if (!status.reachable)
      throw DomainError.unavailable(
        'MONITOR_UNREACHABLE',
        `the monitor component cannot be reached (${status.reason}): call history and SIP messages are unavailable until it is back`,
      );
  }
}

/** MonitorAvailability held in memory: per-lab faults and the store's state. */
@injectable()
export class SwitchableMonitorAvailability extends MonitorAvailability {
  private readonly faults = new Map<LabId, string>();
  private storeReason: string | undefined;

  status(lab: LabId): MonitorStatus {
    const reason = this.faults.get(lab) ?? this.storeReason;
    return reason === undefined ? { reachable: true } : { reachable: false, reason };
  }

  setUnreachable(lab: LabId, reason: string | undefined): void {
    if (reason === undefined) this.faults.delete(lab);
    else this.faults.set(lab, reason);
  }

  storeUnreachable(reason: string | undefined): void {
    this.storeReason = reason;
  }

  storeDown(): boolean {
    return this.storeReason !== undefined;
  }
}

import { inject, injectable, optional } from 'inversify';
import { Logger } from '../../../../shared/application/Logger.js';
import { GatewayFaultSwitch, type HeldGatewayFault } from '../../../../shared/application/GatewayFaultSwitch.js';
import type { LabId } from '../../../../shared/domain/LabId.js';
import { MonitorAvailability } from './MonitorAvailability.js';

/** The gateway fault monitorUnreachable: while a rule holds it, the lab's monitor cannot be reached (MonitorAvailability). */
@injectable()
export class MonitorUnreachableSwitch extends GatewayFaultSwitch {
  readonly kinds = ['monitorUnreachable'] as const;

  constructor(
    @inject(MonitorAvailability) private readonly availability: MonitorAvailability,
    @inject(Logger) @optional() private readonly logger: Logger | undefined = undefined,
  ) {
    super();
  }

  hold(lab: LabId, faults: readonly HeldGatewayFault[]): void {
    const reason = faults.length > 0 ? `switched off by fault rule ${faults[0]!.ruleId}` : undefined;
    this.availability.setUnreachable(lab, reason);
    this.logger?.info(
      { lab, ...(reason ? { reason } : {}) },
      reason ? "a fault makes the lab's monitor unreachable" : "the lab's monitor is reachable again",
    );
  }
}

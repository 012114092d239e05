import { inject, injectable } from 'inversify';
import { GatewayFaultSwitch, type HeldGatewayFault } from '../../../../shared/application/GatewayFaultSwitch.js';
import type { LabId } from '../../../../shared/domain/LabId.js';
import { MonitorAvailability } from './MonitorAvailability.js';

/** The gateway fault monitorUnreachable: while a rule holds it, the lab's monitor cannot be reached (MonitorAvailability). */
@injectable()
export class MonitorUnreachableSwitch extends GatewayFaultSwitch {
  readonly kinds = ['monitorUnreachable'] as const;

  constructor(@inject(MonitorAvailability) private readonly availability: MonitorAvailability) {
    super();
  }

  hold(lab: LabId, faults: readonly HeldGatewayFault[]): void {
    this.availability.setUnreachable(
      lab,
      faults.length > 0 ? `switched off by fault rule ${faults[0]!.ruleId}` : undefined,
    );
  }
}

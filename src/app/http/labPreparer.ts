import type { LabId } from '../../shared/domain/LabId.js';
import type { LabChangeWatch } from '../../shared/application/LabChangeWatch.js';
import type { LabGate } from '../../shared/application/LabGate.js';

/** Readies a lab for a request: see labPreparer. */
export type LabPreparer = (lab: LabId) => Promise<void>;

/**
 * Readies a lab for a request of it: a lab being reset is waited for (LabGate), then brought up to date with the
 * changes made through other processes of a shared server (clock, fault rules, traffic; LabChangeWatch).
 */
export function labPreparer(gate: LabGate, watch: LabChangeWatch): LabPreparer {
  return async (lab) => {
    const resetting = gate.passage(lab);
    if (resetting) await resetting;
    await watch.check(lab);
  };
}

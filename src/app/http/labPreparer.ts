import { isLabId, type LabId } from '../../shared/domain/LabId.js';
import type { LabDirectory } from '../../shared/application/LabDirectory.js';
import type { LabChangeWatch } from '../../shared/application/LabChangeWatch.js';
import type { LabGate } from '../../shared/application/LabGate.js';

/** Readies a lab for a request: see labPreparer. Undefined when the lab is ready now (nothing to wait for). */
export type LabPreparer = (lab: LabId) => Promise<void> | undefined;

/**
 * Readies a lab for a request of it: a lab being reset is waited for (LabGate), then brought up to date with the
 * changes made through other processes of a shared server (clock, fault rules, traffic; LabChangeWatch).
 */
export function labPreparer(gate: LabGate, watch: LabChangeWatch): LabPreparer {
  return (lab) => {
    const resetting = gate.passage(lab);
    return resetting ? resetting.then(() => watch.check(lab)) : watch.check(lab);
  };
}

/** Finds the lab a request names: see labNamer. */
export type LabNamer = (name: string) => Promise<LabId>;

/**
 * The lab a request names (a `/labs/{lab}` prefix, a control path's `{lab}`), looked up once a reset of it has
 * ended: a reset drops the lab and makes it again, so a lookup in between would answer 404 LAB_NOT_FOUND.
 */
export function labNamer(gate: LabGate, directory: LabDirectory): LabNamer {
  return async (name) => {
    const resetting = isLabId(name) ? gate.passage(name) : undefined;
    if (resetting) await resetting;
    return directory.named(name);
  };
}

import type { LabId } from '../../../../shared/domain/LabId.js';

/**
 * The demo a fresh start installs in the default lab (its configuration, committed, a lab license and its traffic),
 * installed in a lab that holds what a new lab holds: `reset {to: "demo"}` resets the lab, then asks for it. The
 * demo's files are the composition root's (demo/), which implements this port.
 */
export abstract class LabDemo {
  abstract install(lab: LabId): Promise<void>;
}

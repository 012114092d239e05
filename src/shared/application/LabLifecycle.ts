import type { LabId } from '../domain/LabId.js';

/**
 * What a context does when a lab is made or removed (multi-bound; the labs of the control plane call every one):
 * `initialize` gives a new lab what a gateway has out of the box (the built-in administrator, the factory
 * configuration), `remove` drops what the context keeps of a removed lab outside the main store's rows (which go
 * with the lab's own row): the monitor's records, traffic, sessions, state held in memory.
 */
export abstract class LabLifecycle {
  abstract readonly name: string;
  abstract initialize(lab: LabId): Promise<void>;
  abstract remove(lab: LabId): Promise<void>;
}

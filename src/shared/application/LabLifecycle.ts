import type { LabId } from '../domain/LabId.js';

/**
 * What a context does when a lab is made, removed or restored (multi-bound; the labs of the control plane call
 * every one): `initialize` gives a new lab what a gateway has out of the box (the built-in administrator, the
 * factory configuration), `remove` drops what the context keeps of a removed lab outside the main store's rows
 * (which go with the lab's own row): the monitor's records, traffic, sessions, state held in memory. `reload`
 * runs when the lab's stored state moved under what the context holds in memory: a write unit replaced it (a
 * snapshot restored), or another process sharing the server changed it (or removed the lab, or made it again).
 */
export abstract class LabLifecycle {
  abstract readonly name: string;
  abstract initialize(lab: LabId): Promise<void>;
  abstract remove(lab: LabId): Promise<void>;

  /**
   * The lab's stored state moved under this process (a snapshot restored it; another process on the same server
   * wrote it, or removed the lab or made it again there): bring what the context holds of it in memory, outside
   * the revision-checked caches, in line with the store (the lab clock, the traffic the lab should run, the plan
   * the simulator runs on, ...). Called once a restore committed, and, for changes made elsewhere, before the next
   * request of the lab is served and at least once a second. Nothing to do by default.
   */
  async reload(_lab: LabId): Promise<void> {
    // state held in memory by revision (LabReadCache) reloads on its own
  }
}

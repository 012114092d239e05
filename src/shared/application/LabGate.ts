import type { LabId } from '../domain/LabId.js';

/**
 * Holds a lab's requests while the lab is made again in place (a reset: its state dropped, then what a new lab
 * holds given again), so that no request of this process sees the lab half made — no users, no configuration —
 * and, for the default lab, no control request is refused because its administrators are briefly gone. Requests
 * wait at the gate and go on once the reset ended, whether it succeeded or not.
 */
export class LabGate {
  private readonly closed = new Map<LabId, Promise<void>>();

  /** Undefined when the lab's requests may go on at once; otherwise what to wait for. */
  passage(lab: LabId): Promise<void> | undefined {
    return this.closed.get(lab);
  }

  /** Runs `work` with the lab's gate closed (one closing at a time per lab: a second waits for the first). */
  async closedWhile<T>(lab: LabId, work: () => Promise<T>): Promise<T> {
    for (let pending = this.closed.get(lab); pending; pending = this.closed.get(lab)) await pending;
    let open!: () => void;
    this.closed.set(
      lab,
      new Promise<void>((resolve) => {
        open = resolve;
      }),
    );
    try {
      return await work();
    } finally {
      this.closed.delete(lab);
      open();
    }
  }
}

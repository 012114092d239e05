/**
 * The engine's clock and discrete-event queue as a transport sees them: what time it is in the simulation and a
 * way to have something happen at a later instant. `TrafficEngine.advanceTo` runs what is due in time order
 * (equal instants in the order they were scheduled). A socket transport's events happen when packets arrive or
 * its timers fire: it puts them on the queue at the instant they happened and asks for the engine to run (`wake`).
 */
export interface Scheduler {
  /** The simulated instant now, ms since the epoch. */
  now(): number;
  /** Runs `action` at `at` (an instant before now runs now). */
  at(at: number, action: () => void): void;
  /** Something was put on the queue from outside the engine's step (a packet arrived): run the engine soon. */
  wake(): void;
}

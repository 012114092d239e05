/**
 * Work a context needs done once the store is open and before the API serves requests, such as seeding
 * a lab's built-in users or factory-default configuration. Bound as a multi-binding; started in binding order
 * (whatever a task does before its first await is done before the next starts) and run together, so tasks must
 * not depend on each other's outcome (except on the tasks marked `first`, which run before them).
 */
export abstract class StartupTask {
  abstract readonly name: string;
  /** True for the few tasks every other one reads from (the lab clocks): they run to their end before the rest start. */
  readonly first: boolean = false;
  abstract run(): Promise<void>;
}

/**
 * Work a context needs done once the store is open and before the API serves requests, such as seeding
 * a lab's built-in users or factory-default configuration. Bound as a multi-binding; started in binding order
 * (whatever a task does before its first await is done before the next starts) and run together, so tasks must
 * not depend on each other's outcome.
 */
export abstract class StartupTask {
  abstract readonly name: string;
  abstract run(): Promise<void>;
}

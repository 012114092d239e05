/**
 * Work a context needs done once the store is open and before the API serves requests, such as seeding
 * a lab's built-in users or factory-default configuration. Bound as a multi-binding; run in binding order.
 */
export abstract class StartupTask {
  abstract readonly name: string;
  abstract run(): Promise<void>;
}

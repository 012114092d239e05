/**
 * Work that runs beside the API for as long as the gateway serves, such as the session simulator's pump and
 * the monitor's batching sinks. Bound as a multi-binding; started after the start-up tasks and before the
 * first request (in binding order), stopped in reverse order after the listener closed and before the
 * stores close, so a sink can flush what it holds.
 */
export abstract class BackgroundService {
  abstract readonly name: string;
  abstract start(): Promise<void>;
  /** Ends the work and flushes what it holds; resolves when nothing more will be written. Idempotent. */
  abstract stop(): Promise<void>;
}

/**
 * How the monitor's sinks and retention pace themselves. The module binds the defaults; tests pass their own.
 * A plain value (the sinks and retention take it through the container as a constant).
 */
export class MonitorTuning {
  constructor(
    /** A batch is cut and written at least this often. */
    readonly flushIntervalMs = 100,
    /**
     * ... or as soon as one table's queue holds this many rows. Kept short: a batch's rows are built on the event
     * loop, all at once, before they go to the store's worker; 500-row batches of SIP messages were measured holding
     * the API's requests up to a few hundred ms under 200 real calls per second (npm run bench -- --only sip).
     */
    readonly batchRows = 100,
    /**
     * The most rows waiting to be written (queued and cut); beyond it the oldest SIP messages are dropped first,
     * then the oldest calls and recordings. 100,000 rows is about 100 MB of messages.
     */
    readonly maxPendingRows = 100_000,
    /** Retention looks at every lab this often. */
    readonly retentionIntervalMs = 2000,
    /** Retention deletes at most this many calls per statement. */
    readonly retentionChunk = 5000,
  ) {}
}

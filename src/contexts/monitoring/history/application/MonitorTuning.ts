/**
 * How the monitor's sinks and retention pace themselves. The module binds the defaults; tests pass their own.
 * A plain value (the sinks and retention take it through the container as a constant).
 */
export class MonitorTuning {
  constructor(
    /**
     * A batch is cut and written at least this often. At 200 real calls per second (npm run bench -- --only sip) a
     * batch every 250 ms of up to 1,000 rows, against every 100 ms of up to 100, took the server from 63–69 % to 52 %
     * of a core and the API's p99 under that load from 42–46 ms to 32 ms: the store's worker runs a fifth as many
     * statements. Larger batches cost the request path nothing since SIP messages wait as bytes (MessageRows); when
     * they waited as objects, 500-row batches held requests up to a few hundred ms.
     */
    readonly flushIntervalMs = 250,
    /** ... or as soon as one table's queue holds this many rows. */
    readonly batchRows = 1000,
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

/** Label values of one series; the names must be among the metric's declared `labels`. */
export type MetricLabels = Readonly<Record<string, string | number>>;

/** What a metric is: its name (`gwsim_…`, snake case), its help text and the names of its labels. */
export interface MetricDefinition {
  readonly name: string;
  readonly help: string;
  /** Label names; every series gives a value for each (keep their values few: no ids, no paths). */
  readonly labels?: readonly string[];
}

export interface HistogramDefinition extends MetricDefinition {
  /** Upper bounds of the buckets, ascending (defaults to the latency buckets of the adapter, in seconds). */
  readonly buckets?: readonly number[];
}

export interface CounterDefinition extends MetricDefinition {
  /**
   * Read at each scrape instead of being incremented: for a count the owner already keeps (calls started by
   * an engine). A value lower than the last one is a reset, as Prometheus's rate() understands it.
   */
  readonly read?: () => number | Promise<number>;
}

export interface GaugeDefinition extends MetricDefinition {
  /**
   * Read at each scrape instead of being set: for values the owner already holds (a store's size, a map's size).
   * May be async; a read that fails leaves the last value and is logged.
   */
  readonly read?: () => number | Promise<number>;
}

/** A value that only goes up (requests, logins, calls): rates come from the scraper (`rate(x[1m])`). */
export interface CounterHandle {
  inc(labels?: MetricLabels, by?: number): void;
}

/** A value that goes up and down (active sessions, calls per second over the last window). */
export interface GaugeHandle {
  set(value: number, labels?: MetricLabels): void;
  inc(labels?: MetricLabels, by?: number): void;
  dec(labels?: MetricLabels, by?: number): void;
}

/** A distribution of observations (latencies in seconds, sizes). */
export interface HistogramHandle {
  observe(value: number, labels?: MetricLabels): void;
}

/**
 * Metrics as a port: contexts record through it without knowing the exporter (production binds the
 * Prometheus adapter, served at `/_sim/metrics`; tests may bind `InMemoryMetrics` and read values back).
 * Declaring a metric twice with the same definition returns the same handle, so a context may declare its
 * metrics where it uses them; the same name with another kind or other labels is an error.
 */
export abstract class Metrics {
  abstract counter(definition: CounterDefinition): CounterHandle;
  abstract gauge(definition: GaugeDefinition): GaugeHandle;
  abstract histogram(definition: HistogramDefinition): HistogramHandle;
}

/**
 * The metrics the simulator feeds, named here so the exporter, the documentation (docs/ecosystem.md) and
 * dashboards agree. The HTTP adapter and the identity context record the first four; the composition root reads
 * active sessions and calls started from the simulation context at each scrape, the monitor's figures from the
 * monitoring context, and the whitelists' refusals and the registrars' guard from the default lab's SIP state.
 */
export const GWSIM_METRICS = {
  httpRequests: {
    name: 'gwsim_http_requests_total',
    help: 'HTTP requests answered, by operation (METHOD /path of the operation table, or "unmatched") and status',
    labels: ['operation', 'status'],
  },
  httpDuration: {
    name: 'gwsim_http_request_duration_seconds',
    help: 'Time from receiving a request to its answer, by operation',
    labels: ['operation'],
  },
  logins: {
    name: 'gwsim_logins_total',
    help: 'Logins that verified credentials and opened a session (credentials reused within a minute are not counted again)',
  },
  failedLogins: {
    name: 'gwsim_failed_logins_total',
    help: 'Refused logins, by error code (INVALID_CREDENTIALS, ACCOUNT_BLOCKED, LOGIN_DELAYED, …)',
    labels: ['code'],
  },
  activeSessions: { name: 'gwsim_active_sessions', help: 'Simulated telephony sessions (calls) in progress' },
  calls: { name: 'gwsim_calls_total', help: 'Simulated calls started (calls per second: rate(gwsim_calls_total[1m]))' },
  callsPerSecond: {
    name: 'gwsim_calls_per_second',
    help: 'Simulated calls started per second over the last ten seconds, as the simulator measures it',
  },
  historySize: { name: 'gwsim_call_history_records', help: "Call records held in the monitor's call history" },
  sipMessages: { name: 'gwsim_sip_message_records', help: "SIP messages held in the monitor's SIP message history" },
  historyBytes: {
    name: 'gwsim_monitor_stored_bytes',
    help: 'Bytes of call history, SIP messages and recording descriptions held by the monitor (estimated per row)',
  },
  monitorDropped: {
    name: 'gwsim_monitor_dropped_rows_total',
    help: 'Rows the monitor lost: unreachable, queues over their bound, or a write that failed twice',
  },
  monitorPending: { name: 'gwsim_monitor_pending_rows', help: "Rows waiting in the monitor's sinks to be written" },
  sipPeerRefusals: {
    name: 'gwsim_sip_peer_refusals_total',
    help: "SIP datagrams, stream messages and connections refused by the nodes' network peer whitelists",
  },
  rtpPeerRefusals: {
    name: 'gwsim_rtp_peer_refusals_total',
    help: "RTP and RTCP packets dropped by the nodes' media whitelists",
  },
  mediaRefused: {
    name: 'gwsim_media_refused_total',
    help: 'Calls refused 503 because no RTP port pair (or file descriptor) was left for their media',
  },
  registrarFailedDigests: {
    name: 'gwsim_registrar_failed_digests_total',
    help: 'REGISTERs whose digest proved no password (wrong password, unknown user alike)',
  },
  registrarBlockedRefusals: {
    name: 'gwsim_registrar_blocked_refusals_total',
    help: 'REGISTERs refused (503 with Retry-After) because their source or user was blocked',
  },
  registrarBlocks: {
    name: 'gwsim_registrar_blocks',
    help: 'Source addresses and users blocked at the registrars now',
  },
  trunksDown: {
    name: 'gwsim_sip_trunks_down',
    help: 'Trunks whose OPTIONS keep-alive found them down now (a real far end: its calls fail over; a simulated one: a trunkDown or nodeDown fault holds)',
  },
  trunksRegistered: {
    name: 'gwsim_sip_trunks_registered',
    help: 'Trunks registered at their peer now',
  },
  trunkKeepAlives: {
    name: 'gwsim_sip_trunk_keepalives_total',
    help: "OPTIONS keep-alives sent to the trunks' peers (of the trunks watched now: a commit that changes a trunk starts it again)",
  },
  trunkKeepAlivesFailed: {
    name: 'gwsim_sip_trunk_keepalives_failed_total',
    help: 'OPTIONS keep-alives unanswered, or answered 408 or 503',
  },
  hepSent: {
    name: 'gwsim_hep_messages_sent_total',
    help: "SIP messages sent as HEP3 to the labs' collectors (handed to the socket)",
  },
  hepDropped: {
    name: 'gwsim_hep_messages_dropped_total',
    help: 'SIP messages the HEP capture lost: the collector unreachable, its queue or connection full, a message HEP cannot carry',
  },
} as const satisfies Record<string, MetricDefinition>;

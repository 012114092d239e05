import type { GatewayDashboard } from './dashboardPanel.js';
/** What an API call answered: its status and its JSON body (undefined when it had none or was not JSON). */
export interface Answer<T = unknown> {
  readonly status: number;
  readonly body: T;
}

/** The project's one error shape: `{ error: { status, code, message } }`. */
export function errorMessage(answer: Answer): string {
  const error = (answer.body as { error?: { code?: string; message?: string } } | undefined)?.error;
  return error?.message
    ? `${error.message}${error.code ? ` (${error.code})` : ''}`
    : `the gateway answered ${answer.status}`;
}

/**
 * Whose session a call rides on: `lab` (the chosen lab's gateway API, its own users and session cookie) or
 * `control` (/_sim/..., always the default lab's users). For the default lab both are one session.
 */
export type Scope = 'lab' | 'control';

export class ApiError extends Error {
  constructor(
    readonly answer: Answer,
    readonly scope: Scope = 'lab',
  ) {
    super(errorMessage(answer));
  }
}

export interface CallOptions {
  readonly method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  readonly query?: Readonly<Record<string, string | number | undefined>>;
  readonly json?: unknown;
  /** Basic credentials for this call (the login); otherwise the session cookie of this origin authenticates. */
  readonly basic?: { readonly username: string; readonly password: string };
  /** Whose session the call rides on (for the error it throws); default `lab`. */
  readonly scope?: Scope;
}

/**
 * Calls the gateway of this origin. It says it is a script (X-Requested-With), so a 401 comes without a
 * challenge and the browser shows no password dialog over the console's own login form.
 */
export async function call<T = unknown>(path: string, options: CallOptions = {}): Promise<Answer<T>> {
  const url = new URL(path, window.location.origin);
  for (const [name, value] of Object.entries(options.query ?? {})) {
    if (value !== undefined) url.searchParams.set(name, String(value));
  }
  const headers: Record<string, string> = { 'X-Requested-With': 'XMLHttpRequest', Accept: 'application/json' };
  if (options.json !== undefined) headers['Content-Type'] = 'application/json';
  if (options.basic) {
    const bytes = new TextEncoder().encode(`${options.basic.username}:${options.basic.password}`);
    headers['Authorization'] = `Basic ${btoa(String.fromCharCode(...bytes))}`;
  }
  const response = await fetch(url, {
    method: options.method ?? (options.json !== undefined ? 'POST' : 'GET'),
    headers,
    credentials: 'same-origin',
    ...(options.json !== undefined ? { body: JSON.stringify(options.json) } : {}),
  });
  const text = await response.text();
  let body: unknown;
  try {
    body = text === '' ? undefined : JSON.parse(text);
  } catch {
    body = undefined;
  }
  return { status: response.status, body: body as T };
}

/** call, answering the body of a 2xx and throwing an ApiError (with the gateway's message) otherwise. */
export async function read<T>(path: string, options: CallOptions = {}): Promise<T> {
  const answer = await call<T>(path, options);
  if (answer.status < 200 || answer.status > 299) throw new ApiError(answer, options.scope ?? 'lab');
  return answer.body;
}

/** The default lab: its gateway API is /api. */
export const DEFAULT_LAB = 'default';

/** A lab as GET /_sim/labs lists it. */
export interface Lab {
  readonly name: string;
  readonly displayName: string;
  readonly createdAt: string;
  readonly apiBase: string;
}

/** The labs (administrators of the default lab); undefined for a user who may not list them (403). */
export async function listLabs(): Promise<Lab[] | undefined> {
  const answer = await call<{ labs: Lab[] }>('/_sim/labs');
  if (answer.status === 403) return undefined;
  if (answer.status !== 200) throw new ApiError(answer, 'control');
  return answer.body.labs;
}

/** The gateway API base of a lab (/api for the default lab, /labs/{name}/api otherwise). */
export function apiBase(lab: string): string {
  return lab === DEFAULT_LAB ? '/api' : `/labs/${encodeURIComponent(lab)}/api`;
}

/** A fault rule as GET …/faults lists it. */
export interface FaultRule {
  readonly id: string;
  readonly match?: {
    readonly operation?: string;
    readonly path?: string;
    readonly method?: string;
    readonly user?: string;
  };
  readonly effect: Record<string, unknown>;
  readonly probability?: number;
  readonly count?: number;
  readonly window?: { readonly from?: string; readonly until?: string };
  readonly hits: number;
  readonly remaining?: number;
  readonly expiresAt?: string;
  readonly active: boolean;
  readonly createdAt: string;
}

/** A lab's real SIP as GET …/sip gives it (the parts the console shows). */
export interface SipState {
  readonly enabled: boolean;
  readonly host: string;
  readonly portOffset: number;
  readonly setupTimeoutSeconds: number;
  readonly listeners: readonly {
    readonly nodeId: string;
    readonly nodeName: string;
    readonly transport: string;
    readonly host: string;
    readonly port: number;
    readonly state: 'listening' | 'failed';
    readonly error?: string;
  }[];
  readonly refused: { readonly sip: number; readonly answered: number; readonly rtp: number };
  readonly registrarGuard: {
    readonly failedDigests: number;
    readonly refusedWhileBlocked: number;
    readonly blocks: readonly { readonly kind: 'source' | 'user'; readonly name: string; readonly until: string }[];
  };
  /** Whether the lab watches its trunks, and each trunk watched (toward a real or a simulated far end). */
  readonly supervision: boolean;
  readonly trunks: readonly SipTrunk[];
}

/** A trunk the gateway watches: its peer, who answers there, its OPTIONS keep-alive and its registration. */
export interface SipTrunk {
  readonly nodeId: string;
  readonly nodeName: string;
  readonly target: string;
  readonly farEnd: 'real' | 'simulated';
  readonly state: 'up' | 'down' | 'unknown' | 'unwatched';
  readonly keepAlive?: {
    readonly intervalSeconds: number;
    readonly state: 'unknown' | 'up' | 'down';
    readonly lastStatus?: number;
  };
  readonly registration?: {
    readonly registrarUri: string;
    readonly addressOfRecord: string;
    readonly state: 'registering' | 'registered' | 'failed';
    readonly lastStatus?: number;
  };
}

/** A lab's HEP capture as GET …/hep gives it: the collector (never the password), and how its messages fare. */
export interface HepState {
  readonly enabled: boolean;
  readonly host: string;
  readonly port: number;
  readonly transport: 'udp' | 'tcp';
  readonly captureId: number;
  readonly passwordSet: boolean;
  readonly sender?: {
    readonly state: 'connecting' | 'connected' | 'waiting';
    readonly sent: number;
    readonly dropped: number;
    readonly queued: number;
    readonly lastError?: string;
  };
}

/** A change of a lab's HEP capture (PUT …/hep): fields left out keep their values; a password '' removes it. */
export interface HepChange {
  readonly enabled?: boolean;
  readonly host?: string;
  readonly port?: number;
  readonly transport?: 'udp' | 'tcp';
  readonly captureId?: number;
  readonly password?: string;
}

/**
 * The calls the console makes for one lab: the lab's gateway API (its own session) and the control endpoints
 * of the lab (/_sim/labs/{lab}/..., the default lab's session).
 */
export function labGateway(lab: string) {
  const api = apiBase(lab);
  const control = `/_sim/labs/${encodeURIComponent(lab)}`;
  const controlled = { scope: 'control' as const };
  return {
    lab,
    apiBase: api,
    version: () => read<Record<string, unknown>>(`${api}/version/get`, { query: { version: 0 } }),
    activeSessions: () =>
      read<ActiveSessions>(`${api}/activeSessions/get`, { query: { version: 0, dateFormat: 'ISO-8601' }, json: {} }),
    callHistory: (count: number) =>
      read<CallHistory>(`${api}/callHistory/get`, { query: { version: 0, dateFormat: 'ISO-8601' }, json: { count } }),
    dashboard: () => read<GatewayDashboard>(`${api}/dashboard/get`, { query: { version: 0, dateFormat: 'ISO-8601' } }),
    configurationStatus: () =>
      read<{ state: string; hasUncommittedChanges: boolean; lastCommitTime?: string }>(`${api}/coreConfig/status/get`, {
        query: { version: 0 },
      }),
    committedGateway: () => read<CommittedGateway>(`${control}/gateway`, controlled),
    /** The traffic of the last `minutes` (1 to 60) of the lab's time, in 10-second intervals. */
    trafficSeries: (minutes: number) =>
      read<TrafficSeries>(`${control}/traffic/series`, { query: { minutes }, ...controlled }),
    /** A call's SIP messages (messageHistory as JSON), in the order the gateway captured them. */
    messageHistory: (sessionIdentifier: string) =>
      read<readonly CapturedSipMessage[]>(`${api}/messageHistory`, {
        query: { version: 0, filterSessionIdentifier: sessionIdentifier },
      }),
    /** The lab clock (administrators): undefined for a user who may not read it. */
    clock: async () => {
      const answer = await call<LabClock>(`${control}/clock`);
      if (answer.status === 403) return undefined;
      if (answer.status !== 200) throw new ApiError(answer, 'control');
      return answer.body;
    },
    setClock: (body: { mode: LabClock['mode']; scale?: number; now?: string; offsetSeconds?: number }) =>
      read<LabClock>(`${control}/clock`, { method: 'PUT', json: body, ...controlled }),
    advanceClock: (by: string) =>
      read<LabClock>(`${control}/clock/advance`, { method: 'POST', json: { by }, ...controlled }),
    faults: () => read<{ lab: string; rules: FaultRule[] }>(`${control}/faults`, controlled),
    addFault: (rule: unknown) => read<FaultRule>(`${control}/faults`, { method: 'POST', json: rule, ...controlled }),
    removeFault: (id: string) =>
      read<FaultRule>(`${control}/faults/${encodeURIComponent(id)}`, { method: 'DELETE', ...controlled }),
    sip: () => read<SipState>(`${control}/sip`, controlled),
    liftSipBlock: (kind: 'source' | 'user', name: string) =>
      read<unknown>(`${control}/sip/blocks`, { method: 'DELETE', query: { [kind]: name }, ...controlled }),
    hep: () => read<HepState>(`${control}/hep`, controlled),
    setHep: (change: HepChange) => read<HepState>(`${control}/hep`, { method: 'PUT', json: change, ...controlled }),
    messageHistoryUrl: (sessionIdentifier: string, resultFormat: 'HTML' | 'pcap' | 'textFlow') =>
      `${api}/messageHistory?version=0&resultFormat=${resultFormat}&filterSessionIdentifier=${encodeURIComponent(sessionIdentifier)}`,
  };
}

export type LabGateway = ReturnType<typeof labGateway>;

export interface SessionLeg {
  readonly startTime: string;
  readonly connectTime?: string;
  readonly duration: number;
  readonly callState: string;
  readonly nodeId: string;
  readonly telLocalNumber: string;
  readonly telRemoteNumber: string;
  readonly mediaReceiveCodec?: string;
  readonly rtpPacketsLost?: number;
  readonly rtpReceiveTotalPackets?: number;
}

export interface ActiveSessions {
  readonly lastUpdated: string;
  readonly activeSessions: ReadonlyArray<{
    readonly sessionId: string;
    readonly incoming: SessionLeg;
    readonly outgoing: readonly SessionLeg[];
  }>;
}

export interface CallHistoryEntry {
  readonly sessionIdentifier: string;
  readonly startDateTime: string;
  readonly endDateTime: string | null;
  readonly durationSeconds: number;
  readonly inboundNodeName: string | null;
  readonly outboundNodeName?: string;
  readonly routeName?: string;
  readonly inboundSourceDialString: string;
  readonly inboundDestinationDialString: string;
  readonly outboundDestinationDialString?: string;
  readonly result: string;
  readonly sipStatusCode: number | null;
  readonly sipReasonPhrase: string | null;
}

export interface CallHistory {
  readonly totalCount: number;
  readonly entries: readonly CallHistoryEntry[];
}

export interface SipEndpoint {
  readonly host: string;
  readonly port: number;
  readonly transport: string;
  readonly address: string;
}

export interface CommittedGateway {
  readonly generation: number;
  readonly compiledAt: string;
  readonly nodes: ReadonlyArray<{
    readonly id: string;
    readonly displayName: string;
    readonly sort: string;
    readonly enabled: boolean;
    readonly source: boolean;
    readonly local: SipEndpoint;
    readonly remote?: SipEndpoint;
  }>;
  readonly routingDomains: ReadonlyArray<{
    readonly id: string;
    readonly displayName: string;
    readonly sourceNodeIds: readonly string[];
    readonly routes: ReadonlyArray<{
      readonly id: string;
      readonly displayName: string;
      readonly enabled: boolean;
      readonly action: string;
      readonly filters: ReadonlyArray<{
        readonly sourceNodeIds: readonly string[];
        readonly destination?: string;
        readonly source?: string;
      }>;
      readonly targets: ReadonlyArray<{ readonly destinationNodeId: string; readonly failoverOn?: string }>;
    }>;
  }>;
  readonly problems: ReadonlyArray<{ readonly objectId: string; readonly message: string }>;
}

/** One SIP message of a call, as messageHistory answers it (the parts the console reads). */
export interface CapturedSipMessage {
  readonly message: string;
  readonly messageType: string;
  readonly direction: 'received' | 'sent';
  readonly protocol: string;
  readonly sourceIpAddress: string;
  readonly sourcePort: number;
  readonly destinationIpAddress: string;
  readonly destinationPort: number;
  /** Milliseconds since the epoch, on the lab clock. */
  readonly timestamp: number;
}

export interface TrafficSeries {
  readonly time: string;
  readonly intervalSeconds: number;
  readonly points: ReadonlyArray<{
    readonly time: string;
    readonly callsPerSecond: number;
    readonly callsStarted: number;
    readonly concurrentSessions: number;
  }>;
}

export interface LabClock {
  readonly mode: 'real' | 'scaled' | 'frozen';
  readonly rate: number;
  readonly now: string;
  readonly wall?: string;
  readonly offsetSeconds: number;
}

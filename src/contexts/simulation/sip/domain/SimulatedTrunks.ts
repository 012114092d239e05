import { PeriodicRequests, type FarEndOutage, type PeriodicFigures } from './PeriodicRequests.js';
import { NON_INVITE_TIMEOUT_MS, REGISTRATION_RETRY_SECONDS, refreshAfterSeconds } from './trunkTimers.js';

/**
 * A trunk the gateway watches toward a simulated far end, as the committed plan asks (PlanSupervision): OPTIONS
 * every `keepAliveSeconds` (0: none), a registration (undefined: none), toward `target` (`UDP host:port`).
 */
export interface SupervisedTrunk {
  readonly nodeId: string;
  readonly nodeName: string;
  readonly target: string;
  readonly keepAliveSeconds: number;
  readonly registration:
    { readonly registrarUri: string; readonly addressOfRecord: string; readonly expiresSeconds: number } | undefined;
}

/** A simulated trunk's keep-alive as the lab's SIP state shows one (instants in ms of the lab's time). */
export interface SimulatedKeepAlive {
  readonly intervalSeconds: number;
  readonly state: 'unknown' | 'up' | 'down';
  readonly sent: number;
  readonly answered: number;
  readonly failed: number;
  readonly lastStatus: number | undefined;
  readonly lastAt: number | undefined;
}

/** A simulated trunk's registration (instants in ms of the lab's time). */
export interface SimulatedRegistration {
  readonly registrarUri: string;
  readonly addressOfRecord: string;
  readonly state: 'registering' | 'registered' | 'failed';
  readonly sent: number;
  readonly failed: number;
  readonly lastStatus: number | undefined;
  /** Until when the simulated registrar keeps the binding, while registered. */
  readonly expiresAt: number | undefined;
}

/** A simulated trunk now: `up`/`down`/`unknown` as its keep-alive found it, `unwatched` without one. */
export interface SimulatedTrunkState {
  readonly nodeId: string;
  readonly nodeName: string;
  readonly target: string;
  readonly state: 'up' | 'down' | 'unknown' | 'unwatched';
  readonly keepAlive: SimulatedKeepAlive | undefined;
  readonly registration: SimulatedRegistration | undefined;
}

const KEEP_ALIVE_STATES = { unknown: 'unknown', ok: 'up', failed: 'down' } as const;
const REGISTRATION_STATES = { unknown: 'registering', ok: 'registered', failed: 'failed' } as const;

/**
 * One trunk toward a simulated far end, on the lab's time: the same supervision as a real trunk's (trunks/), with
 * the simulator answering. OPTIONS one at once and then every interval (none while one is pending), a REGISTER
 * at once, refreshed when half the binding is gone, tried again REGISTRATION_RETRY_SECONDS after a failure. The far
 * end answers 200 at once, grants what is asked, and challenges nothing; under trunkDown it answers 503 at once,
 * under nodeDown nothing (each request ends unanswered after Timer F).
 */
class SimulatedTrunk {
  private readonly keepAlive: PeriodicRequests | undefined;
  private readonly registration: PeriodicRequests | undefined;

  constructor(
    public spec: SupervisedTrunk,
    since: number,
    private outage: FarEndOutage,
  ) {
    const interval = spec.keepAliveSeconds * 1000;
    // after an OPTIONS left unanswered, the first interval's tick past Timer F
    this.keepAlive =
      interval > 0
        ? new PeriodicRequests(
            { okMs: interval, refusedMs: interval, lostMs: Math.ceil(NON_INVITE_TIMEOUT_MS / interval) * interval },
            since,
          )
        : undefined;
    const expires = spec.registration?.expiresSeconds;
    const retry = REGISTRATION_RETRY_SECONDS * 1000;
    this.registration =
      expires !== undefined
        ? new PeriodicRequests(
            { okMs: refreshAfterSeconds(expires) * 1000, refusedMs: retry, lostMs: NON_INVITE_TIMEOUT_MS + retry },
            since,
          )
        : undefined;
    this.advance(since);
  }

  advance(to: number): void {
    this.keepAlive?.advance(to, this.outage);
    this.registration?.advance(to, this.outage);
  }

  /** The far end is as `outage` says from `at` on. */
  meet(outage: FarEndOutage, at: number): void {
    this.advance(at);
    this.outage = outage;
  }

  shift(byMs: number): void {
    this.keepAlive?.shift(byMs);
    this.registration?.shift(byMs);
  }

  state(): SimulatedTrunkState {
    const { spec } = this;
    const keepAlive = this.keepAlive?.figures();
    const registration = this.registration?.figures();
    return {
      nodeId: spec.nodeId,
      nodeName: spec.nodeName,
      target: spec.target,
      state: keepAlive ? KEEP_ALIVE_STATES[keepAlive.state] : 'unwatched',
      keepAlive: keepAlive && {
        intervalSeconds: spec.keepAliveSeconds,
        state: KEEP_ALIVE_STATES[keepAlive.state],
        sent: keepAlive.sent,
        answered: keepAlive.answered,
        failed: keepAlive.failed,
        lastStatus: keepAlive.lastStatus,
        lastAt: keepAlive.lastAt,
      },
      registration: registration && spec.registration && registrationState(spec.registration, registration),
    };
  }
}

function registrationState(
  spec: NonNullable<SupervisedTrunk['registration']>,
  figures: PeriodicFigures,
): SimulatedRegistration {
  const state = REGISTRATION_STATES[figures.state];
  return {
    registrarUri: spec.registrarUri,
    addressOfRecord: spec.addressOfRecord,
    state,
    sent: figures.sent,
    failed: figures.failed,
    lastStatus: figures.lastStatus,
    expiresAt:
      state === 'registered' && figures.lastOkAt !== undefined
        ? figures.lastOkAt + spec.expiresSeconds * 1000
        : undefined,
  };
}

/** What starts a trunk again when it changes (its name does not). */
function signatureOf(spec: SupervisedTrunk): string {
  return JSON.stringify([spec.target, spec.keepAliveSeconds, spec.registration ?? null]);
}

/**
 * A lab's trunks toward simulated far ends, on the lab's time, given the plan's supervision, the lab clock and the
 * faults held. A trunk is watched from the instant `follow` first names it (as a real trunk is from the commit or
 * start that opens it); a change of its target, keep-alive or registration starts it again. `faults` is told the
 * instant the faults change, so the trunks meet each fault from when it began to when it ended; their figures then
 * follow from the lab's time alone (reading them changes nothing). Setting the lab's time back moves the trunks'
 * times back with it (`clockJumped`); moving it forward counts the requests of the time skipped.
 */
export class SimulatedTrunks {
  private readonly trunks = new Map<string, { signature: string; trunk: SimulatedTrunk }>();

  /** Watches the trunks `specs` names (from `now` for a new or changed one) and no other. */
  follow(specs: readonly SupervisedTrunk[], now: number, outageOf: (nodeId: string) => FarEndOutage): void {
    const wanted = new Set<string>();
    for (const spec of specs) {
      wanted.add(spec.nodeId);
      const signature = signatureOf(spec);
      const current = this.trunks.get(spec.nodeId);
      if (current?.signature === signature) current.trunk.spec = spec;
      else this.trunks.set(spec.nodeId, { signature, trunk: new SimulatedTrunk(spec, now, outageOf(spec.nodeId)) });
    }
    for (const nodeId of [...this.trunks.keys()]) if (!wanted.has(nodeId)) this.trunks.delete(nodeId);
  }

  /** The faults changed at `now`: each trunk meets its far end's outage from then on. */
  faults(now: number, outageOf: (nodeId: string) => FarEndOutage): void {
    for (const [nodeId, { trunk }] of this.trunks) trunk.meet(outageOf(nodeId), now);
  }

  /** The lab's time jumped by `byMs` to `now`: set back, the trunks' times move back with it. */
  clockJumped(byMs: number, now: number): void {
    if (byMs >= 0) return;
    for (const { trunk } of this.trunks.values()) {
      trunk.advance(now - byMs);
      trunk.shift(byMs);
    }
  }

  /** Each trunk as it is at `now`, in the order they were first named. */
  states(now: number): SimulatedTrunkState[] {
    return [...this.trunks.values()].map(({ trunk }) => {
      trunk.advance(now);
      return trunk.state();
    });
  }

  get size(): number {
    return this.trunks.size;
  }
}

import { DomainError, type ErrorDetail } from '../../../../shared/domain/DomainError.js';
import type { PlanNode } from '../../../configuration/index.js';
import {
  DEFAULT_REGISTRAR_GUARD,
  registrarGuardOf,
  type RegistrarGuardInput,
  type RegistrarGuardSettings,
} from './RegistrarGuardSettings.js';

/**
 * Who answers at a node's far end when the lab carries real SIP: a real peer (SIPp, a softphone), or the simulator
 * — `simulated`: as the lab's traffic profile has its far ends answer (its outcome mix: busy, failures, ...);
 * `answering`: it answers every call of a real caller after ringing as the profile says, and holds it until the
 * caller hangs up, so a SIPp run against a lab completes its calls. Synthetic callers always meet the profile's
 * outcome mix.
 */
export type FarEnd = 'simulated' | 'answering' | 'real';
export const FAR_ENDS: readonly FarEnd[] = ['simulated', 'answering', 'real'];

/**
 * How long a real call may go without a final answer before the gateway cancels it and answers 408, by default:
 * Timer C, which RFC 3261 section 16.6 step 11 wants greater than 3 minutes.
 */
export const DEFAULT_SETUP_TIMEOUT_SECONDS = 181;
/** The bounds of the setup timeout: a second to an hour. */
export const SETUP_TIMEOUT_BOUNDS = { min: 1, max: 3600 } as const;

/**
 * What a node does with what arrives from a peer outside its network peer whitelist: `drop` it silently (the
 * default: a scanner learns nothing, and a spoofed source gets no answer reflected at it, RFC 3261 section
 * 26.3.2.4), or `forbid` it: a request is answered 403 Forbidden, statelessly (section 21.4.4).
 */
export type OutsidePeers = 'drop' | 'forbid';
export const OUTSIDE_PEERS: readonly OutsidePeers[] = ['drop', 'forbid'];

/** The largest port offset: the nodes' ports plus the offset stay ports. */
export const MAX_PORT_OFFSET = 60000;

/**
 * Whether a lab carries real SIP on its nodes' ports (shifted by `portOffset`, so that several labs on one host
 * listen on different ports), who answers at each node's far end (keyed by node id; see farEndIsReal), what each
 * node does with peers outside its whitelist (keyed by node id; `drop` for a node not listed), and how its phone
 * registrars meet password guessing.
 */
export interface SipSetting {
  readonly enabled: boolean;
  readonly portOffset: number;
  readonly farEnds: Readonly<Record<string, FarEnd>>;
  /** Seconds a real call may go without a final answer before the gateway cancels it (Timer C). */
  readonly setupTimeoutSeconds: number;
  readonly outsidePeers: Readonly<Record<string, OutsidePeers>>;
  readonly registrarGuard: RegistrarGuardSettings;
  /**
   * Whether the gateway watches the trunks of nodes whose far end is real, as the configuration asks: OPTIONS
   * keep-alives and registrations (on by default, as the real product does; a test pointing a trunk at a scripted
   * far end may turn them off so that they do not meet its script).
   */
  readonly supervision: boolean;
}

/** What a change may give; a field left out keeps its current value (registrarGuard: field by field). */
export interface SipSettingInput {
  readonly enabled?: boolean;
  readonly portOffset?: number;
  readonly farEnds?: Readonly<Record<string, string>>;
  readonly setupTimeoutSeconds?: number;
  readonly outsidePeers?: Readonly<Record<string, string>>;
  readonly registrarGuard?: RegistrarGuardInput;
  readonly supervision?: boolean;
}

/** The setting of a lab whose setting was never set: off, unless the process turns SIP on for such labs. */
export function defaultSipSetting(enabled: boolean): SipSetting {
  return Object.freeze({
    enabled,
    portOffset: 0,
    farEnds: Object.freeze({}),
    setupTimeoutSeconds: DEFAULT_SETUP_TIMEOUT_SECONDS,
    outsidePeers: Object.freeze({}),
    registrarGuard: DEFAULT_REGISTRAR_GUARD,
    supervision: true,
  });
}

/** A map keyed by node id whose values are among `allowed`, checked: each problem names `field.<node id>`. */
function perNode<V extends string>(
  field: string,
  given: Readonly<Record<string, string>>,
  allowed: readonly V[],
  problems: ErrorDetail[],
): Readonly<Record<string, V>> {
  const checked: Record<string, V> = {};
  for (const [nodeId, value] of Object.entries(given)) {
    if (nodeId.trim() === '' || nodeId.length > 64)
      problems.push({ field, rule: 'key', message: `${field} must be keyed by node ids` });
    else if (!(allowed as readonly string[]).includes(value))
      problems.push({
        field: `${field}.${nodeId}`,
        rule: 'isIn',
        message: `${field}.${nodeId} must be one of ${allowed.join(', ')}`,
      });
    else checked[nodeId] = value as V;
  }
  return Object.freeze(checked);
}

/** `current` with the changes of `input`, every rule checked; a 400 INVALID_SIP_SETTING names each faulty field. */
export function sipSetting(current: SipSetting, input: SipSettingInput): SipSetting {
  const problems: ErrorDetail[] = [];
  const portOffset = input.portOffset ?? current.portOffset;
  if (!Number.isInteger(portOffset) || portOffset < 0 || portOffset > MAX_PORT_OFFSET) {
    problems.push({
      field: 'portOffset',
      rule: 'range',
      message: `portOffset must be a whole number from 0 to ${MAX_PORT_OFFSET}`,
    });
  }
  const setupTimeoutSeconds = input.setupTimeoutSeconds ?? current.setupTimeoutSeconds;
  const { min, max } = SETUP_TIMEOUT_BOUNDS;
  if (!Number.isInteger(setupTimeoutSeconds) || setupTimeoutSeconds < min || setupTimeoutSeconds > max) {
    problems.push({
      field: 'setupTimeoutSeconds',
      rule: 'range',
      message: `setupTimeoutSeconds must be a whole number of seconds from ${min} to ${max}`,
    });
  }
  const farEnds = perNode('farEnds', input.farEnds ?? current.farEnds, FAR_ENDS, problems);
  const outsidePeers = perNode('outsidePeers', input.outsidePeers ?? current.outsidePeers, OUTSIDE_PEERS, problems);
  const guard = registrarGuardOf(current.registrarGuard, input.registrarGuard);
  problems.push(...guard.problems);
  if (problems.length > 0)
    throw DomainError.invalid(
      'INVALID_SIP_SETTING',
      `the SIP setting is invalid: ${problems.map((p) => p.message).join('; ')}`,
      problems,
    );
  return Object.freeze({
    enabled: input.enabled ?? current.enabled,
    portOffset,
    farEnds,
    setupTimeoutSeconds,
    outsidePeers,
    registrarGuard: guard.settings,
    supervision: input.supervision ?? current.supervision,
  });
}

/** What the node does with peers outside its whitelist: as the setting says for it, else `drop`. */
export function outsidePeersOf(nodeId: string, setting: Pick<SipSetting, 'outsidePeers'>): OutsidePeers {
  return setting.outsidePeers[nodeId] ?? 'drop';
}

/** Whether a host names this machine: 127.0.0.0/8, ::1 (also as an IPv4-mapped or bracketed address) or localhost. */
export function isLoopbackHost(host: string): boolean {
  const bare = host
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/\.$/, '');
  if (bare === 'localhost' || bare.endsWith('.localhost')) return true;
  if (bare === '::1' || /^(0{1,4}:){7}0{0,3}1$/.test(bare)) return true;
  const v4 = bare.startsWith('::ffff:') ? bare.slice('::ffff:'.length) : bare;
  return /^127\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.test(v4) && v4.split('.').every((part) => Number(part) <= 255);
}

/**
 * Whether a real peer answers at the node's far end: as the setting's farEnds say for the node, else real when the
 * node's remote host is a loopback address (a SIPp or softphone on this machine), simulated otherwise (a node
 * without a remote, too: nothing says where a real peer would be).
 */
export function farEndIsReal(node: Pick<PlanNode, 'id' | 'remote'>, setting: Pick<SipSetting, 'farEnds'>): boolean {
  return farEndOf(node, setting) === 'real';
}

/** Who answers at the node's far end: as the setting says for the node, else real on a loopback address, else `answering`. */
export function farEndOf(node: Pick<PlanNode, 'id' | 'remote'>, setting: Pick<SipSetting, 'farEnds'>): FarEnd {
  const chosen = setting.farEnds[node.id];
  if (chosen !== undefined) return chosen;
  return node.remote !== undefined && isLoopbackHost(node.remote.host) ? 'real' : 'answering';
}

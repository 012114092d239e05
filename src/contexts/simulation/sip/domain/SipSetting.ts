import { DomainError, type ErrorDetail } from '../../../../shared/domain/DomainError.js';
import type { PlanNode } from '../../../configuration/index.js';

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

/** The largest port offset: the nodes' ports plus the offset stay ports. */
export const MAX_PORT_OFFSET = 60000;

/**
 * Whether a lab carries real SIP on its nodes' ports (shifted by `portOffset`, so that several labs on one host
 * listen on different ports), and who answers at each node's far end (keyed by node id; see farEndIsReal).
 */
export interface SipSetting {
  readonly enabled: boolean;
  readonly portOffset: number;
  readonly farEnds: Readonly<Record<string, FarEnd>>;
  /** Seconds a real call may go without a final answer before the gateway cancels it (Timer C). */
  readonly setupTimeoutSeconds: number;
}

/** What a change may give; a field left out keeps its current value. */
export interface SipSettingInput {
  readonly enabled?: boolean;
  readonly portOffset?: number;
  readonly farEnds?: Readonly<Record<string, string>>;
  readonly setupTimeoutSeconds?: number;
}

/** The setting of a lab whose setting was never set: off, unless the process turns SIP on for such labs. */
export function defaultSipSetting(enabled: boolean): SipSetting {
  return Object.freeze({
    enabled,
    portOffset: 0,
    farEnds: Object.freeze({}),
    setupTimeoutSeconds: DEFAULT_SETUP_TIMEOUT_SECONDS,
  });
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
  const farEnds: Record<string, FarEnd> = {};
  for (const [nodeId, farEnd] of Object.entries(input.farEnds ?? current.farEnds)) {
    if (nodeId.trim() === '' || nodeId.length > 64)
      problems.push({ field: 'farEnds', rule: 'key', message: 'farEnds must be keyed by node ids' });
    else if (!(FAR_ENDS as readonly string[]).includes(farEnd))
      problems.push({
        field: `farEnds.${nodeId}`,
        rule: 'isIn',
        message: `farEnds.${nodeId} must be one of ${FAR_ENDS.join(', ')}`,
      });
    else farEnds[nodeId] = farEnd as FarEnd;
  }
  if (problems.length > 0)
    throw DomainError.invalid(
      'INVALID_SIP_SETTING',
      `the SIP setting is invalid: ${problems.map((p) => p.message).join('; ')}`,
      problems,
    );
  return Object.freeze({
    enabled: input.enabled ?? current.enabled,
    portOffset,
    farEnds: Object.freeze(farEnds),
    setupTimeoutSeconds,
  });
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

import { DRACHTIO } from './catalog/drachtio.js';
import { PJPROJECT_CALLERS } from './catalog/pjprojectCallers.js';
import { PJPROJECT_FAR_ENDS } from './catalog/pjprojectFarEnds.js';
import { RFC4475 } from './catalog/rfc4475.js';
import { RFC5118 } from './catalog/rfc5118.js';
import { SIPHON } from './catalog/siphon.js';

/**
 * The SIP test suites of other projects (../shared/sip-suites), one entry per scenario or message: how it meets the
 * gateway, what passes, and for an entry not run why (`skip`: not an SBC's business or not runnable here; `gap`:
 * the gateway's work not done yet, run with SIP_SUITES_ALL=1).
 */

/** One SIPp of a scenario. */
export interface Party {
  /**
   * A file of the suites folder ('drachtio-srf/uac.xml'), a scenario of the project's fixtures
   * ('fixture:uac-expect-status') or one of SIPp's built-ins ('builtin:uac').
   */
  readonly scenario: string;
  readonly keys?: Readonly<Record<string, string>>;
  /** Further SIPp arguments (e.g. -inf for an injection file beside the scenario). */
  readonly extra?: readonly string[];
  /** Files beside the scenario it reads (copied with it). */
  readonly companions?: readonly string[];
  /** The exit code that passes: 0 (the default) or 'any' where what this SIPp meets is not what the entry judges. */
  readonly exit?: 0 | 'any';
  /** -m for a far end that takes more than one INVITE (one per carrier tried). */
  readonly calls?: number;
  /**
   * Corrections of the scenario's own slips, made in the copy it runs (text replaced as it stands in the file): each
   * names what the scenario means to send where it sends something else; never a change of what it checks.
   */
  readonly corrections?: readonly ScenarioCorrection[];
}

/** One correction of a scenario's text: every `from` becomes `to`, for the reason `why`. */
export interface ScenarioCorrection {
  readonly from: string;
  readonly to: string;
  readonly why: string;
}

/** Who answers for a carrier: a SIPp far end on the shared port ('real') or the simulator's answering far end. */
export type FarEndMode = 'real' | 'answering';

interface EntryBase {
  /** `<suite>/<caller file>[+<far end file>]` without .xml, or `<suite>/<message>`. */
  readonly id: string;
  /** What the entry checks, in one line. */
  readonly checks: string;
  /** Not run: why, in one line (not an SBC's business, or not runnable against a B2BUA). */
  readonly skip?: string;
  /** Not run by default: what the gateway does wrong today, in one line (run with SIP_SUITES_ALL=1). */
  readonly gap?: string;
}

/**
 * - `pair`: a caller file of the suites into PBX Berlin's port, a far end file behind Carrier A;
 * - `caller`: a caller file only (the simulator answers for the carriers unless a helper far end is named);
 * - `farEnd`: a far end file of the suites behind Carrier A, with a simple caller (a fixture, a built-in, or a
 *   caller file of another suite), or none where the gateway itself is to send (registration, OPTIONS pings).
 */
export interface SippEntry extends EntryBase {
  readonly kind: 'pair' | 'caller' | 'farEnd';
  readonly caller?: Party;
  readonly farEnd?: Party;
  /** Carrier B's far end: 'answering' by default; 'real' where a failover must reach the same SIPp. */
  readonly carrierB?: FarEndMode;
  /** SIPp's -timeout for each side, in seconds. */
  readonly timeoutS: number;
  /**
   * Runs again once after a failure: for a scenario that loses messages at random by design (SIPp's lost=), whose
   * every copy can be lost within the gateway's 64·T1 of retransmissions (0.75^11, about 4 %, for 75 % lost).
   */
  readonly random?: boolean;
  /** The called number (default 4930123456, routed to Carrier A). */
  readonly service?: string;
  /**
   * PBX Berlin's RTP timeout for this entry (set and committed before, taken back after): for a call that neither
   * side hangs up by design, the gateway's media timeout ends it (SIPp sends no RTP).
   */
  readonly rtpTimeoutSeconds?: number;
  /** The scenario ends with the call up by design (no BYE): a session left in activeSessions is not its failure. */
  readonly leavesCallUp?: string;
  /**
   * The gateway's own requests toward Carrier A are what the entry checks (OPTIONS keep-alives, its registration):
   * the lab watches its trunks while the entry runs (off otherwise, so that no keep-alive meets another entry's far
   * end), with Carrier A's transport connection and credentials changed as given (and put back after).
   */
  readonly trunk?: TrunkChange;
}

/** Parameters of Carrier A's transport connection and of its credentials, set for one entry. */
export interface TrunkChange {
  readonly connection?: Readonly<Record<string, string | boolean>>;
  readonly credentials?: Readonly<Record<string, string>>;
}

/** What answer a datagram must get (a response of the gateway, collected for a moment). */
export type DatagramExpectation =
  /** A valid message: parsed and handled; any answer but 400 and 5xx (or none, for a response sent to the node). */
  | { readonly answer: 'valid' }
  /** Invalid or semantically wrong: one of these statuses. */
  | { readonly answer: 'status'; readonly statuses: readonly number[] }
  /** Invalid, but the RFC lets a liberal element take it: 400, or any other answer but 5xx. */
  | { readonly answer: 'tolerant' }
  /** The RFC asks for tolerance and stacks differ: anything but a 5xx passes, no answer too. */
  | { readonly answer: 'any' }
  /** A valid request the gateway passes on to a far end that may not answer: no 400 and no 5xx; no answer passes. */
  | { readonly answer: 'routed' }
  /** A response sent to the node: dropped, nothing comes back. */
  | { readonly answer: 'none' };

export interface DatagramEntry extends EntryBase {
  readonly kind: 'datagram';
  /** The message file in the suites folder ('rfc4475/wsinv.dat'). */
  readonly file: string;
  readonly expect: DatagramExpectation;
}

export type SuiteEntry = SippEntry | DatagramEntry;

/** Every entry of every suite, in run order (SIPp scenarios first, then the datagrams). */
export const SUITE_CATALOG: readonly SuiteEntry[] = [
  ...DRACHTIO,
  ...SIPHON,
  ...PJPROJECT_CALLERS,
  ...PJPROJECT_FAR_ENDS,
  ...RFC4475,
  ...RFC5118,
];

/** The files of the suites folder the catalog names (to check that every scenario and message is in it). */
export function namedFiles(entries: readonly SuiteEntry[]): Set<string> {
  const files = new Set<string>();
  for (const entry of entries) {
    if (entry.kind === 'datagram') files.add(entry.file);
    else
      for (const party of [entry.caller, entry.farEnd])
        if (party && !party.scenario.includes(':')) files.add(party.scenario);
  }
  return files;
}

/** How a run treats an entry, from its fields and the environment (SIP_SUITES_ALL runs the gaps). */
export function disposition(entry: SuiteEntry, runGaps: boolean): 'run' | 'skip' | 'gap' {
  if (entry.skip) return 'skip';
  if (entry.gap && !runGaps) return 'gap';
  return 'run';
}

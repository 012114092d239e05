import { isIP } from 'node:net';
import { DomainError, type ErrorDetail } from '../../../../shared/domain/DomainError.js';

/** How the capture reaches the collector: a datagram per message, or a TCP connection carrying them one after another. */
export type HepTransport = 'udp' | 'tcp';
export const HEP_TRANSPORTS: readonly HepTransport[] = ['udp', 'tcp'];

/** The port Homer's heplify-server and sngrep listen on for HEP unless told otherwise. */
export const DEFAULT_HEP_PORT = 9060;
/** The capture agent id of a lab that names none. */
export const DEFAULT_CAPTURE_ID = 1;
/** Chunk 0x000c is 32 bits. */
export const MAX_CAPTURE_ID = 4_294_967_295;
/** The longest password (HEP's authentication key) taken. */
export const MAX_HEP_PASSWORD_LENGTH = 256;

/**
 * Whether a lab sends every SIP message it records as HEP3 to a collector (Homer, sngrep), where (`host`, an IP
 * address or a host name; `port`; `transport`), as which capture agent (`captureId`) and with which password (HEP's
 * authentication key; a secret: stored, never answered). Off by default.
 */
export interface HepSetting {
  readonly enabled: boolean;
  /** '' while none was given. */
  readonly host: string;
  readonly port: number;
  readonly transport: HepTransport;
  readonly captureId: number;
  readonly password: string | undefined;
}

/** What a change may give; a field left out keeps its value; a password '' removes it. */
export interface HepSettingInput {
  readonly enabled?: boolean;
  readonly host?: string;
  readonly port?: number;
  readonly transport?: string;
  readonly captureId?: number;
  readonly password?: string;
}

export const DEFAULT_HEP_SETTING: HepSetting = Object.freeze({
  enabled: false,
  host: '',
  port: DEFAULT_HEP_PORT,
  transport: 'udp',
  captureId: DEFAULT_CAPTURE_ID,
  password: undefined,
});

/** A host name as RFC 1123 has them: dot-separated labels of letters, digits and inner hyphens, 253 characters at most. */
const HOST_NAME = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*\.?$/i;

function hostProblem(host: string, enabled: boolean): ErrorDetail | undefined {
  if (host === '')
    return enabled
      ? {
          field: 'host',
          rule: 'required',
          message: 'host must name the collector (an IP address or a host name) to turn HEP on',
        }
      : undefined;
  if (isIP(host) !== 0 || HOST_NAME.test(host)) return undefined;
  return {
    field: 'host',
    rule: 'host',
    message: `host must be an IP address or a host name such as homer.example.com, got '${host.slice(0, 64)}'`,
  };
}

function wholeIn(field: string, value: number, min: number, max: number, what: string): ErrorDetail | undefined {
  return Number.isInteger(value) && value >= min && value <= max
    ? undefined
    : { field, rule: 'range', message: `${field} must be ${what} from ${min} to ${max}` };
}

function passwordOf(current: string | undefined, given: string | undefined, problems: ErrorDetail[]) {
  if (given === undefined) return current;
  if (given === '') return undefined;
  if (given.length > MAX_HEP_PASSWORD_LENGTH || /[\u0000-\u001f\u007f]/.test(given)) {
    problems.push({
      field: 'password',
      rule: 'password',
      message: `password must be 1 to ${MAX_HEP_PASSWORD_LENGTH} characters without control characters ('' removes it)`,
    });
    return current;
  }
  return given;
}

/** `current` with the changes of `input`, every rule checked; a 400 INVALID_HEP_SETTING names each faulty field. */
export function hepSetting(current: HepSetting, input: HepSettingInput): HepSetting {
  const problems: ErrorDetail[] = [];
  const enabled = input.enabled ?? current.enabled;
  const host = (input.host ?? current.host).trim();
  const port = input.port ?? current.port;
  const captureId = input.captureId ?? current.captureId;
  const transport = input.transport ?? current.transport;
  const hostIssue = hostProblem(host, enabled);
  if (hostIssue) problems.push(hostIssue);
  const portIssue = wholeIn('port', port, 1, 65535, 'a port');
  if (portIssue) problems.push(portIssue);
  const idIssue = wholeIn('captureId', captureId, 0, MAX_CAPTURE_ID, 'a whole number');
  if (idIssue) problems.push(idIssue);
  if (!(HEP_TRANSPORTS as readonly string[]).includes(transport))
    problems.push({
      field: 'transport',
      rule: 'isIn',
      message: `transport must be one of ${HEP_TRANSPORTS.join(', ')}`,
    });
  const password = passwordOf(current.password, input.password, problems);
  if (problems.length > 0)
    throw DomainError.invalid('INVALID_HEP_SETTING', problems.map((p) => p.message).join('; '), problems);
  return Object.freeze({ enabled, host, port, transport: transport as HepTransport, captureId, password });
}

/** Whether two settings send alike (the same collector, id and password). */
export function sameHepSetting(a: HepSetting, b: HepSetting): boolean {
  return (
    a.enabled === b.enabled &&
    a.host === b.host &&
    a.port === b.port &&
    a.transport === b.transport &&
    a.captureId === b.captureId &&
    a.password === b.password
  );
}

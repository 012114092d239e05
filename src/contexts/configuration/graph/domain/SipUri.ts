import type { ErrorDetail } from '../../../../shared/domain/DomainError.js';
import { isIpv4, isIpv6 } from './catalog/ParameterType.js';

export type UriScheme = 'sip' | 'sips' | 'tel';

const MAX_LENGTH = 2048;
const HOST_NAME =
  /^(?=.{1,253}$)[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*\.?$/;
const USER_INFO = /^[A-Za-z0-9\-_.!~*'()&=+$,;?/%:]+$/;
const PARAMETER = /^[A-Za-z0-9\-_.!~*'()[\]/:&+$%]+(=[A-Za-z0-9\-_.!~*'()[\]/:&+$%"]*)?$/;
const TEL_GLOBAL = /^\+[0-9().-]*[0-9][0-9().-]*$/;
const TEL_LOCAL = /^[0-9A-Fa-f*#().-]*[0-9A-Fa-f*#][0-9A-Fa-f*#().-]*$/;

function hostPortValid(hostPort: string): boolean {
  let host = hostPort;
  let port: string | undefined;
  if (hostPort.startsWith('[')) {
    const end = hostPort.indexOf(']');
    if (end < 0) return false;
    host = hostPort.slice(1, end);
    const rest = hostPort.slice(end + 1);
    if (rest !== '' && !rest.startsWith(':')) return false;
    if (rest !== '') port = rest.slice(1);
    if (!isIpv6(host)) return false;
  } else {
    const colon = hostPort.lastIndexOf(':');
    if (colon >= 0) {
      port = hostPort.slice(colon + 1);
      host = hostPort.slice(0, colon);
    }
    if (!(isIpv4(host) || HOST_NAME.test(host))) return false;
  }
  if (port !== undefined && (!/^\d{1,5}$/.test(port) || Number(port) < 1 || Number(port) > 65535)) return false;
  return true;
}

function sipValid(rest: string): boolean {
  const question = rest.indexOf('?');
  const beforeHeaders = question >= 0 ? rest.slice(0, question) : rest;
  if (question >= 0 && !/^[^\s?]+$/.test(rest.slice(question + 1))) return false;
  const at = beforeHeaders.lastIndexOf('@');
  const user = at >= 0 ? beforeHeaders.slice(0, at) : undefined;
  const afterUser = at >= 0 ? beforeHeaders.slice(at + 1) : beforeHeaders;
  if (user !== undefined && !USER_INFO.test(user)) return false;
  const [hostPort = '', ...parameters] = afterUser.split(';');
  return hostPortValid(hostPort) && parameters.every((parameter) => PARAMETER.test(parameter));
}

function telValid(rest: string): boolean {
  const [number = '', ...parameters] = rest.split(';');
  if (!TEL_GLOBAL.test(number)) {
    // a local number is only a number within its phone-context (RFC 3966)
    if (
      !TEL_LOCAL.test(number) ||
      !parameters.some((parameter) => parameter.toLowerCase().startsWith('phone-context='))
    )
      return false;
  }
  return parameters.every((parameter) => PARAMETER.test(parameter));
}

function example(schemes: readonly UriScheme[]): string {
  return schemes
    .map((scheme) => (scheme === 'tel' ? 'tel:+4930123456' : `${scheme}:user@host.example:5060`))
    .join(' or ');
}

/**
 * Why `value` is not a URI of one of `schemes` (a SIP or SIPS URI `sip:[user@]host[:port][;params][?headers]`
 * with a host name, IPv4 or [IPv6] host and a port 1–65535; a TEL URI `tel:+number[;params]`, or a local number with its `phone-context`), as a detail
 * naming `field`; undefined when it is one.
 */
export function uriProblem(value: string, field: string, schemes: readonly UriScheme[]): ErrorDetail | undefined {
  const colon = value.indexOf(':');
  const scheme = colon > 0 ? value.slice(0, colon).toLowerCase() : '';
  const rest = colon > 0 ? value.slice(colon + 1) : '';
  const shown = value.length > 80 ? `${value.slice(0, 77)}...` : value;
  const fail = (why: string): ErrorDetail => ({
    field,
    rule: 'uri',
    message: `${field} ${why}, got '${shown}' (for example ${example(schemes)})`,
  });
  if (value.length > MAX_LENGTH) return fail(`must be at most ${MAX_LENGTH} characters`);
  if (!(schemes as readonly string[]).includes(scheme))
    return fail(`must be a ${schemes.map((s) => s.toUpperCase()).join(', ')} URI`);
  if (/\s/.test(value) || rest === '') return fail(`must be a valid ${scheme.toUpperCase()} URI`);
  const valid = scheme === 'tel' ? telValid(rest) : sipValid(rest);
  return valid ? undefined : fail(`must be a valid ${scheme.toUpperCase()} URI`);
}

import type { ErrorDetail } from '../../../../shared/domain/DomainError.js';
import { uriProblem, type UriScheme } from '../../graph/domain/SipUri.js';
import {
  AUTHENTICATION_POLICIES,
  DISTRIBUTIONS,
  SRV_SERVICES,
  TRANSPORTS,
  type KindSettings,
  type LoadBalancingSettings,
  type PlainSettings,
  type RegistrationSettings,
  type SrvSettings,
  type StandardSettings,
} from './KindSettings.js';

const SIP: readonly UriScheme[] = ['sip', 'sips'];
const STATUS_CODES = /^\s*\d{3}(\s*-\s*\d{3})?(\s*,\s*\d{3}(\s*-\s*\d{3})?)*\s*$/;
const HOST_NAME =
  /^(?=.{1,253}$)[A-Za-z0-9_](?:[A-Za-z0-9_-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9_](?:[A-Za-z0-9_-]{0,61}[A-Za-z0-9])?)*\.?$/;

/** What is wrong with the settings of a connection's kind (`id` is the connection's, which may not balance itself). */
export function settingsProblems(id: string, settings: KindSettings): ErrorDetail[] {
  const problems: ErrorDetail[] = [];
  switch (settings.kind) {
    case 'STANDARD':
      standardProblems(settings, problems);
      break;
    case 'PLAIN':
      plainProblems(settings, problems);
      break;
    case 'SIP_LOAD_BALANCING':
      loadBalancingProblems(id, settings, problems);
      break;
    case 'SIP_REGISTRATION':
      registrationProblems(settings, problems);
      break;
    case 'SRV_LOAD_BALANCER':
      srvProblems(settings, problems);
      break;
  }
  return problems;
}

function check(detail: ErrorDetail | undefined, into: ErrorDetail[]): void {
  if (detail) into.push(detail);
}

function between(value: number, min: number, max: number, field: string, into: ErrorDetail[]): void {
  if (!Number.isInteger(value) || value < min || value > max)
    into.push({ field, rule: 'range', message: `${field} must be a whole number from ${min} to ${max}, got ${value}` });
}

function oneOf(value: string, allowed: readonly string[], field: string, into: ErrorDetail[]): void {
  if (!allowed.includes(value))
    into.push({ field, rule: 'isIn', message: `${field} must be one of ${allowed.join(', ')}, got '${value}'` });
}

function standardProblems(settings: StandardSettings, problems: ErrorDetail[]): void {
  check(uriProblem(settings.proxy.iri, 'proxy.iri', SIP), problems);
  oneOf(settings.authenticationPolicy, AUTHENTICATION_POLICIES, 'authenticationPolicy', problems);
  if (settings.registration.sipDomain !== '')
    check(uriProblem(settings.registration.sipDomain, 'registration.sipDomain', SIP), problems);
  if (settings.registration.addressOfRecord !== '')
    check(uriProblem(settings.registration.addressOfRecord, 'registration.addressOfRecord', SIP), problems);
}

function plainProblems(settings: PlainSettings, problems: ErrorDetail[]): void {
  check(uriProblem(settings.destination.iri, 'destination.iri', SIP), problems);
  oneOf(settings.destination.transport, TRANSPORTS, 'destination.transport', problems);
}

function loadBalancingProblems(id: string, settings: LoadBalancingSettings, problems: ErrorDetail[]): void {
  oneOf(settings.distribution, DISTRIBUTIONS, 'distribution', problems);
  if (settings.memberIds.length === 0)
    problems.push({
      field: 'members',
      rule: 'minItems',
      message: 'members must name at least one transport connection',
    });
  if (settings.memberIds.length > 256)
    problems.push({
      field: 'members',
      rule: 'maxItems',
      message: 'members may name at most 256 transport connections',
    });
  settings.memberIds.forEach((memberId, index) => {
    const field = `members[${index}].transportConnectionId`;
    if (memberId === id)
      problems.push({ field, rule: 'self', message: `${field}: a load balancer cannot balance over itself` });
    if (settings.memberIds.indexOf(memberId) !== index)
      problems.push({ field, rule: 'unique', message: `${field} names ${memberId} a second time` });
  });
  if (!STATUS_CODES.test(settings.failoverSipStatusCodes) || settings.failoverSipStatusCodes.length > 255) {
    problems.push({
      field: 'failoverSipStatusCodes',
      rule: 'statusCodes',
      message: `failoverSipStatusCodes must be SIP status codes and ranges joined by commas, such as 408,480-486,500-599; got '${settings.failoverSipStatusCodes.slice(0, 60)}'`,
    });
  }
}

function registrationProblems(settings: RegistrationSettings, problems: ErrorDetail[]): void {
  check(uriProblem(settings.registrar.iri, 'registrar.iri', SIP), problems);
  check(uriProblem(settings.addressOfRecord, 'addressOfRecord', SIP), problems);
  between(settings.expiresSeconds, 60, 86400, 'expiresSeconds', problems);
  if (settings.contactUser.length > 255 || /[\s@:;]/.test(settings.contactUser)) {
    problems.push({
      field: 'contactUser',
      rule: 'userPart',
      message: 'contactUser must be a SIP user part of at most 255 characters, without spaces, @, : or ;',
    });
  }
}

function srvProblems(settings: SrvSettings, problems: ErrorDetail[]): void {
  if (!HOST_NAME.test(settings.domain))
    problems.push({
      field: 'domain',
      rule: 'hostname',
      message: `domain must be a DNS domain such as example.net, got '${settings.domain.slice(0, 60)}'`,
    });
  oneOf(settings.service, SRV_SERVICES, 'service', problems);
  between(settings.refreshSeconds, 10, 86400, 'refreshSeconds', problems);
}

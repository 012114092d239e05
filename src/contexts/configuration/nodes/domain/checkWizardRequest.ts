import { DomainError, type ErrorDetail } from '../../../../shared/domain/DomainError.js';
import { checkValue, type ScalarType } from '../../graph/domain/catalog/ParameterType.js';
import type { RemoteSipDomain } from '../../profiles/domain/NodeProfile.js';
import type { WizardRequestBase } from './NodeWizard.js';

const HOST: ScalarType = { kind: 'hostname', optional: false };
const IP: ScalarType = { kind: 'ipAddress', optional: false };
const SIP_URI: ScalarType = { kind: 'uri', schemes: ['sip', 'sips'], optional: true };
const ASSERTED_URI: ScalarType = { kind: 'uri', schemes: ['sip', 'sips', 'tel'], optional: true };

/** The request's own values, checked with its field names before anything is planned. */
export function checkWizardRequest(
  request: WizardRequestBase & {
    sbcFqdn?: string | null;
    tenantFqdn?: string | null;
    assertedUri?: string | null;
    addressOfRecord?: string | null;
    remoteSipDomain?: RemoteSipDomain | null;
    sipDomain?: string | null;
  },
): void {
  const details: ErrorDetail[] = [];
  const check = (type: ScalarType, value: string | null | undefined, field: string): void => {
    if (value !== null && value !== undefined && value !== '') details.push(...checkValue(type, value, field));
  };
  if (request.displayName.trim() === '')
    details.push({ field: 'displayName', rule: 'required', message: 'displayName must not be empty' });
  else if (request.displayName.trim().length > 200)
    details.push({ field: 'displayName', rule: 'maxLength', message: 'displayName must be at most 200 characters' });
  check(IP, request.networkControllerIpAddress, 'networkControllerIpAddress');
  check(HOST, request.sbcFqdn, 'sbcFqdn');
  check(HOST, request.tenantFqdn, 'tenantFqdn');
  check(HOST, request.sipDomain, 'sipDomain');
  check(ASSERTED_URI, request.assertedUri, 'assertedUri');
  check(SIP_URI, request.addressOfRecord, 'addressOfRecord');
  if (request.remoteSipDomain) check(HOST, request.remoteSipDomain.host, 'remoteSipDomain.host');
  (request.networkPeerWhitelist ?? []).forEach((peer, i) => check(HOST, peer.host, `networkPeerWhitelist[${i}].host`));
  if (request.udpTcpPort != null && request.tlsPort != null && request.udpTcpPort === request.tlsPort) {
    details.push({ field: 'tlsPort', rule: 'distinct', message: 'tlsPort must differ from udpTcpPort' });
  }
  if (details.length > 0)
    throw DomainError.invalid(
      'VALIDATION_FAILED',
      `request body is invalid: ${details.map((d) => d.message).join('; ')}`,
      details,
    );
}

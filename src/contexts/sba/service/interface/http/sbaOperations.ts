import { operation, type QueryParameterSpec } from '../../../../../shared/interface/http/Operation.js';
import { SbaController } from './SbaController.js';
import { SbaFingerprintDto, SbaLogDto, SbaOptionsDto } from './SbaDtos.js';
import { SbaFingerprintView, SbaLogView, SbaOptionsView, SbaPemView, SbaStatusView, SbaUserView } from './SbaViews.js';

const area = 'Collaboration SBA service';
/** All require API and ADM (specification). */
const permissions = ['API', 'ADM'] as const;
const password: QueryParameterSpec = { name: 'password', type: 'string', description: 'password of a PKCS#12 file or an encrypted PEM key' };

export const sbaOperations = [
  operation({
    area, method: 'GET', path: '/api/sba/get', version: 0, permissions, body: 'none',
    summary: 'The SBA options: application, identity, tenant, log, fingerprint and the certificate (never the secret or the key); their version as ETag',
    response: { kind: 'json', shape: SbaOptionsView }, controller: SbaController, handle: (c, r) => c.get(r),
  }),
  operation({
    area, method: 'PUT', path: '/api/sba/set', version: 0, permissions, body: 'json',
    summary: 'Set SBA options (members left out stay; log members left out take their defaults); answers them without secret and certificate (If-Match: 409 STALE_VERSION when they changed since)',
    request: SbaOptionsDto, response: { kind: 'json', shape: SbaOptionsView }, controller: SbaController, handle: (c, r) => c.set(r),
  }),
  operation({
    area, method: 'POST', path: '/api/sba/enable', version: 0, permissions, body: 'none',
    summary: 'Enable the SBA service: RUNNING when identity, tenant, application, secret, key and certificate are present, else ERROR with the reason',
    response: { kind: 'empty' }, controller: SbaController, handle: (c, r) => c.enable(r),
  }),
  operation({
    area, method: 'POST', path: '/api/sba/disable', version: 0, permissions, body: 'none',
    summary: 'Disable the SBA service (state DISABLED)',
    response: { kind: 'empty' }, controller: SbaController, handle: (c, r) => c.disable(r),
  }),
  operation({
    area, method: 'GET', path: '/api/sba/status/get', version: 1, permissions, body: 'none',
    summary: 'The SBA service status: enabled, state (and why it is ERROR), the last status request to the platform',
    response: { kind: 'json', shape: SbaStatusView }, controller: SbaController, handle: (c, r) => c.status(r),
  }),
  operation({
    area, method: 'GET', path: '/api/sba/privateKey/get', version: 0, permissions, body: 'none',
    summary: 'The SBA private key as PEM text (the only answer holding it); 404 while none is stored',
    response: { kind: 'text' }, controller: SbaController, handle: (c, r) => c.privateKey(r),
  }),
  operation({
    area, method: 'PUT', path: '/api/sba/privateKey/set', version: 0, permissions, body: 'multipart',
    summary: 'Upload the SBA private key (PEM or PKCS#12; with its certificate to replace both); it must belong to the certificate; answers its public key',
    query: [password], response: { kind: 'json', shape: SbaPemView }, controller: SbaController, handle: (c, r) => c.setPrivateKey(r),
  }),
  operation({
    area, method: 'GET', path: '/api/sba/certificate/get', version: 0, permissions, body: 'none',
    summary: 'The SBA certificate as PEM text; 404 while none is stored',
    response: { kind: 'text' }, controller: SbaController, handle: (c, r) => c.certificate(r),
  }),
  operation({
    area, method: 'PUT', path: '/api/sba/certificate/set', version: 0, permissions, body: 'multipart',
    summary: 'Upload the SBA certificate (PEM, DER or PKCS#12; with its key to replace both); it must belong to the stored key; answers it',
    query: [password], response: { kind: 'json', shape: SbaPemView }, controller: SbaController, handle: (c, r) => c.setCertificate(r),
  }),
  operation({
    area, method: 'GET', path: '/api/sba/fingerprint/get', version: 0, permissions, body: 'none',
    summary: 'The SBA fingerprint {source, value}; the options\' version as ETag',
    response: { kind: 'json', shape: SbaFingerprintView }, controller: SbaController, handle: (c, r) => c.fingerprint(r),
  }),
  operation({
    area, method: 'PUT', path: '/api/sba/fingerprint/set', version: 0, permissions, body: 'json',
    summary: 'Set the SBA fingerprint: CUSTOM with its value, or CERTIFICATE (the stored certificate\'s SHA-256 fingerprint); honours If-Match',
    request: SbaFingerprintDto, response: { kind: 'json', shape: SbaFingerprintView }, controller: SbaController, handle: (c, r) => c.setFingerprint(r),
  }),
  operation({
    area, method: 'GET', path: '/api/sba/ipAddress/get', version: 0, permissions, body: 'none',
    summary: 'The SBA IP address as text; 404 while none is set',
    response: { kind: 'text', example: '192.0.2.10' }, controller: SbaController, handle: (c, r) => c.ipAddress(r),
  }),
  operation({
    area, method: 'PUT', path: '/api/sba/ipAddress/set', version: 0, permissions, body: 'text',
    summary: 'Set the SBA IP address (raw body, IPv4 or IPv6); answers it',
    response: { kind: 'text', example: '192.0.2.10' }, controller: SbaController, handle: (c, r) => c.setIpAddress(r),
  }),
  operation({
    area, method: 'GET', path: '/api/sba/identity/get', version: 0, permissions, body: 'none',
    summary: 'The SBA identity (FQDN) as text; 404 while none is set',
    response: { kind: 'text', example: 'sba.example.com' }, controller: SbaController, handle: (c, r) => c.identity(r),
  }),
  operation({
    area, method: 'PUT', path: '/api/sba/identity/set', version: 0, permissions, body: 'text',
    summary: 'Set the SBA identity (raw body, a fully qualified domain name); answers it',
    response: { kind: 'text', example: 'sba.example.com' }, controller: SbaController, handle: (c, r) => c.setIdentity(r),
  }),
  operation({
    area, method: 'GET', path: '/api/sba/tenantId/get', version: 0, permissions, body: 'none',
    summary: 'The SBA tenant id as text; 404 while none is set',
    response: { kind: 'text' }, controller: SbaController, handle: (c, r) => c.tenantId(r),
  }),
  operation({
    area, method: 'PUT', path: '/api/sba/tenantId/set', version: 0, permissions, body: 'text',
    summary: 'Set the SBA tenant id (raw body)',
    response: { kind: 'empty' }, controller: SbaController, handle: (c, r) => c.setTenantId(r),
  }),
  operation({
    area, method: 'GET', path: '/api/sba/application/get', version: 0, permissions, body: 'none',
    summary: 'The SBA application / client id as text; 404 while none is set',
    response: { kind: 'text' }, controller: SbaController, handle: (c, r) => c.application(r),
  }),
  operation({
    area, method: 'PUT', path: '/api/sba/application/set', version: 0, permissions, body: 'text',
    summary: 'Set the SBA application / client id (raw body)',
    response: { kind: 'empty' }, controller: SbaController, handle: (c, r) => c.setApplication(r),
  }),
  operation({
    area, method: 'PUT', path: '/api/sba/secret/set', version: 0, permissions, body: 'text',
    summary: 'Set the SBA application / client secret (raw body); it is never returned',
    response: { kind: 'empty' }, controller: SbaController, handle: (c, r) => c.setSecret(r),
  }),
  operation({
    area, method: 'GET', path: '/api/sba/log/get', version: 0, permissions, body: 'none',
    summary: 'The SBA log options (level, directory, maxArchiveDays); the options\' version as ETag',
    response: { kind: 'json', shape: SbaLogView }, controller: SbaController, handle: (c, r) => c.log(r),
  }),
  operation({
    area, method: 'PUT', path: '/api/sba/log/set', version: 0, permissions, body: 'json',
    summary: 'Set the SBA log options; members left out take their defaults (level INFO, maxArchiveDays 30); honours If-Match; answers them',
    request: SbaLogDto, response: { kind: 'json', shape: SbaLogView }, controller: SbaController, handle: (c, r) => c.setLog(r),
  }),
  operation({
    area, method: 'GET', path: '/api/sba/users/get', version: 0, permissions, body: 'none',
    summary: 'The collaboration platform\'s users as the SBA service last read them (simulated directory)',
    response: { kind: 'json', shape: SbaUserView, array: true }, controller: SbaController, handle: (c, r) => c.users(r),
  }),
  operation({
    area, method: 'POST', path: '/api/sba/users/refresh', version: 0, permissions, body: 'none',
    summary: 'Re-read the users from the collaboration platform (the service must be RUNNING); answers them',
    response: { kind: 'json', shape: SbaUserView, array: true }, controller: SbaController, handle: (c, r) => c.refresh(r),
  }),
];

import { expect } from 'chai';
import { openApiDocumentText } from '../../../src/app/http/openApiDocumentText.js';
import { SERVED_OPERATIONS } from '../../../src/app/operations.js';
import { ResponseSchemas } from '../../support/ResponseSchemas.js';

/**
 * The acceptance clients' check of JSON answers, against the documents gwsim serves: it must refuse what a strict
 * client (System.Text.Json, Go's encoding/json) cannot bind, and check every answer, errors and control answers too.
 */
describe('the acceptance clients check answers as a strict client binds them', () => {
  const schemas = new ResponseSchemas(
    JSON.parse(openApiDocumentText(SERVED_OPERATIONS, 'gateway')),
    JSON.parse(openApiDocumentText(SERVED_OPERATIONS, 'control')),
  );
  const user = {
    id: '2387af39-3818-4684-acfd-1930160ca16a',
    displayName: 'test',
    emailAddress: '',
    enabled: true,
    localUserName: 'test',
    local: { name: 'test' },
    ldapUsers: [],
    roles: [],
    failedLogins: 0,
  };
  const users = (changes: Record<string, unknown>) => schemas.mismatch('GET', '/api/users/get', 200, [changes]);
  const error = { error: { status: 503, code: 'FAULT_INJECTED', message: 'x', details: [], requestId: 'r' } };

  it('takes an answer whose optional members are there or left out', () => {
    expect(users(user)).to.equal(undefined);
    expect(users({ displayName: 'anadmin', enabled: true })).to.equal(undefined);
  });

  it('refuses null for an integer, a boolean and a string the schema does not declare nullable', () => {
    expect(users({ ...user, failedLogins: null })).to.contain('failedLogins must be integer');
    expect(users({ ...user, emailAddress: null })).to.contain('emailAddress must be string');
    const route = { id: 'r1', displayName: 'National', enabled: null };
    expect(schemas.mismatch('GET', '/api/routingDomains/routes/get', 200, [route]), 'an optional boolean').to.contain(
      'enabled must be boolean',
    );
    expect(users({ ...user, enabled: null }), 'a required boolean').to.contain('enabled must be boolean');
  });

  it('refuses a string where an integer is declared, and a fraction for an integer', () => {
    expect(users({ ...user, failedLogins: '3' })).to.contain('failedLogins must be integer');
    expect(users({ ...user, failedLogins: 1.5 })).to.contain('failedLogins must be integer');
    const disk = (total: unknown) => schemas.mismatch('GET', '/api/resources/get', 200, { disk: { total, used: 1 } });
    expect(disk(1024)).to.equal(undefined);
    expect(disk(1024.5)).to.contain('disk/total must be integer');
    expect(schemas.mismatch('GET', '/api/resources/get', 200, { cpu: 12.5 })).to.contain('cpu must be integer');
  });

  it('takes null where the document declares it (node certificates, as the real product answers)', () => {
    const key = { keySize: 2048, keyType: 'RSA' };
    const answer = (entry: unknown) => schemas.mismatch('GET', '/api/nodes/certificates/get', 200, [entry]);
    expect(answer({ certificate: null, privateKey: key })).to.equal(undefined);
    expect(answer({ certificate: null, privateKey: { ...key, keySize: null } })).to.contain('keySize must be integer');
  });

  it('checks an answer to a status the operation does not describe, and to a path that is no operation, as the error shape', () => {
    expect(schemas.mismatch('GET', '/api/nodes/get', 503, error)).to.equal(undefined);
    expect(schemas.mismatch('GET', '/api/nodes/get', 429, { busy: true })).to.contain(
      "must have required property 'error'",
    );
    expect(schemas.mismatch('GET', '/api/nodes/gett', 404, error)).to.equal(undefined);
    expect(schemas.mismatch('PUT', '/api/nodes/get', 405, { nodes: [] })).to.contain("required property 'error'");
    const broken = { error: { ...error.error, status: '503' } };
    expect(schemas.mismatch('GET', '/api/nodes/get', 503, broken)).to.contain('status must be integer');
  });

  it('refuses JSON where the document describes the status without a JSON body', () => {
    expect(schemas.mismatch('POST', '/api/nodes/enable', 200, { done: true })).to.contain('without a JSON body');
  });

  it("checks a control endpoint against /_sim/openapi.json by its path template, and a lab's gateway path as the operation", () => {
    const faults = (rules: unknown) =>
      schemas.mismatch('GET', '/_sim/labs/training/faults', 200, { lab: 'training', rules });
    expect(faults([])).to.equal(undefined);
    expect(faults(null)).to.contain('rules must be array');
    expect(schemas.mismatch('GET', '/labs/training/api/users/get', 200, [{ ...user, failedLogins: null }])).to.contain(
      'failedLogins must be integer',
    );
  });
});

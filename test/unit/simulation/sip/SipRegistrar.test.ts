import { expect } from 'chai';
import {
  buildRequest,
  digestAuthorization,
  parseDigestChallenge,
  parseNameAddr,
  type ServerTransaction,
  type SipRequest,
  type SipResponse,
} from '@gwsim/sip';
import type { PlanNode, PlanRegistrar } from '../../../../src/contexts/configuration/index.js';
import { SipRegistrar } from '../../../../src/contexts/simulation/sip/infrastructure/SipRegistrar.js';
import { planNode } from '../../../support/simulation/handPlan.js';

const DOMAIN = 'phones.test';

function registrarNode(registrar: Partial<PlanRegistrar>): PlanNode {
  const base = planNode('phones');
  return {
    ...base,
    sip: {
      ...base.sip,
      registrar: {
        domain: DOMAIN,
        acceptPolicy: 'ALWAYS',
        minExpiresSeconds: 60,
        maxExpiresSeconds: 3600,
        authenticationRequired: true,
        users: new Map<string, string | undefined>([
          ['alice', 'Alice-Pw'],
          ['guest', 'Guest-Pw'],
        ]),
        ...registrar,
      },
    },
  };
}

let counter = 0;

/** A REGISTER for `user` with the extra headers, through a transaction that keeps what it was answered. */
function register(
  registrar: SipRegistrar,
  node: PlanNode,
  user: string,
  extra: Array<{ name: string; value: string }>,
): SipResponse {
  counter += 1;
  const request: SipRequest = buildRequest({
    method: 'REGISTER',
    uri: `sip:${DOMAIN}`,
    via: { transport: 'UDP', host: '127.0.0.1', port: 5099, branch: `z9hG4bKunit${counter}` },
    from: { uri: `sip:${user}@${DOMAIN}`, params: { tag: `t${counter}` } },
    to: { uri: `sip:${user}@${DOMAIN}`, params: {} },
    callId: 'unit-registrar',
    cseq: counter,
  });
  const responses: SipResponse[] = [];
  const transaction: ServerTransaction = {
    request: { ...request, headers: [...request.headers, ...extra] },
    source: { transport: 'UDP', host: '127.0.0.1', port: 5099 },
    respond: (response) => {
      responses.push(response);
    },
    terminated: false,
  };
  registrar.register(node, transaction);
  expect(responses, 'one response').to.have.length(1);
  return responses[0]!;
}

/** Registers with the digest of `username`/`password`, answering the registrar's challenge. */
function registerWithDigest(
  registrar: SipRegistrar,
  node: PlanNode,
  user: string,
  credentials: { username: string; password: string },
  extra: Array<{ name: string; value: string }>,
): SipResponse {
  const challenged = register(registrar, node, user, extra);
  expect(challenged.status).to.equal(401);
  const challenge = parseDigestChallenge(challenged.headers.find((h) => h.name === 'WWW-Authenticate')!.value)!;
  return register(registrar, node, user, [
    ...extra,
    { name: 'Authorization', value: digestAuthorization(challenge, credentials, 'REGISTER', `sip:${DOMAIN}`) },
  ]);
}

function contacts(response: SipResponse): Array<{ uri: string; expires: number }> {
  return response.headers
    .filter((h) => h.name === 'Contact')
    .map((h) => {
      const parsed = parseNameAddr(h.value);
      return { uri: parsed.uri, expires: Number(parsed.params['expires']) };
    });
}

describe('the phone registrar (SipRegistrar) on its own', () => {
  let now: number;
  let registrar: SipRegistrar;
  beforeEach(() => {
    now = Date.parse('2026-03-01T08:00:00Z');
    registrar = new SipRegistrar(
      () => now,
      (_ms, run) => run(),
    ); // held answers go at once here
  });

  it("with ALWAYS, a name a credentials object gives registers; another name's credentials never register it", () => {
    const node = registrarNode({});
    const ok = registerWithDigest(registrar, node, 'guest', { username: 'guest', password: 'Guest-Pw' }, [
      { name: 'Contact', value: '<sip:guest@127.0.0.1:5099>' },
      { name: 'Expires', value: '300' },
    ]);
    expect(ok.status).to.equal(200);
    expect(contacts(ok)).to.deep.equal([{ uri: 'sip:guest@127.0.0.1:5099', expires: 300 }]);
    expect(registrar.registered(node, 'guest')).to.deep.equal({
      contact: 'sip:guest@127.0.0.1:5099',
      address: { transport: 'UDP', host: '127.0.0.1', port: 5099 },
    });
    const stolen = registerWithDigest(registrar, node, 'alice', { username: 'guest', password: 'Guest-Pw' }, [
      { name: 'Contact', value: '<sip:alice@127.0.0.1:5099>' },
    ]);
    expect(stolen.status).to.equal(403);
    expect(registrar.registered(node, 'alice')).to.equal(undefined);
  });

  it('a challenge of another realm is challenged again; NEVER refuses at once', () => {
    const node = registrarNode({});
    const challenged = register(registrar, node, 'alice', []);
    const challenge = parseDigestChallenge(challenged.headers.find((h) => h.name === 'WWW-Authenticate')!.value)!;
    const otherRealm = digestAuthorization(
      { ...challenge, realm: 'elsewhere.test' },
      { username: 'alice', password: 'Alice-Pw' },
      'REGISTER',
      `sip:${DOMAIN}`,
    );
    expect(register(registrar, node, 'alice', [{ name: 'Authorization', value: otherRealm }]).status).to.equal(401);
    expect(register(registrar, registrarNode({ acceptPolicy: 'NEVER' }), 'alice', []).status).to.equal(403);
  });

  it('a call is sent to the registered Contact as the phone gave it (its own user part, its transport), the latest to expire', () => {
    const node = registrarNode({ authenticationRequired: false });
    register(registrar, node, 'alice', [
      { name: 'Contact', value: '"Alice" <sip:alice-0x5e1f@127.0.0.1:5001;transport=tcp>;expires=600' },
      { name: 'Contact', value: '<sip:alice@127.0.0.1:5002>;expires=300' },
    ]);
    expect(registrar.registered(node, 'alice')).to.deep.equal({
      contact: 'sip:alice-0x5e1f@127.0.0.1:5001;transport=tcp',
      address: { transport: 'TCP', host: '127.0.0.1', port: 5001 },
    });
  });

  it('a REGISTER with one contact too brief binds none of its contacts (423)', () => {
    const node = registrarNode({ authenticationRequired: false });
    const refused = register(registrar, node, 'alice', [
      { name: 'Contact', value: '<sip:alice@127.0.0.1:5001>;expires=600' },
      { name: 'Contact', value: '<sip:alice@127.0.0.1:5002>;expires=10' },
    ]);
    expect(refused.status).to.equal(423);
    expect(refused.headers.find((h) => h.name === 'Min-Expires')?.value).to.equal('60');
    expect(registrar.registered(node, 'alice')).to.equal(undefined);
  });

  it('Contact * with Expires 0 removes every binding; Contact * otherwise is a bad request', () => {
    const node = registrarNode({ authenticationRequired: false });
    expect(
      register(registrar, node, 'alice', [
        { name: 'Contact', value: '<sip:alice@127.0.0.1:5001>, <sip:alice@127.0.0.1:5002>' },
        { name: 'Expires', value: '600' },
      ]).status,
    ).to.equal(200);
    expect(contacts(register(registrar, node, 'alice', []))).to.have.length(2);
    expect(
      register(registrar, node, 'alice', [
        { name: 'Contact', value: '*' },
        { name: 'Expires', value: '600' },
      ]).status,
    ).to.equal(400);
    expect(
      register(registrar, node, 'alice', [
        { name: 'Contact', value: '*' },
        { name: 'Contact', value: '<sip:alice@127.0.0.1:5003>' },
        { name: 'Expires', value: '0' },
      ]).status,
    ).to.equal(400);
    expect(contacts(register(registrar, node, 'alice', [])), 'a bad request changes nothing').to.have.length(2);
    expect(
      register(registrar, node, 'alice', [
        { name: 'Contact', value: '*' },
        { name: 'Expires', value: '0' },
      ]).status,
    ).to.equal(200);
    expect(registrar.registered(node, 'alice')).to.equal(undefined);
  });

  it('bindings follow the clock it is given; a node no longer a registrar loses them', () => {
    const node = registrarNode({ authenticationRequired: false });
    register(registrar, node, 'alice', [
      { name: 'Contact', value: '<sip:alice@127.0.0.1:5001>' },
      { name: 'Expires', value: '60' },
    ]);
    now += 59_000;
    expect(contacts(register(registrar, node, 'alice', []))).to.deep.equal([
      { uri: 'sip:alice@127.0.0.1:5001', expires: 1 },
    ]);
    now += 1_000;
    expect(registrar.registered(node, 'alice')).to.equal(undefined);
    register(registrar, node, 'alice', [
      { name: 'Contact', value: '<sip:alice@127.0.0.1:5001>' },
      { name: 'Expires', value: '60' },
    ]);
    registrar.retain(new Set([node.id]));
    expect(registrar.registered(node, 'alice')).to.not.equal(undefined);
    registrar.retain(new Set());
    expect(registrar.registered(node, 'alice')).to.equal(undefined);
  });
});

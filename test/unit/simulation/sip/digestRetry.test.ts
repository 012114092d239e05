import { expect } from 'chai';
import { buildRequest, type SipResponse } from '@gwsim/sip';
import { digestRetry } from '../../../../src/contexts/simulation/sip/infrastructure/digestRetry.js';
import type { PlanCredentials, PlanNode } from '../../../../src/contexts/configuration/index.js';
import { planNode } from '../../../support/simulation/handPlan.js';

function handNode(id: string, given: { credentials: PlanCredentials }): PlanNode {
  const node = planNode(id);
  return { ...node, sip: { ...node.sip, credentials: given.credentials } };
}

const REGISTER = buildRequest({
  method: 'REGISTER',
  uri: 'sip:carrier.example',
  via: { host: '127.0.0.1', port: 5070, branch: 'z9hG4bKfirst' },
  from: { uri: 'sip:acme@carrier.example', params: { tag: 'f' } },
  to: { uri: 'sip:acme@carrier.example', params: {} },
  callId: 'reg-1',
  cseq: 1,
});

function challenge(...offers: string[]): SipResponse {
  return {
    kind: 'response',
    status: 401,
    reason: 'Unauthorized',
    headers: offers.map((value) => ({ name: 'WWW-Authenticate', value })),
    body: '',
  };
}

describe("the answer to a far end's digest challenge (digestRetry)", () => {
  const node = handNode('trunk', {
    credentials: { username: 'acme', password: 'Trunk-Pw-1', authorizationUsername: undefined, realm: undefined },
  });

  it('takes the first challenge whose algorithm it knows, in the order offered (RFC 8760 section 2.4)', () => {
    const again = digestRetry(
      node,
      'reg-1',
      REGISTER,
      challenge(
        'Digest realm="r", nonce="n1", algorithm=MD2, qop="auth"',
        'Digest realm="r", nonce="n1", algorithm=SHA-256, qop="auth"',
        'Digest realm="r", nonce="n1", algorithm=MD5, qop="auth"',
      ),
      2,
    );
    const authorization = again?.headers.find((h) => h.name === 'Authorization')?.value ?? '';
    expect(authorization).to.match(/algorithm=SHA-256/);
    expect(authorization).to.match(/username="acme"/);
    expect(again?.headers.find((h) => h.name === 'CSeq')?.value).to.equal('2 REGISTER');
  });

  it('answers a challenge without nonce, and none it cannot read or that names another realm than its own', () => {
    expect(digestRetry(node, 'reg-1', REGISTER, challenge('digest realm="test",stale=true'), 2)).to.not.equal(
      undefined,
    );
    expect(digestRetry(node, 'reg-1', REGISTER, challenge('Basic realm="x"'), 2)).to.equal(undefined);
    const scoped = handNode('trunk', {
      credentials: { username: 'acme', password: 'Trunk-Pw-1', authorizationUsername: undefined, realm: 'mine' },
    });
    expect(digestRetry(scoped, 'reg-1', REGISTER, challenge('Digest realm="theirs", nonce="n"'), 2)).to.equal(
      undefined,
    );
  });
});

import { expect } from 'chai';
import type { SipAddress } from '@gwsim/sip';
import { ownEnd } from '../../../../src/contexts/simulation/sip/infrastructure/ownEnd.js';

const at = (host: string, port = 5070): SipAddress => ({ transport: 'UDP', host, port });

describe("the gateway's own end of a message in the history (a wildcard listener names no address)", () => {
  it('keeps a concrete bound address as it is', () => {
    expect(ownEnd(at('192.0.2.10'), at('127.0.0.1', 5999), at('198.51.100.7'))).to.deep.equal(at('192.0.2.10'));
  });

  it('names the loopback of its family for a peer on the loopback', () => {
    expect(ownEnd(at('0.0.0.0'), at('127.0.0.1', 5999), at('198.51.100.7'))).to.deep.equal(at('127.0.0.1'));
    expect(ownEnd(at('0.0.0.0'), at('127.0.0.53', 5999), at('198.51.100.7'))).to.deep.equal(at('127.0.0.1'));
    expect(ownEnd(at('::'), at('::1', 5999), at('2001:db8::7'))).to.deep.equal(at('::1'));
    expect(ownEnd(at('::'), at('::ffff:127.0.0.1', 5999), at('2001:db8::7'))).to.deep.equal(at('127.0.0.1'));
  });

  it('names the address the leg advertises for any other peer, keeping the bound port', () => {
    expect(ownEnd(at('0.0.0.0', 5080), at('192.0.2.99', 5060), at('198.51.100.7', 5080))).to.deep.equal(
      at('198.51.100.7', 5080),
    );
    expect(ownEnd(at('[::]'), at('2001:db8::99'), at('2001:db8::7'))).to.deep.equal(at('2001:db8::7'));
  });

  it('keeps the wildcard when the leg names nothing better', () => {
    expect(ownEnd(at('0.0.0.0'), at('192.0.2.99'), at('0.0.0.0'))).to.deep.equal(at('0.0.0.0'));
  });
});

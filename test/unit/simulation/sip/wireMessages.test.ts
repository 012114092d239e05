import { expect } from 'chai';
import { buildRequest, type SipRequest } from '@gwsim/sip';
import {
  firstHeader,
  retarget,
  toContact,
  withContact,
  withVia,
} from '../../../../src/contexts/simulation/sip/infrastructure/wireMessages.js';

function invite(uri: string): SipRequest {
  return buildRequest({
    method: 'INVITE',
    uri,
    via: { transport: 'UDP', host: '127.0.0.1', port: 5070, branch: 'z9hG4bKunit' },
    from: { uri: 'sip:100@phones.test', params: { tag: 'a' } },
    to: { uri: 'sip:101@phones.test', params: {} },
    callId: 'unit-wire',
    cseq: 1,
  });
}

describe('the requests the gateway puts on the wire (wireMessages)', () => {
  it("toward a node's peer the Request-URI keeps the called user at the peer's address", () => {
    const request = retarget(invite('sip:101@203.0.113.18'), { transport: 'UDP', host: '127.0.0.1', port: 5099 });
    expect(request.uri).to.equal('sip:101@127.0.0.1:5099');
  });

  it("toward a registered phone the Request-URI is the phone's Contact (RFC 3261 section 16.5), user part and parameters kept", () => {
    const contact = 'sip:101-0x55b04001c380@127.0.0.1:46419;transport=udp;ob';
    const request = toContact(invite('sip:101@203.0.113.18'), contact);
    expect(request.uri).to.equal(contact);
    expect(request.method).to.equal('INVITE');
    expect(request.headers).to.deep.equal(invite('sip:101@203.0.113.18').headers);
  });

  it('names the listener in the top Via and the Contact at the address it is given, an IPv6 address in brackets (RFC 3261 section 25.1)', () => {
    const request = {
      ...invite('sip:101@x'),
      headers: [...invite('sip:101@x').headers, { name: 'Contact', value: '<sip:gw@10.0.0.1:5060>' }],
    };
    const at = { transport: 'UDP' as const, host: '192.0.2.10', port: 5070 };
    const v4 = withContact(withVia(request, at), at);
    expect(firstHeader(v4, 'Via')).to.equal('SIP/2.0/UDP 192.0.2.10:5070;rport;branch=z9hG4bKunit');
    expect(firstHeader(v4, 'Contact')).to.equal('<sip:gw@192.0.2.10:5070>');
    const v6 = { transport: 'TCP' as const, host: '2001:db8::10', port: 5070 };
    const six = withContact(withVia(request, v6), v6);
    expect(firstHeader(six, 'Via')).to.equal('SIP/2.0/TCP [2001:db8::10]:5070;rport;branch=z9hG4bKunit');
    expect(firstHeader(six, 'Contact')).to.equal('<sip:gw@[2001:db8::10]:5070;transport=tcp>');
    expect(retarget(request, v6).uri).to.equal('sip:101@[2001:db8::10]:5070;transport=tcp');
  });

  it('drops what a Request-URI may not carry: a method parameter and headers (RFC 3261 section 19.1.1)', () => {
    expect(toContact(invite('sip:101@x'), 'sip:101@127.0.0.1:5099;method=INVITE;lr?Subject=hi').uri).to.equal(
      'sip:101@127.0.0.1:5099;lr',
    );
    // the user part may hold ';' and '?' (user-unreserved): they stay
    expect(toContact(invite('sip:101@x'), 'sip:a;b?c@127.0.0.1:5099').uri).to.equal('sip:a;b?c@127.0.0.1:5099');
  });
});

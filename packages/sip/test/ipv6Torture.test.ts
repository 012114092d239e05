import { expect } from 'chai';
import {
  addressOf,
  checkRequest,
  connectionOf,
  headerValues,
  parseSip,
  parseUri,
  parseVia,
  sdpOf,
  type SdpSessionDescription,
  type SipMessage,
  type SipRequest,
  type SipUri,
} from '../src/index.js';
import { GATEWAY } from './gatewayCapabilities.js';
import { suiteMessages, suitesDir } from './suites.js';

function requestUri(m: SipMessage): SipUri {
  return parseUri((m as SipRequest).uri) as SipUri;
}

function sdp(m: SipMessage): SdpSessionDescription {
  const body = sdpOf(m);
  if (body.kind !== 'sdp') throw new Error(`no SDP read: ${JSON.stringify(body)}`);
  return body.sdp;
}

function vias(m: SipMessage): Array<[string, number | undefined, string | undefined]> {
  return headerValues(m, 'Via').map((v) => {
    const via = parseVia(v);
    return [via.host, via.port, via.params.received];
  });
}

/** RFC 5118 section 4: the messages to accept and what they say, read as the RFC explains them. */
const VALID: Record<string, (m: SipMessage) => void> = {
  'ipv6-good': (m) => {
    expect(requestUri(m)).to.include({ host: '[2001:db8::10]', hostKind: 'ipv6' });
    expect(vias(m)).to.deep.equal([['[2001:db8::9:1]', undefined, undefined]]);
    expect(addressOf(m, 'Contact')).to.deep.include({ displayName: 'Caller', uri: 'sip:caller@[2001:db8::1]' });
  },
  'port-ambiguous': (m) => {
    // 4.3: the last group is part of the address, not a port
    expect(requestUri(m)).to.include({ host: '[2001:db8::10:5070]' }).and.not.have.property('port');
  },
  'port-unambiguous': (m) => expect(requestUri(m)).to.include({ host: '[2001:db8::10]', port: 5070 }),
  'via-received-param-with-delim': (m) =>
    expect(vias(m)).to.deep.equal([['[2001:db8::9:1]', undefined, '[2001:db8::9:255]']]),
  'via-received-param-no-delim': (m) =>
    expect(vias(m)).to.deep.equal([['[2001:db8::9:1]', undefined, '2001:db8::9:255']]),
  'ipv6-in-sdp': (m) => {
    const s = sdp(m);
    expect(s.origin).to.include({ addressType: 'IP6', address: '2001:db8::20' });
    expect(s.connection).to.deep.equal({ netType: 'IN', addressType: 'IP6', address: '2001:db8::20' });
    // Content-Length (241) ends the body inside the last line: the datagram's extra bytes are dropped (RFC 3261
    // section 18.3), so the video rtpmap reads `H263-19` without a clock rate and is kept as a plain attribute
    expect(s.media.map((x) => [x.kind, x.port, x.formats[0].codec?.encoding])).to.deep.equal([
      ['audio', 6000, 'G726-32'],
      ['video', 6024, undefined],
    ]);
    expect(s.media[1].attributes).to.deep.equal([{ name: 'rtpmap', value: '107 H263-19' }]);
  },
  'mult-ip-in-header': (m) =>
    expect(vias(m)).to.deep.equal([
      ['[2001:db8::9:1]', 6050, undefined],
      ['192.0.2.1', undefined, undefined],
      ['[2001:db8::9:255]', undefined, '192.0.2.200'],
    ]),
  'mult-ip-in-sdp': (m) => {
    const s = sdp(m);
    expect(s.origin).to.include({ addressType: 'IP4', address: 'host.example.com' });
    expect(s.sessionName).to.equal('');
    expect(s.media.map((x) => connectionOf(s, x))).to.deep.equal([
      { netType: 'IN', addressType: 'IP4', address: '192.0.2.1' },
      { netType: 'IN', addressType: 'IP6', address: '2001:db8::1' },
    ]);
  },
  'ipv4-mapped-ipv6': (m) => {
    expect(vias(m)).to.deep.equal([
      ['[::ffff:192.0.2.10]', 19823, undefined],
      ['[::ffff:192.0.2.2]', undefined, undefined],
    ]);
    expect(sdp(m).connection).to.include({ addressType: 'IP6', address: '::ffff:192.0.2.2' });
  },
  'ipv6-correct-abnf-2-colons': (m) => expect(requestUri(m)).to.include({ host: '[2001:db8::192.0.2.1]' }),
  // 4.10: RFC 3261's ABNF admits the three colons; the RFC asks receivers to be robust and take it
  'ipv6-bug-abnf-3-colons': (m) => expect(requestUri(m)).to.include({ host: '[2001:db8:::192.0.2.1]' }),
};

describe('RFC 5118 IPv6 torture messages', function () {
  if (suitesDir() === undefined) {
    it('are skipped: ../shared/sip-suites is not beside the repository', function () {
      this.skip();
    });
    return;
  }
  const messages = suiteMessages('rfc5118-ersip');

  it('has an expectation here for every message of the suite', () => {
    expect([...Object.keys(VALID), 'ipv6-bad'].sort()).to.deep.equal([...messages.keys()].sort());
  });

  for (const [name, read] of Object.entries(VALID)) {
    it(`parses ${name}, reads it right and serves it`, () => {
      const message = parseSip(messages.get(name)!);
      read(message);
      expect(checkRequest(message as SipRequest, GATEWAY)).to.equal(undefined);
    });
  }

  it('answers ipv6-bad (4.2: an IPv6 address without brackets in the Request-URI) 400', () => {
    expect(() => parseSip(messages.get('ipv6-bad')!))
      .to.throw(/Request-URI.*sip:2001:db8::10/)
      .with.property('status', 400);
  });
});

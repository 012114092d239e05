import { expect } from 'chai';
import {
  addressOf,
  canonicalHeaderName,
  contactsOf,
  formatNameAddr,
  header,
  headerValues,
  parseAddress,
  parseNameAddr,
  parseSip,
  parseSipMessage,
  parseUri,
  parseVia,
  SipSyntaxError,
  uriUserOf,
  warningHeader,
} from '../src/index.js';

describe('SIP URIs (RFC 3261 section 19.1, RFC 5118)', () => {
  it('reads user, password, host, port, parameters and headers as written', () => {
    expect(
      parseUri('sip:alice:secret@atlanta.example.com:5070;transport=tcp;lr?subject=project%20x&priority=urgent'),
    ).to.deep.equal({
      scheme: 'sip',
      user: 'alice',
      password: 'secret',
      host: 'atlanta.example.com',
      hostKind: 'name',
      port: 5070,
      params: { transport: 'tcp', lr: '' },
      headers: { subject: 'project%20x', priority: 'urgent' },
    });
    expect(parseUri('SIPS:+4930123;phone-context=example.com@192.0.2.1')).to.include({
      scheme: 'sips',
      user: '+4930123;phone-context=example.com',
      hostKind: 'ipv4',
    });
  });

  it('reads IPv6 references, with or without a port, and other schemes as absolute URIs', () => {
    expect(parseUri('sip:[2001:db8::10]:5070')).to.include({ host: '[2001:db8::10]', hostKind: 'ipv6', port: 5070 });
    expect(parseUri('sip:user@[::ffff:192.0.2.1]')).to.include({ host: '[::ffff:192.0.2.1]', hostKind: 'ipv6' });
    expect(parseUri('tel:+1-201-555-0123;phone-context=+1')).to.deep.equal({
      scheme: 'tel',
      rest: '+1-201-555-0123;phone-context=+1',
    });
    expect(parseUri('urn:service:sos')).to.deep.equal({ scheme: 'urn', rest: 'service:sos' });
  });

  it('decodes escapes on demand: sip:%61lice@h is alice', () => {
    expect(uriUserOf('sip:%61lice@atlanta.example.com')).to.equal('alice');
    expect(uriUserOf('sip:I%20have%20spaces@example.net')).to.equal('I have spaces');
    expect(uriUserOf('tel:+4930')).to.equal(undefined);
  });

  const bad = [
    'sip:2001:db8::10', // an IPv6 address needs brackets (RFC 5118 section 4.2)
    'sip:user@host:99999',
    'sip:user@ex ample.com',
    'sip:us"er@example.com',
    'sip:user@example.com;lr;lr',
    'sip:user@example.com;=x',
    'sip:%zz@example.com',
    'sip:@example.com',
    'sip:user@[2001:db8::zz]',
    '<sip:user@example.com>',
    'no-scheme',
  ];
  for (const uri of bad) {
    it(`refuses ${uri}`, () => {
      expect(() => parseUri(uri)).to.throw(SipSyntaxError);
    });
  }
});

describe('name-addr and addr-spec (RFC 3261 section 20.10 and 25.1)', () => {
  it('reads quoted display names with escaped quotes, unquoted token display names and no display name', () => {
    expect(parseAddress('"Dave H" <sip:dave@192.0.2.4>;tag=887s')).to.deep.equal({
      displayName: 'Dave H',
      uri: 'sip:dave@192.0.2.4',
      params: { tag: '887s' },
      tag: '887s',
    });
    expect(parseAddress('"Say \\"hi\\", <ok>" <sip:a@b.example>').displayName).to.equal('Say "hi", <ok>');
    expect(parseAddress('Dave   Hart <sip:dave@example.com>').displayName).to.equal('Dave Hart');
    expect(parseAddress('<sip:dave@example.com;transport=tcp>;expires=60')).to.deep.equal({
      uri: 'sip:dave@example.com;transport=tcp',
      params: { expires: '60' },
    });
  });

  it('takes the parameters after an addr-spec as header parameters, with whitespace around ; and =', () => {
    expect(parseAddress('sip:+4930123@192.0.2.1 ;  tag = a1b2 ; user-param')).to.deep.equal({
      uri: 'sip:+4930123@192.0.2.1',
      params: { tag: 'a1b2', 'user-param': '' },
      tag: 'a1b2',
    });
  });

  it('refuses what the grammar refuses', () => {
    for (const value of [
      '"unterminated <sip:a@b.example>',
      'Bell, Alexander <sip:a.g.bell@example.com>',
      '< sip:t.watson@example.org >',
      'sip:user@example.com?Route=%3Csip:x%3E',
      '<sip:a@b.example>;;tag=1',
      '<sip:a@b.example>;tag=a"b',
    ])
      expect(() => parseAddress(value), value).to.throw(SipSyntaxError);
  });

  it('parseNameAddr stays liberal and formatNameAddr quotes what a quoted-string must escape', () => {
    expect(parseNameAddr('Bell, Alexander <sip:a.g.bell@example.com>;tag=43')).to.deep.equal({
      displayName: 'Bell, Alexander',
      uri: 'sip:a.g.bell@example.com',
      params: { tag: '43' },
    });
    expect(parseNameAddr('"a <b>" <sip:x@y> ; tag = 1').displayName).to.equal('a <b>');
    const name = 'BEL:\x07 "q" \\ line\r\nbreak';
    const written = formatNameAddr({ displayName: name, uri: 'sip:x@y.example', params: {} });
    expect(written).to.equal('"BEL:\\\x07 \\"q\\" \\\\ line break" <sip:x@y.example>');
    expect(parseAddress(written).displayName).to.equal('BEL:\x07 "q" \\ line break');
  });
});

describe('Via (RFC 3261 section 20.42, RFC 5118, RFC 3581)', () => {
  it('reads whitespace around separators, IPv6 sent-by, received with or without brackets, rport', () => {
    expect(
      parseVia('SIP / 2.0 / udp [2001:db8::9:1]:5070 ; branch = z9hG4bKx ; received=2001:db8::9:255 ; rport'),
    ).to.deep.equal({
      transport: 'UDP',
      host: '[2001:db8::9:1]',
      port: 5070,
      branch: 'z9hG4bKx',
      params: { branch: 'z9hG4bKx', received: '2001:db8::9:255', rport: '' },
    });
    expect(parseVia('SIP/2.0/TLS host.example.com;received=[2001:db8::9:255];rport=5061').params).to.deep.equal({
      received: '[2001:db8::9:255]',
      rport: '5061',
    });
  });

  it('refuses a missing transport, a bad host, an empty parameter, a bad received or ttl', () => {
    for (const value of [
      'SIP/2.0 host',
      'SIP/2.0/UDP host_name',
      'SIP/2.0/UDP 192.0.2.15;;',
      'SIP/2.0/UDP h.example;received=h2.example',
      'SIP/2.0/UDP h.example;ttl=300',
      'SIP/2.0/UDP [2001:db8::1',
    ])
      expect(() => parseVia(value), value).to.throw(SipSyntaxError);
  });
});

describe('headers', () => {
  it('expands every compact form (RFC 3261 section 7.3.3 and extensions) and any case of a known name', () => {
    const compact: Record<string, string> = {
      i: 'Call-ID',
      m: 'Contact',
      e: 'Content-Encoding',
      l: 'Content-Length',
      c: 'Content-Type',
      f: 'From',
      s: 'Subject',
      k: 'Supported',
      t: 'To',
      v: 'Via',
      o: 'Event',
      u: 'Allow-Events',
      r: 'Refer-To',
      b: 'Referred-By',
      x: 'Session-Expires',
    };
    for (const [short, long] of Object.entries(compact)) {
      expect(canonicalHeaderName(short)).to.equal(long);
      expect(canonicalHeaderName(short.toUpperCase())).to.equal(long);
    }
    expect(canonicalHeaderName('PROXY-REQUIRE')).to.equal('Proxy-Require');
    expect(canonicalHeaderName('x-Custom-Thing')).to.equal('x-Custom-Thing');
  });

  const message = [
    'INVITE sip:bob@biloxi.example.com SIP/2.0',
    'v: SIP/2.0/UDP [2001:db8::20]:5060;branch=z9hG4bK776asdhds',
    'max-forwards: 70',
    't: Bob <sip:bob@biloxi.example.com>',
    'f: "Alice \\"Al\\" Smith"',
    '   <sip:alice@atlanta.example.com>',
    '\t;tag=1928301774',
    'i: a84b4c76e66710@pc33.atlanta.example.com',
    'CSEQ: 314159 INVITE',
    'm: <sip:alice@pc33.atlanta.example.com>;q=0.7, "Alice, mobile" <sip:alice@192.0.2.99>;q=1',
    'X-Long: ' + 'a'.repeat(5000),
    'P-Asserted-Identity: "Alice" <sip:alice@atlanta.example.com>, <tel:+15551234567>',
    'l: 0',
    '',
    '',
  ].join('\r\n');

  it('reads folded headers, compact forms, lists of addresses and keeps unknown and very long headers', () => {
    const m = parseSip(message);
    expect(addressOf(m, 'From')).to.deep.equal({
      displayName: 'Alice "Al" Smith',
      uri: 'sip:alice@atlanta.example.com',
      params: { tag: '1928301774' },
      tag: '1928301774',
    });
    expect(addressOf(m, 'To')).to.deep.equal({ displayName: 'Bob', uri: 'sip:bob@biloxi.example.com', params: {} });
    expect(contactsOf(m)).to.deep.equal([
      { uri: 'sip:alice@pc33.atlanta.example.com', params: { q: '0.7' } },
      { displayName: 'Alice, mobile', uri: 'sip:alice@192.0.2.99', params: { q: '1' } },
    ]);
    expect(headerValues(m, 'P-Asserted-Identity')).to.have.length(2);
    expect(header(m, 'x-long')).to.have.length(5000);
    expect(parseVia(header(m, 'Via')!)).to.include({ host: '[2001:db8::20]', port: 5060 });
    expect(m.headers.map((h) => h.name).slice(0, 6)).to.deep.equal([
      'Via',
      'Max-Forwards',
      'To',
      'From',
      'Call-ID',
      'CSeq',
    ]);
  });

  it('refuses a malformed known header with 400, keeps a strange unknown one, and discards a malformed response', () => {
    const broken = parseSipMessage(message.replace('CSEQ: 314159 INVITE', 'CSeq: 314159'));
    expect(broken.ok).to.equal(false);
    expect(!broken.ok && broken.error.status).to.equal(400);
    expect(parseSipMessage(message.replace('l: 0', 'X-Odd: ;;,,"\r\nl: 0')).ok).to.equal(true);
    const response = parseSipMessage(message.replace(/^.*\r\n/, 'SIP/2.0 200 OK\r\n').replace('t: Bob <', 't: Bob <<'));
    expect(!response.ok && response.error.status).to.equal(undefined);
  });

  it('accepts leading CRLFs, LF line ends and a SIP version in any case', () => {
    const lf = `\r\n\r\n${message.replace(/\r\n/g, '\n').replace('SIP/2.0\n', 'sip/2.0\n')}`;
    expect(parseSip(lf)).to.include({ method: 'INVITE' });
  });
});

describe('Warning (RFC 3261 section 20.43)', () => {
  it('writes code, agent and the RFC text or a quoted text of its own', () => {
    expect(warningHeader(305, 'gw.example.com')).to.deep.equal({
      name: 'Warning',
      value: '305 gw.example.com "Incompatible media format"',
    });
    expect(warningHeader(304, '2001:db8::1').value).to.equal('304 [2001:db8::1] "Media type not available"');
    expect(warningHeader(399, 'gw:5060', 'bad "SDP"\r\nline').value).to.equal('399 gw:5060 "bad \\"SDP\\" line"');
    expect(() => warningHeader(399, 'two words')).to.throw();
  });
});

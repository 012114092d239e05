import { expect } from 'chai';
import {
  checkRequest,
  header,
  parseSipMessage,
  rejectionResponse,
  type RequestCapabilities,
  type SipRequest,
} from '../src/index.js';
import { GATEWAY } from './gatewayCapabilities.js';

const SDP = [
  'v=0',
  'o=user1 53655765 2353687637 IN IP4 192.0.2.10',
  's=-',
  'c=IN IP4 192.0.2.10',
  't=0 0',
  'm=audio 6000 RTP/AVP 0',
  'a=rtpmap:0 PCMU/8000',
  '',
].join('\r\n');

/** An INVITE as SIPp's uac scenario sends it, with header lines replaced, added or removed. */
function invite(change: { drop?: string[]; add?: string[]; set?: Record<string, string>; body?: string } = {}): string {
  const body = change.body ?? SDP;
  const lines = [
    'INVITE sip:4930123456@192.0.2.20:5060 SIP/2.0',
    'Via: SIP/2.0/UDP 192.0.2.10:5061;branch=z9hG4bK-1234-1-0',
    'Max-Forwards: 70',
    'From: "sipp" <sip:sipp@192.0.2.10:5061>;tag=1234SIPpTag001',
    'To: <sip:4930123456@192.0.2.20:5060>',
    'Call-ID: 1-1234@192.0.2.10',
    'CSeq: 1 INVITE',
    'Contact: <sip:sipp@192.0.2.10:5061>',
    'Subject: Performance Test',
    'Content-Type: application/sdp',
  ]
    .filter((l) => !(change.drop ?? []).some((name) => l.startsWith(`${name}:`)))
    .map((l) => {
      const name = l.slice(0, l.indexOf(':'));
      return change.set?.[name] === undefined ? l : `${name}: ${change.set[name]}`;
    });
  return [...lines, ...(change.add ?? []), `Content-Length: ${Buffer.byteLength(body)}`, '', body].join('\r\n');
}

function check(text: string, capabilities: RequestCapabilities = GATEWAY) {
  const parsed = parseSipMessage(text);
  if (!parsed.ok) throw parsed.error;
  return checkRequest(parsed.message as SipRequest, capabilities);
}

function withStartLine(text: string, line: string): string {
  return text.replace(/^.*\r\n/, `${line}\r\n`);
}

describe('checkRequest', () => {
  it('serves a well-formed INVITE with SDP', () => {
    expect(check(invite())).to.equal(undefined);
  });

  it('answers 505 to another SIP version (RFC 3261 section 21.5.6)', () => {
    const refusal = check(withStartLine(invite(), 'INVITE sip:4930123456@192.0.2.20:5060 SIP/3.0'));
    expect(refusal).to.include({ status: 505, reason: 'Version Not Supported' });
  });

  for (const name of ['To', 'From', 'Call-ID', 'CSeq', 'Via']) {
    it(`answers 400 to a request without ${name} (section 8.1.1)`, () => {
      expect(check(invite({ drop: [name] }))).to.include({ status: 400, detail: `missing ${name} header` });
    });
  }

  it('serves a request without Max-Forwards (section 16.3 step 3) and refuses two of a single-valued header', () => {
    expect(check(invite({ drop: ['Max-Forwards'] }))).to.equal(undefined);
    expect(check(invite({ add: ['From: <sip:other@192.0.2.11>;tag=2'] }))).to.include({ status: 400 });
  });

  it('answers 400 to an INVITE without Contact (section 8.1.1.8), or with a Contact that is not SIP', () => {
    expect(check(invite({ drop: ['Contact'] }))).to.include({
      status: 400,
      detail: 'INVITE needs exactly one Contact',
    });
    expect(check(invite({ set: { Contact: '<tel:+4930123>' } }))).to.include({ status: 400 });
    expect(check(invite({ set: { Contact: '*' } }))).to.include({ status: 400 });
  });

  it('answers 400 when the CSeq method is not the request method (section 8.1.1.5)', () => {
    expect(check(invite({ set: { CSeq: '1 BYE' } }))).to.include({ status: 400 });
  });

  it('answers 501 with Allow to a method not implemented (section 8.2.1), before looking at the CSeq', () => {
    const foobar = withStartLine(
      invite({ set: { CSeq: '1 FOOBAR' }, body: '' }),
      'FOOBAR sip:service@192.0.2.20 SIP/2.0',
    );
    const refusal = check(foobar);
    expect(refusal).to.include({ status: 501, reason: 'Not Implemented' });
    expect(refusal!.headers).to.deep.equal([{ name: 'Allow', value: GATEWAY.methods.join(', ') }]);
    expect(check(withStartLine(invite({ body: '' }), 'FOOBAR sip:service@192.0.2.20 SIP/2.0'))?.status).to.equal(501);
  });

  it('answers 416 to a Request-URI scheme not served (section 8.2.2.1)', () => {
    const im = withStartLine(invite(), 'INVITE im:alice@example.com SIP/2.0');
    expect(check(im)).to.include({ status: 416, reason: 'Unsupported URI Scheme' });
    expect(check(withStartLine(invite(), 'INVITE tel:+4930123456 SIP/2.0'))).to.equal(undefined);
    expect(
      check(withStartLine(invite(), 'INVITE tel:+4930123456 SIP/2.0'), { ...GATEWAY, uriSchemes: ['sip'] }),
    ).to.have.property('status', 416);
  });

  it('answers 483 to an INVITE with Max-Forwards 0 (section 16.3 step 3) but serves OPTIONS (section 11)', () => {
    expect(check(invite({ set: { 'Max-Forwards': '0' } }))).to.include({ status: 483, reason: 'Too Many Hops' });
    const options = withStartLine(
      invite({ set: { 'Max-Forwards': '0', CSeq: '1 OPTIONS' }, body: '' }),
      'OPTIONS sip:192.0.2.20 SIP/2.0',
    );
    expect(check(options)).to.equal(undefined);
    expect(check(options, { ...GATEWAY, answeredLocally: [] })?.status).to.equal(483);
    expect(check(invite({ set: { 'Max-Forwards': '300' } }))).to.equal(undefined); // over 255: taken as absent
  });

  it('answers 420 with Unsupported listing the unknown tags of every Require line (section 8.2.2.3)', () => {
    const text = invite({ add: ['Require: timer', 'Require: toto', 'Supported: 100rel'] });
    expect(check(text)).to.deep.include({ status: 420, headers: [{ name: 'Unsupported', value: 'toto' }] });
    expect(check(text, { ...GATEWAY, optionTags: [] })!.headers).to.deep.equal([
      { name: 'Unsupported', value: 'timer, toto' },
    ]);
    expect(check(invite({ add: ['Require: 100rel, timer', 'Proxy-Require: replaces'] }))).to.equal(undefined);
  });

  it('ignores Require in a CANCEL (section 8.2.2.3)', () => {
    const cancel = withStartLine(
      invite({ add: ['Require: toto'], set: { CSeq: '1 CANCEL' }, body: '', drop: ['Content-Type'] }),
      'CANCEL sip:4930123456@192.0.2.20:5060 SIP/2.0',
    );
    expect(check(cancel)).to.equal(undefined);
  });

  it('answers 415 with Accept to a body type not understood (section 8.2.3)', () => {
    const text = invite({
      set: { 'Content-Type': 'application/unknownformat' },
      body: '<audio>\r\n <pcmu port="443"/>\r\n</audio>',
    });
    expect(check(text)).to.deep.include({
      status: 415,
      reason: 'Unsupported Media Type',
      headers: [{ name: 'Accept', value: GATEWAY.contentTypes!.join(', ') }],
    });
    const optional = invite({
      set: { 'Content-Type': 'application/unknownformat' },
      add: ['Content-Disposition: render;handling=optional'],
    });
    expect(check(optional)).to.equal(undefined);
  });

  it('answers 415 with Accept-Encoding to a content coding not understood', () => {
    expect(check(invite({ add: ['Content-Encoding: gzip'] }))).to.deep.include({
      status: 415,
      headers: [{ name: 'Accept-Encoding', value: 'identity' }],
    });
  });

  const isup = (disposition: string): string =>
    [
      '--unique-boundary-1',
      'Content-Type: application/sdp',
      '',
      SDP,
      '--unique-boundary-1',
      'Content-Type: application/ISUP; version=itu-t92+',
      `Content-Disposition: ${disposition}`,
      '',
      '\x01\x00\x49\x00\x00\x03\x02\x00\x07\x04\x10\x00\x33\x63\x21\x43\x00\x00\x03\x06\x0d\x03\x80\x90\xa2\x07\x03\x10\x03\x63\x53\x00\x10\x0a\x07\x03\x10\x27\x80\x88\x03\x00\x00\x89\x8b\x0e\x95\x1e\x1e\x1e\x06\x26\x05\x0d\xf5\x01\x06\x10\x04\x00',
      '--unique-boundary-1--',
      '',
    ].join('\r\n');

  it('takes a multipart/mixed body with an SDP part and an optional part it does not understand (RFC 5621)', () => {
    const text = invite({
      set: { 'Content-Type': 'multipart/mixed;boundary=unique-boundary-1' },
      body: isup('signal;handling=optional'),
    });
    expect(check(text)).to.equal(undefined);
    const required = invite({
      set: { 'Content-Type': 'multipart/mixed;boundary=unique-boundary-1' },
      body: isup('signal;handling=required'),
    });
    expect(check(required)).to.include({ status: 415 });
    const noBoundary = invite({ set: { 'Content-Type': 'multipart/mixed' }, body: isup('signal;handling=optional') });
    expect(check(noBoundary)).to.include({ status: 400 });
  });

  it('serves an INFO with application/dtmf-relay and refuses a body without Content-Type (section 20.15)', () => {
    const info = withStartLine(
      invite({
        set: { CSeq: '2 INFO', 'Content-Type': 'application/dtmf-relay' },
        body: 'Signal=5\r\nDuration=160\r\n',
      }),
      'INFO sip:4930123456@192.0.2.20:5060 SIP/2.0',
    );
    expect(check(info)).to.equal(undefined);
    expect(check(invite({ drop: ['Content-Type'] }))).to.include({
      status: 400,
      detail: 'a body without Content-Type',
    });
  });

  it('answers 400 when a Content-Length kept in the headers does not match the body (section 20.14)', () => {
    const parsed = parseSipMessage(invite());
    if (!parsed.ok) throw parsed.error;
    const request = parsed.message as SipRequest;
    for (const length of ['12', '-1', 'x']) {
      const withLength = { ...request, headers: [...request.headers, { name: 'Content-Length', value: length }] };
      expect(checkRequest(withLength, GATEWAY)).to.include({ status: 400 });
    }
  });

  it('answers 406 to an INVITE whose Accept admits no SDP (section 21.4.7)', () => {
    expect(check(invite({ add: ['Accept: text/nobodyKnowsThis'] }))).to.include({
      status: 406,
      reason: 'Not Acceptable',
    });
    expect(check(invite({ add: ['Accept: application/*, text/html'] }))).to.equal(undefined);
  });

  it('builds the answer with the rejection headers and a To tag; an ACK is never answered', () => {
    const parsed = parseSipMessage(invite({ add: ['Require: toto'] }));
    if (!parsed.ok) throw parsed.error;
    const request = parsed.message as SipRequest;
    const response = rejectionResponse(request, checkRequest(request, GATEWAY)!, 'gw1');
    expect(response).to.include({ status: 420, reason: 'Bad Extension' });
    expect(header(response, 'Unsupported')).to.equal('toto');
    expect(header(response, 'To')).to.equal('<sip:4930123456@192.0.2.20:5060>;tag=gw1');
    expect(() => rejectionResponse({ ...request, method: 'ACK' }, checkRequest(request, GATEWAY)!)).to.throw(
      /never answered/,
    );
  });
});

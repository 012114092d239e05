import { expect } from 'chai';
import {
  buildAck,
  buildBye,
  buildCancel,
  buildOffer,
  buildRequest,
  buildResponse,
  createBranchGenerator,
  createIdGenerator,
  dialogFromResponse,
  dialogRequestTarget,
  header,
  headerValues,
  parseCSeq,
  splitList,
  parseNameAddr,
  parseSip,
  parseVia,
  serialize,
  serializeSdp,
  serializeToString,
  SipParseError,
  type SipRequest,
} from '../src/index.js';
import { seeded } from './helpers.js';

function invite(body = ''): SipRequest {
  return buildRequest({
    method: 'INVITE',
    uri: 'sip:+4930123@192.0.2.20:5060',
    via: { host: '192.0.2.10', port: 5060, branch: 'z9hG4bKabc1' },
    from: { displayName: 'Alice "A"', uri: 'sip:+4940111@192.0.2.10', params: { tag: 'ftag1' } },
    to: { uri: 'sip:+4930123@192.0.2.20', params: {} },
    callId: 'cid-1@192.0.2.10',
    cseq: 1,
    contact: { uri: 'sip:+4940111@192.0.2.10:5060', params: {} },
    route: ['<sip:192.0.2.30;lr>'],
    userAgent: 'gwsim',
    body,
  });
}

describe('SIP builder and serializer', () => {
  it('writes a request line, headers in UA order, CRLF line ends and a Content-Length', () => {
    const text = serializeToString(invite());
    expect(text).to.equal(
      [
        'INVITE sip:+4930123@192.0.2.20:5060 SIP/2.0',
        'Via: SIP/2.0/UDP 192.0.2.10:5060;branch=z9hG4bKabc1',
        'Max-Forwards: 70',
        'Route: <sip:192.0.2.30;lr>',
        'From: "Alice \\"A\\"" <sip:+4940111@192.0.2.10>;tag=ftag1',
        'To: <sip:+4930123@192.0.2.20>',
        'Call-ID: cid-1@192.0.2.10',
        'CSeq: 1 INVITE',
        'Contact: <sip:+4940111@192.0.2.10:5060>',
        'User-Agent: gwsim',
        'Content-Length: 0',
        '',
        '',
      ].join('\r\n'),
    );
    expect(text.replace(/\r\n/g, '')).not.to.contain('\n');
  });

  it('counts Content-Length in UTF-8 bytes, not characters', () => {
    const body = 'v=0\r\ns=Grüße 📞\r\n';
    const bytes = serialize(invite(body));
    const text = bytes.toString('utf8');
    expect(body.length).to.not.equal(Buffer.byteLength(body));
    expect(text).to.contain(`Content-Length: ${Buffer.byteLength(body, 'utf8')}\r\n`);
    expect(text).to.contain('Content-Type: application/sdp\r\n');
    expect(bytes.subarray(bytes.length - Buffer.byteLength(body)).toString('utf8')).to.equal(body);
  });

  it('ignores a stale Content-Length header and writes the exact one', () => {
    const req = invite('abc');
    req.headers.push({ name: 'Content-Length', value: '99' });
    const text = serializeToString(req);
    expect(text.match(/Content-Length/g)).to.have.length(1);
    expect(text).to.contain('Content-Length: 3\r\n');
  });

  it('refuses a branch without the magic cookie and a From without tag', () => {
    const base = invite();
    expect(() =>
      buildRequest({
        method: 'OPTIONS',
        uri: base.uri,
        via: { host: 'h', branch: 'abc' },
        from: { uri: 'sip:a@h', params: { tag: 'x' } },
        to: { uri: 'sip:b@h', params: {} },
        callId: 'c',
        cseq: 1,
      }),
    ).to.throw(/z9hG4bK/);
    expect(() =>
      buildRequest({
        method: 'OPTIONS',
        uri: base.uri,
        via: { host: 'h', branch: 'z9hG4bK1' },
        from: { uri: 'sip:a@h', params: {} },
        to: { uri: 'sip:b@h', params: {} },
        callId: 'c',
        cseq: 1,
      }),
    ).to.throw(/tag/);
  });
});

describe('branch and id generators', () => {
  it('branches carry the z9hG4bK cookie and are unique per transaction', () => {
    const next = createBranchGenerator(seeded(7));
    const branches = Array.from({ length: 5000 }, next);
    for (const b of branches) expect(b).to.match(/^z9hG4bK[0-9a-f]{16}[0-9a-z]+$/);
    expect(new Set(branches).size).to.equal(branches.length);
  });

  it('stay unique even when the random source repeats itself', () => {
    const next = createBranchGenerator((n) => new Uint8Array(n));
    expect(new Set(Array.from({ length: 100 }, next)).size).to.equal(100);
  });

  it('are deterministic for a seeded source', () => {
    const a = createBranchGenerator(seeded(42));
    const b = createBranchGenerator(seeded(42));
    const c = createBranchGenerator(seeded(43));
    const first = [a(), a(), a()];
    expect([b(), b(), b()]).to.deep.equal(first);
    expect([c(), c(), c()]).to.not.deep.equal(first);
    const ids = createIdGenerator(seeded(1));
    expect(ids.tag()).to.match(/^[0-9a-f]{12}$/);
    expect(ids.callId('gw.example')).to.match(/^[0-9a-f]{24}@gw\.example$/);
  });
});

describe('round trips', () => {
  it('build → serialize → parse gives the same request, with and without a multi-byte body', () => {
    for (const body of ['', 'v=0\r\nm=audio 4000 RTP/AVP 8\r\ns=Łódź ☎\r\n']) {
      const req = invite(body);
      expect(parseSip(serialize(req))).to.deep.equal(req);
      expect(parseSip(serializeToString(req))).to.deep.equal(req);
    }
  });

  it('round-trips responses, an SDP body and in-dialog requests', () => {
    const sdp = serializeSdp(
      buildOffer({ codecs: ['PCMA', 'opus', 'telephone-event'], address: '192.0.2.20', port: 40000, sessionId: '5' }),
    );
    const ok = buildResponse(invite(), 200, {
      toTag: 'ttag9',
      contact: { uri: 'sip:b@192.0.2.20:5060', params: {} },
      body: sdp,
    });
    expect(parseSip(serialize(ok))).to.deep.equal(ok);
    const bye = buildBye(dialogFromResponse(invite(), ok), {
      via: { host: '192.0.2.10', port: 5060 },
      branch: 'z9hG4bKbye',
    });
    expect(parseSip(serialize(bye))).to.deep.equal(bye);
  });
});

describe('the target of a request in a dialog (RFC 3261 section 12.2.1.1)', () => {
  const dialog = (routeSet: string[]) => ({
    callId: 'c',
    local: { uri: 'sip:a@192.0.2.10', params: { tag: 'a' } },
    remote: { uri: 'sip:b@192.0.2.20', params: { tag: 'b' } },
    remoteTarget: 'sip:b@192.0.2.20:5080',
    routeSet,
    localSeq: 1,
  });
  const spec = { via: { host: '192.0.2.10', port: 5060 }, branch: 'z9hG4bKt' };

  it('goes to the remote target, through a loose route set as it is', () => {
    expect(dialogRequestTarget(dialog([]))).to.deep.equal({ uri: 'sip:b@192.0.2.20:5080', route: [] });
    const loose = buildBye(dialog(['<sip:198.51.100.1;lr>', '<sip:198.51.100.2;lr>']), spec);
    expect(loose.uri).to.equal('sip:b@192.0.2.20:5080');
    expect(headerValues(loose, 'Route')).to.deep.equal(['<sip:198.51.100.1;lr>', '<sip:198.51.100.2;lr>']);
  });

  it('names a strict router first in the Request-URI, the remote target last in the Route', () => {
    const strict = buildBye(dialog(['<sip:198.51.100.1>', '<sip:198.51.100.2;lr>']), spec);
    expect(strict.uri).to.equal('sip:198.51.100.1');
    expect(headerValues(strict, 'Route')).to.deep.equal(['<sip:198.51.100.2;lr>', '<sip:b@192.0.2.20:5080>']);
  });
});

describe('responses and in-dialog requests', () => {
  it('a response copies Via, From, To, Call-ID, CSeq and adds a To tag', () => {
    const req = invite();
    req.headers.splice(1, 0, { name: 'Via', value: 'SIP/2.0/UDP 198.51.100.1;branch=z9hG4bKproxy' });
    req.headers.splice(3, 0, { name: 'Record-Route', value: '<sip:198.51.100.1;lr>' });
    const ringing = buildResponse(req, 180, { toTag: 'tt' });
    expect(ringing.status).to.equal(180);
    expect(ringing.reason).to.equal('Ringing');
    expect(headerValues(ringing, 'Via')).to.deep.equal(headerValues(req, 'Via'));
    expect(header(ringing, 'From')).to.equal(header(req, 'From'));
    expect(header(ringing, 'Call-ID')).to.equal('cid-1@192.0.2.10');
    expect(header(ringing, 'CSeq')).to.equal('1 INVITE');
    expect(parseNameAddr(header(ringing, 'To')!).params.tag).to.equal('tt');
    expect(headerValues(ringing, 'Record-Route')).to.deep.equal(['<sip:198.51.100.1;lr>']);
    expect(headerValues(buildResponse(req, 486, { toTag: 'tt' }), 'Record-Route')).to.deep.equal([]);
  });

  it('keeps an existing To tag, allows a tagless 100 and requires a tag otherwise', () => {
    const trying = buildResponse(invite(), 100);
    expect(header(trying, 'To')).to.equal('<sip:+4930123@192.0.2.20>');
    expect(() => buildResponse(invite(), 180)).to.throw(/To tag/);
    const bye = invite();
    bye.headers = bye.headers.map((h) => (h.name === 'To' ? { name: 'To', value: '<sip:b@h>;tag=old' } : h));
    expect(parseNameAddr(header(buildResponse(bye, 200, { toTag: 'new' }), 'To')!).params.tag).to.equal('old');
    expect(() => buildResponse(invite(), 99)).to.throw();
  });

  it('a 2xx without a To tag or Contact (as RFC 2543 peers send it) still makes a dialog: null tag, the Request-URI as target', () => {
    const req = invite();
    const ok = buildResponse(req, 200, { toTag: 'tt' });
    ok.headers = ok.headers
      .filter((h) => h.name !== 'Contact')
      .map((h) => (h.name === 'To' ? { name: 'To', value: '<sip:+4930123@192.0.2.20>' } : h));
    const ack = buildAck(req, ok, { via: { host: '192.0.2.10', port: 5060 }, branch: 'z9hG4bKack' });
    expect(ack.uri).to.equal(req.uri);
    expect(parseNameAddr(header(ack, 'To')!).params.tag).to.equal(undefined);
  });

  it('ACK for a 2xx goes to the Contact through the reversed Record-Route with a new branch', () => {
    const req = invite();
    const ok = buildResponse(req, 200, { toTag: 'tt', contact: { uri: 'sip:b@192.0.2.20:5070', params: {} } });
    ok.headers.splice(1, 0, { name: 'Record-Route', value: '<sip:p2;lr>, <sip:p1;lr>' });
    const ack = buildAck(req, ok, { via: { host: '192.0.2.10', port: 5060 }, branch: 'z9hG4bKack' });
    expect(ack.uri).to.equal('sip:b@192.0.2.20:5070');
    expect(headerValues(ack, 'Route')).to.deep.equal(['<sip:p1;lr>', '<sip:p2;lr>']);
    expect(parseVia(header(ack, 'Via')!).branch).to.equal('z9hG4bKack');
    expect(parseCSeq(header(ack, 'CSeq')!)).to.deep.equal({ seq: 1, method: 'ACK' });
    expect(parseNameAddr(header(ack, 'To')!).params.tag).to.equal('tt');
  });

  it('ACK for a failure reuses the INVITE branch, URI and Route; CANCEL mirrors the INVITE', () => {
    const req = invite();
    const busy = buildResponse(req, 486, { toTag: 'tt' });
    const ack = buildAck(req, busy);
    expect(ack.uri).to.equal(req.uri);
    expect(header(ack, 'Via')).to.equal(header(req, 'Via'));
    expect(header(ack, 'To')).to.equal(header(busy, 'To'));
    expect(headerValues(ack, 'Route')).to.deep.equal(['<sip:192.0.2.30;lr>']);
    expect(header(ack, 'CSeq')).to.equal('1 ACK');
    const cancel = buildCancel(req);
    expect(cancel.uri).to.equal(req.uri);
    expect(header(cancel, 'Via')).to.equal(header(req, 'Via'));
    expect(header(cancel, 'To')).to.equal(header(req, 'To'));
    expect(header(cancel, 'CSeq')).to.equal('1 CANCEL');
    expect(parseSip(serialize(cancel))).to.deep.equal(cancel);
    expect(() => buildAck(req, buildResponse(req, 180, { toTag: 't' }))).to.throw(/provisional/);
  });

  it('BYE advances the dialog CSeq and targets the remote Contact', () => {
    const req = invite();
    const ok = buildResponse(req, 200, { toTag: 'tt', contact: { uri: 'sip:b@192.0.2.20', params: {} } });
    const dialog = dialogFromResponse(req, ok);
    const spec = { via: { host: '192.0.2.10', port: 5060 }, branch: 'z9hG4bKb1' };
    const bye1 = buildBye(dialog, spec);
    const bye2 = buildBye(dialog, { ...spec, branch: 'z9hG4bKb2' });
    expect(bye1.method).to.equal('BYE');
    expect(bye1.uri).to.equal('sip:b@192.0.2.20');
    expect(header(bye1, 'CSeq')).to.equal('2 BYE');
    expect(header(bye2, 'CSeq')).to.equal('3 BYE');
    expect(parseNameAddr(header(bye1, 'From')!).params.tag).to.equal('ftag1');
    expect(parseNameAddr(header(bye1, 'To')!).params.tag).to.equal('tt');
  });
});

describe('header lists', () => {
  it('split on commas outside quotes and angle brackets, keeping inner empty items and dropping a blank last one', () => {
    expect(splitList('<sip:a@x>;q=1, "Doe, J" <sip:b@y>, <sip:c,d@z>')).to.deep.equal([
      '<sip:a@x>;q=1',
      '"Doe, J" <sip:b@y>',
      '<sip:c,d@z>',
    ]);
    expect(splitList('"say \\"a, b\\"" <sip:q@x>, <sip:r@x>')).to.deep.equal([
      '"say \\"a, b\\"" <sip:q@x>',
      '<sip:r@x>',
    ]);
    expect(splitList(' a ,, b , ')).to.deep.equal(['a', '', 'b']);
    expect(splitList('  ')).to.deep.equal([]);
    expect(splitList(' only ')).to.deep.equal(['only']);
  });

  it('the first value of a list header is the first item of the first header that has one; other headers are whole', () => {
    const message = {
      kind: 'request' as const,
      method: 'OPTIONS',
      uri: 'sip:x',
      body: '',
      headers: [
        { name: 'Route', value: '  ' },
        { name: 'route', value: '<sip:p1;lr>, <sip:p2;lr>' },
        { name: 'Route', value: '<sip:p3;lr>' },
        { name: 'Subject', value: 'a, b' },
        { name: 'Contact', value: ', <sip:late@x>' },
      ],
    };
    expect(header(message, 'Route')).to.equal('<sip:p1;lr>');
    expect(headerValues(message, 'ROUTE')).to.deep.equal(['<sip:p1;lr>', '<sip:p2;lr>', '<sip:p3;lr>']);
    expect(header(message, 's')).to.equal('a, b');
    expect(header(message, 'Contact')).to.equal('');
    expect(headerValues(message, 'm')).to.deep.equal(['', '<sip:late@x>']);
    expect(header(message, 'Record-Route')).to.equal(undefined);
  });
});

describe('parser', () => {
  it('reads compact forms, any case, folded lines, repeated headers and bare LF', () => {
    const text = [
      'SIP/2.0 200 OK',
      'v: SIP/2.0/UDP 192.0.2.10:5060;branch=z9hG4bKa,',
      '   SIP/2.0/TCP 198.51.100.1;branch=z9hG4bKb',
      'VIA: SIP/2.0/UDP 203.0.113.1;branch=z9hG4bKc',
      'f: <sip:a@h>;tag=1',
      't: <sip:b@h>;tag=2',
      'i: xyz@h',
      'cseq: 7 INVITE',
      'm: <sip:b@192.0.2.20>',
      'c: application/sdp',
      'l: 5',
      '',
      'hello and then some trailing bytes',
    ].join('\n');
    const msg = parseSip(text);
    expect(msg.kind).to.equal('response');
    expect(headerValues(msg, 'via').map((v) => parseVia(v).branch)).to.deep.equal(['z9hG4bKa', 'z9hG4bKb', 'z9hG4bKc']);
    expect(header(msg, 'Call-ID')).to.equal('xyz@h');
    expect(header(msg, 'i')).to.equal('xyz@h');
    expect(header(msg, 'Contact')).to.equal('<sip:b@192.0.2.20>');
    expect(header(msg, 'Content-Type')).to.equal('application/sdp');
    expect(msg.headers.map((h) => h.name)).to.deep.equal([
      'Via',
      'Via',
      'From',
      'To',
      'Call-ID',
      'CSeq',
      'Contact',
      'Content-Type',
    ]);
    expect(msg.body).to.equal('hello');
  });

  it('reads a body by Content-Length in bytes', () => {
    const body = 'ä€x';
    const raw = Buffer.concat([Buffer.from(serializeToString(invite(body)), 'utf8'), Buffer.from('garbage')]);
    expect(parseSip(raw).body).to.equal(body);
  });

  const good = serializeToString(invite('abc'));
  const cases: Array<[string, string, RegExp]> = [
    ['no blank line', 'INVITE sip:a@b SIP/2.0\r\nVia: x', /empty line/],
    [
      'bad start line',
      good.replace('INVITE sip:+4930123@192.0.2.20:5060 SIP/2.0', 'INVITE sip:x SIP/3.0'),
      /start line/,
    ],
    ['bad status', good.replace(/^.*\r\n/, 'SIP/2.0 20 OK\r\n'), /start line/],
    ['header without colon', good.replace('Max-Forwards: 70', 'Max-Forwards 70'), /header line/],
    ['missing Call-ID', good.replace(/Call-ID: .*\r\n/, ''), /missing Call-ID/],
    ['missing Via', good.replace(/Via: .*\r\n/, ''), /missing Via/],
    ['short body', good.replace('Content-Length: 3', 'Content-Length: 30'), /Content-Length says 30/],
    ['bad Content-Length', good.replace('Content-Length: 3', 'Content-Length: three'), /Content-Length/],
    ['CSeq method mismatch', good.replace('CSeq: 1 INVITE', 'CSeq: 1 BYE'), /does not match/],
    ['bad CSeq', good.replace('CSeq: 1 INVITE', 'CSeq: one INVITE'), /CSeq/],
    ['bad Via', good.replace(/Via: .*\r\n/, 'Via: HTTP/1.1 host\r\n'), /Via/],
    ['fold before any header', good.replace(/\r\nVia/, '\r\n Via'), /continuation/],
  ];
  for (const [name, text, why] of cases) {
    it(`refuses malformed input: ${name}`, () => {
      expect(() => parseSip(text)).to.throw(SipParseError, why);
    });
  }
});

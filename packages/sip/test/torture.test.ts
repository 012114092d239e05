import { expect } from 'chai';
import {
  addressOf,
  checkRequest,
  contactsOf,
  header,
  headerValues,
  parseCSeq,
  parseSip,
  parseSipMessage,
  parseUri,
  parseVia,
  sdpOf,
  unescapeUri,
  type SipMessage,
  type SipRequest,
  type SipUri,
} from '../src/index.js';
import { GATEWAY } from './gatewayCapabilities.js';
import { suiteJson, suiteMessages, suitesDir } from './suites.js';

interface Classes {
  valid_must_parse: string[];
  invalid_syntax: string[];
  transaction_layer: string[];
  application_semantics: string[];
  backward_compat: string[];
}

/** The key fields of each message RFC 4475 section 3.1.1 says must parse, read as the RFC describes them. */
const VALID: Record<string, (m: SipMessage) => void> = {
  wsinv: (m) => {
    expect(m).to.include({ kind: 'request', method: 'INVITE', uri: 'sip:vivekg@chair-dnrc.example.com;unknownparam' });
    expect(addressOf(m, 'From')).to.deep.include({ displayName: 'J Rosenberg \\"', tag: '98asjd8' });
    expect(addressOf(m, 'To')).to.deep.include({ uri: 'sip:vivekg@chair-dnrc.example.com', tag: '1918181833n' });
    expect(header(m, 'Max-Forwards')).to.equal('0068');
    expect(parseCSeq(header(m, 'CSeq')!)).to.deep.equal({ seq: 9, method: 'INVITE' });
    expect(
      headerValues(m, 'Via').map((v) => [parseVia(v).transport, parseVia(v).host, parseVia(v).branch]),
    ).to.deep.equal([
      ['UDP', '192.0.2.2', '390skdjuw'],
      ['TCP', 'spindle.example.com', 'z9hG4bK9ikj8'],
      ['UDP', '192.168.255.111', 'z9hG4bK30239'],
    ]);
    expect(contactsOf(m)).to.deep.equal([
      {
        displayName: 'Quoted string ""',
        uri: 'sip:jdrosen@example.com',
        params: { newparam: 'newvalue', secondparam: '', q: '0.33' },
      },
    ]);
    expect(header(m, 'NewFangledHeader')).to.equal('newfangled value continued newfangled value');
    expect(header(m, 'UnknownHeaderWithUnusualValue')).to.equal(';;,,;;,;');
    expect(header(m, 'Subject')).to.equal('');
    expect(m.body).to.have.length(150);
  },
  intmeth: (m) => {
    const method = "!interesting-Method0123456789_*+`.%indeed'~";
    expect(m).to.include({ kind: 'request', method });
    expect(parseCSeq(header(m, 'CSeq')!)).to.deep.equal({ seq: 139122385, method });
    const uri = parseUri((m as SipRequest).uri) as SipUri;
    expect(uri).to.include({ user: "1_unusual.URI~(to-be!sure)&isn't+it$/crazy?,/;;*", host: 'example.com' });
    expect(uri.password).to.equal("&it+has=1,weird!*pas$wo~d_too.(doesn't-it)");
    expect(addressOf(m, 'To')!.displayName).to.equal('BEL:\x07 NUL:\x00 DEL:\x7f');
    expect(addressOf(m, 'From')).to.deep.include({
      displayName: "token1~` token2'+_ token3*%!.-",
      tag: "_token~1'+`*%!-.",
    });
    expect(header(m, 'Call-ID')).to.equal('intmeth.word%ZK-!.*_+\'@word`~)(><:\\/"][?}{');
    expect(header(m, "extensionHeader-!.%*+_`'~")).to.equal('\u5927\u505c\u96fb');
  },
  esc01: (m) => {
    expect(unescapeUri((parseUri(addressOf(m, 'To')!.uri) as SipUri).user!)).to.equal('user');
    expect(unescapeUri((parseUri(addressOf(m, 'From')!.uri) as SipUri).user!)).to.equal('I have spaces');
    expect(unescapeUri((parseUri((m as SipRequest).uri) as SipUri).user!)).to.equal('sips:user@example.com');
    const contact = parseUri(addressOf(m, 'Contact')!.uri) as SipUri;
    expect(contact.params).to.deep.equal({ '%6c%72': '', 'n%61me': 'v%61lue%25%34%31' });
    expect(header(m, 'Content-Type')).to.equal('application/sdp');
  },
  escnull: (m) => {
    expect(contactsOf(m)).to.have.length(2);
    expect(unescapeUri((parseUri(addressOf(m, 'To')!.uri) as SipUri).user!)).to.equal('null-\0-null');
  },
  esc02: (m) => {
    expect(m).to.include({ method: 'RE%47IST%45R' });
    expect(addressOf(m, 'From')!.displayName).to.equal('%Z%45');
    expect(contactsOf(m)).to.have.length(2); // C%6Fntact is an extension header, not Contact
    expect(header(m, 'C%6Fntact')).to.equal('<sip:alias2@host2.example.com>');
  },
  lwsdisp: (m) => expect(addressOf(m, 'From')).to.deep.include({ displayName: 'caller', tag: '323' }),
  longreq: (m) => {
    expect(headerValues(m, 'Via')).to.have.length(34);
    expect(addressOf(m, 'To')!.displayName).to.match(/^I have a user name of (extreme){10} proportion$/);
    expect(addressOf(m, 'From')!.tag)
      .to.have.length(155)
      .and.match(/^1298298/);
    const sdp = sdpOf(m);
    if (sdp.kind !== 'sdp') throw new Error(`SDP not read: ${JSON.stringify(sdp)}`);
    expect(sdp.sdp.media.map((s) => [s.kind, s.port, s.formats.map((f) => f.codec?.encoding)])).to.deep.equal([
      ['audio', 49217, ['PCMU', 'QCELP']],
      ['video', 3227, ['H261']], // a=rtpmap:31 LPC lacks its clock rate: kept as an attribute, PT 31 keeps its meaning
    ]);
  },
  dblreq: (m) => expect(m).to.include({ method: 'REGISTER', body: '' }), // the INVITE after it in the datagram is ignored
  semiuri: (m) => expect((parseUri((m as SipRequest).uri) as SipUri).user).to.equal('user;par=u%40example.net'),
  transports: (m) =>
    expect(headerValues(m, 'Via').map((v) => parseVia(v).transport)).to.deep.equal([
      'UDP',
      'SCTP',
      'TLS',
      'UNKNOWN',
      'TCP',
    ]),
  mpart01: (m) => {
    expect(header(m, 'Content-Type')).to.equal('multipart/mixed;boundary=7a9cbec02ceef655');
    expect(m.body.startsWith('--7a9cbec02ceef655\r\nContent-Type: text/plain')).to.equal(true);
  },
  unreason: (m) =>
    expect(m)
      .to.include({ kind: 'response', status: 200 })
      .and.to.have.property('reason')
      .that.matches(/^= 2\*\*3 \* 5\*\*2 /),
  noreason: (m) => expect(m).to.include({ kind: 'response', status: 100, reason: '' }),
};

/**
 * What RFC 4475 section 3.1.2 says a receiver answers each syntactically invalid message with, and a word of the
 * problem found. A response is discarded: no status (sections 3.1.2.5 and 3.1.2.19).
 */
const INVALID: Record<string, [number | undefined, RegExp]> = {
  badinv01: [400, /Via/],
  clerr: [400, /Content-Length says 9999/],
  ncl: [400, /Content-Length "-999"/],
  scalar02: [400, /CSeq/],
  scalarlg: [undefined, /CSeq/],
  quotbal: [400, /unterminated quoted string/],
  ltgtruri: [400, /Request-URI/],
  lwsruri: [400, /start line/],
  lwsstart: [400, /start line/],
  trws: [400, /start line/],
  escruri: [400, /headers are not allowed in a Request-URI/],
  baddate: [400, /Date/],
  regbadct: [400, /Contact.*enclosed in <>/],
  badaspec: [400, /To.*no whitespace inside <>/],
  baddn: [400, /no empty line/], // as stored, the file lacks the empty line that ends the head; see below
  badvers: [505, /version SIP\/7.0/],
  mismatch01: [400, /CSeq method INVITE does not match request method OPTIONS/],
  mismatch02: [400, /CSeq method INVITE does not match request method NEWMETHOD/],
  bigcode: [undefined, /start line/],
};

/** RFC 4475 sections 3.2 to 3.5: messages that parse, and what `checkRequest` answers for a gateway (undefined: served). */
const SEMANTICS: Record<string, number | undefined> = {
  badbranch: undefined, // 3.2.1: a branch of the cookie alone is still a branch
  insuf: 400, // 3.3.1
  unkscm: 416, // 3.3.2
  novelsc: 416, // 3.3.3
  unksm2: 400, // 3.3.4: the To of a REGISTER is no SIP URI
  bext01: 420, // 3.3.5
  invut: 415, // 3.3.6
  regaut01: undefined, // 3.3.7: an unknown Authorization scheme is for the registrar's challenge
  multi01: 400, // 3.3.8
  zeromf: undefined, // 3.3.11: OPTIONS, answered by the gateway itself
  cparam01: undefined, // 3.3.12
  cparam02: undefined, // 3.3.13
  regescrt: undefined, // 3.3.14
  sdp01: 406, // 3.3.15
  inv2543: undefined, // 3.5: RFC 2543 INVITE (no branch cookie, From tag, Max-Forwards, Contact or Content-Length)
};

describe('RFC 4475 torture messages', function () {
  if (suitesDir() === undefined) {
    it('are skipped: ../shared/sip-suites is not beside the repository', function () {
      this.skip();
    });
    return;
  }
  const messages = suiteMessages('rfc4475');
  const classes = suiteJson<Classes>('rfc4475', 'classes.json');

  it('has an expectation here for every message of the suite', () => {
    const named = [...Object.keys(VALID), ...Object.keys(INVALID), ...Object.keys(SEMANTICS), 'mcl01', 'bcast'];
    expect(named.sort()).to.deep.equal([...messages.keys()].sort());
    expect(Object.keys(VALID).sort()).to.deep.equal([...classes.valid_must_parse].sort());
    expect(Object.keys(INVALID).sort()).to.deep.equal([...classes.invalid_syntax].sort());
  });

  for (const name of Object.keys(VALID)) {
    it(`parses ${name} (section 3.1.1) and reads its fields`, () => {
      const message = parseSip(messages.get(name)!);
      VALID[name](message);
    });
  }

  for (const [name, [status, problem]] of Object.entries(INVALID)) {
    it(`refuses ${name} (section 3.1.2) ${status === undefined ? 'and discards it' : `with ${status}`}`, () => {
      expect(() => parseSip(messages.get(name)!))
        .to.throw(problem)
        .with.property('status', status);
    });
  }

  it('refuses baddn for its unquoted display names once the head ends as the RFC prints it', () => {
    const bytes = Buffer.concat([messages.get('baddn')!, Buffer.from('\r\n')]);
    expect(() => parseSip(bytes))
      .to.throw(/From.*URI "Bell"/)
      .with.property('status', 400);
  });

  it('answers badvers 505 and mismatch02 501 (the RFC prefers it to 400) through checkRequest', () => {
    for (const [name, status] of [
      ['badvers', 505],
      ['mismatch02', 501],
      ['mismatch01', 400],
    ] as const) {
      const parsed = parseSipMessage(messages.get(name)!);
      if (!parsed.ok) throw parsed.error;
      expect(checkRequest(parsed.message as SipRequest, GATEWAY)?.status, name).to.equal(status);
    }
  });

  for (const [name, status] of Object.entries(SEMANTICS)) {
    it(`parses ${name} and checkRequest ${status === undefined ? 'serves it' : `answers ${status}`}`, () => {
      const parsed = parseSipMessage(messages.get(name)!);
      if (!parsed.ok) throw parsed.error;
      expect(checkRequest(parsed.message as SipRequest, GATEWAY)?.status).to.equal(status);
    });
  }

  it('refuses mcl01 (section 3.3.9, conflicting Content-Length) with 400 and parses bcast (3.3.10, a response)', () => {
    expect(() => parseSip(messages.get('mcl01')!))
      .to.throw(/conflicting Content-Length/)
      .with.property('status', 400);
    expect(parseSip(messages.get('bcast')!)).to.include({ kind: 'response', status: 200 });
  });

  it('answers bext01 with the unknown option tags of Require and Proxy-Require listed in Unsupported', () => {
    const parsed = parseSipMessage(messages.get('bext01')!);
    if (!parsed.ok) throw parsed.error;
    expect(checkRequest(parsed.message as SipRequest, GATEWAY)?.headers).to.deep.equal([
      {
        name: 'Unsupported',
        value: 'nothingSupportsThis, nothingSupportsThisEither, noProxiesSupportThis, norDoAnyProxiesSupportThis',
      },
    ]);
  });
});

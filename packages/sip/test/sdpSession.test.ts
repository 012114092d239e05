import { expect } from 'chai';
import {
  answerAudio,
  directionOf,
  parseSip,
  readSdp,
  sdpOf,
  sdpRejection,
  writeSdp,
  type SdpSessionDescription,
} from '../src/index.js';

function sdp(...lines: string[]): string {
  return `${lines.join('\r\n')}\r\n`;
}

function read(text: string): SdpSessionDescription {
  const result = readSdp(text);
  if (!result.ok) throw new Error(result.reason);
  return result.sdp;
}

/** A softphone's offer: audio, a disabled video stream, BFCP, and session attributes. */
const OFFER = sdp(
  'v=0',
  'o=alice 2890844526 2890844527 IN IP6 2001:db8::10',
  's=Call',
  'i=A call with everything',
  'c=IN IP6 2001:db8::10',
  'b=AS:256',
  't=0 0',
  'a=group:BUNDLE 0',
  'a=tool:softphone 1.0',
  'm=audio 49170 RTP/AVP 0 8 18 101',
  'b=TIAS:64000',
  'a=rtpmap:101 telephone-event/8000',
  'a=fmtp:101 0-16',
  'a=fmtp:18 annexb=no',
  'a=ptime:20',
  'a=rtcp:49171',
  'a=x-vendor-thing:1',
  'a=sendonly',
  'm=video 0 RTP/AVP 96',
  'a=rtpmap:96 H264/90000',
  'm=application 50000 UDP/BFCP *',
  'a=floorctrl:c-s',
  'a=setup:active',
);

describe('SDP for any media (RFC 4566)', () => {
  it('reads every media section with kind, port, proto, formats, rtpmap, fmtp, direction and connection', () => {
    const s = read(OFFER);
    expect(s.origin).to.deep.equal({
      username: 'alice',
      sessionId: '2890844526',
      sessionVersion: '2890844527',
      netType: 'IN',
      addressType: 'IP6',
      address: '2001:db8::10',
    });
    expect(s.connection).to.deep.equal({ netType: 'IN', addressType: 'IP6', address: '2001:db8::10' });
    expect(s.attributes).to.deep.equal([
      { name: 'group', value: 'BUNDLE 0' },
      { name: 'tool', value: 'softphone 1.0' },
    ]);
    expect(s.media.map((m) => [m.kind, m.port, m.proto, m.formats.map((f) => f.id)])).to.deep.equal([
      ['audio', 49170, 'RTP/AVP', ['0', '8', '18', '101']],
      ['video', 0, 'RTP/AVP', ['96']],
      ['application', 50000, 'UDP/BFCP', ['*']],
    ]);
    const audio = s.media[0];
    expect(audio.formats.map((f) => f.codec?.encoding)).to.deep.equal(['PCMU', 'PCMA', 'G729', 'telephone-event']);
    expect(audio.formats[0]).to.not.have.property('rtpmap'); // static payload types need none
    expect(audio.formats[2].fmtp).to.equal('annexb=no');
    expect(audio.direction).to.equal('sendonly');
    expect(audio.attributes.map((a) => a.name)).to.deep.equal(['ptime', 'rtcp', 'x-vendor-thing']);
    expect(audio.lines).to.deep.equal([{ type: 'b', value: 'TIAS:64000' }]);
    expect(directionOf(s, s.media[1])).to.equal('sendrecv');
  });

  it('keeps SRTP profiles with crypto, and DTLS-SRTP with fingerprint and setup, verbatim', () => {
    const s = read(
      sdp(
        'v=0',
        'o=Tester 234 123 IN IP4 127.0.0.1',
        's=Tester',
        'c=IN IP4 127.0.0.1',
        't=0 0',
        'm=audio 17424 RTP/SAVP 0 101',
        'a=rtpmap:101 telephone-event/8000',
        'a=crypto:1 AES_CM_128_HMAC_SHA1_80 inline:URF7iv+U7XFsqiWMmPYMPOuIqz3qjQjmLW/qP5+x',
        'm=audio 17426 UDP/TLS/RTP/SAVPF 111',
        'a=rtpmap:111 opus/48000/2',
        'a=fingerprint:SHA-256 7A:89:37:BC:1E:DF:7A:81:86:71:E7:D9:10:6D:AD:2C:26:12:63:FF:00:31:81:52:82:E0:63:2A:23:47:A4:05',
        'a=setup:actpass',
      ),
    );
    expect(s.media.map((m) => m.proto)).to.deep.equal(['RTP/SAVP', 'UDP/TLS/RTP/SAVPF']);
    expect(s.media[0].attributes).to.deep.equal([
      { name: 'crypto', value: '1 AES_CM_128_HMAC_SHA1_80 inline:URF7iv+U7XFsqiWMmPYMPOuIqz3qjQjmLW/qP5+x' },
    ]);
    expect(s.media[1].formats[0].codec).to.deep.equal({ encoding: 'opus', clockRate: 48000, channels: 2 });
    expect(s.media[1].attributes.map((a) => a.name)).to.deep.equal(['fingerprint', 'setup']);
  });

  it('reads a disabled stream without rtpmap for its dynamic type (no codec) and media-level c= only', () => {
    const s = read(
      sdp(
        'v=0',
        'o=user1 1 2 IN IP4 192.0.2.1',
        's=-',
        't=0 0',
        'm=audio 4000 RTP/AVP 0',
        'c=IN IP4 192.0.2.1',
        'm=video 0 RTP/AVP 100',
      ),
    );
    expect(s.connection).to.equal(undefined);
    expect(s.media[1].formats).to.deep.equal([{ id: '100' }]);
  });

  it('writes back what it read, line for line in RFC 4566 order', () => {
    const s = read(OFFER);
    expect(read(writeSdp(s))).to.deep.equal(s);
    expect(writeSdp(s).split('\r\n').slice(0, 8)).to.deep.equal([
      'v=0',
      'o=alice 2890844526 2890844527 IN IP6 2001:db8::10',
      's=Call',
      'i=A call with everything',
      'c=IN IP6 2001:db8::10',
      'b=AS:256',
      't=0 0',
      'a=group:BUNDLE 0',
    ]);
  });

  const malformed: Array<[string, string, RegExp]> = [
    [
      'payload type 999',
      sdp(
        'v=0',
        'o=user1 53655765 2353687637 IN IP4 192.0.2.1',
        's=-',
        'c=IN IP4 192.0.2.1',
        't=0 0',
        'm=audio 9000 RTP/AVP 999',
        'a=rtpmap:999 INVALID/8000',
        'm=video 9002 RTP/AVP',
      ),
      /payload type 999 out of range/,
    ],
    [
      'an m= line without formats',
      sdp('v=0', 'o=- 1 1 IN IP4 192.0.2.1', 's=-', 'c=IN IP4 192.0.2.1', 't=0 0', 'm=video 9002 RTP/AVP'),
      /m= line without formats/,
    ],
    ['an unknown line type', sdp('v=0', 'o=- 1 1 IN IP4 192.0.2.1', 's=-', 'x=1', 't=0 0'), /malformed SDP line/],
    [
      'a bad connection',
      sdp('v=0', 'o=- 1 1 IN IP4 192.0.2.1', 's=-', 'c=IN IP4 2001:db8::1', 't=0 0'),
      /malformed connection/,
    ],
    [
      'no c= for a stream',
      sdp('v=0', 'o=- 1 1 IN IP4 192.0.2.1', 's=-', 't=0 0', 'm=audio 4000 RTP/AVP 0'),
      /missing c=/,
    ],
    ['SDP version 1', sdp('v=1', 'o=- 1 1 IN IP4 192.0.2.1', 's=-', 't=0 0'), /unsupported SDP version/],
  ];
  for (const [name, text, why] of malformed) {
    it(`reports malformed SDP without throwing: ${name}`, () => {
      const result = readSdp(text);
      expect(result.ok).to.equal(false);
      expect(!result.ok && result.reason).to.match(why);
    });
  }
});

describe('sdpOf', () => {
  const invite = (type: string | undefined, body: string): string =>
    [
      'INVITE sip:bob@192.0.2.20 SIP/2.0',
      'Via: SIP/2.0/UDP 192.0.2.10;branch=z9hG4bK1',
      'From: <sip:alice@192.0.2.10>;tag=1',
      'To: <sip:bob@192.0.2.20>',
      'Call-ID: c1@192.0.2.10',
      'CSeq: 1 INVITE',
      'Contact: <sip:alice@192.0.2.10>',
      ...(type === undefined ? [] : [`Content-Type: ${type}`]),
      `Content-Length: ${Buffer.byteLength(body)}`,
      '',
      body,
    ].join('\r\n');

  it('says none for a late offer (no body) and for a body without SDP', () => {
    expect(sdpOf(parseSip(invite(undefined, '')))).to.deep.equal({ kind: 'none' });
    expect(sdpOf(parseSip(invite('application/dtmf-relay', 'Signal=1\r\n')))).to.deep.equal({ kind: 'none' });
  });

  it('reads SDP from the body or from the SDP part of a multipart/mixed body', () => {
    expect(sdpOf(parseSip(invite('application/sdp', OFFER)))).to.include({ kind: 'sdp', text: OFFER });
    const multipart = `--b1\r\nContent-Type: application/sdp\r\n\r\n${OFFER}--b1\r\nContent-Type: application/isup\r\n\r\nxx\r\n--b1--\r\n`;
    const body = sdpOf(parseSip(invite('multipart/mixed; boundary=b1', multipart)));
    expect(body.kind === 'sdp' && body.sdp.media).to.have.length(3);
  });

  it('says malformed (for a 488 with Warning 399) when the SDP does not read', () => {
    expect(sdpOf(parseSip(invite('application/sdp', 'v=0\r\nm=audio\r\n')))).to.include({ kind: 'malformed' });
  });
});

describe('answerAudio (RFC 3264)', () => {
  const local = { sessionId: '77', address: '192.0.2.20', port: 30000, agent: 'gw.example.com' };

  it('accepts the audio stream and refuses the others with port 0, keeping the order of the m= lines', () => {
    const result = answerAudio(read(OFFER), { ...local, preferences: ['PCMA', 'PCMU', 'telephone-event'] });
    if (!result.ok) throw new Error(result.rejection.detail);
    const text = writeSdp(result.answer);
    expect(text).to.equal(
      sdp(
        'v=0',
        'o=- 77 77 IN IP4 192.0.2.20',
        's=-',
        'c=IN IP4 192.0.2.20',
        't=0 0',
        'm=audio 30000 RTP/AVP 8 0 101',
        'a=rtpmap:8 PCMA/8000',
        'a=rtpmap:0 PCMU/8000',
        'a=rtpmap:101 telephone-event/8000',
        'a=fmtp:101 0-16',
        'a=ptime:20',
        'a=recvonly',
        'm=video 0 RTP/AVP 96',
        'm=application 0 UDP/BFCP *',
      ),
    );
  });

  it('refuses with 488 and Warning 305, 302 or 304 when no audio stream can be taken', () => {
    const codecs = answerAudio(read(OFFER), { ...local, preferences: ['opus'] });
    expect(!codecs.ok && codecs.rejection.headers).to.deep.equal([
      { name: 'Warning', value: '305 gw.example.com "Incompatible media format"' },
    ]);
    expect(!codecs.ok && codecs.rejection).to.include({ status: 488, reason: 'Not Acceptable Here' });
    const srtp = answerAudio(read(OFFER.replace('RTP/AVP 0 8 18 101', 'RTP/SAVP 0 8 18 101')), {
      ...local,
      preferences: ['PCMU'],
    });
    expect(!srtp.ok && srtp.rejection.headers[0].value).to.match(/^302 /);
    const video = answerAudio(read(OFFER.replace('m=audio 49170', 'm=audio 0')), { ...local, preferences: ['PCMU'] });
    expect(!video.ok && video.rejection.headers[0].value).to.match(/^304 /);
  });

  it('refuses a malformed offer with 488 and Warning 399 naming the problem', () => {
    const read = readSdp(
      sdp('v=0', 'o=- 1 1 IN IP4 192.0.2.1', 's=-', 'c=IN IP4 192.0.2.1', 't=0 0', 'm=audio 9000 RTP/AVP 999'),
    );
    const refusal = sdpRejection(399, 'gw.example.com', read.ok ? '' : `Malformed SDP: ${read.reason}`);
    expect(refusal).to.include({ status: 488, reason: 'Not Acceptable Here' });
    expect(refusal.headers[0].value).to.equal(
      '399 gw.example.com "Malformed SDP: payload type 999 out of range 0-127: \\"m=audio 9000 RTP/AVP 999\\""',
    );
  });

  it('answers an IPv6 address with IP6 lines', () => {
    const result = answerAudio(read(OFFER), { ...local, address: '2001:db8::20', preferences: ['PCMU'] });
    expect(result.ok && writeSdp(result.answer)).to.contain('c=IN IP6 2001:db8::20\r\n');
  });
});

import { expect } from 'chai';
import {
  answerOffer,
  buildOffer,
  negotiatedCodec,
  parseSdp,
  SdpError,
  serializeSdp,
  type SessionDescription,
} from '../src/index.js';

const local = { address: '192.0.2.20', port: 30000, sessionId: '77' };

function offer(): SessionDescription {
  return buildOffer({
    codecs: ['opus', 'G722', 'PCMA', 'PCMU', 'telephone-event'],
    address: '192.0.2.10',
    port: 40000,
    sessionId: '1001',
    username: 'gwsim',
  });
}

describe('SDP', () => {
  it('builds an offer with static and dynamic payload types, rtpmap, fmtp and ptime', () => {
    expect(serializeSdp(offer())).to.equal(
      [
        'v=0',
        'o=gwsim 1001 1001 IN IP4 192.0.2.10',
        's=-',
        'c=IN IP4 192.0.2.10',
        't=0 0',
        'm=audio 40000 RTP/AVP 96 9 8 0 97',
        'a=rtpmap:96 opus/48000/2',
        'a=rtpmap:9 G722/8000',
        'a=rtpmap:8 PCMA/8000',
        'a=rtpmap:0 PCMU/8000',
        'a=rtpmap:97 telephone-event/8000',
        'a=fmtp:97 0-16',
        'a=ptime:20',
        'a=sendrecv',
        '',
      ].join('\r\n'),
    );
  });

  it('round-trips offers and answers through serialize and parse', () => {
    const o = offer();
    expect(parseSdp(serializeSdp(o))).to.deep.equal(o);
    const a = answerOffer(o, { ...local, preferences: ['PCMA', 'telephone-event'] });
    expect(parseSdp(serializeSdp(a))).to.deep.equal(a);
  });

  it("answers in local preference order with the offer's payload types", () => {
    const remote = buildOffer({
      codecs: ['PCMU', 'telephone-event', 'opus'],
      address: '192.0.2.10',
      port: 40000,
      sessionId: '1',
    });
    // the offerer numbered telephone-event 96 and opus 97: the answer must keep those numbers
    const a = answerOffer(remote, { ...local, preferences: ['opus', 'G722', 'PCMU', 'telephone-event'] });
    const m = a.media[0];
    expect(m.port).to.equal(30000);
    expect(m.codecs.map((c) => [c.payloadType, c.name])).to.deep.equal([
      [97, 'opus'],
      [0, 'PCMU'],
      [96, 'telephone-event'],
    ]);
    expect(m.codecs[2].fmtp).to.equal('0-16');
    expect(negotiatedCodec(a)).to.include({ name: 'opus', payloadType: 97, clockRate: 48000, channels: 2 });
    expect(a.connection).to.equal('192.0.2.20');
  });

  it('rejects the stream (port 0) when no voice codec is common, even if telephone-event is', () => {
    const remote = buildOffer({
      codecs: ['G722', 'telephone-event'],
      address: '192.0.2.10',
      port: 40000,
      sessionId: '1',
    });
    const a = answerOffer(remote, { ...local, preferences: ['PCMA', 'telephone-event'] });
    expect(a.media[0].port).to.equal(0);
    expect(negotiatedCodec(a)).to.equal(undefined);
  });

  it('drops telephone-event when the answerer does not want it and mirrors direction and ptime', () => {
    const remote = buildOffer({
      codecs: ['PCMA', 'telephone-event'],
      address: '192.0.2.10',
      port: 40000,
      sessionId: '1',
      ptime: 30,
    });
    remote.media[0].direction = 'sendonly';
    const a = answerOffer(remote, { ...local, preferences: ['PCMA'] });
    expect(a.media[0].codecs.map((c) => c.name)).to.deep.equal(['PCMA']);
    expect(a.media[0].direction).to.equal('recvonly');
    expect(a.media[0].ptime).to.equal(30);
  });

  it('parses real-world variants: LF ends, static types without rtpmap, media-level c=, unknown lines', () => {
    const sdp = parseSdp(
      [
        'v=0',
        'o=- 3 4 IN IP4 198.51.100.7',
        's=call',
        'i=info',
        't=0 0',
        'a=tool:x',
        'm=audio 5004 RTP/AVP 8 0 101',
        'c=IN IP4 198.51.100.7',
        'b=AS:64',
        'a=rtpmap:101 telephone-event/8000',
        'a=fmtp:101 0-15',
        'a=ptime:20',
        'a=maxptime:40',
        '',
      ].join('\n'),
    );
    expect(sdp.connection).to.equal('198.51.100.7');
    expect(sdp.media[0].codecs).to.deep.equal([
      { payloadType: 8, name: 'PCMA', clockRate: 8000 },
      { payloadType: 0, name: 'PCMU', clockRate: 8000 },
      { payloadType: 101, name: 'telephone-event', clockRate: 8000, fmtp: '0-15' },
    ]);
    expect(negotiatedCodec(answerOffer(sdp, { ...local, preferences: ['PCMU', 'PCMA'] }))).to.include({
      name: 'PCMU',
      payloadType: 0,
    });
  });

  const base = serializeSdp(offer());
  const bad: Array<[string, string, RegExp]> = [
    ['not key=value', base.replace('s=-', 'session'), /malformed SDP line/],
    ['missing v=', base.replace('v=0\r\n', ''), /missing v=/],
    ['missing o=', base.replace(/o=.*\r\n/, ''), /missing o=/],
    ['missing c=', base.replace(/c=.*\r\n/, ''), /missing c=/],
    ['missing t=', base.replace('t=0 0\r\n', ''), /missing t=/],
    ['dynamic type without rtpmap', base.replace('a=rtpmap:96 opus/48000/2\r\n', ''), /96 has no rtpmap/],
    ['rtpmap for an absent type', base.replace('a=rtpmap:96', 'a=rtpmap:120'), /not in m=/],
    ['video media', base.replace('m=audio', 'm=video'), /only audio/],
    ['bad port', base.replace('m=audio 40000', 'm=audio x'), /malformed media/],
  ];
  for (const [name, text, why] of bad) {
    it(`refuses malformed SDP: ${name}`, () => {
      expect(() => parseSdp(text)).to.throw(SdpError, why);
    });
  }

  it('refuses an empty codec list and unknown codecs when building', () => {
    expect(() => buildOffer({ codecs: [], address: 'a', port: 1, sessionId: '1' })).to.throw(SdpError);
    expect(() => buildOffer({ codecs: ['G729' as never], address: 'a', port: 1, sessionId: '1' })).to.throw(
      /unknown codec/,
    );
  });
});

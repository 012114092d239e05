import { expect } from 'chai';
import {
  audioCodecs,
  mediaChanges,
  reofferSdp,
} from '../../../../src/contexts/simulation/sip/infrastructure/sdpReoffer.js';

const SDP = [
  'v=0',
  'o=gw 10 7 IN IP4 127.0.0.1',
  's=-',
  'c=IN IP4 127.0.0.1',
  't=0 0',
  'm=audio 40000 RTP/AVP 0 96 101',
  'a=rtpmap:96 opus/48000/2',
  'a=rtpmap:101 telephone-event/8000',
  'm=video 0 RTP/AVP 97',
  '',
].join('\r\n');

describe('sdpReoffer: what the gateway offers a leg anew, and whether it needs to (RFC 3264 section 8)', () => {
  it("names the audio stream's codecs in order: a static type by its number, a dynamic one by its rtpmap", () => {
    expect(audioCodecs(SDP)).to.deep.equal(['0', 'opus/48000', 'telephone-event/8000']);
    expect(audioCodecs(SDP.replace('a=rtpmap:96', 'a=rtpmap:0 PCMU/8000\r\na=rtpmap:96'))).to.deep.equal(
      audioCodecs(SDP),
    );
    expect(audioCodecs(SDP.replace(/\b96\b/g, '111'))).to.deep.equal(audioCodecs(SDP));
    expect(audioCodecs(SDP.replace('m=audio 40000', 'm=audio 0'))).to.deep.equal([]);
  });

  it('sees a change of direction, address or codecs, and none in a new version of the same media', () => {
    expect(mediaChanges(SDP, SDP.replace('o=gw 10 7', 'o=gw 10 8'))).to.equal(false);
    expect(mediaChanges(SDP, SDP.replace('t=0 0', 't=0 0\r\na=sendonly'))).to.equal(true);
    expect(mediaChanges(SDP, SDP.replace('40000', '40002'))).to.equal(true);
    expect(mediaChanges(SDP, SDP.replace('c=IN IP4 127.0.0.1', 'c=IN IP4 0.0.0.0'))).to.equal(true);
    expect(mediaChanges(SDP, SDP.replace('0 96 101', '96 0 101'))).to.equal(true);
    const agreed = SDP.replace('0 96 101', '96 101');
    expect(mediaChanges(SDP, agreed, agreed), 'the codecs compared are the agreed ones').to.equal(false);
    expect(mediaChanges(SDP, 'not sdp')).to.equal(false);
  });

  it("gives the other side's media in the session the leg knows, its version one higher, with the direction asked for", () => {
    const media = SDP.replace('o=gw 10 7', 'o=other 55 3').replace('t=0 0', 't=0 0\r\na=recvonly');
    const offer = reofferSdp(SDP.replace('t=0 0', 't=0 0\r\na=sendonly'), media, 'sendrecv');
    expect(
      offer.split('\r\n').filter((l) => l.startsWith('o=') || l.startsWith('a=s') || l.startsWith('a=r')),
    ).to.deep.equal([
      'o=gw 10 8 IN IP4 127.0.0.1',
      'a=sendrecv',
      'a=rtpmap:96 opus/48000/2',
      'a=rtpmap:101 telephone-event/8000',
    ]);
  });
});

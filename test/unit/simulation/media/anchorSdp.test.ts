import { expect } from 'chai';
import { parseSdp, SdpError } from '@gwsim/sip';
import {
  anchorSdp,
  sdpClockRates,
  sdpMediaAddress,
} from '../../../../src/contexts/simulation/media/infrastructure/index.js';

const crlf = (lines: string[]) => `${lines.join('\r\n')}\r\n`;
const GATEWAY = { host: '10.0.0.5', port: 40002 };

/** SIPp's built-in uac scenario's SDP as SIPp sends it (LF line ends as in its scenario file). */
const SIPP =
  [
    'v=0',
    'o=user1 53655765 2353687637 IN IP4 127.0.0.1',
    's=-',
    'c=IN IP4 127.0.0.1',
    't=0 0',
    'm=audio 6000 RTP/AVP 0',
    'a=rtpmap:0 PCMU/8000',
  ].join('\n') + '\n';

/** A softphone's offer: several codecs, session-level c=, bandwidth, a=rtcp, ICE, and a video stream. */
const SOFTPHONE = crlf([
  'v=0',
  'o=alice 3922317443 3922317444 IN IP4 192.168.1.20',
  's=Talk',
  'c=IN IP4 192.168.1.20',
  'b=AS:380',
  't=0 0',
  'a=ice-ufrag:F7gI',
  'a=ice-pwd:x9cml/YzichV2+XlhiMu8g',
  'm=audio 7078 RTP/AVP 96 9 0 8 101',
  'a=rtpmap:96 opus/48000/2',
  'a=fmtp:96 useinbandfec=1',
  'a=rtpmap:101 telephone-event/8000',
  'a=fmtp:101 0-16',
  'a=rtcp:7079',
  'a=candidate:1 1 UDP 2130706431 192.168.1.20 7078 typ host',
  'a=candidate:1 2 UDP 2130706430 192.168.1.20 7079 typ host',
  'a=rtcp-fb:* trr-int 1000',
  'a=sendrecv',
  'm=video 9078 RTP/AVP 103',
  'a=rtpmap:103 VP8/90000',
]);

/** An answer that refuses the audio stream it was offered (port 0) and names its media address per stream. */
const REJECTING = crlf([
  'v=0',
  'o=- 7 8 IN IP4 203.0.113.9',
  's=-',
  't=0 0',
  'm=audio 0 RTP/AVP 0',
  'c=IN IP4 203.0.113.9',
]);

describe('anchorSdp', () => {
  it("puts the gateway in o=, c= and the audio port of SIPp's SDP, CRLF-terminated, codecs unchanged", () => {
    const anchored = anchorSdp(SIPP, GATEWAY);
    expect(anchored).to.equal(
      crlf([
        'v=0',
        'o=user1 53655765 2353687637 IN IP4 10.0.0.5',
        's=-',
        'c=IN IP4 10.0.0.5',
        't=0 0',
        'm=audio 40002 RTP/AVP 0',
        'a=rtpmap:0 PCMU/8000',
      ]),
    );
    expect(parseSdp(anchored).media[0]!.codecs).to.deep.equal(parseSdp(SIPP).media[0]!.codecs);
  });

  it("anchors a softphone's audio with its attributes, moves a=rtcp, drops ICE and disables the stream it cannot relay", () => {
    expect(anchorSdp(SOFTPHONE, GATEWAY)).to.equal(
      crlf([
        'v=0',
        'o=alice 3922317443 3922317444 IN IP4 10.0.0.5',
        's=Talk',
        'c=IN IP4 10.0.0.5',
        'b=AS:380',
        't=0 0',
        'm=audio 40002 RTP/AVP 96 9 0 8 101',
        'a=rtpmap:96 opus/48000/2',
        'a=fmtp:96 useinbandfec=1',
        'a=rtpmap:101 telephone-event/8000',
        'a=fmtp:101 0-16',
        'a=rtcp:40003',
        'a=rtcp-fb:* trr-int 1000',
        'a=sendrecv',
        'm=video 0 RTP/AVP 103',
        'a=rtpmap:103 VP8/90000',
      ]),
    );
  });

  it('keeps a media line with port 0 at 0, and replaces its media-level c=', () => {
    expect(anchorSdp(REJECTING, GATEWAY)).to.equal(
      crlf(['v=0', 'o=- 7 8 IN IP4 10.0.0.5', 's=-', 't=0 0', 'm=audio 0 RTP/AVP 0', 'c=IN IP4 10.0.0.5']),
    );
  });

  it('is stable: anchoring an anchored SDP again changes nothing', () => {
    const once = anchorSdp(SOFTPHONE, GATEWAY);
    expect(anchorSdp(once, GATEWAY)).to.equal(once);
  });

  it('refuses text that is not SDP with SdpError', () => {
    expect(() => anchorSdp('hello\r\n', GATEWAY)).to.throw(SdpError);
    expect(() => anchorSdp('v=0\r\ns=-\r\n', GATEWAY)).to.throw(SdpError, /o=/);
    expect(() => anchorSdp(SIPP.replace('m=audio 6000', 'm=audio x'), GATEWAY)).to.throw(SdpError, /media/);
  });
});

describe('sdpMediaAddress', () => {
  it("reads SIPp's session-level address and audio port", () => {
    expect(sdpMediaAddress(SIPP)).to.deep.equal({ host: '127.0.0.1', port: 6000 });
  });

  it("prefers the audio stream's own c= to the session's, and skips streams before it", () => {
    const sdp = crlf([
      'v=0',
      'o=- 1 1 IN IP4 192.168.1.20',
      's=-',
      'c=IN IP4 192.168.1.20',
      't=0 0',
      'm=video 9078 RTP/AVP 103',
      'c=IN IP4 192.168.1.21',
      'a=rtpmap:103 VP8/90000',
      'm=audio 7078 RTP/AVP 0',
      'c=IN IP4 198.51.100.7',
    ]);
    expect(sdpMediaAddress(sdp)).to.deep.equal({ host: '198.51.100.7', port: 7078 });
    expect(sdpMediaAddress(SOFTPHONE)).to.deep.equal({ host: '192.168.1.20', port: 7078 });
  });

  it('has no address for a refused stream nor for the hold address 0.0.0.0', () => {
    expect(sdpMediaAddress(REJECTING)).to.equal(undefined);
    expect(sdpMediaAddress(SIPP.replace('c=IN IP4 127.0.0.1', 'c=IN IP4 0.0.0.0'))).to.equal(undefined);
  });

  it('reads what anchorSdp wrote', () => {
    expect(sdpMediaAddress(anchorSdp(SOFTPHONE, GATEWAY))).to.deep.equal(GATEWAY);
  });
});

describe('sdpClockRates', () => {
  it("maps the audio stream's rtpmap payload types to their clock", () => {
    expect([...sdpClockRates(SOFTPHONE)]).to.deep.equal([
      [96, 48000],
      [101, 8000],
    ]);
    expect([...sdpClockRates(SIPP)]).to.deep.equal([[0, 8000]]);
  });
});

import { expect } from 'chai';
import { parseSip, type SipRequest } from '@gwsim/sip';
import { screenOffer } from '../../../../src/contexts/simulation/sip/infrastructure/requestScreen.js';

/** The demo's transcoding options (MEDIA_PUMP_DOMAIN audioCodecs). */
const DEMO = ['G711A', 'G711U', 'G722', 'OPUS', 'AMR_WB', 'TELEPHONE_EVENT'];

function invite(media: string): SipRequest {
  const sdp = ['v=0', 'o=- 1 1 IN IP4 127.0.0.1', 's=-', 'c=IN IP4 127.0.0.1', 't=0 0', ...media.split('\n'), ''].join(
    '\r\n',
  );
  const text = [
    'INVITE sip:4930123456@127.0.0.1:5070 SIP/2.0',
    'Via: SIP/2.0/UDP 127.0.0.1:5099;branch=z9hG4bK-screen',
    'Max-Forwards: 70',
    'From: <sip:100@127.0.0.1>;tag=a',
    'To: <sip:4930123456@127.0.0.1>',
    'Call-ID: screen-1',
    'CSeq: 1 INVITE',
    'Contact: <sip:100@127.0.0.1:5099>',
    'Content-Type: application/sdp',
    `Content-Length: ${Buffer.byteLength(sdp)}`,
    '',
    sdp,
  ].join('\r\n');
  return parseSip(text) as SipRequest;
}

describe("screenOffer: a new INVITE's codecs against the node's transcoding options", () => {
  it('refuses an offer of codecs the node does not list with 488 and Warning 305, before routing', () => {
    const evs = invite('m=audio 6000 RTP/AVP 96 101\na=rtpmap:96 EVS/16000\na=rtpmap:101 telephone-event/8000');
    const refusal = screenOffer(evs, DEMO, '127.0.0.1');
    expect(refusal?.status).to.equal(488);
    const warning = refusal?.headers.find((h) => h.name === 'Warning')?.value ?? '';
    expect(warning).to.match(/^305 127\.0\.0\.1 "[^"]*G711A, G711U, G722, OPUS, AMR_WB, TELEPHONE_EVENT[^"]*"$/);
  });

  it('takes an offer with one listed voice codec among others, static payload types without rtpmap too', () => {
    expect(screenOffer(invite('m=audio 6000 RTP/AVP 96 0\na=rtpmap:96 EVS/16000'), DEMO, 'h')).to.equal(undefined);
    expect(screenOffer(invite('m=audio 6000 RTP/AVP 8'), DEMO, 'h')).to.equal(undefined);
    expect(screenOffer(invite('m=audio 6000 RTP/AVP 111\na=rtpmap:111 opus/48000/2'), DEMO, 'h')).to.equal(undefined);
  });

  it('does not count telephone-event or comfort noise as a voice codec, nor a stream that is off', () => {
    const eventsOnly = invite('m=audio 6000 RTP/AVP 101 13\na=rtpmap:101 telephone-event/8000');
    expect(screenOffer(eventsOnly, DEMO, 'h')?.status).to.equal(488);
    const off = invite('m=audio 0 RTP/AVP 0\nm=audio 6002 RTP/AVP 18');
    expect(screenOffer(off, DEMO, 'h')?.status, 'PCMU only on the stream that is off; G.729 not listed').to.equal(488);
    expect(screenOffer(invite('m=audio 6002 RTP/AVP 18'), [...DEMO, 'G729'], 'h')).to.equal(undefined);
  });

  it('takes any codec on a node without transcoding options, and an INVITE without SDP (a late offer)', () => {
    expect(screenOffer(invite('m=audio 6000 RTP/AVP 96\na=rtpmap:96 EVS/16000'), undefined, 'h')).to.equal(undefined);
    const late = parseSip(
      [
        'INVITE sip:1@127.0.0.1 SIP/2.0',
        'Via: SIP/2.0/UDP 127.0.0.1:5099;branch=z9hG4bK-late',
        'Max-Forwards: 70',
        'From: <sip:100@127.0.0.1>;tag=a',
        'To: <sip:1@127.0.0.1>',
        'Call-ID: late-1',
        'CSeq: 1 INVITE',
        'Contact: <sip:100@127.0.0.1:5099>',
        'Content-Length: 0',
        '',
        '',
      ].join('\r\n'),
    ) as SipRequest;
    expect(screenOffer(late, DEMO, 'h')).to.equal(undefined);
  });
});

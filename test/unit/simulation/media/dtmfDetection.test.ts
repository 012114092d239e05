import { expect } from 'chai';
import {
  dtmfOfInfo,
  sdpTelephoneEvents,
  TelephoneEventDetector,
} from '../../../../src/contexts/simulation/media/infrastructure/index.js';
import { eventPacket, rtpPacket } from './mediaHarness.js';

/** One digit as RFC 4733 sends it: updates every 20 ms, then the end packet three times (the same timestamp). */
function digitPackets(event: number, firstSeq: number, timestamp: number, retransmitsKeepSeq = true): Buffer[] {
  const packets: Buffer[] = [];
  for (let i = 0; i < 7; i += 1)
    packets.push(eventPacket({ seq: firstSeq + i, timestamp, event, end: false, duration: 160 * i }));
  for (let i = 0; i < 3; i += 1) {
    const seq = firstSeq + 7 + (retransmitsKeepSeq ? 0 : i);
    packets.push(eventPacket({ seq, timestamp, event, end: true, duration: 1120 }));
  }
  return packets;
}

describe('DTMF detection', () => {
  describe('RFC 4733 telephone-events in the RTP', () => {
    it('records a digit once, at its first end packet; the retransmitted end packets count for nothing', () => {
      const detector = new TelephoneEventDetector();
      let at = 1000;
      for (const packet of digitPackets(5, 8155, 43200)) detector.receive(packet, (at += 20));
      expect(detector.digits).to.deep.equal([{ at: 1160, digit: '5' }]);
    });

    it('counts retransmissions once whether they repeat the sequence number or take new ones', () => {
      const detector = new TelephoneEventDetector();
      for (const packet of digitPackets(1, 100, 8000, false)) detector.receive(packet, 1);
      for (const packet of digitPackets(1, 110, 9600, true)) detector.receive(packet, 2);
      expect(detector.digits.map((d) => d.digit)).to.deep.equal(['1', '1']);
    });

    it('names events 0–15 as 0–9, *, #, A–D and ignores the others (flash, tones)', () => {
      const detector = new TelephoneEventDetector();
      for (const [i, event] of [0, 9, 10, 11, 12, 15, 16, 40].entries())
        detector.receive(eventPacket({ seq: i, timestamp: 1000 * (i + 1), event, end: true, duration: 800 }), i);
      expect(detector.digits.map((d) => d.digit)).to.deep.equal(['0', '9', '*', '#', 'A', 'D']);
    });

    it('tells two presses of one key apart by their timestamps, and another source by its SSRC', () => {
      const detector = new TelephoneEventDetector();
      detector.receive(eventPacket({ seq: 1, timestamp: 8000, event: 7, end: true, duration: 800 }), 1);
      detector.receive(eventPacket({ seq: 2, timestamp: 8000, event: 7, end: true, duration: 800, ssrc: 9 }), 2);
      detector.receive(eventPacket({ seq: 3, timestamp: 9600, event: 7, end: true, duration: 800, ssrc: 9 }), 3);
      expect(detector.digits.map((d) => d.at)).to.deep.equal([1, 2, 3]);
    });

    it('ignores a packet too short to carry an event and an event without its end', () => {
      const detector = new TelephoneEventDetector();
      detector.receive(rtpPacket({ seq: 1, timestamp: 1, payloadType: 101, payloadBytes: 2 }), 1);
      detector.receive(eventPacket({ seq: 2, timestamp: 2, event: 3, end: false, duration: 800 }), 2);
      expect(detector.digits).to.deep.equal([]);
    });
  });

  describe('the payload types of telephone-events in an SDP', () => {
    const sdp = (...lines: string[]) =>
      ['v=0', 'o=- 1 1 IN IP4 127.0.0.1', 's=-', 'c=IN IP4 127.0.0.1', 't=0 0', ...lines, ''].join('\r\n');

    it('reads a=rtpmap:N telephone-event/RATE of the audio stream', () => {
      expect([
        ...sdpTelephoneEvents(
          sdp('m=audio 4000 RTP/AVP 8 96 97', 'a=rtpmap:96 telephone-event/8000', 'a=rtpmap:97 TELEPHONE-EVENT/16000'),
        ),
      ]).to.deep.equal([96, 97]);
    });

    it('takes 101 when none is named, unless 101 is another codec', () => {
      expect([...sdpTelephoneEvents(sdp('m=audio 4000 RTP/AVP 8'))]).to.deep.equal([101]);
      expect([...sdpTelephoneEvents(sdp('m=audio 4000 RTP/AVP 101', 'a=rtpmap:101 opus/48000/2'))]).to.deep.equal([]);
    });
  });

  describe('SIP INFO bodies', () => {
    it('reads application/dtmf-relay Signal= lines and application/dtmf digits', () => {
      expect(dtmfOfInfo('application/dtmf-relay', 'Signal=5\r\nDuration=160\r\n')).to.equal('5');
      expect(dtmfOfInfo('Application/DTMF-Relay; charset=utf-8', 'signal= #\r\nDuration=250')).to.equal('#');
      expect(dtmfOfInfo('application/dtmf-relay', 'Signal=10\r\n')).to.equal('*');
      expect(dtmfOfInfo('application/dtmf', '5')).to.equal('5');
      expect(dtmfOfInfo('application/dtmf', ' b\r\n')).to.equal('B');
    });

    it('finds no digit in other bodies, other types or other signals', () => {
      expect(dtmfOfInfo('application/dtmf-relay', 'Duration=160')).to.equal(undefined);
      expect(dtmfOfInfo('application/dtmf-relay', 'Signal=hook-flash')).to.equal(undefined);
      expect(dtmfOfInfo('application/dtmf', '55')).to.equal(undefined);
      expect(dtmfOfInfo('application/media_control+xml', 'Signal=5')).to.equal(undefined);
      expect(dtmfOfInfo(undefined, '5')).to.equal(undefined);
    });
  });
});

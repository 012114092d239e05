import { expect } from 'chai';
import {
  answeringDirection,
  directionOfText,
  withDirection,
} from '../../../../src/contexts/simulation/sip/infrastructure/sdpDirection.js';

const SDP = [
  'v=0',
  'o=gw 10 7 IN IP4 127.0.0.1',
  's=-',
  'c=IN IP4 127.0.0.1',
  't=0 0',
  'm=audio 40000 RTP/AVP 0 101',
  'a=rtpmap:0 PCMU/8000',
  'a=rtpmap:101 telephone-event/8000',
  'm=video 0 RTP/AVP 96',
  'a=inactive',
  '',
].join('\r\n');

describe("sdpDirection: the audio stream's direction on a real endpoint's SDP text (RFC 3264 sections 6.1 and 8)", () => {
  it('reads the stream attribute, else the session attribute, else sendrecv (a stream that is off does not count)', () => {
    expect(directionOfText(SDP)).to.equal('sendrecv');
    expect(directionOfText(SDP.replace('a=rtpmap:0', 'a=sendonly\r\na=rtpmap:0'))).to.equal('sendonly');
    expect(directionOfText(SDP.replace('t=0 0', 't=0 0\r\na=inactive'))).to.equal('inactive');
  });

  it('answers send-only with receive-only and the reverse; inactive and sendrecv as they are', () => {
    expect(answeringDirection('sendonly')).to.equal('recvonly');
    expect(answeringDirection('recvonly')).to.equal('sendonly');
    expect(answeringDirection('inactive')).to.equal('inactive');
    expect(answeringDirection('sendrecv')).to.equal('sendrecv');
  });

  it("sets the audio stream's direction (the session's dropped, other streams untouched) and raises the o= version", () => {
    const held = withDirection(SDP.replace('t=0 0', 't=0 0\r\na=sendrecv'), 'recvonly');
    expect(held).to.include('o=gw 10 8 IN IP4 127.0.0.1\r\n');
    expect(held).to.include('m=audio 40000 RTP/AVP 0 101\r\na=recvonly\r\n');
    expect(held).not.to.include('a=sendrecv');
    expect(held).to.include('m=video 0 RTP/AVP 96\r\na=inactive\r\n');
    expect(directionOfText(held)).to.equal('recvonly');
    const resumed = withDirection(held, 'sendrecv');
    expect(directionOfText(resumed)).to.equal('sendrecv');
    expect(resumed).to.include('o=gw 10 9 ');
    expect(resumed.match(/a=(sendrecv|recvonly)/g)).to.deep.equal(['a=sendrecv']);
  });
});

import { expect } from 'chai';
import {
  MediaPortsUnavailable,
  WorkerRelays,
  type MediaPorts,
  type MediaRelay,
  type RelayOptions,
} from '../../../../src/contexts/simulation/media/infrastructure/index.js';
import { udpPortBindable } from '../../../support/udpPorts.js';
import {
  eventPacket,
  freeRange,
  hangUp,
  phone,
  receiverReport,
  rtcpPacket,
  rtpPacket,
  type Phone,
} from './mediaHarness.js';

/** Waits until `condition` holds (the worker handled a datagram or a message), at most 5 s. */
async function until(condition: () => boolean): Promise<void> {
  const deadline = Date.now() + 5000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
}

describe('WorkerRelays: relays in a media worker, as the signalling thread holds them', function () {
  this.timeout(20_000);
  let relays: WorkerRelays;
  let ports: [MediaPorts, MediaPorts];
  let opened: MediaRelay[];
  let phones: Phone[];

  beforeEach(async () => {
    relays = new WorkerRelays(1);
    ports = [
      relays.ports('127.0.0.1', await freeRange(8), undefined),
      relays.ports('127.0.0.1', await freeRange(8), undefined),
    ];
    opened = [];
    phones = [];
  });
  afterEach(async () => {
    for (const relay of opened) relay.close();
    hangUp(...phones);
    await relays.dispose();
    await relays.terminate();
  });

  async function relay(options: Partial<RelayOptions> = {}, timeout: () => void = () => undefined) {
    const r = await relays.open(ports, { timeoutMs: 0, ...options }, { timeout });
    opened.push(r);
    return r;
  }
  async function twoPhones(): Promise<[Phone, Phone]> {
    const pair: [Phone, Phone] = [await phone(), await phone()];
    phones.push(...pair);
    return pair;
  }

  it('relays RTP both ways and RTCP on the ports above; the counters are read at once, exactly', async () => {
    const r = await relay();
    const [a, b] = await twoPhones();
    expect(r.local(0).port % 2).to.equal(0);
    expect(r.local(0).port).to.be.within(ports[0].range.first, ports[0].range.last);
    r.setRemote(0, a.rtp.address);
    r.setRemote(1, b.rtp.address);
    for (let seq = 1; seq <= 5; seq += 1) await a.rtp.send(rtpPacket({ seq, timestamp: seq * 160 }), r.local(0));
    await b.rtp.nth(5);
    await b.rtp.send(rtpPacket({ seq: 9, timestamp: 0, ssrc: 7 }), r.local(1));
    await a.rtp.nth(1);
    await a.rtcp.send(rtcpPacket(), { host: r.local(0).host, port: r.local(0).port + 1 });
    await b.rtcp.nth(1);
    await until(() => r.counters(1).packetsReceived === 1);
    expect(r.counters(0)).to.include({ packetsReceived: 5, packetsSent: 1, octetsReceived: 800, octetsSent: 160 });
    expect(r.counters(1)).to.include({ packetsReceived: 1, packetsSent: 5, packetsLost: 0 });
    expect(r.counters(0).lastPacketAt).to.be.a('number');
    expect(r.counters(0).packetsLostByPeer).to.equal(undefined);
    // the peer's receiver report about what side 0 sent it (RFC 3550 section 6.4)
    await a.rtcp.send(receiverReport(0xa11ce, [{ source: 7, lost: 3 }]), {
      host: '127.0.0.1',
      port: r.local(0).port + 1,
    });
    await until(() => r.counters(0).packetsLostByPeer === 3);
  });

  it('latches on the first source, drops strangers, and a closed relay keeps its figures', async () => {
    const r = await relay();
    const [a, b] = await twoPhones();
    const [stranger] = await twoPhones();
    r.setRemote(0, { host: '127.0.0.1', port: 9 }); // the SDP names a port the phone does not send from
    r.setRemote(1, b.rtp.address);
    await a.rtp.send(rtpPacket({ seq: 1, timestamp: 0 }), r.local(0));
    await b.rtp.nth(1);
    await until(() => r.remote(0)?.port === a.rtp.address.port);
    await stranger!.rtp.send(rtpPacket({ seq: 50, timestamp: 0 }), r.local(0));
    await b.rtp.send(rtpPacket({ seq: 1, timestamp: 0 }), r.local(1));
    await a.rtp.nth(1); // the return stream goes to the latched source
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(r.counters(0).packetsReceived, "the stranger's packet is not the peer's").to.equal(1);
    r.close();
    expect(r.closed).to.equal(true);
    expect(r.counters(0).packetsReceived).to.equal(1);
  });

  it("counts what a side's whitelist refused where the signalling thread counts it", async () => {
    const r = await relay();
    const [a, b] = await twoPhones();
    let refused = 0;
    const whitelist = { id: 'w', displayName: 'w', entries: [], ownSubnet: undefined };
    r.admitFrom(0, () => true, { whitelist, refused: (packets) => (refused += packets) });
    r.setRemote(1, b.rtp.address);
    for (let seq = 1; seq <= 3; seq += 1) await a.rtp.send(rtpPacket({ seq, timestamp: 0 }), r.local(0));
    await until(() => refused === 3);
    expect(r.counters(0).packetsReceived).to.equal(0);
    expect(b.rtp.received).to.have.length(0);
  });

  it("tells the DTMF digits it sees (RFC 4733), stamped on the relay's event clock", async () => {
    const labTime = Date.UTC(2025, 0, 1);
    const r = await relay({ eventClock: () => labTime });
    const [a, b] = await twoPhones();
    r.setRemote(1, b.rtp.address);
    for (const end of [false, true, true, true])
      await a.rtp.send(eventPacket({ seq: 1, timestamp: 800, event: 5, end, duration: 800 }), r.local(0));
    await until(() => r.dtmf(0).length === 1);
    expect(r.dtmf(0)[0]!.digit).to.equal('5');
    expect(r.dtmf(0)[0]!.at).to.be.within(labTime - 1000, labTime);
  });

  it('fires the media timeout once, after arm()', async () => {
    let timeouts = 0;
    const r = await relay({ timeoutMs: 100, armed: false }, () => (timeouts += 1));
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(timeouts, 'not armed yet').to.equal(0);
    r.arm();
    await until(() => timeouts === 1);
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(timeouts).to.equal(1);
  });

  it('moves a side to another range and relays through the new pair', async () => {
    const r = await relay();
    const other = relays.ports('127.0.0.1', await freeRange(4), undefined);
    await r.moveSide(1, other);
    expect(r.drawsFrom(1, other)).to.equal(true);
    expect(r.local(1).port).to.be.within(other.range.first, other.range.last);
    const [a, b] = await twoPhones();
    r.setRemote(0, a.rtp.address);
    r.setRemote(1, b.rtp.address);
    await b.rtp.send(rtpPacket({ seq: 1, timestamp: 0 }), r.local(1));
    await a.rtp.nth(1);
  });

  it('rejects with MediaPortsUnavailable when a range has no pair left, giving the first pair back', async () => {
    const tiny = relays.ports('127.0.0.1', await freeRange(2), undefined); // one pair: half a call
    const error = await relays.open([tiny, tiny], { timeoutMs: 0 }, { timeout: () => undefined }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).to.be.instanceOf(MediaPortsUnavailable);
    expect((error as MediaPortsUnavailable).reason).to.equal('range');
    const one = relays.ports('127.0.0.1', tiny.range, undefined);
    expect(one).to.equal(tiny); // one object per range
    const ok = await relays.open([tiny, ports[1]], { timeoutMs: 0 }, { timeout: () => undefined });
    opened.push(ok);
    expect(ok.local(0).port).to.equal(tiny.range.first + (tiny.range.first % 2));
  });

  it('leaves no port bound once its relays closed and the pools were disposed, a relay closed at once too', async () => {
    const r = await relay();
    const local = [r.local(0).port, r.local(1).port];
    void r.moveSide(1, relays.ports('127.0.0.1', await freeRange(4), undefined)); // a move in flight
    r.close();
    await relays.dispose();
    for (const port of local.flatMap((p) => [p, p + 1]))
      expect(await udpPortBindable(port), `port ${port}`).to.equal(true);
  });
});

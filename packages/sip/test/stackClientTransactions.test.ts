import { expect } from 'chai';
import { buildResponse, header, headerValues, serialize } from '../src/index.js';
import { address, FAST, LoopbackPair, Recorder, request, sleep, stack, until } from './stackSupport.js';

describe('SIP stack: INVITE client transactions (UDP loopback)', function () {
  this.timeout(20_000);
  const pair = LoopbackPair.eachTest();

  it('acknowledges a non-2xx final itself (17.1.1.3); the server transaction absorbs that ACK', async () => {
    const { a, b, alice, bob } = pair;
    bob.onRequest = (tx) => tx.respond(buildResponse(tx.request, 486, { toTag: 'busy' }));
    const invite = request('INVITE', address(a, 'UDP'), address(b, 'UDP'));
    const statuses: number[] = [];
    a.request(invite, address(b, 'UDP'), { response: (r) => statuses.push(r.status), timeout: () => {} });
    await until(
      () => bob.wires.some((w) => !w.sent && w.message?.kind === 'request' && w.message.method === 'ACK'),
      'the ACK at bob',
    );
    await sleep(64 * FAST.T1 + 100);
    expect(statuses).to.deep.equal([100, 486]);
    expect(bob.acks).to.deep.equal([]);
    expect(bob.requests).to.have.length(1);
    const ack = alice.sent('ACK')[0].message!;
    expect(header(ack, 'To')).to.match(/tag=busy/);
    expect(headerValues(ack, 'Via')).to.deep.equal(headerValues(invite, 'Via'));
    expect(ack.kind === 'request' && ack.uri).to.equal(invite.uri);
    expect(bob.sent('486')).to.have.length(1);
  });

  it('retransmits an INVITE (Timer A doubling) and times out at 64*T1 (Timer B)', async () => {
    const { a, alice } = pair;
    const peer = await pair.raw();
    const reasons: string[] = [];
    a.request(request('INVITE', address(a, 'UDP'), peer.address), peer.address, {
      response: () => {},
      timeout: (r) => reasons.push(r),
    });
    await until(() => reasons.length === 1, 'Timer B');
    expect(reasons).to.deep.equal(['timer']);
    // 0, 20, 60, 140, 300, 620, 1260 ms: seven sends before 1280 ms (six when timers run late). Timer A is not
    // capped by T2: that would give 18 sends; a fixed T1 would give 64.
    const count = peer.requests('INVITE').length;
    expect(count).to.be.within(5, 7);
    const sent = alice.sent('INVITE');
    expect(sent.map((w) => w.retransmission)).to.deep.equal([false, ...Array(count - 1).fill(true)]);
    await sleep(4 * FAST.T2);
    expect(peer.requests('INVITE')).to.have.length(count);
  });

  it('stops retransmitting an INVITE at a provisional response, and then waits without Timer B', async () => {
    const { a, alice } = pair;
    const peer = await pair.raw();
    const events: string[] = [];
    const invite = request('INVITE', address(a, 'UDP'), peer.address);
    a.request(invite, peer.address, { response: (r) => events.push(String(r.status)), timeout: (r) => events.push(r) });
    await until(() => peer.requests('INVITE').length === 1, 'the INVITE');
    peer.send(serialize(buildResponse(invite, 100)), address(a, 'UDP'));
    await until(() => events.length === 1, 'the 100');
    // A provisional repeated byte for byte is reported once; another one is reported.
    const ringing = serialize(buildResponse(invite, 180, { toTag: 'r1' }));
    peer.send(ringing, address(a, 'UDP'));
    peer.send(ringing, address(a, 'UDP'));
    peer.send(serialize(buildResponse(invite, 183, { toTag: 'r1' })), address(a, 'UDP'));
    await until(() => events.length === 3, 'the 180 and the 183');
    expect(alice.lines().filter((l) => l.startsWith('<'))).to.deep.equal(['<  100', '<  180', '<* 180', '<  183']);
    const count = peer.requests('INVITE').length;
    await sleep(64 * FAST.T1 + 200);
    expect(events).to.deep.equal(['100', '180', '183']);
    expect(peer.requests('INVITE')).to.have.length(count);
  });

  it('reports a 2xx from a second fork as new, and the repeat of either as a retransmission', async () => {
    const { a } = pair;
    const peer = await pair.raw();
    const seen: [string, boolean][] = [];
    const invite = request('INVITE', address(a, 'UDP'), peer.address);
    a.request(invite, peer.address, {
      response: (r, rtx) => seen.push([header(r, 'To')!.replace(/.*tag=/, ''), rtx]),
      timeout: () => {},
    });
    await until(() => peer.requests('INVITE').length === 1, 'the INVITE');
    const ok = (tag: string): Buffer =>
      serialize(buildResponse(invite, 200, { toTag: tag, contact: { uri: 'sip:x@127.0.0.1', params: {} } }));
    for (const tag of ['one', 'two', 'one']) {
      peer.send(ok(tag), address(a, 'UDP'));
      await until(() => seen.length === ['one', 'two', 'one'].indexOf(tag) + 1 || seen.length === 3, 'the 200');
    }
    expect(seen).to.deep.equal([
      ['one', false],
      ['two', false],
      ['one', true],
    ]);
  });
});

describe('SIP stack: non-INVITE client transactions (UDP loopback)', function () {
  this.timeout(20_000);
  const pair = LoopbackPair.eachTest();

  it('retransmits a non-INVITE (Timer E capped at T2) and times out at 64*T1 (Timer F)', async () => {
    const { a } = pair;
    const peer = await pair.raw();
    const reasons: string[] = [];
    a.request(request('OPTIONS', address(a, 'UDP'), peer.address), peer.address, {
      response: () => {},
      timeout: (r) => reasons.push(r),
    });
    await until(() => reasons.length === 1, 'Timer F');
    // 0, 20, 60, 140, 220, ... 1260: E doubles to T2 and then repeats every T2, 18 sends (fewer when timers run
    // late); unbounded doubling would give 7, a fixed T1 64.
    expect(peer.requests('OPTIONS').length).to.be.within(12, 18);
  });

  it('reports each final once and absorbs its repeats (non-INVITE, then Timer K)', async () => {
    const { a, alice } = pair;
    const peer = await pair.raw();
    const statuses: [number, boolean][] = [];
    const options = request('OPTIONS', address(a, 'UDP'), peer.address);
    a.request(options, peer.address, {
      response: (r, rtx) => statuses.push([r.status, rtx]),
      timeout: () => statuses.push([0, false]),
    });
    await until(() => peer.requests('OPTIONS').length === 1, 'the OPTIONS');
    const ok = serialize(buildResponse(options, 200, { toTag: 'k' }));
    peer.send(ok, address(a, 'UDP'));
    peer.send(ok, address(a, 'UDP'));
    await until(() => alice.wires.filter((w) => !w.sent).length === 2, 'both 200 at alice');
    await sleep(64 * FAST.T1 + 100);
    expect(statuses).to.deep.equal([[200, false]]);
    expect(alice.lines()).to.include('<* 200');
    expect(peer.requests('OPTIONS')).to.have.length(1);
  });
});

describe('SIP stack: client transactions refused, and dropped at close (UDP loopback)', function () {
  this.timeout(20_000);
  const pair = LoopbackPair.eachTest();

  it('refuses an ACK as a transaction, a second transaction on a pending branch, and a transport it has no listener for', async () => {
    const { a } = pair;
    const peer = await pair.raw();
    const options = request('OPTIONS', address(a, 'UDP'), peer.address, { branch: 'z9hG4bKonce' });
    const noop = { response: () => {}, timeout: () => {} };
    expect(() =>
      a.request(
        {
          ...options,
          method: 'ACK',
          headers: options.headers.map((h) => (h.name === 'CSeq' ? { name: 'CSeq', value: '1 ACK' } : h)),
        },
        peer.address,
        noop,
      ),
    ).to.throw(/send\(\)/);
    a.request(options, peer.address, noop);
    expect(() => a.request(options, peer.address, noop)).to.throw(/pending/);
    const tcpOnly = await stack(new Recorder(), { transports: ['TCP'] });
    try {
      const udpOptions = request('OPTIONS', address(tcpOnly, 'TCP'), peer.address, { branch: 'z9hG4bKudp' });
      expect(() => tcpOnly.request(udpOptions, peer.address, noop)).to.throw(/no UDP listener/);
      // The failed attempt left nothing behind: the same branch may be tried again.
      expect(() => tcpOnly.request(udpOptions, peer.address, noop)).to.throw(/no UDP listener/);
    } finally {
      await tcpOnly.close();
    }
  });

  it('drops pending transactions silently at close', async () => {
    const { a } = pair;
    const peer = await pair.raw();
    const events: string[] = [];
    a.request(request('INVITE', address(a, 'UDP'), peer.address), peer.address, {
      response: () => events.push('r'),
      timeout: () => events.push('t'),
    });
    await until(() => peer.requests('INVITE').length === 1, 'the INVITE');
    await a.close();
    const count = peer.requests('INVITE').length;
    await sleep(64 * FAST.T1 + 100);
    expect(events).to.deep.equal([]);
    expect(peer.requests('INVITE')).to.have.length(count);
  });

  it('after close, fails a new request as a transport error on a later turn and drops a message sent outside one', async () => {
    const { a } = pair;
    const peer = await pair.raw();
    await a.close();
    const reasons: string[] = [];
    const tx = a.request(request('BYE', address(a, 'UDP'), peer.address), peer.address, {
      response: () => reasons.push('response'),
      timeout: (reason) => reasons.push(reason),
    });
    expect(tx.request.method).to.equal('BYE');
    expect(reasons, 'not reported while the caller still runs').to.deep.equal([]);
    await until(() => reasons.length === 1, 'the transport error');
    expect(reasons).to.deep.equal(['transport']);
    // abandoned before its turn: no callback at all
    const abandoned: string[] = [];
    a.request(request('OPTIONS', address(a, 'UDP'), peer.address), peer.address, {
      response: () => abandoned.push('response'),
      timeout: (reason) => abandoned.push(reason),
    }).abandon();
    a.send(request('OPTIONS', peer.address, peer.address), peer.address);
    await sleep(50);
    expect(abandoned).to.deep.equal([]);
    expect(peer.requests('BYE')).to.have.length(0);
    expect(peer.requests('OPTIONS')).to.have.length(0);
  });
});

import { expect } from 'chai';
import {
  buildAck, buildCancel, buildResponse, header, headerValues, parseVia, serialize, type SipResponse, type SipStack,
} from '../src/index.js';
import { address, FAST, RawUdp, Recorder, request, sleep, stack, until } from './stackSupport.js';

describe('SIP stack transactions (UDP loopback)', function () {
  this.timeout(20_000);
  let alice: Recorder; let bob: Recorder; let a: SipStack; let b: SipStack;
  const raws: RawUdp[] = [];

  beforeEach(async () => {
    alice = new Recorder(); bob = new Recorder();
    a = await stack(alice); b = await stack(bob);
  });
  afterEach(async () => {
    await a.close(); await b.close();
    for (const raw of raws.splice(0)) await raw.close();
    expect(alice.errors.concat(bob.errors)).to.deep.equal([]);
  });
  const raw = async (): Promise<RawUdp> => { const r = await RawUdp.open(); raws.push(r); return r; };

  it('lingers after its final response with the identifying and dialog-forming headers and body only, and still resends the same response to a repeat', async () => {
    const peer = await raw();
    bob.onRequest = (tx) => tx.respond(buildResponse(tx.request, 200, { toTag: 'bt9' }));
    const sent = request('MESSAGE', peer.address, address(b, 'UDP'), { body: 'hello' });
    const withExtra = { ...sent, headers: [...sent.headers, { name: 'Subject', value: 'a header nobody needs once answered' }] };
    const bytes = serialize(withExtra);
    peer.send(bytes, address(b, 'UDP'));
    await until(() => peer.responses(200).length === 1, 'the 200');
    const tx = bob.requests[0]!;
    expect(tx.request.headers.map((h) => h.name)).to.include.members(['Via', 'From', 'To', 'Call-ID', 'CSeq']).and.not.include('Subject');
    expect(header(tx.request, 'Call-ID')).to.equal(header(sent, 'Call-ID'));
    expect(tx.request.body).to.equal('hello');
    peer.send(bytes, address(b, 'UDP')); // the same request again: absorbed, the 200 sent again byte for byte
    await until(() => peer.responses(200).length === 2, 'the 200 again');
    const [first, again] = peer.received.filter((r) => r.message?.kind === 'response');
    expect(again!.bytes.equals(first!.bytes)).to.equal(true);
    expect(bob.requests).to.have.length(1);
    const resent = bob.wires.filter((w) => w.sent && w.retransmission);
    expect(resent).to.have.length(1);
    expect(resent[0]!.message && header(resent[0]!.message, 'Call-ID')).to.equal(header(sent, 'Call-ID'));
  });

  it('a client transaction answered 2xx lingers with its request\'s identifying and dialog-forming headers and body only', async () => {
    bob.onRequest = (tx) => tx.respond(buildResponse(tx.request, 200, { toTag: 'bt8', contact: { uri: 'sip:bob@127.0.0.1', params: {} } }));
    const sent = request('INVITE', address(a, 'UDP'), address(b, 'UDP'), { body: 'v=0' });
    const invite = { ...sent, headers: [...sent.headers, { name: 'Subject', value: 'a header nobody needs once answered' }] };
    let ok = false;
    const client = a.request(invite, address(b, 'UDP'), { response: (r) => { ok ||= r.status === 200; }, timeout: () => undefined });
    expect(header(client.request, 'Subject')).to.equal('a header nobody needs once answered');
    await until(() => ok, 'the 200');
    expect(client.request.method).to.equal('INVITE');
    expect(client.request.uri).to.equal(invite.uri);
    expect(client.request.headers.map((h) => h.name)).to.include.members(['Via', 'From', 'To', 'Call-ID', 'CSeq', 'Contact']).and.not.include('Subject');
    for (const name of ['Via', 'From', 'To', 'Call-ID', 'CSeq']) expect(header(client.request, name), name).to.equal(header(invite, name));
    expect(client.request.body).to.equal('v=0');
    expect(client.request).to.equal(client.request); // parsed again once, then kept
  });

  it('carries INVITE / 100 / 180 / 200 / ACK: 100 Trying at once, the ACK reported through ack()', async () => {
    bob.onRequest = (tx) => {
      tx.respond(buildResponse(tx.request, 180, { toTag: 'bt1' }));
      tx.respond(buildResponse(tx.request, 200, { toTag: 'bt1', contact: { uri: `sip:bob@127.0.0.1:${address(b, 'UDP').port}`, params: {} } }));
    };
    const invite = request('INVITE', address(a, 'UDP'), address(b, 'UDP'));
    const responses: [number, boolean][] = [];
    let ok: SipResponse | undefined;
    a.request(invite, address(b, 'UDP'), {
      response: (r, rtx) => {
        responses.push([r.status, rtx]);
        if (r.status === 200 && !ok) {
          ok = r;
          a.send(buildAck(invite, r, { via: { host: '127.0.0.1', port: address(a, 'UDP').port }, branch: 'z9hG4bKack1' }), address(b, 'UDP'));
        }
      },
      timeout: () => { throw new Error('no timeout expected'); },
    });
    await until(() => bob.acks.length === 1, 'the ACK');
    expect(responses.slice(0, 3)).to.deep.equal([[100, false], [180, false], [200, false]]);
    expect(bob.requests).to.have.length(1);
    expect(bob.acks[0].request.method).to.equal('ACK');
    expect(bob.acks[0].source).to.deep.equal(address(a, 'UDP'));
    expect(bob.lines().slice(0, 5)).to.deep.equal(['<  INVITE', '>  100', '>  180', '>  200', ...bob.lines().slice(4, 5)]);
    const ackAt = bob.wires.findIndex((w) => !w.sent && w.message?.kind === 'request' && w.message.method === 'ACK');
    // 64*T1 later: no 200 sent after the ACK arrived, and no ackTimeout.
    await sleep(64 * FAST.T1 + 100);
    expect(bob.wires.slice(ackAt).filter((w) => w.sent)).to.deep.equal([]);
    expect(bob.ackTimeouts).to.deep.equal([]);
    expect(bob.requests[0].terminated).to.equal(true);
    // The wire records say who was where.
    const first = bob.wires[0];
    expect(first.local).to.deep.equal(address(b, 'UDP'));
    expect(first.remote).to.deep.equal(address(a, 'UDP'));
    expect(first.bytes.equals(serialize(invite))).to.equal(true);
    expect(first.at).to.be.a('number').and.to.be.greaterThan(1.6e12);
  });

  it('retransmits a 2xx (T1 doubling) until the ACK; the UAC hears the repeats as retransmissions', async () => {
    bob.onRequest = (tx) => tx.respond(buildResponse(tx.request, 200, { toTag: 'bt2', contact: { uri: 'sip:bob@127.0.0.1', params: {} } }));
    const invite = request('INVITE', address(a, 'UDP'), address(b, 'UDP'));
    const oks: boolean[] = [];
    a.request(invite, address(b, 'UDP'), {
      response: (r, rtx) => {
        if (r.status !== 200) return;
        oks.push(rtx);
        // Acknowledge only after two retransmissions.
        if (oks.length === 3) a.send(buildAck(invite, r, { via: { host: '127.0.0.1', port: address(a, 'UDP').port }, branch: 'z9hG4bKack2' }), address(b, 'UDP'));
      },
      timeout: () => {},
    });
    await until(() => bob.acks.length === 1, 'the ACK');
    expect(oks).to.deep.equal([false, true, true]);
    const sent = bob.sent('200');
    expect(sent.map((w) => w.retransmission)).to.deep.equal([false, true, true]);
    expect(sent.every((w) => w.bytes.equals(sent[0].bytes))).to.equal(true);
    expect(bob.ackTimeouts).to.deep.equal([]);
  });

  it('gives up on a 2xx never ACKed after 64*T1: ackTimeout', async () => {
    bob.onRequest = (tx) => tx.respond(buildResponse(tx.request, 200, { toTag: 'bt3', contact: { uri: 'sip:bob@127.0.0.1', params: {} } }));
    const invite = request('INVITE', address(a, 'UDP'), address(b, 'UDP'));
    a.request(invite, address(b, 'UDP'), { response: () => {}, timeout: () => {} });
    await until(() => bob.ackTimeouts.length === 1, 'ackTimeout');
    expect(bob.ackTimeouts[0]).to.equal(bob.requests[0]);
    const count = bob.sent('200').length;
    // T1 doubling to T2 within 64*T1: 20, 40, 80, 80 ... gives well over 5 sends, far fewer than 64.
    expect(count).to.be.within(6, 30);
    await sleep(4 * FAST.T2);
    expect(bob.sent('200').length).to.equal(count);
    expect(bob.ackTimeouts).to.have.length(1);
  });

  it('acknowledges a non-2xx final itself (17.1.1.3); the server transaction absorbs that ACK', async () => {
    bob.onRequest = (tx) => tx.respond(buildResponse(tx.request, 486, { toTag: 'busy' }));
    const invite = request('INVITE', address(a, 'UDP'), address(b, 'UDP'));
    const statuses: number[] = [];
    a.request(invite, address(b, 'UDP'), { response: (r) => statuses.push(r.status), timeout: () => {} });
    await until(() => bob.wires.some((w) => !w.sent && w.message?.kind === 'request' && w.message.method === 'ACK'), 'the ACK at bob');
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

  it('repeats a non-2xx final (Timer G) until the ACK, then goes quiet', async () => {
    const peer = await raw();
    bob.onRequest = (tx) => tx.respond(buildResponse(tx.request, 603, { toTag: 'no' }));
    const invite = request('INVITE', peer.address, address(b, 'UDP'));
    peer.send(serialize(invite), address(b, 'UDP'));
    await until(() => peer.responses(603).length >= 3, 'three 603');
    peer.send(serialize(buildAck(invite, peer.responses(603)[0])), address(b, 'UDP'));
    await until(() => bob.wires.some((w) => !w.sent && w.message?.kind === 'request' && w.message.method === 'ACK'), 'the ACK');
    const count = bob.sent('603').length;
    await sleep(4 * FAST.T2);
    expect(bob.sent('603')).to.have.length(count);
    expect(bob.sent('603').slice(1).every((w) => w.retransmission)).to.equal(true);
    expect(bob.acks).to.deep.equal([]);
    expect(peer.responses(100)).to.have.length(1);
  });

  it('stops repeating a non-2xx final at Timer H when no ACK comes; a later repeat of the INVITE is new', async () => {
    const peer = await raw();
    bob.onRequest = (tx) => tx.respond(buildResponse(tx.request, 486, { toTag: 'h' }));
    const invite = request('INVITE', peer.address, address(b, 'UDP'));
    peer.send(serialize(invite), address(b, 'UDP'));
    await until(() => bob.requests[0]?.terminated === true, 'Timer H');
    const count = bob.sent('486').length;
    // G doubles to T2 within 64*T1: far more than one send, far fewer than 64.
    expect(count).to.be.within(6, 20);
    await sleep(4 * FAST.T2);
    expect(bob.sent('486')).to.have.length(count);
    expect(bob.acks).to.deep.equal([]);
    peer.send(serialize(invite), address(b, 'UDP'));
    await until(() => bob.requests.length === 2, 'the INVITE as a new transaction');
  });

  it('absorbs repeated requests and answers them with the last response, never reporting them twice', async () => {
    const peer = await raw();
    let pending: (() => void) | undefined;
    bob.onRequest = (tx) => { pending = () => tx.respond(buildResponse(tx.request, 200, { toTag: 'o1' })); };
    const options = request('OPTIONS', peer.address, address(b, 'UDP'));
    peer.send(serialize(options), address(b, 'UDP'));
    await until(() => bob.requests.length === 1, 'the OPTIONS');
    // OPTIONS is the TU's business: nothing was sent yet, and a repeat before the answer is swallowed.
    peer.send(serialize(options), address(b, 'UDP'));
    await until(() => bob.wires.length === 2, 'the repeat on the wire');
    expect(bob.lines()).to.deep.equal(['<  OPTIONS', '<* OPTIONS']);
    pending!();
    peer.send(serialize(options), address(b, 'UDP'));
    await until(() => peer.responses(200).length === 2, 'the 200 twice');
    expect(bob.requests).to.have.length(1);
    expect(bob.lines()).to.deep.equal(['<  OPTIONS', '<* OPTIONS', '>  200', '<* OPTIONS', '>* 200']);
    // An INVITE repeated while pending gets its 100 again.
    const invite = request('INVITE', peer.address, address(b, 'UDP'));
    peer.send(serialize(invite), address(b, 'UDP'));
    peer.send(serialize(invite), address(b, 'UDP'));
    await until(() => peer.responses(100).length === 2, 'two 100');
    expect(bob.requests).to.have.length(2);
  });

  it('passes unknown methods up; a second transaction with another branch is a new request', async () => {
    const peer = await raw();
    bob.onRequest = (tx) => tx.respond(buildResponse(tx.request, 501, { toTag: 'x' }));
    peer.send(serialize(request('FROBNICATE', peer.address, address(b, 'UDP'), { callId: 'same' })), address(b, 'UDP'));
    peer.send(serialize(request('FROBNICATE', peer.address, address(b, 'UDP'), { callId: 'same' })), address(b, 'UDP'));
    await until(() => peer.responses(501).length === 2, 'two 501');
    expect(bob.requests.map((tx) => tx.request.method)).to.deep.equal(['FROBNICATE', 'FROBNICATE']);
  });

  it('answers a CANCEL 200 itself and reports it through cancel(); the TU answers the INVITE 487', async () => {
    bob.onRequest = (tx) => tx.respond(buildResponse(tx.request, 180, { toTag: 'ring' }));
    bob.onCancel = (invite) => invite.respond(buildResponse(invite.request, 487, { toTag: 'ring' }));
    const invite = request('INVITE', address(a, 'UDP'), address(b, 'UDP'));
    const statuses: number[] = [];
    const cancelled: number[] = [];
    a.request(invite, address(b, 'UDP'), {
      response: (r) => {
        statuses.push(r.status);
        if (r.status === 180) a.request(buildCancel(invite), address(b, 'UDP'), { response: (c) => cancelled.push(c.status), timeout: () => {} });
      },
      timeout: () => {},
    });
    await until(() => statuses.includes(487) && cancelled.length === 1, 'the 487 and the CANCEL 200');
    expect(statuses).to.deep.equal([100, 180, 487]);
    expect(cancelled).to.deep.equal([200]);
    expect(bob.cancels).to.have.length(1);
    expect(bob.cancels[0].invite).to.equal(bob.requests[0]);
    expect(bob.cancels[0].cancel.method).to.equal('CANCEL');
    expect(bob.requests.map((tx) => tx.request.method)).to.deep.equal(['INVITE']);
    const cancelOk = bob.sent('200')[0].message!;
    expect(header(cancelOk, 'CSeq')).to.equal('1 CANCEL');
    expect(header(cancelOk, 'To')).to.match(/tag=ring/);
  });

  it('answers 481 to a CANCEL matching nothing, and 200 without cancel() once the INVITE is final', async () => {
    const peer = await raw();
    const lonely = request('INVITE', peer.address, address(b, 'UDP'));
    peer.send(serialize(buildCancel(lonely)), address(b, 'UDP'));
    await until(() => peer.responses(481).length === 1, 'the 481');
    // The To tags the stack makes itself come from options.random.
    const seeded = await stack(new Recorder(), { random: (size) => new Uint8Array(size).fill(0xab) });
    try {
      peer.send(serialize(buildCancel(request('INVITE', peer.address, address(seeded, 'UDP')))), address(seeded, 'UDP'));
      await until(() => peer.responses(481).length === 2, 'the second 481');
      expect(header(peer.responses(481)[1], 'To')).to.match(/;tag=abababababab$/);
    } finally {
      await seeded.close();
    }
    bob.onRequest = (tx) => tx.respond(buildResponse(tx.request, 486, { toTag: 'b' }));
    const invite = request('INVITE', peer.address, address(b, 'UDP'));
    peer.send(serialize(invite), address(b, 'UDP'));
    await until(() => peer.responses(486).length >= 1, 'the 486');
    peer.send(serialize(buildCancel(invite)), address(b, 'UDP'));
    await until(() => peer.responses(200).length === 1, 'the CANCEL 200');
    expect(bob.cancels).to.deep.equal([]);
    expect(bob.requests.map((tx) => tx.request.method)).to.deep.equal(['INVITE']);
  });

  it('retransmits an INVITE (Timer A doubling) and times out at 64*T1 (Timer B)', async () => {
    const peer = await raw();
    const reasons: string[] = [];
    a.request(request('INVITE', address(a, 'UDP'), peer.address), peer.address, { response: () => {}, timeout: (r) => reasons.push(r) });
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
    const peer = await raw();
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

  it('retransmits a non-INVITE (Timer E capped at T2) and times out at 64*T1 (Timer F)', async () => {
    const peer = await raw();
    const reasons: string[] = [];
    a.request(request('OPTIONS', address(a, 'UDP'), peer.address), peer.address, { response: () => {}, timeout: (r) => reasons.push(r) });
    await until(() => reasons.length === 1, 'Timer F');
    // 0, 20, 60, 140, 220, ... 1260: E doubles to T2 and then repeats every T2, 18 sends (fewer when timers run
    // late); unbounded doubling would give 7, a fixed T1 64.
    expect(peer.requests('OPTIONS').length).to.be.within(12, 18);
  });

  it('reports each final once and absorbs its repeats (non-INVITE, then Timer K)', async () => {
    const peer = await raw();
    const statuses: [number, boolean][] = [];
    const options = request('OPTIONS', address(a, 'UDP'), peer.address);
    a.request(options, peer.address, { response: (r, rtx) => statuses.push([r.status, rtx]), timeout: () => statuses.push([0, false]) });
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

  it('reports a 2xx from a second fork as new, and the repeat of either as a retransmission', async () => {
    const peer = await raw();
    const seen: [string, boolean][] = [];
    const invite = request('INVITE', address(a, 'UDP'), peer.address);
    a.request(invite, peer.address, { response: (r, rtx) => seen.push([header(r, 'To')!.replace(/.*tag=/, ''), rtx]), timeout: () => {} });
    await until(() => peer.requests('INVITE').length === 1, 'the INVITE');
    const ok = (tag: string): Buffer => serialize(buildResponse(invite, 200, { toTag: tag, contact: { uri: 'sip:x@127.0.0.1', params: {} } }));
    for (const tag of ['one', 'two', 'one']) {
      peer.send(ok(tag), address(a, 'UDP'));
      await until(() => seen.length === ['one', 'two', 'one'].indexOf(tag) + 1 || seen.length === 3, 'the 200');
    }
    expect(seen).to.deep.equal([['one', false], ['two', false], ['one', true]]);
  });

  it('adds received and rport to the top Via (RFC 3581) and answers the source port', async () => {
    const peer = await raw();
    bob.onRequest = (tx) => tx.respond(buildResponse(tx.request, 200, { toTag: 'r' }));
    const options = request('OPTIONS', { transport: 'UDP', host: '192.0.2.7', port: 5070 }, address(b, 'UDP'), { rport: true });
    peer.send(serialize(options), address(b, 'UDP'));
    await until(() => peer.responses(200).length === 1, 'the 200');
    const via = parseVia(headerValues(peer.responses(200)[0], 'Via')[0]);
    expect(via.params).to.include({ rport: String(peer.address.port), received: '127.0.0.1' });
    expect(via.host).to.equal('192.0.2.7');
    expect(bob.requests[0].source).to.deep.equal(peer.address);
    // Without rport, received is still added when sent-by differs from the source; the port stays as sent.
    const plain = request('OPTIONS', { transport: 'UDP', host: '192.0.2.7', port: 5070 }, address(b, 'UDP'));
    peer.send(serialize(plain), address(b, 'UDP'));
    await until(() => peer.responses(200).length === 2, 'the second 200');
    const via2 = parseVia(headerValues(peer.responses(200)[1], 'Via')[0]);
    expect(via2.params).to.include({ received: '127.0.0.1' });
    expect(via2.params).to.not.have.property('rport');
  });

  it('matches by sent-by too: the same branch from another sent-by is another transaction', async () => {
    const peer = await raw();
    bob.onRequest = (tx) => tx.respond(buildResponse(tx.request, 200, { toTag: 's' }));
    for (const host of ['192.0.2.1', '192.0.2.2']) {
      peer.send(serialize(request('OPTIONS', { transport: 'UDP', host, port: 5060 }, address(b, 'UDP'), { branch: 'z9hG4bKshared' })), address(b, 'UDP'));
    }
    await until(() => peer.responses(200).length === 2, 'two 200');
    expect(bob.requests).to.have.length(2);
  });

  it('refuses an ACK as a transaction, a second transaction on a pending branch, and a transport it has no listener for', async () => {
    const peer = await raw();
    const options = request('OPTIONS', address(a, 'UDP'), peer.address, { branch: 'z9hG4bKonce' });
    const noop = { response: () => {}, timeout: () => {} };
    expect(() => a.request({ ...options, method: 'ACK', headers: options.headers.map((h) => (h.name === 'CSeq' ? { name: 'CSeq', value: '1 ACK' } : h)) }, peer.address, noop))
      .to.throw(/send\(\)/);
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
    const peer = await raw();
    const events: string[] = [];
    a.request(request('INVITE', address(a, 'UDP'), peer.address), peer.address, { response: () => events.push('r'), timeout: () => events.push('t') });
    await until(() => peer.requests('INVITE').length === 1, 'the INVITE');
    await a.close();
    const count = peer.requests('INVITE').length;
    await sleep(64 * FAST.T1 + 100);
    expect(events).to.deep.equal([]);
    expect(peer.requests('INVITE')).to.have.length(count);
    expect(() => a.send(request('OPTIONS', peer.address, peer.address), peer.address)).to.throw(/closed/);
  });
});

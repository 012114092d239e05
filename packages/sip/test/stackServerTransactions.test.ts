import { expect } from 'chai';
import { buildAck, buildResponse, headerValues, parseVia, serialize, type SipResponse } from '../src/index.js';
import { address, FAST, LoopbackPair, request, sleep, until } from './stackSupport.js';

describe("SIP stack: an INVITE server transaction's 2xx (UDP loopback)", function () {
  this.timeout(20_000);
  const pair = LoopbackPair.eachTest();

  it('carries INVITE / 100 / 180 / 200 / ACK: 100 Trying at once, the ACK reported through ack()', async () => {
    const { a, b, bob } = pair;
    bob.onRequest = (tx) => {
      tx.respond(buildResponse(tx.request, 180, { toTag: 'bt1' }));
      tx.respond(
        buildResponse(tx.request, 200, {
          toTag: 'bt1',
          contact: { uri: `sip:bob@127.0.0.1:${address(b, 'UDP').port}`, params: {} },
        }),
      );
    };
    const invite = request('INVITE', address(a, 'UDP'), address(b, 'UDP'));
    const responses: [number, boolean][] = [];
    let ok: SipResponse | undefined;
    a.request(invite, address(b, 'UDP'), {
      response: (r, rtx) => {
        responses.push([r.status, rtx]);
        if (r.status === 200 && !ok) {
          ok = r;
          a.send(
            buildAck(invite, r, { via: { host: '127.0.0.1', port: address(a, 'UDP').port }, branch: 'z9hG4bKack1' }),
            address(b, 'UDP'),
          );
        }
      },
      timeout: () => {
        throw new Error('no timeout expected');
      },
    });
    await until(() => bob.acks.length === 1, 'the ACK');
    expect(responses.slice(0, 3)).to.deep.equal([
      [100, false],
      [180, false],
      [200, false],
    ]);
    expect(bob.requests).to.have.length(1);
    expect(bob.acks[0].request.method).to.equal('ACK');
    expect(bob.acks[0].source).to.deep.equal(address(a, 'UDP'));
    expect(bob.lines().slice(0, 5)).to.deep.equal([
      '<  INVITE',
      '>  100',
      '>  180',
      '>  200',
      ...bob.lines().slice(4, 5),
    ]);
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
    const { a, b, bob } = pair;
    bob.onRequest = (tx) =>
      tx.respond(buildResponse(tx.request, 200, { toTag: 'bt2', contact: { uri: 'sip:bob@127.0.0.1', params: {} } }));
    const invite = request('INVITE', address(a, 'UDP'), address(b, 'UDP'));
    const oks: boolean[] = [];
    a.request(invite, address(b, 'UDP'), {
      response: (r, rtx) => {
        if (r.status !== 200) return;
        oks.push(rtx);
        // Acknowledge only after two retransmissions.
        if (oks.length === 3)
          a.send(
            buildAck(invite, r, { via: { host: '127.0.0.1', port: address(a, 'UDP').port }, branch: 'z9hG4bKack2' }),
            address(b, 'UDP'),
          );
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
    const { a, b, bob } = pair;
    bob.onRequest = (tx) =>
      tx.respond(buildResponse(tx.request, 200, { toTag: 'bt3', contact: { uri: 'sip:bob@127.0.0.1', params: {} } }));
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
});

describe("SIP stack: an INVITE server transaction's non-2xx final (UDP loopback)", function () {
  this.timeout(20_000);
  const pair = LoopbackPair.eachTest();

  it('repeats a non-2xx final (Timer G) until the ACK, then goes quiet', async () => {
    const { b, bob } = pair;
    const peer = await pair.raw();
    bob.onRequest = (tx) => tx.respond(buildResponse(tx.request, 603, { toTag: 'no' }));
    const invite = request('INVITE', peer.address, address(b, 'UDP'));
    peer.send(serialize(invite), address(b, 'UDP'));
    await until(() => peer.responses(603).length >= 3, 'three 603');
    peer.send(serialize(buildAck(invite, peer.responses(603)[0])), address(b, 'UDP'));
    await until(
      () => bob.wires.some((w) => !w.sent && w.message?.kind === 'request' && w.message.method === 'ACK'),
      'the ACK',
    );
    const count = bob.sent('603').length;
    await sleep(4 * FAST.T2);
    expect(bob.sent('603')).to.have.length(count);
    expect(
      bob
        .sent('603')
        .slice(1)
        .every((w) => w.retransmission),
    ).to.equal(true);
    expect(bob.acks).to.deep.equal([]);
    expect(peer.responses(100)).to.have.length(1);
  });

  it('stops repeating a non-2xx final at Timer H when no ACK comes; a later repeat of the INVITE is new', async () => {
    const { b, bob } = pair;
    const peer = await pair.raw();
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
});

describe('SIP stack: requests matched to server transactions, and their top Via (UDP loopback)', function () {
  this.timeout(20_000);
  const pair = LoopbackPair.eachTest();

  it('absorbs repeated requests and answers them with the last response, never reporting them twice', async () => {
    const { b, bob } = pair;
    const peer = await pair.raw();
    let pending: (() => void) | undefined;
    bob.onRequest = (tx) => {
      pending = () => tx.respond(buildResponse(tx.request, 200, { toTag: 'o1' }));
    };
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
    const { b, bob } = pair;
    const peer = await pair.raw();
    bob.onRequest = (tx) => tx.respond(buildResponse(tx.request, 501, { toTag: 'x' }));
    peer.send(serialize(request('FROBNICATE', peer.address, address(b, 'UDP'), { callId: 'same' })), address(b, 'UDP'));
    peer.send(serialize(request('FROBNICATE', peer.address, address(b, 'UDP'), { callId: 'same' })), address(b, 'UDP'));
    await until(() => peer.responses(501).length === 2, 'two 501');
    expect(bob.requests.map((tx) => tx.request.method)).to.deep.equal(['FROBNICATE', 'FROBNICATE']);
  });

  it('matches by sent-by too: the same branch from another sent-by is another transaction', async () => {
    const { b, bob } = pair;
    const peer = await pair.raw();
    bob.onRequest = (tx) => tx.respond(buildResponse(tx.request, 200, { toTag: 's' }));
    for (const host of ['192.0.2.1', '192.0.2.2']) {
      peer.send(
        serialize(
          request('OPTIONS', { transport: 'UDP', host, port: 5060 }, address(b, 'UDP'), { branch: 'z9hG4bKshared' }),
        ),
        address(b, 'UDP'),
      );
    }
    await until(() => peer.responses(200).length === 2, 'two 200');
    expect(bob.requests).to.have.length(2);
  });

  it('adds received and rport to the top Via (RFC 3581) and answers the source port', async () => {
    const { b, bob } = pair;
    const peer = await pair.raw();
    bob.onRequest = (tx) => tx.respond(buildResponse(tx.request, 200, { toTag: 'r' }));
    const options = request('OPTIONS', { transport: 'UDP', host: '192.0.2.7', port: 5070 }, address(b, 'UDP'), {
      rport: true,
    });
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
});

import { randomBytes } from 'node:crypto';
import net from 'node:net';
import { expect } from 'chai';
import { createSelfSigned } from '@gwsim/x509';
import {
  buildAck,
  buildResponse,
  header,
  headerValues,
  parseVia,
  serialize,
  SipStack,
  type SipAddress,
} from '../src/index.js';
import { address, FAST, RawTcp, RawUdp, Recorder, request, sleep, stack, until } from './stackSupport.js';

describe('SIP stack transports', function () {
  this.timeout(30_000);
  const stacks: SipStack[] = [];
  const cleanups: (() => unknown)[] = [];
  afterEach(async () => {
    for (const s of stacks.splice(0)) await s.close();
    for (const c of cleanups.splice(0)) await c();
  });
  const open = async (recorder: Recorder, options: Parameters<typeof stack>[1] = {}): Promise<SipStack> => {
    const s = await stack(recorder, options);
    stacks.push(s);
    return s;
  };
  const rawUdp = async (): Promise<RawUdp> => {
    const r = await RawUdp.open();
    cleanups.push(() => r.close());
    return r;
  };
  const rawTcp = async (to: SipAddress): Promise<RawTcp> => {
    const r = await RawTcp.connect(to);
    cleanups.push(() => r.socket.destroy());
    return r;
  };
  const answering = (status = 200): Recorder => {
    const r = new Recorder();
    r.onRequest = (tx) => tx.respond(buildResponse(tx.request, status, { toTag: 'srv' }));
    return r;
  };

  it('opens UDP and TCP on one port number, and TLS on its own port', async () => {
    const identity = createSelfSigned({ commonName: 'gwsim test' });
    const s = await open(new Recorder(), {
      transports: ['UDP', 'TCP', 'TLS'],
      tls: { key: identity.privateKey, cert: identity.certificate },
    });
    const [udp, tcp, tls] = ['UDP', 'TCP', 'TLS'].map((t) => address(s, t as 'UDP'));
    expect(udp.port).to.be.greaterThan(0);
    expect(tcp.port).to.equal(udp.port);
    expect(tls.port).to.be.greaterThan(0).and.not.equal(udp.port);
    expect(s.local.map((a) => a.host)).to.deep.equal(['127.0.0.1', '127.0.0.1', '127.0.0.1']);
    await rawTcp(tcp); // something listens there
  });

  it('refuses TLS without an identity', async () => {
    let error: unknown;
    try {
      await SipStack.listen({ host: '127.0.0.1', port: 0, transports: ['TLS'] }, new Recorder());
    } catch (e) {
      error = e;
    }
    expect(String(error)).to.match(/TLS needs/);
    error = undefined;
    try {
      await SipStack.listen(
        { host: '127.0.0.1', port: 0, transports: ['TLS'], tls: { rejectUnauthorized: false } },
        new Recorder(),
      );
    } catch (e) {
      error = e;
    }
    expect(String(error), 'TLS options without key and cert').to.match(/TLS needs/);
  });

  it("carries a call over TCP between two stacks, responses over the request's connection", async () => {
    const alice = new Recorder();
    const bob = new Recorder();
    bob.onRequest = (tx) => {
      tx.respond(buildResponse(tx.request, 180, { toTag: 'bt' }));
      tx.respond(
        buildResponse(tx.request, 200, {
          toTag: 'bt',
          contact: { uri: 'sip:bob@127.0.0.1;transport=tcp', params: {} },
        }),
      );
    };
    const a = await open(alice);
    const b = await open(bob);
    const invite = request('INVITE', address(a, 'TCP'), address(b, 'TCP'));
    const statuses: number[] = [];
    a.request(invite, address(b, 'TCP'), {
      response: (r, rtx) => {
        statuses.push(r.status);
        if (r.status === 200 && !rtx)
          a.send(
            buildAck(invite, r, {
              via: { transport: 'TCP', host: '127.0.0.1', port: address(a, 'TCP').port },
              branch: 'z9hG4bKtcpack',
            }),
            address(b, 'TCP'),
          );
      },
      timeout: () => statuses.push(-1),
    });
    await until(() => bob.acks.length === 1, 'the ACK');
    expect(statuses.slice(0, 3)).to.deep.equal([100, 180, 200]);
    // One connection: every message at bob has the same remote port, alice's ephemeral client port.
    const remotes = new Set(bob.wires.map((w) => `${w.remote.transport}:${w.remote.port}`));
    expect(remotes.size).to.equal(1);
    expect(bob.wires[0].remote.transport).to.equal('TCP');
    expect(bob.wires[0].local).to.deep.equal(address(b, 'TCP'));
    expect(alice.wires[0].remote).to.deep.equal(address(b, 'TCP'));
    expect(alice.wires[0].local.port).to.equal(bob.wires[0].remote.port);
    expect(bob.requests[0].source).to.deep.equal(bob.wires[0].remote);
    // No retransmission of the INVITE over TCP.
    expect(alice.sent('INVITE')).to.have.length(1);
  });

  it('does not retransmit a non-INVITE over TCP, and times out by Timer F', async () => {
    const server = net.createServer((socket) => socket.on('data', () => {}));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    cleanups.push(
      () =>
        new Promise((resolve) => {
          server.close(resolve);
        }),
    );
    const alice = new Recorder();
    const a = await open(alice);
    const port = (server.address() as net.AddressInfo).port;
    const reasons: string[] = [];
    a.request(
      request('OPTIONS', address(a, 'TCP'), { transport: 'TCP', host: '127.0.0.1', port }),
      { transport: 'TCP', host: '127.0.0.1', port },
      { response: () => {}, timeout: (r) => reasons.push(r) },
    );
    await until(() => reasons.length === 1, 'Timer F');
    expect(reasons).to.deep.equal(['timer']);
    expect(alice.sent('OPTIONS')).to.have.length(1);
  });

  it('reports a refused TCP connection as a transport timeout', async () => {
    const server = net.createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as net.AddressInfo).port;
    await new Promise((resolve) => server.close(resolve));
    const a = await open(new Recorder());
    const reasons: string[] = [];
    const to: SipAddress = { transport: 'TCP', host: '127.0.0.1', port };
    a.request(request('INVITE', address(a, 'TCP'), to), to, { response: () => {}, timeout: (r) => reasons.push(r) });
    await until(() => reasons.length === 1, 'the transport error');
    await sleep(64 * FAST.T1 + 100);
    expect(reasons).to.deep.equal(['transport']);
  });

  it('frames TCP by Content-Length across partial and coalesced segments, ignoring CRLF keep-alives', async () => {
    const bob = answering();
    const b = await open(bob);
    const peer = await rawTcp(address(b, 'TCP'));
    const one = serialize(request('OPTIONS', peer.address, address(b, 'TCP'), { body: 'first body é' }));
    const two = serialize(request('MESSAGE', peer.address, address(b, 'TCP'), { body: 'second' }));
    const three = serialize(request('INFO', peer.address, address(b, 'TCP')));
    for (let i = 0; i < one.length; i += 7) await peer.write(one.subarray(i, i + 7));
    await peer.write(Buffer.concat([Buffer.from('\r\n\r\n'), two, Buffer.from('\r\n\r\n'), three.subarray(0, 30)]));
    await until(() => bob.requests.length === 2, 'two requests');
    await peer.write(three.subarray(30));
    await until(() => peer.messages().length === 3, 'three answers');
    expect(bob.requests.map((tx) => [tx.request.method, tx.request.body])).to.deep.equal([
      ['OPTIONS', 'first body é'],
      ['MESSAGE', 'second'],
      ['INFO', ''],
    ]);
    expect(peer.messages().map((m) => m.kind === 'response' && header(m, 'CSeq'))).to.deep.equal([
      '1 OPTIONS',
      '1 MESSAGE',
      '1 INFO',
    ]);
    expect(bob.wires.filter((w) => !w.sent)).to.have.length(3);
    expect(peer.closed).to.equal(false);
  });

  it('answers a stream message without Content-Length 400 and closes the connection', async () => {
    const bob = answering();
    const b = await open(bob);
    const peer = await rawTcp(address(b, 'TCP'));
    const text = serialize(request('OPTIONS', peer.address, address(b, 'TCP')))
      .toString()
      .replace(/Content-Length: 0\r\n/, '');
    await peer.write(text);
    await until(() => peer.closed, 'the close');
    expect(peer.messages().map((m) => m.kind === 'response' && m.status)).to.deep.equal([400]);
    expect(header(peer.messages()[0], 'Warning')).to.match(/^399 127\.0\.0\.1 "missing Content-Length"$/);
    expect(bob.requests).to.deep.equal([]);
    expect(bob.wires.map((w) => [w.sent, w.message?.kind])).to.deep.equal([
      [false, undefined],
      [true, 'response'],
    ]);
  });

  it('answers a stream message over the size limit 513 and closes; a megabyte of noise just closes', async () => {
    const bob = answering();
    const b = await open(bob, { maxMessageBytes: 4000 });
    const peer = await rawTcp(address(b, 'TCP'));
    await peer.write(serialize(request('MESSAGE', peer.address, address(b, 'TCP'), { body: 'x'.repeat(5000) })));
    await until(() => peer.closed, 'the close');
    expect(peer.messages().map((m) => m.kind === 'response' && m.status)).to.deep.equal([513]);
    const noise = await rawTcp(address(b, 'TCP'));
    noise.socket.write(randomBytes(1 << 20));
    await until(() => noise.closed, 'the close after noise');
    expect(noise.data.length).to.equal(0);
    // Still serving.
    const after = await rawTcp(address(b, 'TCP'));
    await after.write(serialize(request('OPTIONS', after.address, address(b, 'TCP'))));
    await until(() => after.messages().length === 1, 'an answer after the noise');
    expect(bob.requests).to.have.length(1);
  });

  it('answers a malformed but recoverable datagram 400 with a Warning (one without a Call-ID too: RFC 4475 3.3.1), and drops other garbage silently', async () => {
    const bob = answering();
    const b = await open(bob);
    const peer = await rawUdp();
    const good = serialize(request('INVITE', peer.address, address(b, 'UDP'), { rport: true })).toString();
    const badCSeq = good.replace('CSeq: 1 INVITE', 'CSeq: 1 BYE');
    const noCallId = good.replace(/Call-ID: .*\r\n/, '');
    const response = 'SIP/2.0 200 OK\r\nVia: nonsense\r\n\r\n';
    const truncated = good.slice(0, good.indexOf('To:') + 10);
    const ackBad = good.replace(/^INVITE/, 'ACK').replace('CSeq: 1 INVITE', 'CSeq: x ACK');
    const datagrams = [
      badCSeq,
      randomBytes(1200),
      noCallId,
      response,
      truncated,
      '\r\n\r\n',
      ackBad,
      Buffer.alloc(60_000, 0xff),
    ];
    for (const d of datagrams) peer.send(d, address(b, 'UDP'));
    await until(() => bob.wires.filter((w) => !w.sent).length === datagrams.length, 'every datagram on the wire');
    await until(() => peer.received.length === 2, 'the two 400s');
    await sleep(200);
    expect(peer.received).to.have.length(2);
    const answer = peer.responses(400)[0];
    expect(answer.reason).to.equal('Bad Request');
    expect(header(answer, 'Warning')).to.match(
      /^399 127\.0\.0\.1 "CSeq method BYE does not match request method INVITE"$/,
    );
    expect(header(answer, 'CSeq')).to.equal('1 BYE');
    expect(header(answer, 'To')).to.match(/;tag=/);
    expect(parseVia(headerValues(answer, 'Via')[0]).params).to.include({
      rport: String(peer.address.port),
      received: '127.0.0.1',
    });
    // the request without a Call-ID: answered with what it has (no Call-ID, so no parser of ours takes the
    // answer as a message), its Warning naming what it lacks
    const missing = peer.received.find((r) => r.message === undefined)!.bytes.toString();
    expect(missing).to.match(/^SIP\/2\.0 400 Bad Request\r\n/);
    expect(missing).to.include('\r\nCSeq: 1 INVITE\r\n');
    expect(missing).not.to.match(/\r\nCall-ID:/i);
    expect(missing).to.match(/\r\nWarning: 399 127\.0\.0\.1 "[^"]*Call-ID[^"]*"\r\n/i);
    expect(bob.wires.filter((w) => !w.sent).every((w) => w.message === undefined)).to.equal(true);
    expect(bob.requests).to.deep.equal([]);
    expect(bob.errors).to.deep.equal([]);
    // Still serving.
    peer.send(good, address(b, 'UDP'));
    await until(() => peer.responses(200).length === 1, 'the 200');
  });

  it('answers a request line with LWS in its URI, doubled or trailing SP 400, and another SIP version 505 (RFC 4475 3.1.2.8-10, 3.1.2.12)', async () => {
    const bob = answering();
    const b = await open(bob);
    const peer = await rawUdp();
    const good = serialize(request('OPTIONS', peer.address, address(b, 'UDP'), { rport: true })).toString();
    const line = good.slice(0, good.indexOf('\r\n'));
    const [method, uri] = line.split(' ');
    for (const bad of [`${method}  ${uri}  SIP/2.0`, `${method} ${uri}; lr SIP/2.0`, `${line}  `]) {
      peer.send(good.replace(line, bad), address(b, 'UDP'));
    }
    peer.send(good.replace(line, `${method} ${uri} SIP/7.0`), address(b, 'UDP'));
    await until(() => peer.received.length === 4, 'four answers');
    expect(peer.responses(400)).to.have.length(3);
    expect(peer.responses(505).map((r) => r.reason)).to.deep.equal(['Version Not Supported']);
    expect(bob.requests).to.deep.equal([]);
  });

  it('answers a datagram over the size limit 513 when it can', async () => {
    const bob = answering();
    const b = await open(bob, { maxMessageBytes: 2000 });
    const peer = await rawUdp();
    peer.send(
      serialize(request('MESSAGE', peer.address, address(b, 'UDP'), { body: 'y'.repeat(3000) })),
      address(b, 'UDP'),
    );
    await until(() => peer.received.length === 1, 'the 513');
    expect(peer.responses(513)).to.have.length(1);
    expect(bob.requests).to.deep.equal([]);
  });

  it('survives a callback that throws and reports it through error()', async () => {
    const bob = new Recorder();
    bob.onRequest = () => {
      throw new Error('tu bug');
    };
    const b = await open(bob);
    const peer = await rawUdp();
    peer.send(serialize(request('INVITE', peer.address, address(b, 'UDP'))), address(b, 'UDP'));
    await until(() => bob.errors.length === 1, 'the error');
    expect(bob.errors[0].message).to.equal('tu bug');
    await until(() => peer.responses(100).length === 1, 'the 100 Trying');
    // Still serving: the repeat of the INVITE is absorbed and answered 100 again.
    peer.send(serialize(bob.requests[0].request), address(b, 'UDP'));
    await until(() => peer.responses(100).length === 2, 'the second 100 Trying');
    expect(bob.requests).to.have.length(1);
  });

  describe('TLS', () => {
    const identity = createSelfSigned({ commonName: 'gwsim test', bits: 2048 });
    const tls = { key: identity.privateKey, cert: identity.certificate };

    it('carries a request and its response over TLS', async () => {
      const alice = new Recorder();
      const bob = answering(202);
      const a = await open(alice, { transports: ['UDP'], tls: { ...tls, rejectUnauthorized: false } });
      const b = await open(bob, { transports: ['TLS'], tls });
      const to = address(b, 'TLS');
      const statuses: number[] = [];
      a.request(request('MESSAGE', { transport: 'TLS', host: '127.0.0.1', port: 5061 }, to, { body: 'over tls' }), to, {
        response: (r) => statuses.push(r.status),
        timeout: (r) => statuses.push(r === 'timer' ? -1 : -2),
      });
      await until(() => statuses.length === 1, 'the 202');
      expect(statuses).to.deep.equal([202]);
      expect(bob.requests[0].request.body).to.equal('over tls');
      expect(bob.requests[0].source.transport).to.equal('TLS');
      expect(bob.wires[0].local).to.deep.equal(to);
      expect(alice.wires.map((w) => [w.sent, w.remote.transport, w.remote.port])).to.deep.equal([
        [true, 'TLS', to.port],
        [false, 'TLS', to.port],
      ]);
    });

    it('closes while a peer stalls in the handshake', async () => {
      const b = await SipStack.listen({ host: '127.0.0.1', port: 0, transports: ['TLS'], tls }, new Recorder());
      const stalled = net.connect(address(b, 'TLS').port, '127.0.0.1');
      stalled.on('error', () => {});
      await new Promise((resolve) => stalled.once('connect', resolve));
      await b.close();
      await until(() => stalled.destroyed || stalled.readableEnded, 'the stalled peer let go');
      stalled.destroy();
    });

    it('connects without a certificate of its own, accepting a self-signed peer when told to', async () => {
      const a = await open(new Recorder(), { transports: ['UDP'], tls: { rejectUnauthorized: false } });
      const b = await open(answering(), { transports: ['TLS'], tls });
      const to = address(b, 'TLS');
      const statuses: Array<number | string> = [];
      a.request(request('OPTIONS', { transport: 'TLS', host: '127.0.0.1', port: 5061 }, to), to, {
        response: (r) => statuses.push(r.status),
        timeout: (r) => statuses.push(r),
      });
      await until(() => statuses.length === 1, 'the answer');
      expect(statuses).to.deep.equal([200]);
    });

    it('verifies the server certificate by default: a self-signed one is a transport error', async () => {
      const a = await open(new Recorder(), { transports: ['UDP'] });
      const b = await open(answering(), { transports: ['TLS'], tls });
      const to = address(b, 'TLS');
      const reasons: string[] = [];
      a.request(request('OPTIONS', { transport: 'TLS', host: '127.0.0.1', port: 5061 }, to), to, {
        response: () => reasons.push('response'),
        timeout: (r) => reasons.push(r),
      });
      await until(() => reasons.length === 1, 'the failure');
      expect(reasons).to.deep.equal(['transport']);
    });
  });
});

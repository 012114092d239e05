import { expect } from 'chai';
import { createSelfSigned } from '@gwsim/x509';
import { buildResponse, header, headerValues, parseVia, serialize, SipStack, type SipAddress } from '../src/index.js';
import { Recorder, request, sleep, stack, until } from './stackSupport.js';
import { browserRegister, httpStatus, WsPeer } from './wsPeer.js';

describe('SIP stack over WebSocket (RFC 7118)', function () {
  this.timeout(30_000);
  const stacks: SipStack[] = [];
  const peers: WsPeer[] = [];
  afterEach(async () => {
    for (const p of peers.splice(0)) await p.close();
    for (const s of stacks.splice(0)) await s.close();
  });
  const open = async (recorder: Recorder, options: Parameters<typeof stack>[1] = {}): Promise<SipStack> => {
    const s = await stack(recorder, { transports: ['WS'], websocket: { path: '/ws' }, ...options });
    stacks.push(s);
    return s;
  };
  const ws = (s: SipStack): SipAddress => s.local.find((a) => a.transport === 'WS' || a.transport === 'WSS')!;
  const connect = async (s: SipStack, path = '/ws', protocols = ['sip']): Promise<WsPeer> => {
    const at = ws(s);
    const scheme = at.transport === 'WSS' ? 'wss' : 'ws';
    const peer = await WsPeer.open(`${scheme}://127.0.0.1:${at.port}${path}`, protocols, {
      rejectUnauthorized: false,
    });
    peers.push(peer);
    return peer;
  };
  const answering = (): Recorder => {
    const r = new Recorder();
    r.onRequest = (tx) => tx.respond(buildResponse(tx.request, 200, { toTag: 'srv' }));
    return r;
  };

  it('answers a REGISTER in a frame without Content-Length over its own connection, recorded as WS', async () => {
    const recorder = answering();
    const s = await open(recorder);
    const peer = await connect(s);
    expect(peer.ws.protocol).to.equal('sip');
    peer.send(browserRegister('alice', 'example.com', 'z9hG4bKws1'));
    const ok = await peer.response(200);
    expect(header(ok, 'Call-ID')).to.equal('z9hG4bKws1-reg');
    const via = parseVia(headerValues(ok, 'Via')[0]!);
    expect(via.transport).to.equal('WS');
    expect(via.params['received'], 'the sent-by is not resolvable: received names the source').to.equal('127.0.0.1');
    expect(peer.frames[0]!.binary, 'a UTF-8 message goes as a text frame').to.equal(false);
    const received = recorder.wires.find((w) => !w.sent)!;
    expect(received.local.transport).to.equal('WS');
    expect(received.remote.transport).to.equal('WS');
    expect(recorder.requests[0]!.source.transport).to.equal('WS');
  });

  it('takes a message in a binary frame as well', async () => {
    const recorder = answering();
    const s = await open(recorder);
    const peer = await connect(s);
    peer.send(Buffer.from(browserRegister('bob', 'example.com', 'z9hG4bKws2')), true);
    await peer.response(200);
  });

  it("sends its own requests to a client over the client's connection (a flow), and fails them once it closed", async () => {
    const recorder = answering();
    const s = await open(recorder);
    const peer = await connect(s);
    peer.send(browserRegister('alice', 'example.com', 'z9hG4bKws3'));
    await peer.response(200);
    const flow = recorder.requests[0]!.source;
    const closedFlows: SipAddress[] = [];
    recorder.flowClosed = (remote: SipAddress) => closedFlows.push(remote);
    const answers: number[] = [];
    s.request(request('OPTIONS', ws(s), flow), flow, {
      response: (r) => answers.push(r.status),
      timeout: () => answers.push(-1),
    });
    await until(() => peer.requests('OPTIONS').length === 1, 'the OPTIONS over the WebSocket');
    const options = peer.requests('OPTIONS')[0]!;
    peer.send(serialize(buildResponse(options, 200, { toTag: 'b' })));
    await until(() => answers.includes(200), 'its 200 back');
    await peer.close();
    await until(() => closedFlows.length === 1, 'the flow closed');
    expect(closedFlows[0]).to.deep.equal(flow);
    const reasons: string[] = [];
    s.request(request('OPTIONS', ws(s), flow), flow, {
      response: () => reasons.push('response'),
      timeout: (reason) => reasons.push(reason),
    });
    await until(() => reasons.length === 1, 'the request toward a closed flow failing');
    expect(reasons).to.deep.equal(['transport']);
    expect(() => s.send(request('ACK', ws(s), flow), flow)).to.throw(/no WebSocket connection/);
  });

  it('refuses a plain HTTP request (426), another path (404) and a handshake without the sip subprotocol', async () => {
    const s = await open(answering());
    const port = ws(s).port;
    const plain = await httpStatus(port, '/ws');
    expect(plain.status).to.equal(426);
    expect(plain.headers['upgrade']).to.equal('websocket');
    let error: unknown;
    try {
      await connect(s, '/other');
    } catch (e) {
      error = e;
    }
    expect(String(error)).to.match(/handshake refused: 404/);
    error = undefined;
    try {
      await connect(s, '/ws', ['chat']);
    } catch (e) {
      error = e;
    }
    expect(String(error)).to.match(/handshake refused: 400/);
    error = undefined;
    try {
      await connect(s, '/ws', []);
    } catch (e) {
      error = e;
    }
    expect(String(error), 'no subprotocol at all').to.match(/handshake refused: 400/);
    // the listener goes on taking proper handshakes
    const peer = await connect(s);
    peer.send(browserRegister('alice', 'example.com', 'z9hG4bKws4'));
    await peer.response(200);
  });

  it('closes a connection whose frame exceeds the size limit with 1009', async () => {
    const recorder = answering();
    const s = await open(recorder, { maxMessageBytes: 2000 });
    const peer = await connect(s);
    peer.send('x'.repeat(5000));
    await until(() => peer.closed !== undefined, 'the connection closed');
    expect(peer.closed!.code).to.equal(1009);
    expect(recorder.requests).to.have.length(0);
    const next = await connect(s);
    next.send(browserRegister('alice', 'example.com', 'z9hG4bKws5'));
    await next.response(200);
  });

  it('answers a malformed request 400 and drops what is not SIP, keeping the connection', async () => {
    const recorder = answering();
    const s = await open(recorder);
    const peer = await connect(s);
    peer.send('hello, gateway');
    peer.send('\r\n\r\n'); // a keep-alive
    const malformed = browserRegister('alice', 'example.com', 'z9hG4bKws6').replace(
      'Max-Forwards: 70',
      'Max-Forwards: seventy',
    );
    peer.send(malformed);
    const bad = await peer.response(400);
    expect(header(bad, 'Call-ID')).to.equal('z9hG4bKws6-reg');
    await sleep(50);
    expect(peer.frames, 'nothing but the 400').to.have.length(1);
    expect(peer.closed).to.equal(undefined);
    peer.send(browserRegister('alice', 'example.com', 'z9hG4bKws7'));
    await peer.response(200);
    expect(recorder.requests).to.have.length(1);
  });

  it('asks the whitelist before the handshake: a dropped peer gets no HTTP answer', async () => {
    const recorder = answering();
    const s = await open(recorder, { admit: () => 'drop' });
    let error: unknown;
    try {
      await connect(s);
    } catch (e) {
      error = e;
    }
    expect(String(error)).to.match(/socket hang up|ECONNRESET/);
    await until(() => recorder.refusals.length === 1, 'the refusal reported');
    expect(recorder.refusals[0]).to.include({ what: 'connection', answered: false });
    expect(recorder.refusals[0]!.remote.transport).to.equal('WS');
  });

  it('forbid: a request over the WebSocket is answered 403 on its connection, statelessly', async () => {
    const recorder = answering();
    const s = await open(recorder, { admit: () => 'forbid' });
    const peer = await connect(s);
    peer.send(browserRegister('alice', 'example.com', 'z9hG4bKws9'));
    await peer.response(403);
    expect(recorder.requests).to.have.length(0);
    expect(recorder.refusals[0]).to.include({ what: 'message', answered: true });
  });

  it('fails a request waiting on a connection that closes (transport), at once', async () => {
    const recorder = answering();
    const s = await open(recorder);
    const peer = await connect(s);
    peer.send(browserRegister('alice', 'example.com', 'z9hG4bKws10'));
    await peer.response(200);
    const flow = recorder.requests[0]!.source;
    const reasons: string[] = [];
    const started = Date.now();
    s.request(request('INVITE', ws(s), flow), flow, {
      response: (r) => reasons.push(String(r.status)),
      timeout: (reason) => reasons.push(reason),
    });
    await until(() => peer.requests('INVITE').length === 1, 'the INVITE over the WebSocket');
    peer.ws.terminate();
    await until(() => reasons.includes('transport'), 'the INVITE failing with its connection');
    expect(Date.now() - started, 'long before Timer B').to.be.below(64 * 20);
  });

  it('listens WSS with its certificate', async () => {
    const identity = createSelfSigned({ commonName: 'gwsim test' });
    const recorder = answering();
    const s = await open(recorder, {
      transports: ['WSS'],
      tls: { key: identity.privateKey, cert: identity.certificate },
      websocket: { path: '/' },
    });
    expect(ws(s).transport).to.equal('WSS');
    const peer = await connect(s, '/');
    peer.send(browserRegister('alice', 'example.com', 'z9hG4bKws8', 'WSS'));
    const ok = await peer.response(200);
    expect(parseVia(headerValues(ok, 'Via')[0]!).transport).to.equal('WSS');
    expect(recorder.requests[0]!.source.transport).to.equal('WSS');
  });

  it('refuses WSS without an identity, and WS with WSS', async () => {
    for (const transports of [['WSS'], ['WS', 'WSS']] as const) {
      let error: unknown;
      try {
        await SipStack.listen({ host: '127.0.0.1', port: 0, transports }, new Recorder());
      } catch (e) {
        error = e;
      }
      expect(String(error)).to.match(/WSS needs|one WebSocket listener/);
    }
  });
});

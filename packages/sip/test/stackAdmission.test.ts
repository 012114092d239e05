import { expect } from 'chai';
import { createSelfSigned } from '@gwsim/x509';
import { buildAck, buildResponse, serialize, SipStack, type PeerAdmission } from '../src/index.js';
import { address, RawTcp, RawUdp, Recorder, request, sleep, stack, until } from './stackSupport.js';

/** A recorder (it keeps what the stack's `admit` refused). */
class Guarded extends Recorder {}

describe('SIP stack: the peers it hears (admit, a network peer whitelist)', function () {
  this.timeout(20_000);
  const stacks: SipStack[] = [];
  const raws: RawUdp[] = [];
  const tcps: RawTcp[] = [];
  afterEach(async () => {
    for (const s of stacks.splice(0)) await s.close();
    for (const r of raws.splice(0)) await r.close();
    for (const t of tcps.splice(0)) t.socket.destroy();
  });

  /** A stack that answers every request 200, refusing as `verdict` says for each remote port. */
  async function guarded(verdict: (port: number) => PeerAdmission): Promise<{ s: SipStack; recorder: Guarded }> {
    const recorder = new Guarded();
    recorder.onRequest = (tx) => tx.respond(buildResponse(tx.request, 200, { toTag: 'srv' }));
    const s = await stack(recorder, { admit: (remote) => verdict(remote.port) });
    stacks.push(s);
    return { s, recorder };
  }

  async function raw(): Promise<RawUdp> {
    const r = await RawUdp.open();
    raws.push(r);
    return r;
  }

  it('drops everything a refused peer sends: no 100 Trying, no answer, nothing reported but the refusal', async () => {
    const outsider = await raw();
    const insider = await raw();
    const { s, recorder } = await guarded((port) => (port === outsider.address.port ? 'drop' : 'accept'));
    const to = address(s, 'UDP');
    outsider.send(serialize(request('INVITE', outsider.address, to)), to);
    outsider.send(serialize(request('OPTIONS', outsider.address, to)), to);
    outsider.send('garbage that would get a 400', to);
    insider.send(serialize(request('OPTIONS', insider.address, to)), to);
    await until(() => insider.responses(200).length === 1, 'the insider answered');
    await sleep(100);
    expect(outsider.received, 'nothing went back to the outsider').to.deep.equal([]);
    expect(recorder.requests.map((tx) => tx.source.port)).to.deep.equal([insider.address.port]);
    expect(recorder.wires.every((w) => w.remote.port === insider.address.port)).to.equal(true);
    expect(recorder.refusals).to.have.length(3);
    expect(recorder.refusals[0]).to.deep.include({ what: 'datagram', answered: false });
    expect(recorder.refusals[0]!.remote).to.deep.equal(outsider.address);
    expect(recorder.refusals[0]!.local).to.deep.equal(to);
  });

  it('forbid: a request is answered 403 statelessly (no 100 Trying, again for a repeat); an ACK and garbage get nothing', async () => {
    const outsider = await raw();
    const { s, recorder } = await guarded(() => 'forbid');
    const to = address(s, 'UDP');
    const invite = request('INVITE', outsider.address, to);
    outsider.send(serialize(invite), to);
    outsider.send(serialize(invite), to);
    await until(() => outsider.received.length === 2, 'two answers');
    const answers = outsider.responses();
    expect(answers.map((r) => r.status)).to.deep.equal([403, 403]);
    expect(answers[0]!.headers.find((h) => h.name === 'To')?.value).to.match(/;tag=/);
    const ack = buildAck(invite, answers[0]!);
    outsider.send(serialize(ack), to);
    outsider.send('garbage', to);
    await sleep(100);
    expect(outsider.received, 'the ACK and the garbage got nothing').to.have.length(2);
    expect(recorder.requests, 'the transaction user heard nothing').to.deep.equal([]);
    expect(recorder.acks).to.deep.equal([]);
    expect(recorder.refusals.map((r) => r.answered)).to.deep.equal([true, true, false, false]);
    expect(recorder.sent('403'), 'the 403s are on the wire').to.have.length(2);
  });

  it('over TCP: a dropped peer has its connection closed at once; a forbidden one gets 403 on its connection', async () => {
    let verdict: PeerAdmission = 'drop';
    const { s, recorder } = await guarded(() => verdict);
    const to = address(s, 'TCP');
    const dropped = await RawTcp.connect(to);
    tcps.push(dropped);
    await until(() => dropped.closed, 'the connection closed');
    expect(recorder.refusals.map((r) => r.what)).to.deep.equal(['connection']);

    verdict = 'forbid';
    const forbidden = await RawTcp.connect(to);
    tcps.push(forbidden);
    await forbidden.write(serialize(request('OPTIONS', forbidden.address, to)));
    await until(() => forbidden.messages().length === 1, 'a 403 on the connection');
    expect(forbidden.messages().map((m) => (m.kind === 'response' ? m.status : m.method))).to.deep.equal([403]);
    expect(forbidden.closed, 'the connection stays').to.equal(false);
    expect(recorder.requests).to.deep.equal([]);

    verdict = 'drop'; // the whitelist changed while the connection was open: its next message closes it
    await forbidden.write(serialize(request('OPTIONS', forbidden.address, to)));
    await until(() => forbidden.closed, 'closed on its next message');
    expect(recorder.refusals.map((r) => `${r.what} ${r.answered}`)).to.deep.equal([
      'connection false',
      'message true',
      'message false',
    ]);
  });

  it('over TLS: a dropped peer is closed before the handshake', async () => {
    const identity = createSelfSigned({ commonName: 'gwsim admission test' });
    const recorder = new Guarded();
    const s = await stack(recorder, {
      transports: ['TLS'],
      tls: { key: identity.privateKey, cert: identity.certificate },
      admit: () => 'drop',
    });
    stacks.push(s);
    const peer = await RawTcp.connect(address(s, 'TLS'));
    tcps.push(peer);
    await until(() => peer.closed, 'the connection closed');
    expect(peer.data.length, 'not a byte of a handshake').to.equal(0);
    expect(recorder.refusals.map((r) => `${r.what} ${r.remote.transport}`)).to.deep.equal(['connection TLS']);
  });
});

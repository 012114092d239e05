import { expect } from 'chai';
import { buildResponse, header, serialize } from '../src/index.js';
import { address, LoopbackPair, request, until } from './stackSupport.js';

describe('SIP stack: transactions lingering after their final response (UDP loopback)', function () {
  this.timeout(20_000);
  const pair = LoopbackPair.eachTest();

  it('lingers after its final response with the identifying and dialog-forming headers and body only, and still resends the same response to a repeat', async () => {
    const { b, bob } = pair;
    const peer = await pair.raw();
    bob.onRequest = (tx) => tx.respond(buildResponse(tx.request, 200, { toTag: 'bt9' }));
    const sent = request('MESSAGE', peer.address, address(b, 'UDP'), { body: 'hello' });
    const withExtra = {
      ...sent,
      headers: [...sent.headers, { name: 'Subject', value: 'a header nobody needs once answered' }],
    };
    const bytes = serialize(withExtra);
    peer.send(bytes, address(b, 'UDP'));
    await until(() => peer.responses(200).length === 1, 'the 200');
    const tx = bob.requests[0]!;
    expect(tx.request.headers.map((h) => h.name))
      .to.include.members(['Via', 'From', 'To', 'Call-ID', 'CSeq'])
      .and.not.include('Subject');
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

  it("a client transaction answered 2xx lingers with its request's identifying and dialog-forming headers and body only", async () => {
    const { a, b, bob } = pair;
    bob.onRequest = (tx) =>
      tx.respond(buildResponse(tx.request, 200, { toTag: 'bt8', contact: { uri: 'sip:bob@127.0.0.1', params: {} } }));
    const sent = request('INVITE', address(a, 'UDP'), address(b, 'UDP'), { body: 'v=0' });
    const invite = {
      ...sent,
      headers: [...sent.headers, { name: 'Subject', value: 'a header nobody needs once answered' }],
    };
    let ok = false;
    const client = a.request(invite, address(b, 'UDP'), {
      response: (r) => {
        ok ||= r.status === 200;
      },
      timeout: () => undefined,
    });
    expect(header(client.request, 'Subject')).to.equal('a header nobody needs once answered');
    await until(() => ok, 'the 200');
    expect(client.request.method).to.equal('INVITE');
    expect(client.request.uri).to.equal(invite.uri);
    expect(client.request.headers.map((h) => h.name))
      .to.include.members(['Via', 'From', 'To', 'Call-ID', 'CSeq', 'Contact'])
      .and.not.include('Subject');
    for (const name of ['Via', 'From', 'To', 'Call-ID', 'CSeq'])
      expect(header(client.request, name), name).to.equal(header(invite, name));
    expect(client.request.body).to.equal('v=0');
    expect(client.request).to.equal(client.request); // parsed again once, then kept
  });
});

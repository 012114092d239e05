import { expect } from 'chai';
import { buildCancel, buildResponse, header, serialize } from '../src/index.js';
import { address, LoopbackPair, Recorder, request, stack, until } from './stackSupport.js';

describe('SIP stack: CANCEL (UDP loopback)', function () {
  this.timeout(20_000);
  const pair = LoopbackPair.eachTest();

  it('answers a CANCEL 200 itself and reports it through cancel(); the TU answers the INVITE 487', async () => {
    const { a, b, bob } = pair;
    bob.onRequest = (tx) => tx.respond(buildResponse(tx.request, 180, { toTag: 'ring' }));
    bob.onCancel = (invite) => invite.respond(buildResponse(invite.request, 487, { toTag: 'ring' }));
    const invite = request('INVITE', address(a, 'UDP'), address(b, 'UDP'));
    const statuses: number[] = [];
    const cancelled: number[] = [];
    a.request(invite, address(b, 'UDP'), {
      response: (r) => {
        statuses.push(r.status);
        if (r.status === 180)
          a.request(buildCancel(invite), address(b, 'UDP'), {
            response: (c) => cancelled.push(c.status),
            timeout: () => {},
          });
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
    const { b, bob } = pair;
    const peer = await pair.raw();
    const lonely = request('INVITE', peer.address, address(b, 'UDP'));
    peer.send(serialize(buildCancel(lonely)), address(b, 'UDP'));
    await until(() => peer.responses(481).length === 1, 'the 481');
    // The To tags the stack makes itself come from options.random.
    const seeded = await stack(new Recorder(), { random: (size) => new Uint8Array(size).fill(0xab) });
    try {
      peer.send(
        serialize(buildCancel(request('INVITE', peer.address, address(seeded, 'UDP')))),
        address(seeded, 'UDP'),
      );
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
});

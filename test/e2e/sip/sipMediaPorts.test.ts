import { expect } from 'chai';
import type { TestGateway } from '../../support/TestGateway.js';
import { udpPortBindable } from '../../support/udpPorts.js';
import { runSipp, type RunningSipp } from '../../support/sip/sipp.js';
import { rangedMediaLab } from './rangedMediaLab.js';

/** The RTP ports given to the nodes: two calls' worth of pairs (each call anchors one pair per side). */
const RANGE_SIZE = 8;

/**
 * A finished call's RTP port pairs stay bound in the node's pool, resting until a later call takes them; when the
 * gateway stops, it closes them (SipLabs.closeMediaPools), so a gateway started next on the same ports finds them
 * free.
 */
describe('real SIP: the RTP ports a finished call leaves bound are closed when the gateway stops', function () {
  this.timeout(120_000);
  let gateway: TestGateway | undefined;
  let uas: RunningSipp | undefined;
  let pbxPort: number;
  let rtpPorts: number[];

  before(async () => {
    const lab = await rangedMediaLab(RANGE_SIZE, [65031, 65032]);
    ({ gateway, uas, pbxPort } = lab);
    rtpPorts = Array.from({ length: RANGE_SIZE }, (_, i) => lab.range.first + i);
  });

  after(async () => {
    await uas?.stop();
    await gateway?.stop();
  });

  it('keeps the pairs bound after the call, and frees every port of the range once the gateway stopped', async () => {
    const result = await runSipp({
      scenario: 'uac',
      remote: `127.0.0.1:${pbxPort}`,
      service: '4930123456',
      calls: 1,
      timeoutMs: 30_000,
    });
    expect(result.successful, `${result.errors}\n${result.stderr}`).to.equal(1);
    // the call is over; its pairs rest in the pool, still bound (each side's RTP and RTCP: four ports)
    const held: number[] = [];
    for (const port of rtpPorts) if (!(await udpPortBindable(port))) held.push(port);
    expect(held, 'the ports the finished call left bound').to.have.length(4);
    const stopping = gateway!;
    gateway = undefined;
    await stopping.stop();
    const stillHeld: number[] = [];
    for (const port of rtpPorts) if (!(await udpPortBindable(port))) stillHeld.push(port);
    expect(stillHeld, 'ports still bound after the gateway stopped').to.deep.equal([]);
  });
});

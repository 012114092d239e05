import { expect } from 'chai';
import type { ApiClient } from '../../support/ApiClient.js';
import { RealTimeClock } from '../../support/RealTimeClock.js';
import { TestGateway } from '../../support/TestGateway.js';
import { freeUdpRange, udpPortBindable } from '../../support/udpPorts.js';
import { freeUdpPort, runSipp, startSipp, type RunningSipp } from '../../support/sip/sipp.js';
import { PROFILES, addSystem, subTree } from '../../acceptance/configuration/nodesSupport.js';
import { createObject } from '../../acceptance/configuration/objectsSupport.js';
import { licenseAndTurnSipOn, routeCalls } from './sipLabSupport.js';

const T1_MS = 50;
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
  let admin: ApiClient;
  let uas: RunningSipp | undefined;
  let pbxPort: number;
  let rtpPorts: number[];

  before(async () => {
    let farPort: number;
    let uasPort: number;
    [pbxPort, farPort, uasPort] = [await freeUdpPort(), await freeUdpPort(), await freeUdpPort()];
    const range = await freeUdpRange(RANGE_SIZE);
    rtpPorts = Array.from({ length: RANGE_SIZE }, (_, i) => range.first + i);
    gateway = await TestGateway.start({ clock: new RealTimeClock(), config: { sipT1Ms: T1_MS } });
    admin = gateway.admin();
    const [pbx] = await addSystem(admin, PROFILES.genericPbx, {
      displayName: 'PBX',
      udpTcpPort: pbxPort,
      tlsPort: 65031,
    });
    const [far] = await addSystem(admin, PROFILES.genericPbx, {
      displayName: 'Far PBX',
      udpTcpPort: farPort,
      tlsPort: 65032,
      remoteSipDomain: { host: '127.0.0.1', port: uasPort, transport: 'UDP' },
    });
    // both nodes take their media ports from one network controller whose range is the free run found above
    const controller = await createObject(admin, 'IN_STACK', 'Test media interface', {
      interfaceName: 'eth3',
      ipAddress: '127.0.0.1',
      rtpFirstPort: rtpPorts[0],
      rtpLastPort: rtpPorts.at(-1),
    });
    for (const node of [pbx!.id, far!.id]) {
      const negotiation = await subTree(admin, node, 'mediaNegotiation');
      const set = await admin.put('/api/objects/set', {
        query: { id: negotiation['id'] },
        json: { networkControllerId: controller['id'] },
      });
      expect(set.status, set.text).to.equal(200);
    }
    await routeCalls(admin, { displayName: 'To the far PBX', source: pbx!.id, destination: far!.id, pattern: '49*' });
    const commit = await admin.post('/api/coreConfig/commit');
    expect(commit.status, commit.text).to.equal(200);
    await licenseAndTurnSipOn(admin);
    uas = await startSipp({ scenario: 'uas', localPort: uasPort, timeoutMs: 110_000 });
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

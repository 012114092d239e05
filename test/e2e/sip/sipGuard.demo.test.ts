import { expect } from 'chai';
import { RealTimeClock } from '../../support/RealTimeClock.js';
import { TestGateway } from '../../support/TestGateway.js';
import { freeUdpPort } from '../../support/sip/sipp.js';
import { ask, lanAddress, nodePeers, setSip } from './sipGuardSupport.js';

/**
 * The demo's PBX Berlin is no open relay: listening on every address of the machine (GWSIM_SIP_HOST 0.0.0.0), it
 * hears this machine's loopback (where SIPp stands in for the PBX its whitelist names) and nobody else — a request
 * from the machine's LAN address, as from any other host, gets nothing.
 */
describe("the demo's PBX Berlin hears its whitelist, not the whole network (real SIP on 0.0.0.0)", function () {
  this.timeout(60_000);
  let gateway: TestGateway;
  let port: number;
  let pbxBerlin: string;
  const lan = lanAddress();

  before(async function () {
    if (!lan) this.skip();
    gateway = await TestGateway.start({
      store: 'memory',
      clock: new RealTimeClock(),
      config: { demo: true, sip: false, sipHost: '0.0.0.0' },
    });
    const admin = gateway.admin();
    // ports of our own, clear of any gwsim on the demo's
    for (let attempt = 0; attempt < 5 && !port; attempt += 1) {
      const offset = (await freeUdpPort()) - 5070;
      if (offset < 0 || offset > 60_000) continue;
      const state = await setSip(admin, { enabled: true, portOffset: offset });
      const listener = state.listeners.find(
        (l: any) => l.nodeName === 'PBX Berlin' && l.transport === 'UDP' && l.state === 'listening',
      );
      if (listener) {
        port = listener.port;
        pbxBerlin = listener.nodeId;
      }
    }
    expect(port, 'PBX Berlin listens').to.be.a('number');
  });
  after(() => gateway?.stop());

  it('answers SIPp on the loopback, and gives a request from the LAN address nothing (counted)', async () => {
    const admin = gateway.admin();
    expect(await ask('127.0.0.1', { host: '127.0.0.1', port }, 'OPTIONS'), 'the loopback').to.deep.equal([200]);
    for (const method of ['INVITE', 'OPTIONS'])
      expect(await ask(lan!, { host: lan!, port }, method, 500), `${method} from ${lan}`).to.deep.equal([]);
    const berlin = await nodePeers(admin, pbxBerlin);
    expect(berlin.refused.sip).to.equal(2);
    expect(berlin.sip!.peers[0]).to.match(/^pbx\.example\.com: /);
  });
});

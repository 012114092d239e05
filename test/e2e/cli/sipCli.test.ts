import { expect } from 'chai';
import { useControlCli } from '../../support/controlCli.js';
import { FakeSipListening } from '../../support/simulation/FakeSipListening.js';
import { PROFILES, addSystem } from '../../acceptance/configuration/nodesSupport.js';

describe('gwsim sip status|on|off', function () {
  this.timeout(120_000);
  const cli = useControlCli(['sip']);
  const gwsim = (args: string[], env?: Record<string, string>) => cli.gwsim(args, env);

  before(async () => {
    FakeSipListening.bindTo(cli.gateway);
    const admin = cli.gateway.admin();
    await addSystem(admin, PROFILES.genericPbx, { displayName: 'PBX', udpTcpPort: 5070, tlsPort: 5071 });
    expect((await admin.post('/api/coreConfig/commit')).status).to.equal(200);
    expect((await admin.post('/_sim/labs', { json: { name: 'second' } })).status).to.equal(200);
  });

  it("on --offset turns the lab's SIP on and prints its listeners; status prints the same; off turns it off", async () => {
    const on = await gwsim(['on', '--offset', '10']);
    expect(on.code, on.output).to.equal(0);
    expect(on.output).to.contain('real SIP of lab default: on (bind address 127.0.0.1, port offset 10)');
    expect(on.output).to.contain('PBX: UDP 127.0.0.1:5080 listening, far end answering');
    const status = await gwsim(['status', '--json']);
    expect(status.code, status.output).to.equal(0);
    expect(JSON.parse(status.output)).to.deep.include({ enabled: true, portOffset: 10 });
    const off = await gwsim(['off']);
    expect(off.code, off.output).to.equal(0);
    expect(off.output).to.contain('real SIP of lab default: off');
    expect((await cli.gateway.admin().get('/_sim/labs/default/sip', { version: null })).json.enabled).to.equal(false);
  });

  it('--lab names the lab; a refused offset exits 1 naming the flag, a malformed one exits 2', async () => {
    const second = await gwsim(['on', '--lab', 'second', '--offset', '500']);
    expect(second.code, second.output).to.equal(0);
    expect(second.output).to.contain('real SIP of lab second: on (bind address 127.0.0.1, port offset 500)');
    expect(
      (await cli.gateway.admin().get('/_sim/labs/default/sip', { version: null })).json.enabled,
      'the default lab is left alone',
    ).to.equal(false);
    const refused = await gwsim(['on', '--offset', '60001']);
    expect(refused.code, refused.output).to.equal(1);
    expect(refused.output).to.contain('400');
    expect(refused.output).to.contain('--offset must not be greater than 60000').and.not.contain('portOffset');
    const malformed = await gwsim(['on', '--offset', 'ten']);
    expect(malformed.code, malformed.output).to.equal(2);
    expect(malformed.output).to.contain('--offset');
  });
});

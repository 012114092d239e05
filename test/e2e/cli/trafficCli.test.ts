import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import { freePort } from '../../support/processSupport.js';
import { useControlCli } from '../../support/controlCli.js';
import { ADMIN_PASSWORD } from '../../support/testConfig.js';

describe('gwsim traffic status|start|stop|set', function () {
  this.timeout(120_000);
  const cli = useControlCli(['traffic']);
  const gwsim = (args: string[], env?: Record<string, string>) => cli.gwsim(args, env);

  it("status prints the state; --json prints the endpoint's answer", async () => {
    const human = await gwsim(['status']);
    expect(human.code, human.output).to.equal(0);
    expect(human.output).to.contain('traffic: stopped');
    expect(human.output).to.contain('profile: 1 calls/s (Poisson), exponential holding time, mean 60 s, seed 1');
    const json = await gwsim(['status', '--json']);
    expect(json.code, json.output).to.equal(0);
    expect(JSON.parse(json.output)).to.deep.include({ running: false });
  });

  it('set FILE --start sets the profile and starts; stop stops; start starts again', async () => {
    const file = path.join(cli.dir, 'profile.json');
    writeFileSync(
      file,
      JSON.stringify({
        seed: 3,
        callsPerSecond: 4,
        holdingTime: { distribution: 'lognormal', meanSeconds: 90, sdSeconds: 30 },
      }),
    );
    const set = await gwsim(['set', file, '--start', '--json']);
    expect(set.code, set.output).to.equal(0);
    expect(JSON.parse(set.output)).to.deep.include({ running: true });
    expect(JSON.parse(set.output).profile).to.deep.include({ seed: 3, callsPerSecond: 4 });
    const stop = await gwsim(['stop']);
    expect(stop.code, stop.output).to.equal(0);
    expect(stop.output).to.contain('traffic: stopped');
    expect(stop.output).to.contain('lognormal holding time, mean 90 s, sd 30 s');
    const start = await gwsim(['start', '--url', cli.gateway.baseUrl], { GWSIM_PASSWORD: ADMIN_PASSWORD });
    expect(start.code, start.output).to.equal(0);
    expect(start.output).to.contain('traffic: running');
    expect((await cli.gateway.admin().get('/_sim/labs/default/traffic')).json.running).to.equal(true);
  });

  it('a profile the gateway refuses exits 1 naming the field; a file that is not JSON exits 2', async () => {
    const bad = path.join(cli.dir, 'bad.json');
    writeFileSync(bad, JSON.stringify({ callsPerSecond: -1 }));
    const refused = await gwsim(['set', bad]);
    expect(refused.code, refused.output).to.equal(1);
    expect(refused.output).to.contain('400 INVALID_TRAFFIC_PROFILE');
    expect(refused.output).to.contain('profile.callsPerSecond');
    const notJson = path.join(cli.dir, 'not.json');
    writeFileSync(notJson, 'callsPerSecond: 3');
    const usage = await gwsim(['set', notJson]);
    expect(usage.code, usage.output).to.equal(2);
    expect(usage.output).to.contain('is not JSON');
    expect((await gwsim(['set', path.join(cli.dir, 'missing.json')])).code).to.equal(2);
  });

  it('a wrong password or an unreachable gateway exit 1', async () => {
    const denied = await gwsim(['status'], { ...cli.env, GWSIM_PASSWORD: 'wrong-password' });
    expect(denied.code, denied.output).to.equal(1);
    expect(denied.output).to.contain('401');
    const nowhere = await gwsim(['status', '--url', `http://127.0.0.1:${await freePort()}`]);
    expect(nowhere.code, nowhere.output).to.equal(1);
    expect(nowhere.output).to.contain('cannot reach');
  });
});

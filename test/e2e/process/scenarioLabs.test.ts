import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { DEMO_DIRECTORY, DEMO_LICENSE_IDENTIFIER } from '../../../src/app/demo/DemoLoader.js';
import { ApiClient } from '../../support/ApiClient.js';
import { exitWithin, freePort, run, waitUntilServing, type Running } from '../../support/processSupport.js';

const PASSWORD = 'scenario-Labs-7';
const OWN_LAB = 'scenario-monitor-outage';

interface Entry {
  sessionIdentifier: string;
  startDateTime: string;
}

/** What the default lab holds that a scenario would replace: its configuration and licenses, and its history. */
async function holdings(admin: ApiClient) {
  const status = (await admin.get('/api/coreConfig/status/get')).json as Record<string, unknown>;
  const nodes = (await admin.get('/api/nodes/get')).json as Array<{ id: string; displayName: string }>;
  const licenses = (await admin.get('/api/licenses/get')).json as Array<{ identifier: string }>;
  const history = (
    await admin.post('/api/callHistory/get', { query: { dateFormat: 'ISO-8601' }, json: { count: 10_000 } })
  ).json as {
    entries: Entry[];
  };
  return {
    configuration: {
      state: status['state'],
      lastCommitId: status['lastCommitId'],
      committedObjectCount: status['committedObjectCount'],
      nodes: nodes.map((n) => `${n.id} ${n.displayName}`).sort(),
      licenses: licenses.map((l) => l.identifier).sort(),
    },
    history: history.entries,
  };
}

/**
 * Scenarios that are safe to try, against a spawned `gwsim serve` with the demo (a scenario sped up tenfold, on
 * the demo's configuration file): a run in a lab of its own leaves the default lab as it was; a run on a lab that
 * holds something asks for --yes; a lab goes back to the demo; the clock back to wall time.
 */
describe('scenarios in labs of their own, reset to the demo, the clock back to wall time (gwsim serve)', function () {
  this.timeout(180_000);
  let dir: string;
  let server: Running;
  let admin: ApiClient;
  let env: Record<string, string>;
  let scenario: string;

  const gwsim = async (args: string[]) => {
    const running = run(env, args);
    const code = await exitWithin(running, 120_000);
    return { code, output: running.output(), stdout: running.stdout() };
  };

  before(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'gwsim-scenario-labs-'));
    // the shipped scenario beside the configuration it names, ten times as fast
    copyFileSync(path.join(DEMO_DIRECTORY, 'gateway.xzconfig'), path.join(dir, 'gateway.xzconfig'));
    mkdirSync(path.join(dir, 'scenarios'));
    scenario = path.join(dir, 'scenarios', 'monitor-outage.yaml');
    const text = readFileSync(path.join(DEMO_DIRECTORY, 'scenarios', 'monitor-outage.yaml'), 'utf8');
    expect(text).to.contain('scale: 60 }');
    writeFileSync(scenario, text.replace('scale: 60 }', 'scale: 600 }'));
    const port = await freePort();
    server = run({ PORT: String(port), GWSIM_ADMIN_PASSWORD: PASSWORD, GWSIM_KDF_COST: '10', LOG_LEVEL: 'warn' }, [
      'serve',
      '--ephemeral',
    ]);
    admin = new ApiClient(`http://127.0.0.1:${port}`, { username: 'anadmin', password: PASSWORD });
    await waitUntilServing(admin, server, 90_000);
    env = { GWSIM_URL: `http://127.0.0.1:${port}`, GWSIM_ADMIN_PASSWORD: PASSWORD };
    expect((await gwsim(['ready', '--timeout', '60'])).code).to.equal(0);
    // the demo's traffic has left some calls in the default lab's history
    for (let i = 0; i < 120 && (await holdings(admin)).history.length === 0; i += 1)
      await new Promise((resolve) => setTimeout(resolve, 500));
  });

  after(async () => {
    if (server && server.child.exitCode === null) {
      server.child.kill('SIGTERM');
      await exitWithin(server, 30_000);
    }
    rmSync(dir, { recursive: true, force: true });
  });

  it('runs a scenario in a lab of its own, removed at the end (kept with --keep), the default lab left as it was', async () => {
    const before = await holdings(admin);
    expect(before.history, 'the default lab has a history to keep').to.not.be.empty;
    const since = Date.now();

    const ran = await gwsim(['scenario', 'run', scenario]);
    expect(ran.code, ran.output).to.equal(0);
    expect(ran.stdout).to.match(/scenario monitor-outage: passed/);
    expect(ran.output).to.contain(`lab ${OWN_LAB} removed (--keep keeps it)`);
    const labs = (await admin.get('/_sim/labs')).json.labs.map((l: { name: string }) => l.name);
    expect(labs).to.deep.equal(['default']);

    const after = await holdings(admin);
    expect(after.configuration, "the default lab's configuration and licenses").to.deep.equal(before.configuration);
    // the history only grew by the demo's own calls since: every call of before is there, unchanged, and no
    // call of the scenario (on its clock, days away) came in
    expect(after.history).to.deep.include.members(before.history);
    const known = new Set(before.history.map((e) => e.sessionIdentifier));
    for (const entry of after.history.filter((e) => !known.has(e.sessionIdentifier)))
      expect(Date.parse(entry.startDateTime), JSON.stringify(entry)).to.be.at.least(since - 60_000);
    expect((await admin.get('/_sim/labs/default/clock')).json).to.include({ mode: 'real', offsetSeconds: 0 });

    // --keep leaves the lab, its clock back to wall time (the document says nothing); a run again replaces it
    const kept = await gwsim(['scenario', 'run', scenario, '--keep']);
    expect(kept.code, kept.output).to.equal(0);
    expect(kept.output).to.contain(`lab ${OWN_LAB} kept (--keep)`);
    expect((await admin.get(`/_sim/labs/${OWN_LAB}/scenario`)).json.state).to.equal('passed');
    expect((await admin.get(`/_sim/labs/${OWN_LAB}/clock`)).json).to.include({ mode: 'real', offsetSeconds: 0 });
    const again = await gwsim(['scenario', 'run', scenario]);
    expect(again.code, again.output).to.equal(0);
    expect(again.output).to.contain(`lab ${OWN_LAB}, left by an earlier run, is replaced`);
    expect((await admin.get('/_sim/labs')).json.labs).to.have.length(1);
  });

  it('removes a lab of its own once the run ended when nobody waits (--no-wait)', async () => {
    const started = await gwsim(['scenario', 'run', scenario, '--no-wait']);
    expect(started.code, started.output).to.equal(0);
    expect(started.output).to.contain(`lab ${OWN_LAB} is removed once the run ended`);
    let names: string[] = [OWN_LAB];
    for (let i = 0; i < 240 && names.includes(OWN_LAB); i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      names = (await admin.get('/_sim/labs')).json.labs.map((l: { name: string }) => l.name);
    }
    expect(names, 'the lab went once its run ended').to.deep.equal(['default']);
  });

  it('runs on a lab that holds something only with --yes (the 409 names --yes and what it would replace)', async () => {
    const before = await holdings(admin);
    const refused = await gwsim(['scenario', 'run', scenario, '--lab', 'default']);
    expect(refused.code, refused.output).to.equal(1);
    expect(refused.output)
      .to.contain('409 LAB_IN_USE')
      .and.contain("lab 'default' holds its configuration")
      .and.contain('its call history')
      .and.contain('use --yes to replace it')
      .and.contain('leave out --lab');
    const api = await admin.post('/_sim/labs/default/scenario', { json: { use: 'monitor-outage' } });
    expect(api.status, api.text).to.equal(409);
    expect(api.json.error.code).to.equal('LAB_IN_USE');
    expect(api.json.error.details[0].field).to.equal('replace');
    expect((await holdings(admin)).configuration, 'refused: nothing replaced').to.deep.equal(before.configuration);

    const accepted = await gwsim(['scenario', 'run', scenario, '--lab', 'default', '--yes', '--json']);
    expect(accepted.code, accepted.output).to.equal(0);
    expect(accepted.output).to.contain('lab default reset for scenario monitor-outage: replaced its configuration');
    const outcome = JSON.parse(accepted.stdout.trim().split('\n').pop()!);
    expect(outcome).to.include({ state: 'passed', lab: 'default' });
    expect(outcome.replaced).to.contain('its configuration').and.contain('its call history');
    expect((await holdings(admin)).configuration.lastCommitId).to.not.equal(before.configuration.lastCommitId);
  });

  it('brings the default lab back to the demo (reset {to: "demo"}, gwsim labs reset default --to demo)', async () => {
    // the lab now holds what the scenario seeded (its own license, no demo traffic)
    const licenses = (await admin.get('/api/licenses/get')).json as Array<{ identifier: string }>;
    expect(licenses.map((l) => l.identifier)).to.not.include(DEMO_LICENSE_IDENTIFIER);
    const reset = await gwsim(['labs', 'reset', 'default', '--to', 'demo']);
    expect(reset.code, reset.output).to.equal(0);
    expect(reset.stdout).to.contain('reset to demo: default');
    const back = await holdings(admin);
    expect(back.configuration.licenses).to.deep.equal([DEMO_LICENSE_IDENTIFIER]);
    expect(back.configuration.nodes.map((n) => n.slice(37)).sort()).to.deep.equal([
      'Carrier A',
      'Carrier B',
      'PBX Berlin',
    ]);
    expect(back.history, 'a reset forgets the history').to.deep.equal([]);
    expect((await admin.get('/_sim/labs/default/traffic')).json.running).to.equal(true);
    // through the API too
    const api = await admin.post('/_sim/labs/default/reset', { json: { to: 'demo' } });
    expect(api.status, api.text).to.equal(200);
    expect((await holdings(admin)).configuration.licenses).to.deep.equal([DEMO_LICENSE_IDENTIFIER]);
  });

  it('puts the clock back to wall time through the API ({mode: real, offsetSeconds: 0}) and gwsim clock wall', async () => {
    const away = { mode: 'scaled', scale: 60, now: '2026-11-24T09:00:00Z' };
    expect((await admin.put('/_sim/labs/default/clock', { json: away })).status).to.equal(200);
    const api = await admin.put('/_sim/labs/default/clock', { json: { mode: 'real', offsetSeconds: 0 } });
    expect(api.status, api.text).to.equal(200);
    expect(api.json).to.include({ mode: 'real', rate: 1, offsetSeconds: 0 });
    expect(Math.abs(Date.parse(api.json.now) - Date.now()), "the lab's time is now").to.be.below(5_000);

    expect((await admin.put('/_sim/labs/default/clock', { json: away })).status).to.equal(200);
    const cli = await gwsim(['clock', 'wall', '--json']);
    expect(cli.code, cli.output).to.equal(0);
    expect(JSON.parse(cli.stdout)).to.include({ mode: 'real', rate: 1, offsetSeconds: 0 });
    expect((await admin.get('/_sim/labs/default/clock')).json.offsetSeconds).to.equal(0);
  });
});

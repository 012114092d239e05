import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { exitWithin, freePort, run } from '../../support/processSupport.js';
import { TestGateway } from '../../support/TestGateway.js';
import { ADMIN_PASSWORD } from '../../support/testConfig.js';

describe('gwsim faults list|add|remove|clear and gwsim journal [filters]|clear', function () {
  this.timeout(120_000);
  let gateway: TestGateway;
  let dir: string;
  let env: Record<string, string>;

  before(async () => {
    gateway = await TestGateway.start({ store: 'memory' });
    dir = mkdtempSync(path.join(tmpdir(), 'gwsim-faults-'));
    env = { GWSIM_URL: gateway.baseUrl, GWSIM_USER: 'anadmin', GWSIM_PASSWORD: ADMIN_PASSWORD };
  });
  after(async () => {
    await gateway?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  async function gwsim(args: string[], extraEnv: Record<string, string> = env): Promise<{ code: number | null; output: string }> {
    const running = run(extraEnv, args);
    const code = await exitWithin(running, 60_000);
    return { code, output: running.output() };
  }

  it('adds the rules of a file, lists them, the gateway applies them, the journal shows it; remove and clear', async () => {
    const file = path.join(dir, 'rules.json');
    writeFileSync(file, JSON.stringify([
      { match: { operation: 'nodes/get', method: 'GET' }, effect: { status: 503 }, count: 2 },
      { match: { operation: 'roles/get' }, effect: { latencyMs: 10 } },
    ]));
    const added = await gwsim(['faults', 'add', file, '--json']);
    expect(added.code, added.output).to.equal(0);
    const [first, second] = JSON.parse(added.output) as Array<{ id: string }>;
    const list = await gwsim(['faults', 'list']);
    expect(list.code, list.output).to.equal(0);
    expect(list.output).to.contain(`${first!.id}  operation=nodes/get method=GET → status=503  (hits 0, remaining 2)`);
    expect(list.output).to.contain(second!.id);
    expect((await gateway.admin().get('/api/nodes/get')).status).to.equal(503);
    const journal = await gwsim(['journal', '--status', '5xx']);
    expect(journal.code, journal.output).to.equal(0);
    expect(journal.output).to.match(/GET \/api\/nodes\/get 503 anadmin [\d.]+ ms {2}fault .* status=503/);
    expect(journal.output).to.contain('1 shown of 1 held');
    const json = await gwsim(['journal', '--path', '/api/nodes', '--limit', '5', '--json']);
    expect(JSON.parse(json.output).entries).to.have.length(1);
    const removed = await gwsim(['faults', 'remove', second!.id]);
    expect(removed.code, removed.output).to.equal(0);
    expect(removed.output).to.contain(`removed ${second!.id}`);
    const cleared = await gwsim(['faults', 'clear']);
    expect(cleared.output).to.contain('removed 1 fault rule(s)');
    expect((await gwsim(['faults', 'list'])).output).to.contain('no fault rules');
    expect((await gwsim(['journal', 'clear'])).output).to.contain('journal cleared');
    expect((await gateway.admin().get('/_sim/labs/default/journal', { version: null })).json.held).to.equal(0);
  });

  it('a rule the gateway refuses exits 1 naming the field; a file that is not JSON exits 2; unknown id and bad filter exit 1', async () => {
    const bad = path.join(dir, 'bad.json');
    writeFileSync(bad, JSON.stringify({ effect: { kind: 'diskFull' } }));
    const refused = await gwsim(['faults', 'add', bad]);
    expect(refused.code, refused.output).to.equal(1);
    expect(refused.output).to.contain('400').and.contain('effect.kind').and.contain('not available yet');
    const notJson = path.join(dir, 'not.json');
    writeFileSync(notJson, 'status: 503');
    const usage = await gwsim(['faults', 'add', notJson]);
    expect(usage.code, usage.output).to.equal(2);
    expect(usage.output).to.contain('is not JSON');
    expect((await gwsim(['faults', 'add', path.join(dir, 'missing.json')])).code).to.equal(2);
    const unknown = await gwsim(['faults', 'remove', 'nope']);
    expect(unknown.code).to.equal(1);
    expect(unknown.output).to.contain('404 FAULT_RULE_NOT_FOUND');
    const filter = await gwsim(['journal', '--limit', '0']);
    expect(filter.code).to.equal(1);
    expect(filter.output).to.contain('limit');
  });

  it('a wrong password or an unreachable gateway exit 1; --help documents the commands', async () => {
    const denied = await gwsim(['faults', 'list'], { ...env, GWSIM_PASSWORD: 'wrong-password' });
    expect(denied.code, denied.output).to.equal(1);
    expect(denied.output).to.contain('401');
    const nowhere = await gwsim(['journal', '--url', `http://127.0.0.1:${await freePort()}`]);
    expect(nowhere.code, nowhere.output).to.equal(1);
    expect(nowhere.output).to.contain('cannot reach');
    const help = await gwsim(['journal', 'show', '--help']);
    expect(help.code).to.equal(0);
    expect(help.output).to.contain('--status <status>').and.contain('--since <instant>');
    expect((await gwsim(['faults', '--help'])).output).to.contain('add [options] <file>');
  });
});

import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import { freePort } from '../../support/processSupport.js';
import { useControlCli } from '../../support/controlCli.js';

describe('gwsim faults list|add|remove|clear and gwsim journal [filters]|clear', function () {
  this.timeout(120_000);
  const cli = useControlCli();
  const gwsim = (args: string[], env?: Record<string, string>) => cli.gwsim(args, env);

  it('adds the rules of a file, lists them, the gateway applies them, the journal shows it; remove and clear', async () => {
    const file = path.join(cli.dir, 'rules.json');
    writeFileSync(
      file,
      JSON.stringify([
        { match: { operation: 'nodes/get', method: 'GET' }, effect: { status: 503 }, count: 2 },
        { match: { operation: 'roles/get' }, effect: { latencyMs: 10 } },
      ]),
    );
    const added = await gwsim(['faults', 'add', file, '--json']);
    expect(added.code, added.output).to.equal(0);
    const [first, second] = JSON.parse(added.output) as Array<{ id: string }>;
    const list = await gwsim(['faults', 'list']);
    expect(list.code, list.output).to.equal(0);
    expect(list.output).to.contain(`${first!.id}  operation=nodes/get method=GET → status=503  (hits 0, remaining 2)`);
    expect(list.output).to.contain(second!.id);
    expect((await cli.gateway.admin().get('/api/nodes/get')).status).to.equal(503);
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
    expect((await cli.gateway.admin().get('/_sim/labs/default/journal', { version: null })).json.held).to.equal(0);
  });

  it('a rule the gateway refuses exits 1 naming the field; a file that is not JSON exits 2; unknown id and bad filter exit 1', async () => {
    const bad = path.join(cli.dir, 'bad.json');
    writeFileSync(bad, JSON.stringify({ effect: { kind: 'nodeDown' } }));
    const refused = await gwsim(['faults', 'add', bad]);
    expect(refused.code, refused.output).to.equal(1);
    expect(refused.output).to.contain('400').and.contain('effect.node').and.contain('is required by nodeDown');
    const notJson = path.join(cli.dir, 'not.json');
    writeFileSync(notJson, 'status: 503');
    const usage = await gwsim(['faults', 'add', notJson]);
    expect(usage.code, usage.output).to.equal(2);
    expect(usage.output).to.contain('is not JSON');
    expect((await gwsim(['faults', 'add', path.join(cli.dir, 'missing.json')])).code).to.equal(2);
    const unknown = await gwsim(['faults', 'remove', 'nope']);
    expect(unknown.code).to.equal(1);
    expect(unknown.output).to.contain('404 FAULT_RULE_NOT_FOUND');
    const filter = await gwsim(['journal', '--limit', '0']);
    expect(filter.code).to.equal(1);
    expect(filter.output).to.contain('limit');
  });

  it('a wrong password or an unreachable gateway exit 1; --help documents the commands', async () => {
    const denied = await gwsim(['faults', 'list'], { ...cli.env, GWSIM_PASSWORD: 'wrong-password' });
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

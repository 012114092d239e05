import { expect } from 'chai';
import { useControlCli } from '../../support/controlCli.js';

describe('gwsim labs list|create|remove and gwsim clock status|set|advance', function () {
  this.timeout(120_000);
  const cli = useControlCli();
  const gwsim = (args: string[]) => cli.gwsim(args);

  it('makes, lists and removes a lab, refusing a taken name and the default lab with exit code 1', async () => {
    const made = await gwsim(['labs', 'create', 'training', '--display-name', 'Training room']);
    expect(made.code, made.output).to.equal(0);
    expect(made.output).to.contain('made: training\t/labs/training/api\tport -\tTraining room');
    const list = await gwsim(['labs', 'list', '--json']);
    expect(JSON.parse(list.output).labs.map((l: { name: string }) => l.name)).to.deep.equal(['default', 'training']);
    const again = await gwsim(['labs', 'create', 'training']);
    expect(again.code).to.equal(1);
    expect(again.output).to.contain('LAB_EXISTS');
    expect((await gwsim(['labs', 'remove', 'default'])).code).to.equal(1);
    expect((await gwsim(['labs', 'remove', 'training'])).code).to.equal(0);
    expect((await cli.gateway.admin().get('/_sim/labs')).json.labs).to.have.length(1);
  });

  it('reads, sets and advances the lab clock, naming a bad argument or flag on stderr with exit code 1', async () => {
    const status = await gwsim(['clock', 'status']);
    expect(status.code, status.output).to.equal(0);
    expect(status.output).to.contain('clock: real');
    const set = await gwsim(['clock', 'set', 'frozen', '--now', '2030-01-01T00:00:00Z', '--json']);
    expect(set.code, set.output).to.equal(0);
    expect(JSON.parse(set.output)).to.include({ mode: 'frozen', now: '2030-01-01T00:00:00.000Z' });
    const advanced = await gwsim(['clock', 'advance', 'PT2H']);
    expect(advanced.output).to.contain('lab time: 2030-01-01T02:00:00.000Z');
    const bad = await gwsim(['clock', 'advance', 'P1M']);
    expect(bad.code).to.equal(1);
    expect(bad.output).to.contain('<duration> may not count years or months');
    expect((await gwsim(['clock', 'set', 'scaled', '--scale', 'fast'])).code, 'a usage error').to.equal(2);
  });

  it('puts the lab clock back to wall time (gwsim clock wall): real time, no offset', async () => {
    await gwsim(['clock', 'set', 'scaled', '--scale', '60', '--now', '2026-11-24T09:00:00Z']);
    const wall = await gwsim(['clock', 'wall']);
    expect(wall.code, wall.output).to.equal(0);
    expect(wall.output).to.contain('clock: real').and.contain('(the lab is 0 s ahead)');
    const read = (await cli.gateway.admin().get('/_sim/labs/default/clock')).json;
    expect(read).to.include({ mode: 'real', rate: 1, offsetSeconds: 0 });
    expect(read.now, "the lab's time is the wall's").to.equal(read.wall);
  });
});

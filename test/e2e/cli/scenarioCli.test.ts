import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import { DEMO_DIRECTORY } from '../../../src/app/demo/demoDirectory.js';
import { useControlCli } from '../../support/controlCli.js';
import { RealTimeClock } from '../../support/RealTimeClock.js';

describe('gwsim scenario run|status|stop|list (CLI)', function () {
  this.timeout(120_000);
  const cli = useControlCli([], { clock: new RealTimeClock() });

  it('runs a shipped scenario file, printing each step and expectation, and exits 0 when it passed', async () => {
    // the shipped file beside the configuration it references, sped up from 60x to 600x
    mkdirSync(path.join(cli.dir, 'scenarios'), { recursive: true });
    copyFileSync(path.join(DEMO_DIRECTORY, 'gateway.xzconfig'), path.join(cli.dir, 'gateway.xzconfig'));
    const text = readFileSync(path.join(DEMO_DIRECTORY, 'scenarios', 'monitor-outage.yaml'), 'utf8').replace(
      'scale: 60 }',
      'scale: 600 }',
    );
    const file = path.join(cli.dir, 'scenarios', 'monitor-outage.yaml');
    writeFileSync(file, text);
    // in a lab of its own, kept to read its run afterwards
    const run = await cli.gwsim(['scenario', 'run', file, '--keep']);
    expect(run.code, run.output).to.equal(0);
    expect(run.output).to.include('✓ GET /api/version/get monitor equals "Service Unavailable"');
    expect(run.output).to.match(/scenario monitor-outage: passed/);
    expect(run.output).to.include('lab scenario-monitor-outage kept (--keep)');
    const status = await cli.gwsim(['scenario', 'status', '--lab', 'scenario-monitor-outage', '--json']);
    expect(status.code, status.output).to.equal(0);
    expect(JSON.parse(status.output).state).to.equal('passed');
    const list = await cli.gwsim(['scenario', 'list']);
    expect(list.output).to.include('carrier-outage');
    const keepWithLab = await cli.gwsim(['scenario', 'run', file, '--lab', 'default', '--keep']);
    expect(keepWithLab.code, 'a usage error').to.equal(2);
    expect(keepWithLab.output).to.include('--keep applies to a lab of its own');
  });

  it('exits 2 for a file that is not YAML, and 1 for a document the gateway refuses, naming the field', async () => {
    const broken = path.join(cli.dir, 'broken.yaml');
    writeFileSync(broken, 'name: [unclosed\n  steps: {');
    const unreadable = await cli.gwsim(['scenario', 'run', broken]);
    expect(unreadable.code, unreadable.output).to.equal(2);
    expect(unreadable.output).to.include('is not YAML or JSON');
    const bad = path.join(cli.dir, 'bad.yaml');
    writeFileSync(bad, 'formatVersion: 1\nname: bad\nsteps:\n  - at: soon\n    clock: { advance: PT1H }\n');
    const refused = await cli.gwsim(['scenario', 'run', bad]);
    expect(refused.code, refused.output).to.equal(1);
    expect(refused.output).to.include('INVALID_SCENARIO').and.include('steps[0].at');
    const missing = await cli.gwsim(['scenario', 'run', path.join(cli.dir, 'nothing.yaml')]);
    expect(missing.code, missing.output).to.equal(2);
  });
});

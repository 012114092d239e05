import { expect } from 'chai';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { FaultRules } from '../../../src/contexts/control/faults/application/FaultRules.js';
import { Clock } from '../../../src/shared/domain/Clock.js';
import { DEFAULT_LAB, type LabId } from '../../../src/shared/domain/LabId.js';
import { SeededRandom } from '../../../src/shared/domain/SeededRandom.js';
import { AsyncLabScope } from '../../../src/shared/infrastructure/AsyncLabScope.js';
import { SeededIdGenerator } from '../../../src/shared/infrastructure/SeededIdGenerator.js';

const OTHER = 'other' as LabId;
const WALL = new Date('2026-03-01T08:00:00Z');
/** Where the other lab's clock stands: a day ahead of the default lab's. */
const AHEAD = new Date('2026-03-02T08:00:00Z');

/** Lab clocks as a Clock: the default lab on the wall clock, the other lab a day ahead. */
class TwoLabClock extends Clock {
  now(): Date {
    return WALL;
  }
  override nowOf(lab: LabId): Date {
    return lab === OTHER ? AHEAD : WALL;
  }
}

function rules(): FaultRules {
  return new FaultRules(
    new TwoLabClock(),
    new SeededRandom(1),
    new SeededIdGenerator('t'),
    [],
    undefined,
    new AsyncLabScope(),
  );
}

/**
 * Runs `script` in a thread of its own (its own isolate, so no earlier test has turned Node's promise hooks on) and
 * answers what it posts. The script reads the compiled modules from `root`.
 */
function inFreshIsolate(script: string): Promise<unknown> {
  const root = path.resolve(__dirname, '../../../..');
  return new Promise((resolve, reject) => {
    const worker = new Worker(`const root = ${JSON.stringify(root)};\n${script}`, { eval: true });
    worker.once('message', resolve);
    worker.once('error', reject);
  });
}

/** In the worker: whether a promise's reaction runs with an async id, i.e. Node's promise hooks are on. */
const PROBE = `
const { executionAsyncId } = require('node:async_hooks');
const hooksOn = () => Promise.resolve().then(() => executionAsyncId() !== 0);
`;

describe('fault rules read each lab on its own clock', () => {
  it("a gateway fault's window follows the time of its lab, not the default lab's", async () => {
    const faults = rules();
    // holds from 2 March: only on the other lab's clock is it that late
    const window = { from: '2026-03-02T00:00:00Z' };
    const held = await faults.add(OTHER, { effect: { kind: 'monitorUnreachable' }, window });
    await faults.add(DEFAULT_LAB, { effect: { kind: 'monitorUnreachable' }, window });
    expect(faults.gatewayFaults(OTHER)).to.deep.equal([held.id]);
    expect(faults.gatewayFaults(DEFAULT_LAB)).to.equal(undefined);
  });

  it("reading the rules' time leaves Node's promise hooks off (they would tax every promise of the process)", async () => {
    const answer = await inFreshIsolate(`
${PROBE}
require(root + '/node_modules/reflect-metadata');
const { FaultRules } = require(root + '/dist/src/contexts/control/faults/application/FaultRules.js');
const { AsyncLabScope } = require(root + '/dist/src/shared/infrastructure/AsyncLabScope.js');
const { SystemClock } = require(root + '/dist/src/shared/infrastructure/SystemClock.js');
const { SeededRandom } = require(root + '/dist/src/shared/domain/SeededRandom.js');
const { SeededIdGenerator } = require(root + '/dist/src/shared/infrastructure/SeededIdGenerator.js');
const { parentPort } = require('node:worker_threads');
(async () => {
  const scope = new AsyncLabScope();
  const faults = new FaultRules(new SystemClock(), new SeededRandom(1), new SeededIdGenerator('w'), [], undefined, scope);
  await faults.add('other', { match: { all: true }, effect: { status: 503 }, window: { until: '2999-01-01T00:00:00Z' } });
  faults.refresh();
  faults.list('other');
  const afterRules = await hooksOn();
  scope.run('other', () => undefined);
  parentPort.postMessage({ afterRules, afterLabWork: await hooksOn() });
})();
`);
    // the probe does see the hooks once work runs as a lab's (LabScope), so the first answer means something
    expect(answer).to.deep.equal({ afterRules: false, afterLabWork: true });
  });
});

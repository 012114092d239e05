import { expect } from 'chai';
import { TestGateway } from '../../support/TestGateway.js';
import type { ApiClient } from '../../support/ApiClient.js';
import { expectError } from '../../support/expectError.js';
import { MAX_SCALE } from '../../../src/contexts/clock/lab-clocks/domain/LabClock.js';

/** A short scenario at the clock's highest scale: a user, then one expectation twenty minutes in. */
function document(name: string): Record<string, unknown> {
  return {
    formatVersion: 1,
    name,
    seed: {
      clock: { start: '2026-11-24T09:00:00Z', mode: 'scaled', scale: MAX_SCALE },
      users: [{ name: 'trainee', password: 'Trainee-2026!x', role: 'ADMINISTRATOR' }],
    },
    steps: [{ at: 'PT20M', expect: { read: 'GET /api/users/get', that: [{ count: { atLeast: 2 } }] } }],
  };
}

async function labNames(admin: ApiClient): Promise<string[]> {
  return ((await admin.get('/_sim/labs')).json.labs as Array<{ name: string }>).map((l) => l.name);
}

async function until(check: () => Promise<boolean>, what: string): Promise<void> {
  for (let i = 0; i < 300; i += 1) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${what} did not happen`);
}

describe('scenarios in labs of their own, and on a lab that holds something (replace)', function () {
  this.timeout(120_000);
  let gateway: TestGateway;
  let admin: ApiClient;
  beforeEach(async () => {
    gateway = await TestGateway.start();
    admin = gateway.admin();
  });
  afterEach(() => gateway.stop());

  it('makes the lab of its own, scenario-<name>, kept by default and removed once the run ended with keep: false', async () => {
    const kept = await admin.post('/_sim/labs', { json: { scenario: document('kept-run') } });
    expect(kept.status, kept.text).to.equal(200);
    expect(kept.json).to.include({ name: 'scenario-kept-run', displayName: 'Scenario kept-run' });
    await until(
      async () => (await admin.get('/_sim/labs/scenario-kept-run/scenario')).json.state === 'passed',
      'the kept run passing',
    );
    expect(await labNames(admin)).to.include('scenario-kept-run');

    const gone = await admin.post('/_sim/labs', { json: { scenario: document('gone-run'), keep: false } });
    expect(gone.status, gone.text).to.equal(200);
    expect(gone.json.name).to.equal('scenario-gone-run');
    await until(async () => !(await labNames(admin)).includes('scenario-gone-run'), 'the lab going');
    expect(await labNames(admin)).to.deep.equal(['default', 'scenario-kept-run']);

    // a long name is cut to a lab name's 32 characters
    const long = await admin.post('/_sim/labs', {
      json: { scenario: document('a-rather-long-scenario-name-of-forty'), keep: false },
    });
    expect(long.json.name).to.equal('scenario-a-rather-long-scenario');

    expectError(await admin.post('/_sim/labs', { json: { name: 'plain', keep: false } }), 400, 'INVALID_LAB');
    expect(
      (await admin.post('/_sim/labs', { json: { name: 'plain', keep: false } })).json.error.details[0].field,
    ).to.equal('keep');
    const nameless = await admin.post('/_sim/labs', { json: {} });
    expectError(nameless, 400, 'INVALID_LAB');
    expect(nameless.json.error.details[0].field).to.equal('name');
  });

  it('refuses to replace what a lab holds without replace: true (409 LAB_IN_USE naming replace and what it holds)', async () => {
    // a new lab holds nothing a run would replace: no confirmation
    expect((await admin.post('/_sim/labs', { json: { name: 'room' } })).status).to.equal(200);
    const first = await admin.post('/_sim/labs/room/scenario', { json: document('first') });
    expect(first.status, first.text).to.equal(200);
    expect(first.json.replaced).to.equal(undefined);
    await until(async () => (await admin.get('/_sim/labs/room/scenario')).json.state === 'passed', 'the run');

    // a lab whose configuration changed is replaced only on request
    const changed = await admin.delete('/labs/room/api/coreConfig/clean');
    expect(changed.status, changed.text).to.equal(200);
    const refused = await admin.post('/_sim/labs/room/scenario', { json: document('second') });
    expectError(refused, 409, 'LAB_IN_USE');
    expect(refused.json.error.details[0].field).to.equal('replace');
    expect(refused.json.error.message).to.contain("lab 'room' holds its configuration").and.contain('replace: true');
    const bad = await admin.post('/_sim/labs/room/scenario', { json: { ...document('second'), replace: 'yes' } });
    expectError(bad, 400, 'INVALID_SCENARIO');
    expect(bad.json.error.details[0].field).to.equal('replace');
    const accepted = await admin.post('/_sim/labs/room/scenario', { json: { use: 'monitor-outage', replace: true } });
    expect(accepted.status, accepted.text).to.equal(200);
    expect(accepted.json.replaced).to.contain('its configuration');
    await admin.delete('/_sim/labs/room/scenario');
  });
});

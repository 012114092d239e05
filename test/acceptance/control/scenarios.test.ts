import path from 'node:path';
import { expect } from 'chai';
import { readScenarioFile } from '../../../src/contexts/control/index.js';
import { GATEWAY_FAULT_KINDS } from '../../../src/contexts/control/faults/domain/FaultEffect.js';
import { DEMO_DIRECTORY } from '../../../src/app/demo/demoDirectory.js';
import { TestGateway } from '../../support/TestGateway.js';
import type { ApiClient } from '../../support/ApiClient.js';
import { expectError } from '../../support/expectError.js';
import { MAX_SCALE } from '../../../src/contexts/clock/lab-clocks/domain/LabClock.js';
import { ADMIN_PASSWORD } from '../../support/testConfig.js';

/**
 * The tests run the scenarios at the lab clock's highest scale: the runner paces a scaled run by moving the held lab
 * clock in steps, the traffic advanced after each, so what happens does not depend on how fast the steps come (a
 * loaded machine only slows a run down); at this scale its waits between steps are a fraction of a millisecond and a
 * run takes as long as its work.
 */
const TEST_SCALE = MAX_SCALE;
const SHIPPED = ['license-expiry', 'maintenance-window', 'monitor-outage', 'standby-handover', 'carrier-outage'];
/** Scenarios that need gateway faults this build may not simulate yet. */
const NEEDS: Record<string, string> = { 'carrier-outage': 'trunkDown' };

function shipped(name: string, scale = TEST_SCALE): Record<string, unknown> {
  const document = readScenarioFile(path.join(DEMO_DIRECTORY, 'scenarios', `${name}.yaml`));
  const seed = document['seed'] as { clock: Record<string, unknown> };
  return { ...document, seed: { ...seed, clock: { ...seed.clock, mode: 'scaled', scale } } };
}

interface RunView {
  state: string;
  error?: string;
  summary: { steps: number; done: number; failed: number; checksFailed: number; checksPassed: number };
  steps: Array<{
    index: number;
    status: string;
    detail?: string;
    ranAt?: string;
    due?: string;
    expectations?: Array<{
      read: string;
      passed: boolean;
      error?: string;
      checks: Array<{ path: string; operator: string; expected: unknown; actual?: unknown; passed: boolean }>;
    }>;
  }>;
}

/** Polls the lab's run until it ended (each poll a plain read: no assertion depends on how long it took). */
async function finished(admin: ApiClient, lab = 'default', limitMs = 90_000): Promise<RunView> {
  const until = Date.now() + limitMs;
  for (;;) {
    const answer = await admin.get(`/_sim/labs/${lab}/scenario`);
    expect(answer.status, answer.text).to.equal(200);
    const run = answer.json as RunView;
    if (['passed', 'failed', 'stopped'].includes(run.state)) return run;
    if (Date.now() > until) {
      const clock = await admin.get(`/_sim/labs/${lab}/clock`);
      throw new Error(`the run did not end: ${answer.text}\nthe lab clock: ${clock.text}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** What failed in a run, for the assertion's message. */
function failures(run: RunView): string {
  const lines = run.steps
    .filter((s) => s.status !== 'done')
    .map(
      (s) =>
        `step ${s.index} at ${s.ranAt}: ${s.status} ${s.detail ?? ''} ${(s.expectations ?? [])
          .flatMap((e) => [
            e.error ? `${e.read}: ${e.error}` : '',
            ...e.checks
              .filter((c) => !c.passed)
              .map(
                (c) =>
                  `${e.read} ${c.path} ${c.operator} ${JSON.stringify(c.expected)}, read ${JSON.stringify(c.actual)}`,
              ),
          ])
          .filter(Boolean)
          .join('; ')}`,
    );
  return [run.error ?? '', ...lines].join('\n');
}

describe('scenarios (/_sim/labs/{lab}/scenario, shipped scenarios at a scaled clock)', function () {
  this.timeout(180_000);
  let gateway: TestGateway;
  let admin: ApiClient;
  beforeEach(async () => {
    gateway = await TestGateway.start();
    admin = gateway.admin();
  });
  afterEach(() => gateway.stop());

  for (const name of SHIPPED) {
    const needs = NEEDS[name];
    const available = !needs || (GATEWAY_FAULT_KINDS as readonly string[]).includes(needs);
    (available ? it : it.skip)(
      `runs the shipped scenario ${name} to completion with every expectation met${needs ? ` (needs the ${needs} fault)` : ''}`,
      async () => {
        const started = await admin.post('/_sim/labs/default/scenario', { json: shipped(name) });
        expect(started.status, started.text).to.equal(200);
        expect(started.json).to.include({ name, state: 'seeding' });
        const run = await finished(admin);
        expect(run.state, failures(run)).to.equal('passed');
        expect(run.summary.failed).to.equal(0);
        expect(run.summary.done).to.equal(run.summary.steps);
        expect(run.summary.checksPassed).to.be.greaterThan(0);
        // every step ran at its own instant of the lab clock
        for (const step of run.steps) expect(step.ranAt, `step ${step.index}`).to.equal(step.due);
      },
    );
  }

  it('lists the shipped scenarios and runs one by name', async () => {
    const list = await admin.get('/_sim/scenarios');
    expect(list.status, list.text).to.equal(200);
    expect(list.json.scenarios.map((s: { name: string }) => s.name)).to.include.members(SHIPPED);
    const unknown = await admin.post('/_sim/labs/default/scenario', { json: { use: 'no-such-scenario' } });
    expectError(unknown, 404, 'SCENARIO_NOT_FOUND');
    expect(unknown.json.error.details[0].field).to.equal('use');
  });

  it('ends failed when an expectation is not met, recording what was expected and what was read, and goes on with the steps after it', async () => {
    const document = {
      formatVersion: 1,
      name: 'wrong-expectation',
      description: 'a maintenance mode that is not set',
      seed: {
        clock: { start: '2026-11-23T09:00:00Z', mode: 'scaled', scale: TEST_SCALE },
        users: [{ name: 'trainee', password: 'Trainee-2026!x', role: 'ADMINISTRATOR' }],
      },
      steps: [
        {
          at: 'PT0S',
          expect: { read: 'GET /api/users/get', that: [{ count: { where: { localUserName: 'trainee' }, equals: 1 } }] },
        },
        { at: 'PT1M', expect: { read: 'GET /api/maintenanceMode/get', that: [{ path: 'modeActive', equals: true }] } },
        { at: 'PT2M', request: { method: 'PUT', path: '/api/maintenanceMode/set', body: { modeActive: true } } },
        { at: 'PT3M', expect: { read: 'GET /api/maintenanceMode/get', that: [{ path: 'modeActive', equals: true }] } },
      ],
    };
    expect((await admin.post('/_sim/labs/default/scenario', { json: document })).status).to.equal(200);
    const run = await finished(admin);
    expect(run.state).to.equal('failed');
    expect(
      run.steps.map((s) => s.status),
      failures(run),
    ).to.deep.equal(['done', 'failed', 'done', 'done']);
    expect(run.steps[1]!.expectations![0]!.checks[0]).to.deep.include({
      path: 'modeActive',
      operator: 'equals',
      expected: true,
      actual: false,
      passed: false,
    });
    expect(run.steps[1]!.ranAt).to.equal('2026-11-23T09:01:00.000Z');
    expect(run.summary).to.include({ failed: 1, checksFailed: 1, checksPassed: 2 });
    // the seeded user logs in with its password
    expect((await gateway.client('trainee', 'Trainee-2026!x').get('/api/maintenanceMode/get')).status).to.equal(200);
  });

  it('refuses a bad document naming the field, a second run while one runs (409), and stops a run on request', async () => {
    const bad = await admin.post('/_sim/labs/default/scenario', {
      json: {
        formatVersion: 1,
        name: 'bad',
        steps: [{ at: '15 minutes', clock: { advance: 'PT1H' } }],
        seed: { licenses: [{ name: 'x', sessions: 0 }] },
      },
    });
    expectError(bad, 400, 'INVALID_SCENARIO');
    expect(bad.json.error.details.map((d: { field: string }) => d.field)).to.include.members([
      'steps[0].at',
      'seed.licenses[0].sessions',
    ]);

    const slow = {
      formatVersion: 1,
      name: 'slow',
      seed: { clock: { mode: 'real' } },
      steps: [
        { at: 'PT0S', fault: { label: 'monitor-down', effect: { kind: 'monitorUnreachable' } } },
        { at: 'PT10H', clearFault: 'monitor-down' },
      ],
    };
    expect((await admin.post('/_sim/labs/default/scenario', { json: slow })).status).to.equal(200);
    const second = await admin.post('/_sim/labs/default/scenario', { json: slow });
    expectError(second, 409, 'SCENARIO_RUNNING');
    // wait until the first step ran (the monitor is switched off by its rule)
    for (let i = 0; i < 100 && (await admin.get('/_sim/labs/default/faults')).json.rules.length === 0; i += 1)
      await new Promise((r) => setTimeout(r, 50));
    const stopped = await admin.delete('/_sim/labs/default/scenario');
    expect(stopped.status, stopped.text).to.equal(200);
    expect(stopped.json.state).to.equal('stopped');
    expect(stopped.json.steps.map((s: { status: string }) => s.status)).to.deep.equal(['done', 'skipped']);
    // the fault rules the run added went with it
    expect((await admin.get('/_sim/labs/default/faults')).json.rules).to.deep.equal([]);
    expectError(await admin.delete('/_sim/labs/default/scenario'), 409, 'SCENARIO_NOT_RUNNING');
  });

  it("leaves the lab's clock as the document says once the run ended: back to wall time by default, on, or held", async () => {
    const document = (afterwards?: string) => ({
      formatVersion: 1,
      name: `clock-${(afterwards ?? 'default').toLowerCase()}`,
      seed: {
        clock: {
          start: '2026-11-24T09:00:00Z',
          mode: 'scaled',
          scale: TEST_SCALE,
          ...(afterwards ? { afterwards } : {}),
        },
      },
      steps: [
        {
          at: 'PT20M',
          expect: { read: 'GET /api/maintenanceMode/get', that: [{ path: 'modeActive', equals: false }] },
        },
      ],
    });
    const cases: Array<[string | undefined, Record<string, unknown>]> = [
      [undefined, { mode: 'real', rate: 1, offsetSeconds: 0, now: gateway.clock.now().toISOString() }],
      ['wall', { mode: 'real', rate: 1, offsetSeconds: 0, now: gateway.clock.now().toISOString() }],
      ['hold', { mode: 'frozen', now: '2026-11-24T09:20:00.000Z' }],
      ['runOn', { mode: 'scaled', rate: TEST_SCALE, now: '2026-11-24T09:20:00.000Z' }],
    ];
    for (const [afterwards, clock] of cases) {
      const started = await admin.post('/_sim/labs/default/scenario', { json: document(afterwards) });
      expect(started.status, started.text).to.equal(200);
      const run = await finished(admin);
      expect(run.state, failures(run)).to.equal('passed');
      expect((run as unknown as { clock: { afterwards: string } }).clock.afterwards).to.equal(afterwards ?? 'wall');
      // the wall clock is a manual one here: a scaled clock has not moved on since
      expect((await admin.get('/_sim/labs/default/clock')).json, afterwards ?? 'default').to.include(clock);
    }
  });

  it('makes a lab seeded from a shipped scenario, and resets a lab to its scenario (409 naming `to` for a lab without one)', async () => {
    const made = await admin.post('/_sim/labs', { json: { name: 'night-shift', scenario: 'maintenance-window' } });
    expect(made.status, made.text).to.equal(200);
    const lab = gateway.client('anadmin', ADMIN_PASSWORD);
    const licenses = await lab.get('/labs/night-shift/api/licenses/get');
    expect(licenses.status, licenses.text).to.equal(200);
    expect(licenses.json).to.have.length(1);
    const run = await admin.get('/_sim/labs/night-shift/scenario');
    expect(run.json.name).to.equal('maintenance-window');
    await admin.delete('/_sim/labs/night-shift/scenario');

    // the lab changes, then is reset to its scenario: the seed again, nothing else
    await lab.put('/labs/night-shift/api/maintenanceMode/set', { json: { modeActive: true } });
    const reset = await admin.post('/_sim/labs/night-shift/reset', { json: { to: 'scenario' } });
    expect(reset.status, reset.text).to.equal(200);
    expect((await lab.get('/labs/night-shift/api/maintenanceMode/get')).json.modeActive).to.equal(false);
    expect((await lab.get('/labs/night-shift/api/licenses/get')).json).to.have.length(1);
    const clock = await admin.get('/_sim/labs/night-shift/clock');
    expect(clock.json.now.slice(0, 16)).to.equal('2026-11-28T21:45');

    expect((await admin.post('/_sim/labs', { json: { name: 'plain' } })).status).to.equal(200);
    const none = await admin.post('/_sim/labs/plain/reset', { json: { to: 'scenario' } });
    expectError(none, 409, 'NO_SCENARIO');
    expect(none.json.error.details[0].field).to.equal('to');
    const badScenario = await admin.post('/_sim/labs', {
      json: { name: 'broken', scenario: { formatVersion: 2, name: 'x' } },
    });
    expectError(badScenario, 400, 'INVALID_SCENARIO');
    expect((await admin.get('/_sim/labs')).json.labs.map((l: { name: string }) => l.name)).to.not.include('broken');
  });
});

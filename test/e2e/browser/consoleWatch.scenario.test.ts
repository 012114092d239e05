import { expect } from 'chai';
import type { Page } from 'playwright-core';
import type { ApiClient } from '../../support/ApiClient.js';
import type { TestGateway } from '../../support/TestGateway.js';
import { ADMIN_PASSWORD } from '../../support/testConfig.js';
import { consoleLab, signInToConsole } from './consoleLabsSupport.js';
import { tableLayouts } from './consoleWatchSupport.js';

/** The page's document, in the functions that run in the browser (this file is compiled without the DOM library). */
declare const document: {
  querySelector(selector: string): { textContent: string | null; getAttribute(name: string): string | null } | null;
};

interface Run {
  name: string;
  state: string;
  replaced?: string;
  steps: Array<{
    index: number;
    status: string;
    expectations?: Array<{
      read: string;
      checks: Array<{ path: string; operator: string; expected?: unknown; actual?: unknown; passed: boolean }>;
    }>;
  }>;
}

/** A value as the panel shows it: text as it is, anything else as JSON. */
const shown = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

/** Waits until the panel's text of `selector` matches (the panel polls every second while a run is under way). */
async function until(page: Page, selector: string, pattern: RegExp, timeout = 30_000): Promise<void> {
  await page.waitForFunction(
    ({ selector, source }) => new RegExp(source).test(document.querySelector(selector)?.textContent ?? ''),
    { selector, source: pattern.source },
    { timeout },
  );
}

/** The status each step of the panel shows, in order. */
async function stepStatuses(page: Page): Promise<string[]> {
  return page.$$eval('[data-testid=scenario-step]', (rows) => rows.map((row) => row.getAttribute('data-status')!));
}

/**
 * The scenario panel, driven as a trainer does before signing in to the lab (the administrator's control session)
 * and after: start a shipped scenario from the list in a lab that holds a configuration (refused until "replace"
 * is ticked), watch its steps run live with each expectation's values expected and read, stop it.
 */
describe("the web console's scenario panel", function () {
  this.timeout(180_000);
  const lab = consoleLab();
  const { failed, shot } = lab;
  let gateway: TestGateway;
  let page: Page;
  let admin: ApiClient;
  before(() => ({ gateway, page, admin } = lab.state()));

  it('starts a shipped scenario (replacing what the lab holds when asked), shows its progress, steps and checks live, and stops it', async () => {
    await signInToConsole(page, gateway);
    await page.selectOption('[data-testid=lab-select]', 'training');
    const panel = '[data-testid=lab-controls] [data-testid=scenario-panel]';
    await page.waitForSelector(panel);
    await until(page, '[data-testid=scenario-state]', /^none$/);
    const shipped = ((await admin.get('/_sim/scenarios')).json as { scenarios: Array<{ name: string }> }).scenarios;
    expect(
      await page.$$eval('[data-testid=scenario-pick] option', (all) => all.map((o) => o.textContent)),
    ).to.deep.equal(shipped.map((s) => s.name));

    // the lab holds a committed node: the gateway refuses, naming what it holds and "replace"
    await page.selectOption('[data-testid=scenario-pick]', 'license-expiry');
    await page.click('[data-testid=scenario-start]');
    const problem = (await (await page.waitForSelector('[data-testid=scenario-problem]')).textContent()) ?? '';
    expect(problem).to.contain('replace');
    expect(problem).to.contain('LAB_IN_USE');
    expect((await admin.get('/_sim/labs/training/scenario')).status, 'nothing ran').to.equal(404);

    await page.check('[data-testid=scenario-replace]');
    await page.click('[data-testid=scenario-start]');
    expect(await (await page.waitForSelector('[data-testid=scenario-done]')).textContent()).to.match(
      /^started license-expiry; replaced /,
    );
    // live: running, its first step pending, then done while the run goes on
    await until(page, '[data-testid=scenario-state]', /^running$/);
    expect(await page.textContent('[data-testid=scenario-name]')).to.equal('license-expiry');
    await page.waitForSelector('[data-testid=scenario-stop]');
    await page.waitForFunction(
      () => document.querySelector('[data-testid=scenario-step]')?.getAttribute('data-status') !== 'pending',
      undefined,
      { timeout: 60_000 },
    );
    expect(await page.textContent('[data-testid=scenario-state]'), 'the run goes on').to.equal('running');
    expect((await stepStatuses(page))[1]).to.equal('pending');
    await until(page, '[data-testid=scenario-progress]', /^1 of 2 steps/);

    // each check of the step that ran: the values expected and read, as the API has them
    const run = (await admin.get('/_sim/labs/training/scenario')).json as Run;
    const checks = run.steps[0]!.expectations!.flatMap((e) => e.checks);
    expect(checks.length).to.be.greaterThan(0);
    const rows = await page.$$eval('[data-testid=scenario-step]:first-child [data-testid=scenario-check]', (all) =>
      all.map((row) => ({
        expected: row.querySelector('[data-testid=check-expected]')?.textContent?.trim(),
        actual: row.querySelector('[data-testid=check-actual]')?.textContent?.trim(),
        passed: row.getAttribute('data-passed'),
      })),
    );
    expect(rows).to.deep.equal(
      checks.map((check) => ({
        expected: shown(check.expected),
        actual: 'actual' in check ? shown(check.actual) : 'nothing there',
        passed: String(check.passed),
      })),
    );
    const expectations = await page.$$eval(
      '[data-testid=scenario-step]:first-child [data-testid=expectation-read]',
      (all) => all.map((code) => code.textContent),
    );
    expect(expectations).to.deep.equal(run.steps[0]!.expectations!.map((e) => e.read));
    for (const layout of (await tableLayouts(page)).filter((l) => l.panel === 'scenario-panel'))
      expect(layout.fits || layout.keyKept, `the scenario's ${layout.table} spills by ${layout.overBy} px`).to.equal(
        true,
      );
    await shot('watch-scenario-running');

    // stop: the step left is skipped, as the API says
    await page.click('[data-testid=scenario-stop]');
    await until(page, '[data-testid=scenario-state]', /^stopped$/);
    const stopped = (await admin.get('/_sim/labs/training/scenario')).json as Run;
    expect(stopped.state).to.equal('stopped');
    expect(await stepStatuses(page)).to.deep.equal(stopped.steps.map((step) => step.status));
    expect(await stepStatuses(page)).to.include('skipped');
    expect(await page.$('[data-testid=scenario-stop]'), 'nothing left to stop').to.equal(null);

    // signed in to the lab, its Watch view shows the same run
    await page.fill('[data-testid=lab-login] input[name=username]', 'anadmin');
    await page.fill('[data-testid=lab-login] input[name=password]', ADMIN_PASSWORD);
    await page.click('[data-testid=lab-login] button[type=submit]');
    await page.waitForSelector('main.watch [data-testid=live-sessions]');
    await until(page, '[data-testid=scenario-state]', /^stopped$/);
    expect(await page.textContent('[data-testid=scenario-name]')).to.equal('license-expiry');
    await shot('watch-scenario-stopped');
    expect(failed.filter((line) => line.startsWith('page error'))).to.deep.equal([]);
  });
});

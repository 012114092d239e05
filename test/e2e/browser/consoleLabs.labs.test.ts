import { expect } from 'chai';
import { type Page } from 'playwright-core';
import { ApiClient } from '../../support/ApiClient.js';
import { TestGateway } from '../../support/TestGateway.js';
import { ADMIN_PASSWORD } from '../../support/testConfig.js';
import { consoleLab } from './consoleLabsSupport.js';

/** The page's document, in the functions that run in the browser (this file is compiled without the DOM library). */
declare const document: {
  querySelector(selector: string): { textContent: string | null } | null;
  querySelectorAll(selector: string): ArrayLike<unknown>;
};
declare const window: { location: { hash: string } };

/**
 * The console's labs, lab clock and fault rules, driven as a trainer would with an administrator of the default
 * lab: pick a second lab (made through the API) and sign in to it with its own user, see that lab's gateway,
 * add and remove a fault rule, advance a lab's clock. Every check reads the page against what the API answers.
 */
describe('the web console: labs, the lab clock and fault rules', function () {
  this.timeout(180_000);
  const lab = consoleLab();
  const { shot, liveRows } = lab;
  let gateway: TestGateway;
  let page: Page;
  let admin: ApiClient;
  let training: ApiClient;
  before(() => ({ gateway, page, admin, training } = lab.state()));

  it("lets an administrator pick a second lab, sign in to it, and shows that lab's gateway; a reload keeps the lab", async () => {
    await page.goto(`${gateway.baseUrl}/_sim/console`);
    await page.fill('input[name=username]', 'anadmin');
    await page.fill('input[name=password]', ADMIN_PASSWORD);
    await page.click('button[type=submit]');
    await page.waitForSelector('[data-testid=lab-select]');
    const options = await page.$$eval('[data-testid=lab-select] option', (all) =>
      all.map((option) => option.getAttribute('value')),
    );
    expect(options).to.deep.equal(['default', 'training']);
    // the default lab first: its demo calls
    const defaultSessions = (
      (await admin.post('/api/activeSessions/get', { json: {} })).json.activeSessions as unknown[]
    ).length;
    expect(defaultSessions, 'the default lab has calls in progress').to.be.greaterThan(0);
    await page.waitForFunction(
      (count) => document.querySelectorAll('[data-testid=live-sessions] tbody tr').length === count,
      defaultSessions,
      { timeout: 15_000 },
    );

    await page.selectOption('[data-testid=lab-select]', 'training');
    const login = await page.waitForSelector('[data-testid=lab-login]');
    expect(await login.textContent()).to.contain('Sign in to lab training');
    expect(await page.evaluate(() => window.location.hash)).to.equal('#lab=training');
    // the default lab's session stays: the header still names its user and shows the lab's clock
    expect(await page.textContent('[data-testid=user]')).to.contain('anadmin');
    await shot('5-lab-login');
    // a wrong password: the lab's own message
    await page.fill('[data-testid=lab-login] input[name=username]', 'anadmin');
    await page.fill('[data-testid=lab-login] input[name=password]', 'not-the-password');
    await page.click('[data-testid=lab-login] button[type=submit]');
    await page.waitForSelector('[data-testid=lab-login] [data-testid=login-problem]');
    await page.fill('[data-testid=lab-login] input[name=password]', ADMIN_PASSWORD);
    await page.click('[data-testid=lab-login] button[type=submit]');
    await page.waitForSelector('[data-testid=lab-user]');
    expect(await page.textContent('[data-testid=lab-user]')).to.contain('in lab training as anadmin');

    const check = async () => {
      await page.waitForFunction(
        () => (document.querySelector('[data-testid=overview]')?.textContent ?? '').includes('Lab PBX'),
        undefined,
        { timeout: 15_000 },
      );
      const overview = (await page.textContent('[data-testid=overview]')) ?? '';
      for (const demo of ['PBX Berlin', 'Carrier A', 'Carrier B'])
        expect(overview, `the default lab's ${demo} is not shown`).to.not.contain(demo);
      const labSessions = (
        (await training.post('/api/activeSessions/get', { json: {} })).json.activeSessions as unknown[]
      ).length;
      expect(labSessions, 'the lab carries no call').to.equal(0);
      await page.waitForFunction(
        () => document.querySelector('[data-testid=live-count]')?.textContent === '0',
        undefined,
        { timeout: 15_000 },
      );
      expect(await liveRows(), "none of the default lab's calls in progress").to.equal(0);
      expect(await page.textContent('[data-testid=live-sessions]')).to.contain('No session is in progress.');
    };
    await check();
    await shot('6-lab-training');

    await page.reload();
    await page.waitForSelector('[data-testid=lab-user]');
    expect(
      await page.$eval('[data-testid=lab-select]', (select) => (select as unknown as { value: string }).value),
    ).to.equal('training');
    expect(await page.$('[data-testid=lab-login]'), "the lab's session is kept across the reload").to.equal(null);
    await check();
  });

  it("sets the chosen lab's clock, advances it by a duration (sessions, aging on the wall clock, hold), and shows the server's message for a bad one", async () => {
    type Clock = { mode: string; rate: number; now: string; offsetSeconds: number };
    const clockOf = async (lab: string) => (await admin.get(`/_sim/labs/${lab}/clock`)).json as Clock;
    /** Clicks, then waits until the API's clock of the lab answers as expected. */
    const step = async (click: () => Promise<void>, until: (clock: Clock) => boolean): Promise<Clock> => {
      await click();
      for (let tries = 0; tries < 50; tries += 1) {
        const clock = await clockOf('training');
        if (until(clock)) return clock;
        await page.waitForTimeout(200);
      }
      throw new Error(`the clock of lab training is still ${JSON.stringify(await clockOf('training'))}`);
    };
    const panel = await page.waitForSelector('[data-testid=clock-panel]');
    expect(await panel.textContent()).to.contain('lab training');
    await page.waitForSelector('[data-testid=clock-mode]');
    expect(await page.textContent('[data-testid=clock-mode]')).to.equal((await clockOf('training')).mode);

    // a duration the server refuses: its message, naming the field; the clock stays
    const start = Date.parse((await clockOf('training')).now);
    await page.fill('[data-testid=clock-by]', 'P1M');
    await page.click('[data-testid=clock-advance]');
    const problem = await page.waitForSelector('[data-testid=clock-problem]');
    const message = (await problem.textContent()) ?? '';
    const server = await admin.post('/_sim/labs/training/clock/advance', { json: { by: 'P1M' } });
    expect(server.status).to.equal(400);
    expect(message).to.contain((server.json as { error: { message: string } }).error.message);
    expect(message).to.match(/^by /);
    expect(Date.parse((await clockOf('training')).now) - start, 'a refused advance leaves the clock').to.be.below(
      5_000,
    );
    await shot('7-lab-clock');

    // freeze, set an instant (an hour back: no jump forward), run scaled, run in real time again
    await step(
      () => page.click('[data-testid=clock-freeze]'),
      (clock) => clock.mode === 'frozen',
    );
    await page.waitForFunction(
      () => document.querySelector('[data-testid=clock-mode]')?.textContent === 'frozen',
      undefined,
      { timeout: 5_000 },
    );
    const target = new Date(Date.parse((await clockOf('training')).now) - 3600_000)
      .toISOString()
      .replace(/\.\d{3}Z$/, 'Z');
    await page.fill('[data-testid=clock-instant]', target);
    const set = await step(
      () => page.click('[data-testid=clock-set]'),
      (clock) => Date.parse(clock.now) === Date.parse(target),
    );
    expect(set.mode, 'setting the instant keeps the mode').to.equal('frozen');
    await page.fill('[data-testid=clock-scale]', '120');
    await step(
      () => page.click('[data-testid=clock-scaled]'),
      (clock) => clock.mode === 'scaled',
    );
    expect(await clockOf('training')).to.include({ mode: 'scaled', rate: 120 });
    await page.waitForFunction(
      () => (document.querySelector('[data-testid=clock-rate]')?.textContent ?? '').startsWith('120'),
      undefined,
      { timeout: 5_000 },
    );
    await step(
      () => page.click('[data-testid=clock-real]'),
      (clock) => clock.mode === 'real',
    );
    await page.waitForFunction(
      () => document.querySelector('[data-testid=clock-mode]')?.textContent === 'real',
      undefined,
      { timeout: 5_000 },
    );
    expect(await page.$('[data-testid=lab-login]'), "no jump forward: the lab's session holds").to.equal(null);

    // advance by two hours through the form: the lab's time moves by that, the default lab's not
    const before = Date.parse((await clockOf('training')).now);
    const defaultBefore = Date.parse((await clockOf('default')).now);
    await page.fill('[data-testid=clock-by]', 'PT2H');
    const after = Date.parse(
      (
        await step(
          () => page.click('[data-testid=clock-advance]'),
          (clock) => Date.parse(clock.now) - before >= 2 * 3600_000,
        )
      ).now,
    );
    expect(after - before, "the lab's time moved by two hours").to.be.within(2 * 3600_000, 2 * 3600_000 + 5_000);
    expect(
      Date.parse((await clockOf('default')).now) - defaultBefore,
      "the default lab's clock did not move",
    ).to.be.below(5_000);
    expect((await clockOf('default')).mode, "the default lab's clock is left alone").to.equal('real');
    // the header shows the lab's new time at once (one read of the clock for the header and the panel)
    await page.waitForFunction(
      (iso) =>
        Math.abs(
          Date.parse(
            (
              document.querySelector('[data-testid=lab-clock]') as unknown as {
                getAttribute(name: string): string | null;
              } | null
            )?.getAttribute('data-now') ?? '',
          ) - Date.parse(iso),
        ) < 60_000,
      new Date(after).toISOString(),
      { timeout: 5_000 },
    );
    expect(await page.textContent('[data-testid=lab-clock]')).to.contain('offset');
    // sessions age on the wall clock: two hours more on the lab's clock sign nobody out, in the lab or the default lab
    await page.waitForTimeout(2500); // a refresh of the panels after the jump
    expect(await page.$('[data-testid=lab-login]'), "the lab's session holds across the jump").to.equal(null);
    expect(await page.textContent('[data-testid=user]')).to.contain('anadmin');
    const again = await page.evaluate(
      async () =>
        (await fetch('/labs/training/api/version/get?version=0', { headers: { 'X-Requested-With': 'XMLHttpRequest' } }))
          .status,
    );
    expect(again, "the lab's cookie still opens the lab").to.equal(200);
    await shot('8-lab-clock-advanced');

    // back to wall time: real time, no offset; the header drops its offset note
    const wall = await step(
      () => page.click('[data-testid=clock-wall]'),
      (clock) => clock.mode === 'real' && Math.abs(clock.offsetSeconds) < 1,
    );
    expect(wall.rate).to.equal(1);
    expect(await (await page.waitForSelector('[data-testid=clock-done]')).textContent()).to.contain(
      'back to wall time',
    );
    await page.waitForFunction(
      () => !(document.querySelector('[data-testid=lab-clock]')?.textContent ?? 'offset').includes('offset'),
      undefined,
      { timeout: 5_000 },
    );
  });
});

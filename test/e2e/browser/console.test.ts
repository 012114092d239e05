import { expect } from 'chai';
import { existsSync, mkdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { DEFAULT_LAB } from '../../../src/shared/domain/LabId.js';
import { BatchingMonitorSinks } from '../../../src/contexts/monitoring/history/application/BatchingMonitorSinks.js';
import { TrafficLabs } from '../../../src/contexts/simulation/index.js';
import { TestGateway } from '../../support/TestGateway.js';
import { ADMIN_PASSWORD } from '../../support/testConfig.js';

/** The page's document, in the functions that run in the browser (this file is compiled without the DOM library). */
declare const document: {
  querySelector(selector: string): unknown;
  querySelectorAll(selector: string): ArrayLike<{ getAttribute(name: string): string | null }>;
};

const CHROMIUM = '/usr/bin/chromium';
const SHOTS = path.join(tmpdir(), 'gwsim-console-shots');

/**
 * The web console under headless Chromium (Debian's), driven as a trainer would: sign in with a gateway user,
 * watch the demo traffic's sessions refresh, open a call's SIP ladder, read the committed configuration. Every
 * check reads the page's content against what the API answers at that moment; screenshots are kept for a look.
 */
describe('the web console at /_sim/console', function () {
  this.timeout(180_000);
  let gateway: TestGateway;
  let browser: Browser;
  let page: Page;
  const hosts = new Set<string>();
  const failed: string[] = [];

  async function advance(seconds: number): Promise<void> {
    for (let step = 0; step < seconds; step += 5) {
      gateway.clock.advance(5000);
      await gateway.get(TrafficLabs).advance(DEFAULT_LAB);
    }
    await gateway.get(BatchingMonitorSinks).flush();
  }

  async function shot(name: string): Promise<string> {
    const file = path.join(SHOTS, `${name}.png`);
    await page.screenshot({ path: file, fullPage: true });
    expect(statSync(file).size, `${name}.png is a picture`).to.be.greaterThan(20_000);
    return file;
  }

  before(async function () {
    if (!existsSync(CHROMIUM)) this.skip();
    mkdirSync(SHOTS, { recursive: true });
    gateway = await TestGateway.start({ store: 'memory', config: { demo: true } });
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-dev-shm-usage'] });
    page = await browser.newPage({ viewport: { width: 1400, height: 1600 } });
    page.on('request', (request) => {
      hosts.add(new URL(request.url()).host);
    });
    page.on('requestfailed', (request) => {
      failed.push(request.url());
    });
    page.on('pageerror', (error) => {
      failed.push(`page error: ${error.message}`);
    });
  });

  after(async () => {
    await browser?.close();
    await gateway?.stop();
  });

  it("refuses a wrong password with the gateway's own message and no browser password dialog", async () => {
    await page.goto(`${gateway.baseUrl}/_sim/console`);
    await page.fill('input[name=username]', 'anadmin');
    await page.fill('input[name=password]', 'not-the-password');
    await page.click('button[type=submit]');
    const problem = await page.waitForSelector('[data-testid=login-problem]');
    expect(await problem.textContent()).to.match(/password|credentials|user/i);
    // a script's 401 carries no challenge (it would open the browser's own dialog over the page)
    const answer = await fetch(`${gateway.baseUrl}/api/version/get?version=0`, {
      headers: { 'X-Requested-With': 'XMLHttpRequest' },
    });
    expect(answer.status).to.equal(401);
    expect(answer.headers.get('www-authenticate')).to.equal(null);
    expect((await fetch(`${gateway.baseUrl}/api/version/get?version=0`)).headers.get('www-authenticate')).to.match(
      /^Basic /,
    );
  });

  it('shows the live sessions of the demo traffic and refreshes them as calls come and go', async () => {
    await advance(90);
    await page.fill('input[name=username]', 'anadmin');
    await page.fill('input[name=password]', ADMIN_PASSWORD);
    await page.click('button[type=submit]');
    await page.waitForSelector('[data-testid=user]');
    expect(await page.textContent('[data-testid=user]')).to.contain('anadmin');
    // an administrator sees the lab's clock (the test's manual clock, in real time)
    await page.waitForSelector('[data-testid=lab-clock]');
    expect(await page.textContent('[data-testid=lab-clock]')).to.contain('lab time');

    const shown = async () =>
      page.$$eval('[data-testid=live-sessions] tbody tr', (rows) =>
        rows.map((row) => row.getAttribute('data-session')).sort(),
      );
    const api = async () => {
      const answer = await gateway.admin().post('/api/activeSessions/get', { json: {} });
      return (answer.json.activeSessions as Array<{ sessionId: string }>).map((session) => session.sessionId).sort();
    };
    const expected = await api();
    expect(expected.length, 'the demo has calls in progress after 90 s').to.be.greaterThan(0);
    await page.waitForFunction(
      (count) => document.querySelectorAll('[data-testid=live-sessions] tbody tr').length === count,
      expected.length,
      { timeout: 15_000 },
    );
    expect(await shown()).to.deep.equal(expected);
    const firstRow = await page.$eval('[data-testid=live-sessions] tbody tr', (row) => row.textContent ?? '');
    expect(firstRow).to.match(/PBX Berlin|Carrier A|Carrier B/);
    await shot('1-live-sessions');

    // the traffic runs on: a minute later the table shows the new set, without a reload
    await advance(60);
    const later = await api();
    expect(later, 'the calls in progress changed').to.not.deep.equal(expected);
    await page.waitForFunction(
      (ids) => {
        const rows = Array.from(document.querySelectorAll('[data-testid=live-sessions] tbody tr'))
          .map((row) => row.getAttribute('data-session'))
          .sort();
        return JSON.stringify(rows) === JSON.stringify(ids);
      },
      later,
      { timeout: 15_000 },
    );
    expect(Number(await page.textContent('[data-testid=live-count]'))).to.equal(later.length);
    await shot('2-live-sessions-refreshed');
  });

  it("charts calls per second and concurrent sessions, and shows a call's SIP ladder from the call history", async () => {
    // a reload draws the charts at once
    await page.reload();
    await page.waitForSelector('[data-testid=chart-calls] canvas');
    await page.waitForSelector('[data-testid=chart-sessions] canvas');
    const series = (await gateway.admin().get('/_sim/labs/default/traffic/series')).json as {
      points: Array<{ concurrentSessions: number; callsStarted: number }>;
    };
    expect(
      series.points.some((point) => point.callsStarted > 0),
      'the series counts the demo calls',
    ).to.equal(true);
    expect(await page.textContent('[data-testid=chart-sessions] figcaption')).to.match(/now \d+ sessions/);

    const history = (await gateway.admin().post('/api/callHistory/get', { json: { count: 25 } })).json as {
      totalCount: number;
      entries: Array<{ sessionIdentifier: string; routeName?: string }>;
    };
    expect(history.totalCount).to.be.greaterThan(0);
    await page.waitForFunction(
      (id) => document.querySelector(`[data-testid=call-history] tr[data-session="${id}"]`) !== null,
      history.entries[0]!.sessionIdentifier,
      { timeout: 15_000 },
    );
    const listed = await page.$$eval('[data-testid=call-history] tbody tr', (rows) =>
      rows.map((row) => row.getAttribute('data-session')),
    );
    expect(listed).to.deep.equal(history.entries.map((entry) => entry.sessionIdentifier));

    const pick = history.entries.find((entry) => entry.routeName !== undefined) ?? history.entries[0]!;
    await page.click(`[data-testid=call-history] tr[data-session="${pick.sessionIdentifier}"]`);
    await page.waitForSelector('[data-testid=ladder-arrow]');
    const ladder = (await page.textContent('[data-testid=ladder]')) ?? '';
    expect(ladder).to.contain(pick.sessionIdentifier);
    expect(ladder).to.contain('INVITE');
    const messages = (
      await gateway.admin().get('/api/messageHistory', { query: { filterSessionIdentifier: pick.sessionIdentifier } })
    ).json as unknown[];
    await page.waitForFunction(
      (count) => document.querySelectorAll('[data-testid=ladder-arrow]').length === count,
      messages.length,
      { timeout: 10_000 },
    );
    // the gateway's own page of the ladder is a link away
    expect(await page.getAttribute('[data-testid=ladder] a >> text=open in a tab', 'href')).to.contain(
      'resultFormat=HTML',
    );
    await shot('3-call-ladder');
  });

  it('shows the nodes and routes of the committed configuration', async () => {
    const overview = await page.waitForSelector('[data-testid=overview] table');
    const text = (await page.textContent('[data-testid=overview]')) ?? '';
    for (const name of [
      'PBX Berlin',
      'Carrier A',
      'Carrier B',
      'National calls via Carrier A, failover to Carrier B',
      'Calls from the carriers to the PBX',
    ]) {
      expect(text).to.contain(name);
    }
    const gatewayView = (await gateway.admin().get('/_sim/labs/default/gateway')).json as {
      nodes: Array<{ displayName: string; local: { port: number } }>;
    };
    const pbx = gatewayView.nodes.find((node) => node.displayName === 'PBX Berlin')!;
    expect(await overview.textContent()).to.contain(`:${pbx.local.port}/`);
    await shot('4-configuration');
    expect([...hosts], "no request leaves the gateway's origin").to.deep.equal([new URL(gateway.baseUrl).host]);
    expect(failed, 'every request of the page succeeded').to.deep.equal([]);
  });
});

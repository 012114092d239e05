import { expect } from 'chai';
import { existsSync, mkdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { DEFAULT_LAB } from '../../../src/shared/domain/LabId.js';
import { BatchingMonitorSinks } from '../../../src/contexts/monitoring/history/application/BatchingMonitorSinks.js';
import { TrafficLabs } from '../../../src/contexts/simulation/index.js';
import { ApiClient } from '../../support/ApiClient.js';
import { TestGateway } from '../../support/TestGateway.js';
import { ADMIN_PASSWORD } from '../../support/testConfig.js';

export const CHROMIUM = '/usr/bin/chromium';
export const SHOTS = path.join(tmpdir(), 'gwsim-console-shots');
const PBX_PROFILE = '1d22157e-d6d5-4c79-9c1e-dd47c50e57e1';

export interface FaultRuleView {
  id: string;
  match?: { operation?: string };
  effect: { status?: number };
  count?: number;
  remaining?: number;
}

/**
 * A demo gateway whose default lab has calls in progress, a second lab "training" with a committed node of its
 * own, and a Chromium page that records the hosts it asks and what failed. Registers the before and after hooks
 * of the describe it is called in (skipped without Chromium).
 */
export function consoleLab() {
  let gateway: TestGateway;
  let browser: Browser;
  let page: Page;
  let admin: ApiClient;
  let training: ApiClient;
  const hosts = new Set<string>();
  const failed: string[] = [];

  async function shot(name: string): Promise<void> {
    const file = path.join(SHOTS, `${name}.png`);
    await page.screenshot({ path: file, fullPage: true });
    expect(statSync(file).size, `${name}.png is a picture`).to.be.greaterThan(5_000);
  }

  const liveRows = async () => page.$$eval('[data-testid=live-sessions] tbody tr', (rows) => rows.length);

  before(async function () {
    if (!existsSync(CHROMIUM)) this.skip();
    mkdirSync(SHOTS, { recursive: true });
    gateway = await TestGateway.start({ store: 'memory', config: { demo: true } });
    admin = gateway.admin();
    // the default lab's demo traffic has calls in progress
    for (let step = 0; step < 90; step += 5) {
      gateway.clock.advance(5000);
      await gateway.get(TrafficLabs).advance(DEFAULT_LAB);
    }
    await gateway.get(BatchingMonitorSinks).flush();
    // a second lab, made through the API, with a node of its own (committed)
    const made = await admin.post('/_sim/labs', { json: { name: 'training', displayName: 'Training room' } });
    expect(made.status, made.text).to.equal(200);
    training = new ApiClient(`${gateway.baseUrl}/labs/training`, { username: 'anadmin', password: ADMIN_PASSWORD });
    const added = await training.post('/api/nodes/addSystem', {
      version: 3,
      query: { profile: PBX_PROFILE },
      json: { displayName: 'Lab PBX', udpTcpPort: 5070, tlsPort: 5071 },
    });
    expect(added.status, added.text).to.equal(200);
    const committed = await training.post('/api/coreConfig/commit');
    expect(committed.status, committed.text).to.equal(200);

    browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-dev-shm-usage'] });
    page = await browser.newPage({ viewport: { width: 1400, height: 1800 } });
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

  return {
    state: () => ({ gateway, browser, page, admin, training }),
    hosts,
    failed,
    shot,
    liveRows,
  };
}

/** Signs the administrator in to the console of the default lab. */
export async function signInToConsole(page: Page, gateway: TestGateway): Promise<void> {
  await page.goto(`${gateway.baseUrl}/_sim/console`);
  await page.fill('input[name=username]', 'anadmin');
  await page.fill('input[name=password]', ADMIN_PASSWORD);
  await page.click('button[type=submit]');
  await page.waitForSelector('[data-testid=lab-select]');
}

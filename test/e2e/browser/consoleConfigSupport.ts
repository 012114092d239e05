import { expect } from 'chai';
import { existsSync, mkdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { DEFAULT_LAB } from '../../../src/shared/domain/LabId.js';
import { BatchingMonitorSinks } from '../../../src/contexts/monitoring/history/application/BatchingMonitorSinks.js';
import { TrafficLabs } from '../../../src/contexts/simulation/index.js';
import type { ApiClient } from '../../support/ApiClient.js';
import { TestGateway } from '../../support/TestGateway.js';
import { PROFILES, addSystem } from '../../acceptance/configuration/nodesSupport.js';
import { CHROMIUM, SHOTS, signInToConsole } from './consoleLabsSupport.js';

/** The page's document, in the functions that run in the browser (this file is compiled without the DOM library). */
declare const document: {
  querySelectorAll(selector: string): ArrayLike<{ scrollWidth: number; clientWidth: number; className: string }>;
};

/**
 * A lab as a trainee finds it: a gateway with no demo, one PBX node committed ("PBX", 5070/5071), a lab license,
 * no traffic; and a Chromium page that records what failed. Registers the before and after hooks of the describe
 * it is called in (skipped without Chromium).
 */
export function trainingLab() {
  let gateway: TestGateway;
  let browser: Browser;
  let page: Page;
  let admin: ApiClient;
  let pbx: string;
  const failed: string[] = [];

  before(async function () {
    if (!existsSync(CHROMIUM)) this.skip();
    mkdirSync(SHOTS, { recursive: true });
    gateway = await TestGateway.start({ store: 'memory' });
    admin = gateway.admin();
    const [node] = await addSystem(admin, PROFILES.genericPbx, { displayName: 'PBX', udpTcpPort: 5070, tlsPort: 5071 });
    pbx = node!.id;
    const committed = await admin.post('/api/coreConfig/commit');
    expect(committed.status, committed.text).to.equal(200);
    const systemIds = await admin.get('/api/licenses/systemIds/get');
    const license = await admin.put('/api/licenses/importLod', {
      json: {
        licenseKey: 'GWSIM-LAB30-0000-0002',
        companyName: 'Lab',
        emailAddress: 'lab@example.com',
        licensingDevice: systemIds.json[0].id,
      },
    });
    expect(license.status, license.text).to.equal(200);
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-dev-shm-usage'] });
    page = await browser.newPage({ viewport: { width: 1400, height: 1800 }, acceptDownloads: true });
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

  async function shot(name: string): Promise<void> {
    const file = path.join(SHOTS, `${name}.png`);
    await page.screenshot({ path: file, fullPage: true });
    expect(statSync(file).size, `${name}.png is a picture`).to.be.greaterThan(20_000);
  }

  /** Moves the lab's manual clock in 5-second steps, the engine following, and flushes the monitor's records. */
  async function advance(seconds: number): Promise<void> {
    for (let step = 0; step < seconds; step += 5) {
      gateway.clock.advance(5000);
      await gateway.get(TrafficLabs).advance(DEFAULT_LAB);
    }
    await gateway.get(BatchingMonitorSinks).flush();
  }

  return { state: () => ({ gateway, page, admin, pbx }), failed, shot, advance };
}

/** Signs the administrator in and opens the Configure view. */
export async function openConfigure(page: Page, gateway: TestGateway): Promise<void> {
  await signInToConsole(page, gateway);
  await page.click('[data-testid=view-configure]');
  await page.waitForSelector('[data-testid=pending-status]');
}

/**
 * The panels of the view whose content is wider than the panel itself (a table spilling out of it): every table
 * must fit its panel or scroll inside a `.scroll` of its own.
 */
export async function spillingPanels(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll('.panel'))
      .filter((panel) => panel.scrollWidth > panel.clientWidth + 1)
      .map((panel) => panel.className),
  );
}

/** The text of an element once it matches, waiting up to 15 s. */
export async function textOnceMatching(page: Page, selector: string, pattern: RegExp): Promise<string> {
  const element = await page.waitForSelector(selector, { timeout: 15_000 });
  const deadline = Date.now() + 15_000;
  for (;;) {
    const text = (await element.textContent()) ?? '';
    if (pattern.test(text)) return text;
    if (Date.now() > deadline) throw new Error(`${selector} says "${text}", not ${pattern}`);
    await page.waitForTimeout(100);
  }
}

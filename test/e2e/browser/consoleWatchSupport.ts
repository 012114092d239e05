import { expect } from 'chai';
import { existsSync, mkdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { DEFAULT_LAB } from '../../../src/shared/domain/LabId.js';
import { BatchingMonitorSinks } from '../../../src/contexts/monitoring/history/application/BatchingMonitorSinks.js';
import { TrafficLabs } from '../../../src/contexts/simulation/index.js';
import type { ApiClient } from '../../support/ApiClient.js';
import { TestGateway } from '../../support/TestGateway.js';
import { CHROMIUM, SHOTS } from './consoleLabsSupport.js';

/** The page's document, in the functions that run in the browser (this file is compiled without the DOM library). */
declare const document: { querySelectorAll(selector: string): ArrayLike<BrowserElement> };
declare function getComputedStyle(element: BrowserElement): Record<string, string>;
interface Box {
  left: number;
  right: number;
  top: number;
  bottom: number;
}
interface BrowserElement {
  closest(selector: string): BrowserElement | null;
  querySelector(selector: string): BrowserElement | null;
  getBoundingClientRect(): Box;
  getAttribute(name: string): string | null;
  scrollWidth: number;
  clientWidth: number;
  scrollLeft: number;
  className: string;
}

/** A table of the Watch view as laid out: whether it fits its panel, or scrolls inside it with its first column kept. */
export interface TableLayout {
  readonly panel: string;
  readonly table: string;
  /** The table's right edge is within its panel's content box. */
  readonly fits: boolean;
  /** Scrolled to its far right, the wrapper still shows the first column's cells, and stays inside the panel. */
  readonly keyKept: boolean;
  readonly overBy: number;
}

/**
 * Every table of the Watch view, measured: does it fit its panel; when it does not, is it inside a `.scroll` of
 * its own that, scrolled to the far right, still shows the table's first column (sticky) within the panel?
 */
export async function tableLayouts(page: Page): Promise<TableLayout[]> {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll('main.watch table')).map((table) => {
      const panel = table.closest('.panel')!;
      const style = getComputedStyle(panel);
      const box = panel.getBoundingClientRect();
      const right = box.right - parseFloat(style['borderRightWidth']!) - parseFloat(style['paddingRight']!);
      const edge = table.getBoundingClientRect().right;
      const fits = edge <= right + 1;
      let keyKept = false;
      const scroller = table.closest('.scroll');
      if (!fits && scroller && scroller.closest('.panel') === panel) {
        scroller.scrollLeft = scroller.scrollWidth;
        const frame = scroller.getBoundingClientRect();
        const cells = Array.from(
          (table as unknown as { querySelectorAll(s: string): ArrayLike<BrowserElement> }).querySelectorAll(
            'tr > :first-child',
          ),
        );
        keyKept =
          frame.right <= right + 1 &&
          cells.every((cell) => {
            const at = cell.getBoundingClientRect();
            return at.left >= frame.left - 1 && at.right <= frame.right + 1;
          });
        scroller.scrollLeft = 0;
      }
      return {
        panel: panel.getAttribute('data-testid') ?? panel.className,
        table: table.getAttribute('data-testid') ?? table.className,
        fits,
        keyKept,
        overBy: Math.round(edge - right),
      };
    }),
  );
}

/**
 * The demo gateway with 90 s of its traffic (calls in progress, a call history, trunks), a fault rule in the
 * default lab, and a Chromium that shows its scroll bars as a desktop does (they take room from the panels).
 * Registers the before and after hooks of the describe it is called in (skipped without Chromium).
 */
export function watchLab() {
  let gateway: TestGateway;
  let browser: Browser;
  let admin: ApiClient;
  const failed: string[] = [];

  before(async function () {
    if (!existsSync(CHROMIUM)) this.skip();
    mkdirSync(SHOTS, { recursive: true });
    gateway = await TestGateway.start({ store: 'memory', config: { demo: true } });
    admin = gateway.admin();
    await advance(90);
    const rule = await admin.post('/_sim/labs/default/faults', {
      json: { match: { operation: 'nodes/get', method: 'GET' }, effect: { status: 503 }, count: 3 },
    });
    expect(rule.status, rule.text).to.equal(200);
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--no-sandbox', '--disable-dev-shm-usage'],
      ignoreDefaultArgs: ['--hide-scrollbars'],
    });
  });

  after(async () => {
    await browser?.close();
    await gateway?.stop();
  });

  /** Moves the manual clock in 5-second steps, the engine following, and flushes the monitor's records. */
  async function advance(seconds: number): Promise<void> {
    for (let step = 0; step < seconds; step += 5) {
      gateway.clock.advance(5000);
      await gateway.get(TrafficLabs).advance(DEFAULT_LAB);
    }
    await gateway.get(BatchingMonitorSinks).flush();
  }

  /** A page of a new browser context (its own cookies) of that size and time zone, recording what failed. */
  async function open(
    width: number,
    height: number,
    timezoneId: string,
  ): Promise<{ context: BrowserContext; page: Page }> {
    const context = await browser.newContext({ viewport: { width, height }, timezoneId });
    const page = await context.newPage();
    page.on('requestfailed', (request) => {
      failed.push(request.url());
    });
    page.on('pageerror', (error) => {
      failed.push(`page error: ${error.message}`);
    });
    return { context, page };
  }

  return { state: () => ({ gateway, admin }), advance, open, failed };
}

/** A full-page screenshot in the folder the console's other tests use. */
export async function shot(page: Page, name: string): Promise<void> {
  const file = path.join(SHOTS, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  expect(statSync(file).size, `${name}.png is a picture`).to.be.greaterThan(20_000);
}

/** The date (yyyy-mm-dd) and time (hh:mm:ss) of an instant in a time zone, as the console shows it there. */
export function dateAndTimeIn(iso: string, timeZone: string): { date: string; time: string } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(iso))
      .map((part) => [part.type, part.value]),
  );
  return {
    date: `${parts['year']}-${parts['month']}-${parts['day']}`,
    time: `${parts['hour']}:${parts['minute']}:${parts['second']}`,
  };
}

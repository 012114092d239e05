import path from 'node:path';
import { expect } from 'chai';
import type { ApiClient } from '../../support/ApiClient.js';
import type { TestGateway } from '../../support/TestGateway.js';
import { spillingPanels } from './consoleConfigSupport.js';
import { SHOTS, signInToConsole } from './consoleLabsSupport.js';
import { dateAndTimeIn, shot, tableLayouts, watchLab } from './consoleWatchSupport.js';

/** The page's document, in the functions that run in the browser (this file is compiled without the DOM library). */
declare const document: {
  querySelector(selector: string): { getAttribute(name: string): string | null } | null;
  querySelectorAll(selector: string): ArrayLike<unknown>;
};

/** A time zone whose day is not UTC's at the test gateway's hour (08:00 UTC is 23:00 the day before there). */
const ZONE = 'America/Anchorage';

/** The tables the demo's Watch view shows an administrator (with a fault rule and the demo's trunks). */
const TABLES = ['live-table', 'history-table', 'dashboard-nodes', 'overview-nodes', 'fault-rules', 'sip-trunks'];

interface HistoryEntry {
  sessionIdentifier: string;
  startDateTime: string;
}

interface Series {
  time: string;
  points: Array<{ time: string }>;
}

/**
 * The Watch view as a trainer reads it on a laptop and on a desktop: every table fits its panel or scrolls inside
 * it with its first column kept in view, the call history's rows carry their date (the lab clock's, in the
 * browser's time zone), and the charts span the window chosen. Every check reads the page against the API.
 */
describe("the web console's Watch view: tables, dates and chart windows", function () {
  this.timeout(180_000);
  const lab = watchLab();
  let gateway: TestGateway;
  let admin: ApiClient;
  before(() => ({ gateway, admin } = lab.state()));

  for (const width of [1400, 1024]) {
    it(`at ${width} px every table fits its panel or scrolls in it with its first column in view; the call history's result and duration are in view`, async () => {
      const { context, page } = await lab.open(width, 1000, ZONE);
      await signInToConsole(page, gateway);
      for (const table of TABLES) await page.waitForSelector(`[data-testid=${table}] tbody tr`, { timeout: 15_000 });
      const layouts = await tableLayouts(page);
      expect(
        layouts.map((layout) => layout.table),
        'every table of the view is measured',
      ).to.include.members(TABLES);
      for (const layout of layouts)
        expect(
          layout.fits || layout.keyKept,
          `${layout.panel}'s ${layout.table} spills out of its panel by ${layout.overBy} px`,
        ).to.equal(true);
      expect(await spillingPanels(page), 'no panel scrolls as a whole').to.deep.equal([]);
      // the call history's key columns are in view without scrolling
      const hidden = await page.$$eval('[data-testid=call-history] tbody tr:first-child td[data-testid]', (cells) =>
        cells
          .filter((cell) => {
            const panel = cell.closest('.panel')!.getBoundingClientRect();
            const box = cell.getBoundingClientRect();
            return box.left < panel.left || box.right > panel.right;
          })
          .map((cell) => cell.getAttribute('data-testid')),
      );
      expect(hidden, 'the started, result and duration cells are in view').to.deep.equal([]);
      expect(lab.failed).to.deep.equal([]);
      await shot(page, `watch-${width}`);
      await context.close();
    });
  }

  it("dates each call of the history on the lab's clock in the browser's time zone", async () => {
    const { context, page } = await lab.open(1400, 1000, ZONE);
    await signInToConsole(page, gateway);
    const history = (
      await admin.post('/api/callHistory/get', { query: { dateFormat: 'ISO-8601' }, json: { count: 25 } })
    ).json as { entries: HistoryEntry[] };
    expect(history.entries.length, 'the demo ended calls').to.be.greaterThan(0);
    await page.waitForFunction(
      (id) => document.querySelector(`[data-testid=call-history] tr[data-session="${id}"]`) !== null,
      history.entries[0]!.sessionIdentifier,
      { timeout: 15_000 },
    );
    for (const entry of history.entries.slice(0, 5)) {
      const cell = `[data-testid=call-history] tr[data-session="${entry.sessionIdentifier}"] [data-testid=history-started]`;
      const shown = ((await page.textContent(cell)) ?? '').trim();
      const there = dateAndTimeIn(entry.startDateTime, ZONE);
      expect(shown, `the call of ${entry.startDateTime}`).to.equal(`${there.date} ${there.time}`);
      // the browser's zone, not UTC's: its day is another here
      expect(there.date).to.not.equal(dateAndTimeIn(entry.startDateTime, 'UTC').date);
      expect(await page.getAttribute(`${cell} time`, 'title')).to.contain(ZONE);
    }
    // the lab's day, not the wall clock's: the test gateway's clock runs on 1 March 2026
    const today = dateAndTimeIn(new Date().toISOString(), ZONE).date;
    const first = dateAndTimeIn(history.entries[0]!.startDateTime, ZONE).date;
    if (first !== today) {
      expect(await page.textContent('[data-testid=call-history] tbody'), "the wall clock's day").to.not.contain(today);
    }
    expect(await page.textContent('[data-testid=call-history] h2')).to.contain(ZONE);
    await context.close();
  });

  it('charts the window chosen, 5, 15 or 60 minutes up to the lab time, with every point the series holds for it', async () => {
    const { context, page } = await lab.open(1400, 1000, ZONE);
    const asked: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/traffic/series')) asked.push(new URL(request.url()).searchParams.get('minutes')!);
    });
    await signInToConsole(page, gateway);
    const chart = async () =>
      page.$eval('[data-testid=chart-calls]', (figure) => ({
        from: Number(figure.getAttribute('data-from')),
        until: Number(figure.getAttribute('data-until')),
        points: Number(figure.getAttribute('data-points')),
      }));
    for (const minutes of [5, 15, 60]) {
      if (minutes !== 5) await page.click(`[data-testid=chart-window] button[data-minutes="${minutes}"]`);
      const series = (await admin.get('/_sim/labs/default/traffic/series', { query: { minutes } })).json as Series;
      expect(series.points.length, `the series holds the demo's first ${minutes} minutes`).to.be.greaterThan(0);
      await page.waitForFunction(
        ({ span, count }) => {
          const figure = document.querySelector('[data-testid=chart-calls]');
          const from = Number(figure?.getAttribute('data-from'));
          const until = Number(figure?.getAttribute('data-until'));
          return Math.round(until - from) === span && Number(figure?.getAttribute('data-points')) === count;
        },
        { span: minutes * 60, count: series.points.length },
        { timeout: 15_000 },
      );
      const drawn = await chart();
      // the axis ends at the lab's time (the manual clock stands still) and holds every point of the window
      expect(drawn.until).to.equal(Date.parse(series.time) / 1000);
      for (const point of series.points) expect(Date.parse(point.time) / 1000).to.be.within(drawn.from, drawn.until);
      expect(asked, 'the series is read for the window').to.include(String(minutes));
      expect(
        await page.getAttribute(`[data-testid=chart-window] button[data-minutes="${minutes}"]`, 'aria-checked'),
      ).to.equal('true');
      expect(await page.textContent('[data-testid=charts] h2')).to.contain(
        minutes === 60 ? 'last hour' : `last ${minutes} minutes`,
      );
      if (minutes === 5)
        await (await page.$('[data-testid=charts]'))!.screenshot({ path: path.join(SHOTS, 'watch-charts-5min.png') });
    }
    // the window chosen is kept for the next visit
    await page.reload();
    await page.waitForSelector('[data-testid=chart-calls]');
    await page.waitForFunction(
      () => {
        const figure = document.querySelector('[data-testid=chart-calls]');
        return Number(figure?.getAttribute('data-until')) - Number(figure?.getAttribute('data-from')) === 3600;
      },
      undefined,
      { timeout: 15_000 },
    );
    await context.close();
  });
});

import { expect } from 'chai';
import path from 'node:path';
import type { Page } from 'playwright-core';
import type { ApiClient } from '../../support/ApiClient.js';
import type { TestGateway } from '../../support/TestGateway.js';
import { SHOTS, signInToConsole } from './consoleLabsSupport.js';
import { watchLab } from './consoleWatchSupport.js';

interface HistoryEntry {
  sessionIdentifier: string;
  inboundNodeName: string | null;
  outboundNodeName?: string;
}

interface Message {
  messageType: string;
  message: string;
  sourceIpAddress: string;
  sourcePort: number;
  destinationIpAddress: string;
  destinationPort: number;
  timestamp: number;
}

interface Endpoint {
  host: string;
  port: number;
  address: string;
}

interface GatewayView {
  nodes: Array<{ displayName: string; local: Endpoint; remote?: Endpoint }>;
}

/** A lane of the ladder as the page shows it, and where its name is drawn. */
interface ShownLane {
  name: string;
  side: string;
  host: string;
  address: string;
  left: number;
  right: number;
}

async function shownLanes(page: Page): Promise<ShownLane[]> {
  return page.$$eval('[data-testid=ladder-lane]', (lanes) =>
    lanes.map((lane) => {
      const text = (id: string) => lane.querySelector(`[data-testid=${id}]`)?.textContent?.trim() ?? '';
      const box = lane.querySelector('[data-testid=lane-name]')!.getBoundingClientRect();
      return {
        name: text('lane-name'),
        side: text('lane-side'),
        host: text('lane-host'),
        address: text('lane-address'),
        left: box.left,
        right: box.right,
      };
    }),
  );
}

/** The ladder's frame: its visible box and how far it scrolls. */
async function frame(page: Page) {
  return page.$eval('[data-testid=ladder-scroll]', (element) => {
    const box = element.getBoundingClientRect();
    return {
      left: box.left,
      right: box.right,
      top: box.top,
      bottom: box.bottom,
      scrollWidth: element.scrollWidth,
      clientWidth: element.clientWidth,
      scrollHeight: element.scrollHeight,
      clientHeight: element.clientHeight,
    };
  });
}

/**
 * The SIP ladder of a call picked in the call history, drawn by the console from the call's message history: a
 * lane per address, named after the committed node it belongs to (the gateway's side of the node, or the node's
 * far end with its host), every lane in view, scrolling both ways inside its frame; a click shows a message.
 */
describe("the web console's SIP ladder", function () {
  this.timeout(180_000);
  const lab = watchLab();
  let gateway: TestGateway;
  let admin: ApiClient;
  before(() => ({ gateway, admin } = lab.state()));

  it("names each lane after its node, shows every lane at 1400 px, scrolls down and sideways, and shows a message's text", async () => {
    const history = (await admin.post('/api/callHistory/get', { json: { count: 25 } })).json as {
      entries: HistoryEntry[];
    };
    const routed = history.entries.filter((entry) => entry.inboundNodeName && entry.outboundNodeName);
    expect(routed.length, 'the demo routed calls').to.be.greaterThan(0);
    // the routed call with the most lanes (a failover's: six), then the most messages
    const endpoints = (list: Message[]) =>
      new Set(
        list.flatMap((m) => [`${m.sourceIpAddress}:${m.sourcePort}`, `${m.destinationIpAddress}:${m.destinationPort}`]),
      );
    const size = (list: Message[]) => endpoints(list).size * 1000 + list.length;
    let pick = routed[0]!;
    let messages: Message[] = [];
    for (const entry of routed) {
      const read = (
        await admin.get('/api/messageHistory', { query: { filterSessionIdentifier: entry.sessionIdentifier } })
      ).json as Message[];
      if (size(read) > size(messages)) [pick, messages] = [entry, read];
    }
    const nodes = ((await admin.get('/_sim/labs/default/gateway')).json as GatewayView).nodes;

    const { context, page } = await lab.open(1400, 640, 'Europe/Berlin');
    await signInToConsole(page, gateway);
    const row = `[data-testid=call-history] tr[data-session="${pick.sessionIdentifier}"]`;
    await page.waitForSelector(row, { timeout: 15_000 });
    await page.click(row);
    await page.waitForSelector('[data-testid=ladder-lane]');
    await page.waitForFunction(
      (count) => document.querySelectorAll('[data-testid=ladder-arrow]').length === count,
      messages.length,
      { timeout: 10_000 },
    );
    const lanes = await shownLanes(page);

    // a lane per address the messages name, in the order they first appear, each named after its node: the node
    // listening there (the gateway's side), or the node whose far end it is
    const addresses = [
      ...new Set(
        [...messages]
          .sort((a, b) => a.timestamp - b.timestamp)
          .flatMap((m) => [`${m.sourceIpAddress}:${m.sourcePort}`, `${m.destinationIpAddress}:${m.destinationPort}`]),
      ),
    ];
    expect(lanes.map((lane) => lane.address)).to.deep.equal(addresses);
    const expected = addresses.map((address) => {
      const side = nodes.find((node) => `${node.local.address}:${node.local.port}` === address);
      if (side) return { name: side.displayName, side: 'gateway side', host: '' };
      const far = nodes.find((node) => node.remote && `${node.remote.address}:${node.remote.port}` === address)!;
      return { name: far.displayName, side: 'far end', host: far.remote!.host };
    });
    expect(lanes.map(({ name, side, host }) => ({ name, side, host }))).to.deep.equal(expected);
    for (const name of [pick.inboundNodeName!, pick.outboundNodeName!])
      expect(lanes.map((lane) => lane.name)).to.include(name);
    // one arrow per message, in time order
    const labels = await page.$$eval('[data-testid=ladder-arrow] .label', (all) =>
      all.map((l) => l.textContent?.trim()),
    );
    expect(labels).to.deep.equal([...messages].sort((a, b) => a.timestamp - b.timestamp).map((m) => m.messageType));

    // every lane in view at 1400 px
    let box = await frame(page);
    for (const lane of lanes)
      expect(lane.left >= box.left && lane.right <= box.right, `lane ${lane.name} ${lane.side} in view`).to.equal(true);

    // down: the frame scrolls, the lanes' names stay in view, the last message comes into view
    expect(box.scrollHeight, 'the ladder is taller than its frame').to.be.greaterThan(box.clientHeight);
    await page.$eval('[data-testid=ladder-scroll]', (element) => (element.scrollTop = element.scrollHeight));
    const head = await page.$eval('[data-testid=lane-name]', (name) => name.getBoundingClientRect().top);
    expect(head, 'the names stay at the top of the frame').to.be.within(box.top, box.top + 30);
    const last = await page.$$eval('[data-testid=ladder-arrow]', (all) => all.at(-1)!.getBoundingClientRect().bottom);
    expect(last).to.be.at.most(box.bottom);
    await page.$eval('[data-testid=ladder-scroll]', (element) => (element.scrollTop = 0));

    // a click on an arrow shows that message
    await page.click('[data-testid=ladder-arrow] >> nth=0');
    const first = [...messages].sort((a, b) => a.timestamp - b.timestamp)[0]!;
    expect(await page.textContent('[data-testid=ladder-message] pre')).to.contain(first.message.split('\r\n')[0]);
    await (await page.$('[data-testid=ladder]'))!.screenshot({ path: path.join(SHOTS, 'watch-ladder-1400.png') });

    // sideways in a narrow window: the frame scrolls, and the last lane comes into view
    await page.setViewportSize({ width: 720, height: 640 });
    await page.waitForFunction(() => {
      const element = document.querySelector('[data-testid=ladder-scroll]') as unknown as {
        scrollWidth: number;
        clientWidth: number;
      };
      return element.scrollWidth > element.clientWidth;
    });
    await page.$eval('[data-testid=ladder-scroll]', (element) => (element.scrollLeft = element.scrollWidth));
    box = await frame(page);
    const right = (await shownLanes(page)).at(-1)!;
    expect(right.left >= box.left && right.right <= box.right, 'the last lane scrolled into view').to.equal(true);
    expect(lab.failed).to.deep.equal([]);
    await context.close();
  });
});

/** The page's document, in the functions that run in the browser (this file is compiled without the DOM library). */
declare const document: {
  querySelector(selector: string): unknown;
  querySelectorAll(selector: string): ArrayLike<unknown>;
};

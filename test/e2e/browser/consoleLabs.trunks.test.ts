import { expect } from 'chai';
import { type Page } from 'playwright-core';
import { consoleLab, signInToConsole } from './consoleLabsSupport.js';

/** The page's document, in the functions that run in the browser (this file is compiled without the DOM library). */
declare const document: {
  querySelector(selector: string): { textContent: string | null; getAttribute(name: string): string | null } | null;
};

interface Trunk {
  nodeId: string;
  nodeName: string;
  target: string;
  farEnd: string;
  state: string;
  keepAlive?: { state: string; lastStatus?: number };
}

/** Waits until the trunk row of `nodeId` in the SIP panel says `state` (the panel reads the SIP state every 5 s). */
async function rowInState(page: Page, nodeId: string, state: string): Promise<void> {
  await page.waitForFunction(
    ([id, wanted]) =>
      document.querySelector(`[data-testid=sip-trunks] tr[data-node="${id}"]`)?.getAttribute('data-state') === wanted,
    [nodeId, state] as const,
    { timeout: 15_000 },
  );
}

/**
 * The console's SIP panel lists the trunks the gateway watches: in the demo (SIP off) every supervised node, its far
 * end simulated. A trunkDown fault added through the control API and a minute of the lab clock take Carrier B's
 * trunk down in the panel; removing it and another minute bring it back. Each check reads the page against the API.
 */
describe('the web console: the trunks the gateway watches', function () {
  this.timeout(180_000);
  const lab = consoleLab();
  const { failed, shot } = lab;

  before(() => signInToConsole(lab.state().page, lab.state().gateway));

  it("shows each trunk's far end, keep-alive and registration, and Carrier B going down under trunkDown and up after it", async () => {
    const { page, admin, gateway } = lab.state();
    const trunks = async () => (await admin.get('/_sim/labs/default/sip', { version: null })).json.trunks as Trunk[];
    const carrierB = (await trunks()).find((trunk) => trunk.nodeName === 'Carrier B')!;
    expect(carrierB).to.deep.include({ farEnd: 'simulated', state: 'up' });
    const row = `[data-testid=sip-trunks] tr[data-node="${carrierB.nodeId}"]`;
    await rowInState(page, carrierB.nodeId, 'up');
    const rows = await page.$$eval('[data-testid=sip-trunks] tbody tr', (trs) =>
      trs.map((tr) => (tr as unknown as { textContent: string }).textContent),
    );
    expect(rows.map((text) => text.split(/simulated|real/)[0]!.trim())).to.deep.equal([
      'Carrier A',
      'Carrier B',
      'PBX Berlin',
    ]);
    expect(await page.textContent(`${row} [data-testid=trunk-far-end]`))
      .to.contain('simulated')
      .and.contain('UDP sip.carrier.example.net:5060');
    expect(await page.textContent(`${row} [data-testid=trunk-keepalive-state]`)).to.equal('up');
    expect(await page.textContent(`${row} [data-testid=trunk-registration]`)).to.contain('none');
    const carrierA = (await trunks()).find((trunk) => trunk.nodeName === 'Carrier A')!;
    expect(
      await page.textContent(
        `[data-testid=sip-trunks] tr[data-node="${carrierA.nodeId}"] [data-testid=trunk-registration-state]`,
      ),
    ).to.equal('registered');
    await shot('12-trunks');

    const added = await admin.post('/_sim/labs/default/faults', {
      version: null,
      json: { effect: { kind: 'trunkDown', node: carrierB.nodeId } },
    });
    expect(added.status, added.text).to.equal(200);
    gateway.clock.advance(60_000);
    await rowInState(page, carrierB.nodeId, 'down');
    const down = (await trunks()).find((trunk) => trunk.nodeId === carrierB.nodeId)!;
    expect(down.keepAlive).to.deep.include({ lastStatus: 503 });
    expect(await page.textContent(`${row} [data-testid=trunk-keepalive-state]`)).to.equal('down');
    expect(await page.textContent(`${row} [data-testid=trunk-keepalive-last]`)).to.contain('503');
    // the keep-alives' counts are the dashboard's: the panel shows what dashboard/get answers
    const glance = (await admin.get('/api/dashboard/get')).json.sipNodes.find(
      (n: { id: string }) => n.id === carrierB.nodeId,
    ) as { optionsPackets: { sent: { success: number; failed: number } }; networkState: string };
    expect(glance.networkState).to.equal('down');
    const cell = `[data-testid=dashboard-nodes] tr[data-node="${carrierB.nodeId}"] [data-testid=dashboard-keepalives]`;
    await page.waitForFunction(
      ([selector, text]) => document.querySelector(selector)?.textContent === text,
      [cell, `${glance.optionsPackets.sent.success} answered, ${glance.optionsPackets.sent.failed} failed`] as const,
      { timeout: 15_000 },
    );
    expect(glance.optionsPackets.sent.failed).to.be.greaterThan(0);
    await shot('13-trunk-down');

    const removed = await admin.delete(`/_sim/labs/default/faults/${added.json.id}`, { version: null });
    expect(removed.status, removed.text).to.equal(200);
    gateway.clock.advance(60_000);
    await rowInState(page, carrierB.nodeId, 'up');
    expect(await page.textContent(`${row} [data-testid=trunk-keepalive-last]`)).to.contain('200');
    expect(failed, 'every request of the page succeeded, no page error').to.deep.equal([]);
  });
});

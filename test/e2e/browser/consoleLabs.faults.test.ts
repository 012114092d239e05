import { expect } from 'chai';
import { type Page } from 'playwright-core';
import { createSocket } from 'node:dgram';
import { ApiClient } from '../../support/ApiClient.js';
import { freeUdpPort } from '../../support/sip/sipp.js';
import { TestGateway } from '../../support/TestGateway.js';
import { addLocalUser } from '../../acceptance/identity/identitySupport.js';
import { consoleLab, type FaultRuleView, signInToConsole } from './consoleLabsSupport.js';

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
  const { hosts, failed, shot } = lab;
  let gateway: TestGateway;
  let page: Page;
  let admin: ApiClient;
  before(() => ({ gateway, page, admin } = lab.state()));

  before(() => signInToConsole(page, gateway));

  it('adds a fault rule through the form, removes it with its button, and shows the 400 message of a bad rule', async () => {
    const rules = async () => ((await admin.get('/_sim/labs/default/faults')).json as { rules: FaultRuleView[] }).rules;
    await page.selectOption('[data-testid=lab-select]', 'default');
    await page.waitForFunction(() => window.location.hash === '' || window.location.hash === '#', undefined, {
      timeout: 5_000,
    });
    await page.waitForFunction(
      () => (document.querySelector('[data-testid=faults-panel]')?.textContent ?? '').includes('lab default'),
      undefined,
      { timeout: 10_000 },
    );
    await page.waitForFunction(
      () => (document.querySelector('[data-testid=overview]')?.textContent ?? '').includes('PBX Berlin'),
      undefined,
      { timeout: 15_000 },
    );
    expect(await rules()).to.deep.equal([]);
    // the example prefilled is a rule the server takes
    const example = JSON.parse(await page.inputValue('[data-testid=fault-form] textarea')) as unknown;
    expect(example).to.deep.equal({ match: { operation: 'nodes/get' }, effect: { status: 503 }, count: 2 });
    await page.fill(
      '[data-testid=fault-form] textarea',
      JSON.stringify({ match: { operation: 'nodes/get', method: 'GET' }, effect: { status: 503 }, count: 3 }),
    );
    await page.click('[data-testid=fault-add]');
    await page.waitForSelector('[data-testid=fault-done]');
    const listed = await rules();
    expect(listed).to.have.length(1);
    expect(listed[0]).to.deep.include({
      match: { operation: 'nodes/get', method: 'GET' },
      effect: { status: 503 },
      count: 3,
      remaining: 3,
    });
    // the rule holds: the default lab's nodes/get answers 503 once, and the panel counts the hit
    expect((await admin.get('/api/nodes/get')).status).to.equal(503);
    const row = await page.waitForSelector(`[data-testid=faults-panel] tr[data-rule="${listed[0]!.id}"]`);
    expect(await row.textContent())
      .to.contain('GET nodes/get')
      .and.contain('status 503');
    await page.waitForFunction(
      (id) => {
        const cell = (name: string) =>
          document.querySelector(`[data-testid=faults-panel] tr[data-rule="${id}"] [data-testid=${name}]`)?.textContent;
        return cell('fault-hits') === '1' && cell('fault-remaining') === '2';
      },
      listed[0]!.id,
      { timeout: 12_000 },
    ); // refreshed within 5 s: hits 1, remaining 2
    await shot('9-fault-rules');

    await page.click(`[data-testid=faults-panel] tr[data-rule="${listed[0]!.id}"] [data-testid=fault-remove]`);
    await page.waitForFunction(
      () => (document.querySelector('[data-testid=fault-done]')?.textContent ?? '').startsWith('removed'),
      undefined,
      { timeout: 10_000 },
    );
    expect(await rules()).to.deep.equal([]);
    await page.waitForFunction(
      () => document.querySelectorAll('[data-testid=faults-panel] tbody tr').length === 0,
      undefined,
      { timeout: 10_000 },
    );
    expect((await admin.get('/api/nodes/get')).status).to.equal(200);

    // a bad rule: the server's 400 message, naming the field
    const bad = { match: { operation: 'nodes/get' }, effect: { status: 503 }, probability: 5 };
    await page.fill('[data-testid=fault-form] textarea', JSON.stringify(bad));
    await page.click('[data-testid=fault-add]');
    const problem = await page.waitForSelector('[data-testid=fault-problem]');
    const server = await admin.post('/_sim/labs/default/faults', { json: bad });
    expect(server.status).to.equal(400);
    const message = (await problem.textContent()) ?? '';
    expect(message).to.contain((server.json as { error: { message: string } }).error.message);
    expect(message).to.contain('probability');
    expect(await rules()).to.deep.equal([]);
    // and text that is not JSON is told apart before it is sent
    await page.fill('[data-testid=fault-form] textarea', '{"match": ');
    await page.click('[data-testid=fault-add]');
    await page.waitForFunction(
      () => (document.querySelector('[data-testid=fault-problem]')?.textContent ?? '').includes('not JSON'),
      undefined,
      { timeout: 5_000 },
    );
    await shot('10-fault-rule-refused');
  });

  it("shows the lab's real SIP: each node's listeners, a port another program holds as a failed listener with the system's reason", async () => {
    const holder = createSocket('udp4');
    const held = await freeUdpPort();
    await new Promise<void>((resolve) => holder.bind(held + 70, '127.0.0.1', () => resolve()));
    try {
      // PBX Berlin's port (5070 plus the offset) is the one held; the carriers' ports are free
      const on = await admin.put('/_sim/labs/default/sip', {
        version: null,
        json: { enabled: true, portOffset: held + 70 - 5070, supervision: false },
      });
      expect(on.status, on.text).to.equal(200);
      await page.waitForFunction(
        () => (document.querySelector('[data-testid=sip-state]')?.textContent ?? '') === 'on',
        undefined,
        { timeout: 12_000 },
      );
      const rows = await page.$$eval('[data-testid=sip-listeners] tbody tr', (trs) =>
        trs.map((tr) => (tr as unknown as { textContent: string }).textContent),
      );
      expect(rows.filter((row) => row.includes('PBX Berlin') && row.includes('UDP'))[0]).to.contain(
        `failed: bind EADDRINUSE`,
      );
      expect(rows.filter((row) => row.includes('Carrier A'))).to.have.length(2);
      for (const row of rows.filter((r) => r.includes('Carrier'))) expect(row).to.contain('listening');
      await shot('10-real-sip');
    } finally {
      await admin.put('/_sim/labs/default/sip', { version: null, json: { enabled: false, portOffset: 0 } });
      holder.close();
    }
  });

  it("shows a user who is not an administrator no lab selector nor control panels, and the server's message where he may not read", async () => {
    await addLocalUser(admin, 'exporter', 'Exporter-Pass-1357', { roleIds: ['CALL_HISTORY_EXPORTER'] });
    await page.click('header button.link');
    await page.waitForSelector('[data-testid=login]');
    await page.fill('input[name=username]', 'exporter');
    await page.fill('input[name=password]', 'Exporter-Pass-1357');
    await page.click('button[type=submit]');
    await page.waitForSelector('[data-testid=user]');
    expect(await page.textContent('[data-testid=user]')).to.contain('exporter');
    expect(await page.textContent('[data-testid=lab-name]')).to.contain('lab default');
    expect(await page.$('[data-testid=lab-select]'), 'no lab selector').to.equal(null);
    // a panel he may not read (the committed overview: configuration readers) shows the gateway's own message
    const refused = await gateway.client('exporter', 'Exporter-Pass-1357').get('/_sim/labs/default/gateway');
    expect(refused.status).to.equal(403);
    await page.waitForSelector('[data-testid=overview] [role=alert]');
    expect(await page.textContent('[data-testid=overview] [role=alert]')).to.contain(
      (refused.json as { error: { message: string } }).error.message,
    );
    expect(await page.textContent('[data-testid=overview]')).to.not.contain('Loading');
    // what he may read is shown as before
    await page.waitForSelector('[data-testid=live-sessions] tbody tr');
    await page.waitForTimeout(500);
    expect(await page.$('[data-testid=clock-panel]'), 'no clock panel').to.equal(null);
    expect(await page.$('[data-testid=faults-panel]'), 'no fault rules panel').to.equal(null);
    expect(await page.$('[data-testid=lab-clock]'), 'no lab clock in the header').to.equal(null);
    await shot('11-not-an-administrator');

    expect([...hosts], "no request leaves the gateway's origin").to.deep.equal([new URL(gateway.baseUrl).host]);
    expect(failed, 'every request of the page succeeded, no page error').to.deep.equal([]);
  });
});

import { expect } from 'chai';
import type { Page } from 'playwright-core';
import type { ApiClient } from '../../support/ApiClient.js';
import type { TestGateway } from '../../support/TestGateway.js';
import { openConfigure, spillingPanels, textOnceMatching, trainingLab } from './consoleConfigSupport.js';

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/;

/**
 * The console configures, as a trainee would use it: in a lab with one committed PBX, build a carrier node from a
 * provider profile and a route from the PBX to it through the typed forms (each refusal shown at its input),
 * read the pending changes, commit, place a call from the traffic panel and see it routed to the new carrier in
 * the sessions in progress and the call history. Every check reads the page against what the API answers.
 */
describe('the web console configures: a carrier, a route, a commit and a call routed to the carrier', function () {
  this.timeout(240_000);
  const lab = trainingLab();
  const { failed, shot, advance } = lab;
  let gateway: TestGateway;
  let page: Page;
  let admin: ApiClient;
  let pbx: string;
  let carrier: string;
  before(() => ({ gateway, page, admin, pbx } = lab.state()));

  it('adds a carrier from a provider profile, showing the refusal of a request without credentials at its input', async () => {
    await openConfigure(page, gateway);
    const form = '[data-testid=node-form]';
    await page.selectOption(`${form} select[name=kind]`, 'provider');
    await page.waitForSelector(`${form} select[name=profile] option:text-is("Generic SIP trunk carrier")`, {
      state: 'attached',
    });
    await page.selectOption(`${form} select[name=profile]`, { label: 'Generic SIP trunk carrier' });
    await page.fill(`${form} input[name=displayName]`, 'Carrier C');
    await page.fill(`${form} input[name=udpTcpPort]`, '5180');
    await page.fill(`${form} input[name=tlsPort]`, '5181');
    await page.click('[data-testid=node-add]');
    // the gateway's own refusal of the same request: its message, and its finding beside the credentials
    const refused = await admin.post('/api/nodes/addProvider', {
      version: 2,
      query: { profile: '550be012-da9c-45a3-83bb-2648cccc396e' },
      json: { displayName: 'Carrier C', udpTcpPort: 5180, tlsPort: 5181 },
    });
    expect(refused.status).to.equal(400);
    const note = await textOnceMatching(page, '[data-testid=node-refusal]', /./);
    expect(note)
      .to.contain(refused.json.error.message)
      .and.not.match(/\b400\b/);
    expect(await page.textContent(`${form} .field[data-field=credentials] .field-problems`)).to.contain(
      refused.json.error.details[0].message,
    );
    await shot('config-1-node-refused');

    await page.fill(`${form} input[name=username]`, 'trainee');
    await page.fill(`${form} input[name=password]`, 'Trunk-Secret-Pw-4711!');
    await page.click('[data-testid=node-add]');
    expect(await textOnceMatching(page, '[data-testid=node-done]', /added node Carrier C/)).to.match(/\d+ objects/);
    const nodes = (await admin.get('/api/nodes/get')).json as Array<{ id: string; displayName: string }>;
    carrier = nodes.find((node) => node.displayName === 'Carrier C')!.id;
    expect((await admin.get('/api/nodes/port/get', { query: { node: carrier } })).text).to.contain('5180');
  });

  it('adds a routing domain taking calls from the PBX, and a route to the carrier (a route without a target refused at its input)', async () => {
    await page.fill('[data-testid=domain-form] input[name=displayName]', 'Training');
    await page.check(`[data-testid=domain-form] input[name=sourceNodes][value="${pbx}"]`);
    await page.click('[data-testid=domain-add]');
    await textOnceMatching(page, '[data-testid=domain-done]', /added routing domain Training/);
    const domains = (await admin.get('/api/routingDomains/get')).json as Array<{
      displayName: string;
      sourceNodeIds: string[];
    }>;
    expect(domains.find((domain) => domain.displayName === 'Training')?.sourceNodeIds).to.deep.equal([pbx]);

    const form = '[data-testid=route-form]';
    await page.waitForSelector(`${form} select[name=domain] option:text-is("Training")`, { state: 'attached' });
    await page.selectOption(`${form} select[name=domain]`, { label: 'Training' });
    await page.fill(`${form} input[name=displayName]`, 'National via Carrier C');
    await page.check(`${form} input[name=from][value="${pbx}"]`);
    await page.fill(`${form} input[name=pattern]`, '0*');
    await page.click('[data-testid=route-add]');
    const target = `${form} .field[data-field="establishment.routingTargets[0]"] .field-problems`;
    expect(await textOnceMatching(page, target, /destinationNodeId/)).to.contain('must be the id of');
    await page.selectOption(`${form} select[name=target]`, carrier);
    await page.fill(`${form} input[name=deleteLeading]`, '1');
    await page.fill(`${form} input[name=addPrefix]`, '+49');
    await page.click('[data-testid=route-add]');
    await textOnceMatching(page, '[data-testid=route-done]', /added route National via Carrier C/);
    const routes = (
      await admin.get('/api/routingDomains/routes/get', { version: 1, query: { routingDomain: 'Training' } })
    ).json as Array<{ displayName: string; establishment: { routingTargets: Array<{ destinationNodeId: string }> } }>;
    expect(routes.map((route) => route.displayName)).to.deep.equal(['National via Carrier C']);
    expect(routes[0]!.establishment.routingTargets.map((t) => t.destinationNodeId)).to.deep.equal([carrier]);
    const listed = await textOnceMatching(page, '[data-testid=routing-forms] [data-domain=Training]', /Carrier C/);
    expect(listed).to.contain('from PBX to 0* → Carrier C');
  });

  it('lists the pending changes object by object as the gateway counts them, and commits them', async () => {
    const status = (await admin.get('/api/coreConfig/status/get')).json as {
      changedObjects: { added: number; removed: number; modified: number };
    };
    const { added, removed, modified } = status.changedObjects;
    expect(added, 'the carrier and the domain are new').to.be.greaterThan(2);
    await page.waitForFunction(
      (count) => document.querySelectorAll('[data-testid=pending-table] tbody tr').length === count,
      added + removed + modified,
      { timeout: 15_000 },
    );
    expect(await page.getAttribute(`[data-testid=pending-table] tr[data-id="${carrier}"]`, 'data-change')).to.equal(
      'added',
    );
    const rows = await page.$$eval('[data-testid=pending-table] tbody tr', (trs) =>
      trs.map((tr) => [tr.getAttribute('data-change'), tr.querySelector('td')?.textContent ?? '']),
    );
    expect(rows.filter(([change]) => change === 'added')).to.have.length(added);
    expect(rows.map(([, object]) => object)).to.include.members(['Carrier CTELSIP_STACK', 'TrainingTELRT_STACK']);
    expect(await page.textContent('[data-testid=pending-status]')).to.contain(`${added} added`);
    expect(await spillingPanels(page), 'every table fits its panel or scrolls in it').to.deep.equal([]);
    await shot('config-2-pending-changes');

    await page.click('[data-testid=config-commit]');
    await textOnceMatching(page, '[data-testid=pending-done]', /committed/);
    await page.waitForSelector('[data-testid=pending-none]', { timeout: 15_000 });
    expect((await admin.get('/api/coreConfig/status/get')).json.state).to.equal('COMMITTED');
    const committed = (await admin.get('/_sim/labs/default/gateway')).json as { nodes: Array<{ displayName: string }> };
    expect(committed.nodes.map((node) => node.displayName)).to.include('Carrier C');
  });

  it('places a call from the PBX in the traffic panel, and shows it routed to Carrier C live and in the history', async () => {
    await page.click('[data-testid=view-watch]');
    const form = '[data-testid=place-call]';
    await page.waitForSelector(`${form} select[name=node] option[value="${pbx}"]`, {
      state: 'attached',
      timeout: 20_000,
    });
    await page.selectOption(`${form} select[name=node]`, pbx);
    await page.fill(`${form} input[name=called]`, '0301234567');
    await page.selectOption(`${form} select[name=outcome]`, 'answer');
    await page.click('[data-testid=place-call-submit]');
    const done = await textOnceMatching(page, '[data-testid=place-call-done]', /in progress/);
    const session = UUID.exec(done)![0];

    const live = (await admin.post('/api/activeSessions/get', { json: {} })).json as {
      activeSessions: Array<{ sessionId: string; outgoing: Array<{ nodeId: string }> }>;
    };
    const call = live.activeSessions.find((entry) => entry.sessionId === session);
    expect(
      call?.outgoing.map((leg) => leg.nodeId),
      'the gateway offers the call to the carrier',
    ).to.deep.equal([carrier]);
    const row = await textOnceMatching(page, `[data-testid=live-sessions] tr[data-session="${session}"]`, /Carrier C/);
    expect(row).to.contain('PBX').and.contain('0301234567');
    await shot('config-3-call-in-progress');

    await advance(300);
    const history = (await admin.post('/api/callHistory/get', { json: { count: 10 } })).json as {
      entries: Array<{ sessionIdentifier: string; outboundNodeName: string; routeName: string; result: string }>;
    };
    const entry = history.entries.find((e) => e.sessionIdentifier === session);
    expect(entry).to.deep.include({
      outboundNodeName: 'Carrier C',
      routeName: 'National via Carrier C',
      result: 'ANSWERED',
    });
    const line = await textOnceMatching(
      page,
      `[data-testid=call-history] tr[data-session="${session}"]`,
      /National via Carrier C/,
    );
    expect(line).to.contain('PBX → Carrier C').and.contain('ANSWERED').and.contain('+49301234567');
    await shot('config-4-call-routed');
    expect(failed, 'every request of the page succeeded, no page error').to.deep.equal([]);
  });
});

/** The page's document, in the functions that run in the browser (this file is compiled without the DOM library). */
declare const document: { querySelectorAll(selector: string): ArrayLike<unknown> };

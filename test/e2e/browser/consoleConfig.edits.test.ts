import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { decodeConfigFile } from '@gwsim/config-file';
import type { Page } from 'playwright-core';
import type { ApiClient } from '../../support/ApiClient.js';
import type { TestGateway } from '../../support/TestGateway.js';
import { openConfigure, spillingPanels, textOnceMatching, trainingLab } from './consoleConfigSupport.js';

/**
 * The configuration browser's edits, driven as a trainee would: references followed as links, an edit that
 * meets a change made meanwhile through the API (a conflict, told in words with a reload), refusals shown in the
 * gateway's words (a referenced node removed, an object the catalog refuses), and the working configuration
 * exported, imported view-only and reverted. Every check reads the page against what the API answers.
 */
describe('the web console configures: the configuration browser, conflicts and refusals', function () {
  this.timeout(240_000);
  const lab = trainingLab();
  const { failed, shot } = lab;
  let gateway: TestGateway;
  let page: Page;
  let admin: ApiClient;
  let pbx: string;
  before(() => ({ gateway, page, admin, pbx } = lab.state()));

  /** Opens an object in the browser: its sort, then its row. */
  async function openObject(sort: string, id: string): Promise<void> {
    await page.click(`[data-testid=config-sorts] tr[data-sort=${sort}]`);
    await page.click(`[data-testid=config-objects] tr[data-id="${id}"]`);
    await page.waitForSelector(`[data-testid=config-object][data-id="${id}"]`);
  }

  const member = (name: string) => `[data-testid=config-object] tr[data-member=${name}] td`;

  it('shows an object with its references as links, and follows one to the object it names', async () => {
    await openConfigure(page, gateway);
    await openObject('TELSIP_STACK', pbx);
    const read = (await admin.get('/api/objects/get', { query: { id: pbx } })).json as Record<string, unknown>;
    expect(await page.textContent(member('nodeRole'))).to.equal(read['nodeRole']);
    const agent = read['sipUserAgentId'] as string;
    const agentName = (await admin.get('/api/objects/get', { query: { id: agent } })).json.displayName as string;
    expect(await page.textContent(`${member('sipUserAgentId')} [data-ref="${agent}"]`)).to.contain(agentName);
    await page.click(`${member('sipUserAgentId')} [data-ref="${agent}"]`);
    await page.waitForSelector(`[data-testid=config-object][data-id="${agent}"]`);
    expect(await page.textContent('[data-testid=config-object] h3'))
      .to.contain(agentName)
      .and.contain('SIPUA_STACK');
    expect(await spillingPanels(page), 'every table fits its panel or scrolls in it').to.deep.equal([]);
    await shot('config-5-object-links');
  });

  it('edits at the version read: a change made meanwhile through the API is a conflict, told in words with a reload', async () => {
    await openObject('TELSIP_STACK', pbx);
    const version = Number(await page.getAttribute('[data-testid=config-object]', 'data-version'));
    await page.click('[data-testid=object-edit]');
    await page.fill('[data-testid=config-object] input[name=comment]', 'edited in the console');
    const meanwhile = await admin.put('/api/objects/set', {
      query: { id: pbx },
      json: { comment: 'changed through the API' },
    });
    expect(meanwhile.status, meanwhile.text).to.equal(200);
    await page.click('[data-testid=object-save]');
    const conflict = await textOnceMatching(page, '[data-testid=object-conflict]', /Someone changed PBX/);
    const stale = await admin.put('/api/objects/set', {
      query: { id: pbx },
      json: { comment: 'x', metaData: { anynodefe: { version: String(version) } } },
    });
    expect(stale.status).to.equal(409);
    expect(conflict)
      .to.contain(`you edited version ${version}`)
      .and.contain(stale.json.error.message)
      .and.contain('Reload')
      .and.not.match(/\b409\b/);
    const kept = (await admin.get('/api/objects/get', { query: { id: pbx } })).json;
    expect(kept.comment, 'the other change is not overwritten').to.equal('changed through the API');
    await shot('config-6-conflict');

    await page.click('[data-testid=object-reload]');
    await textOnceMatching(page, member('comment'), /changed through the API/);
    expect(Number(await page.getAttribute('[data-testid=config-object]', 'data-version'))).to.equal(version + 1);
    await page.click('[data-testid=object-edit]');
    await page.fill('[data-testid=config-object] input[name=comment]', 'edited in the console');
    await page.click('[data-testid=object-save]');
    expect(await textOnceMatching(page, '[data-testid=object-done]', /saved/)).to.contain(`version ${version + 2}`);
    const saved = (await admin.get('/api/objects/get', { query: { id: pbx } })).json;
    expect(saved.comment).to.equal('edited in the console');
    expect(saved.metaData.anynodefe.version).to.equal(String(version + 2));
  });

  it("shows refusals in the gateway's words: a node a routing domain references, an object the catalog refuses", async () => {
    const domain = await admin.post('/api/routingDomains/add', {
      version: 1,
      json: { displayName: 'Main', sourceNodes: [pbx] },
    });
    expect(domain.status, domain.text).to.equal(200);
    await page.reload();
    await page.click('[data-testid=view-configure]');
    // the pending changes: the domain added, the node's comment modified, member by member
    const pbxRow = `[data-testid=pending-table] tr[data-id="${pbx}"]`;
    expect(await textOnceMatching(page, pbxRow, /common\.comment/)).to.contain('"" → "edited in the console"');
    expect(await page.getAttribute(pbxRow, 'data-change')).to.equal('modified');
    expect(
      await page.getAttribute(`[data-testid=pending-table] tr[data-id="${domain.json.id}"]`, 'data-change'),
    ).to.equal('added');
    await openObject('TELSIP_STACK', pbx);
    await page.click('[data-testid=object-remove]');
    await page.click('[data-testid=object-remove-confirm]');
    const said = await textOnceMatching(page, '[data-testid=object-remove-refusal]', /cannot be removed/);
    const refused = await admin.delete('/api/objects/remove', { query: { id: pbx } });
    expect(refused.status).to.equal(409);
    expect(said)
      .to.contain(refused.json.error.message)
      .and.contain(refused.json.error.details[0].message)
      .and.not.match(/\b409\b/);
    expect((await admin.get('/api/objects/get', { query: { id: pbx } })).status, 'the node stays').to.equal(200);

    await page.click('[data-testid=config-sorts] tr[data-sort=SIPUA_STACK]');
    const form = '[data-testid=config-add]';
    await page.fill(`${form} input[name=displayName]`, 'Lone agent');
    await page.fill(`${form} textarea[name=parameters]`, '{"sessionExpiresSeconds": "soon"}');
    await page.click(`${form} button[type=submit]`);
    const invalid = await textOnceMatching(page, '[data-testid=config-add-refusal]', /sessionExpiresSeconds/);
    const catalog = await admin.put('/api/objects/set', {
      query: { id: randomUUID() },
      json: { sort: 'SIPUA_STACK', displayName: 'Lone agent', sessionExpiresSeconds: 'soon' },
    });
    expect(catalog.status).to.equal(400);
    expect(invalid).to.contain(catalog.json.error.message);
    for (const detail of catalog.json.error.details as Array<{ field: string; message: string }>)
      expect(invalid).to.contain(`${detail.field}: ${detail.message}`);
    const agents = (await admin.get('/api/objects/sorts', { query: { sort: 'SIPUA_STACK' } })).json as unknown[];
    expect(agents, 'nothing was added').to.have.length(1);
    await shot('config-7-refusals');

    await page.fill(`${form} textarea[name=parameters]`, '{"sessionExpiresSeconds": ');
    await page.click(`${form} button[type=submit]`);
    await textOnceMatching(page, '[data-testid=config-add-refusal]', /not JSON: nothing was sent/);
  });

  it('adds a dial string rewriting object and a rule, a rule the gateway refuses shown at its input', async () => {
    await page.fill('[data-testid=rewriting-add-form] input[name=displayName]', 'To E.164');
    await page.click('[data-testid=rewriting-add-form] button[type=submit]');
    await page.waitForSelector('[data-testid=rule-form]');
    const form = '[data-testid=rule-form]';
    await page.fill(`${form} input[name=displayName]`, 'national to E.164');
    await page.fill(`${form} input[name=prefix]`, '0');
    await page.fill(`${form} input[name=deleteLeadingCharacters]`, '99');
    await page.fill(`${form} input[name=addPrefix]`, '+49');
    await page.click('[data-testid=rule-add]');
    const field = `${form} .field[data-field=deleteLeadingCharacters] .field-problems`;
    expect(await textOnceMatching(page, field, /deleteLeadingCharacters/)).to.contain('must not be greater than 64');
    const [rewriting] = (await admin.get('/api/dialStringRewriting/get')).json as Array<{
      id: string;
      rules: unknown[];
    }>;
    expect(rewriting!.rules, 'nothing was stored').to.deep.equal([]);
    await page.fill(`${form} input[name=deleteLeadingCharacters]`, '1');
    await page.click('[data-testid=rule-add]');
    await textOnceMatching(page, '[data-testid=rule-done]', /added rule national to E.164/);
    const rules = (
      await admin.get('/api/dialStringRewriting/rules/get', { query: { dialStringRewriting: rewriting!.id } })
    ).json as Array<Record<string, unknown>>;
    expect(rules).to.have.length(1);
    expect(rules[0]).to.deep.include({
      prefix: '0',
      deleteLeadingCharacters: 1,
      addPrefix: '+49',
      applyToDestinationDialString: true,
    });
    expect(await page.textContent('[data-testid=rewriting-rules] ol')).to.contain(
      'starting with 0, delete 1 leading, add +49 in front',
    );
  });

  it('exports the working configuration, imports it back view-only (shown pending) and reverts', async () => {
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid=config-export]')]);
    expect(download.suggestedFilename()).to.match(/^gwsim-default-\d{8}T\d{6}Z\.xzconfig$/);
    const saved = path.join(mkdtempSync(path.join(tmpdir(), 'gwsim-console-')), download.suggestedFilename());
    await download.saveAs(saved);
    const file = readFileSync(saved);
    const working = (await admin.get('/api/objects/sorts')).json as Array<{ count: number }>;
    expect(decodeConfigFile(file).objects).to.have.length(working.reduce((sum, entry) => sum + entry.count, 0));

    await page.setInputFiles('[data-testid=config-import] input[type=file]', saved);
    await page.check('[data-testid=config-import] input[type=checkbox]');
    await page.click('[data-testid=config-import] button[type=submit]');
    await textOnceMatching(page, '[data-testid=pending-done]', /imported gwsim-default-.*\.xzconfig \(view only/);
    const imported = (await admin.get('/api/coreConfig/status/get')).json;
    expect(imported.state).to.equal('IMPORTED_PROTECTED');
    await textOnceMatching(page, '[data-testid=pending-status]', /IMPORTED_PROTECTED/);

    // a commit of a view-only import is refused: the gateway's words
    await page.click('[data-testid=config-commit]');
    const refusal = await textOnceMatching(page, '[data-testid=pending-refusal]', /./);
    const commit = await admin.post('/api/coreConfig/commit');
    expect(refusal).to.contain(commit.json.error.message);

    await page.click('[data-testid=config-revert]');
    await page.click('[data-testid=config-revert-confirm]');
    await textOnceMatching(page, '[data-testid=pending-done]', /reverted/);
    expect((await admin.get('/api/coreConfig/status/get')).json.state).to.equal('COMMITTED');
    await textOnceMatching(page, '[data-testid=pending-status]', /COMMITTED/);
    expect(failed, 'every request of the page succeeded, no page error').to.deep.equal([]);
  });
});

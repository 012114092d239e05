import { expect } from 'chai';
import type { Page, Request } from 'playwright-core';
import type { ApiClient } from '../../support/ApiClient.js';
import type { TestGateway } from '../../support/TestGateway.js';
import { addLocalUser } from '../../acceptance/identity/identitySupport.js';
import { consoleLab, signInToConsole } from './consoleLabsSupport.js';

/** The page's globals, in the functions that run in the browser (this file is compiled without the DOM library). */
declare const document: {
  body: { textContent: string | null } | null;
  querySelector(selector: string): { textContent: string | null } | null;
};
declare const window: { location: { hash: string }; ended?: string[] };
declare class MutationObserver {
  constructor(callback: () => void);
  observe(target: unknown, options: Record<string, boolean>): void;
}

const ENDED = /ended: sign in again|session ended/i;

/** Every text the page showed that says a session ended, since the page was loaded (recorded as the page changes). */
async function endedTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => window.ended ?? []);
}

/** The paths of the lab's own gateway calls the page made. */
function labCalls(page: Page, lab: string): string[] {
  const calls: string[] = [];
  page.on('request', (request: Request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith(`/labs/${lab}/api/`)) calls.push(url.pathname.slice(`/labs/${lab}/api/`.length));
  });
  return calls;
}

/**
 * Opening another lab than the default one, as a trainer signed in to the default lab does (the lab selector, the
 * address's `#lab=` and `?lab=`, a lab made after the page loaded, a name no lab has): the lab's own sign-in is
 * asked for, nothing of the lab is read before, the administrator keeps the lab's controls meanwhile, and no page
 * says a session ended unless one did (a lab user removed while signed in).
 */
describe('the web console opens every lab without a false "session ended"', function () {
  this.timeout(180_000);
  const lab = consoleLab();
  const { failed, shot } = lab;
  let gateway: TestGateway;
  let page: Page;
  let admin: ApiClient;
  let training: ApiClient;
  before(() => ({ gateway, page, admin, training } = lab.state()));
  before(async () => {
    await page.addInitScript(() => {
      window.ended = [];
      new MutationObserver(() => {
        const text = document.body?.textContent ?? '';
        if (/ended: sign in again|session ended/i.test(text)) window.ended!.push(text.slice(0, 300));
      }).observe(document, { childList: true, subtree: true, characterData: true });
    });
  });

  it("asks for the lab's sign-in when the selector picks it, reading nothing of the lab before, and keeps the lab's controls", async () => {
    const calls = labCalls(page, 'training');
    await signInToConsole(page, gateway);
    await page.waitForSelector('[data-testid=live-sessions] tbody tr', { timeout: 15_000 });
    for (const name of ['training', 'default', 'training', 'default', 'training'])
      await page.selectOption('[data-testid=lab-select]', name);
    const login = await page.waitForSelector('[data-testid=lab-login]');
    expect(await login.textContent()).to.contain('Sign in to lab training');
    await page.waitForTimeout(2500); // the panels' polls and the lab's check have answered
    expect(await page.$('[data-testid=login-reason]'), 'no reason given: no session of the lab ended').to.equal(null);
    expect(await endedTexts(page)).to.deep.equal([]);
    expect(new Set(calls), "only the check of the lab's session").to.deep.equal(new Set(['version/get']));
    expect(await page.textContent('[data-testid=user]')).to.contain('anadmin');
    // the administrator's control session drives the lab's controls meanwhile
    const controls = await page.waitForSelector('[data-testid=lab-controls] [data-testid=scenario-panel]');
    expect(await controls.textContent()).to.contain('lab training');
    await page.waitForSelector('[data-testid=lab-controls] [data-testid=clock-panel]');
    await shot('watch-lab-login');
  });

  it('opens the lab the address names (?lab= and #lab=), one made after the page loaded, and says when no lab has the name', async () => {
    await page.goto(`${gateway.baseUrl}/_sim/console?lab=training`);
    await page.waitForSelector('[data-testid=lab-login]');
    expect(await page.textContent('[data-testid=lab-login] h1')).to.equal('Sign in to lab training');
    expect(await page.inputValue('[data-testid=lab-select]')).to.equal('training');

    const made = await admin.post('/_sim/labs', { json: { name: 'late' } });
    expect(made.status, made.text).to.equal(200);
    await page.evaluate(() => (window.location.hash = '#lab=late'));
    await page.waitForFunction(
      () => document.querySelector('[data-testid=lab-login] h1')?.textContent === 'Sign in to lab late',
      undefined,
      { timeout: 10_000 },
    );
    expect(await page.inputValue('[data-testid=lab-select]')).to.equal('late');

    await page.evaluate(() => (window.location.hash = '#lab=no-such-lab'));
    const missing = await page.waitForSelector('[data-testid=lab-missing]', { timeout: 10_000 });
    expect(await missing.textContent()).to.contain('no-such-lab');
    await page.waitForSelector('[data-testid=live-sessions] tbody tr', { timeout: 15_000 });
    expect(await page.inputValue('[data-testid=lab-select]')).to.equal('default');
    expect(await endedTexts(page)).to.deep.equal([]);
  });

  it("signs in to the lab with the lab's own user, and says its session ended when the lab removes that user", async () => {
    await addLocalUser(training, 'trainee', 'Trainee-2026-x', { roleIds: ['ADMINISTRATOR'] });
    await page.evaluate(() => (window.location.hash = '#lab=training'));
    await page.waitForSelector('[data-testid=lab-login]');
    await page.fill('[data-testid=lab-login] input[name=username]', 'trainee');
    await page.fill('[data-testid=lab-login] input[name=password]', 'Trainee-2026-x');
    await page.click('[data-testid=lab-login] button[type=submit]');
    await page.waitForSelector('[data-testid=lab-user]');
    expect(await page.textContent('[data-testid=lab-user]')).to.contain('in lab training as trainee');
    await page.waitForFunction(
      () => (document.querySelector('[data-testid=overview]')?.textContent ?? '').includes('Lab PBX'),
      undefined,
      { timeout: 15_000 },
    );
    expect(await endedTexts(page), 'nothing ended so far').to.deep.equal([]);

    const removed = await training.delete('/api/users/remove', { query: { user: 'trainee' } });
    expect(removed.status, removed.text).to.equal(200);
    const reason = await page.waitForSelector('[data-testid=lab-login] [data-testid=login-reason]', {
      timeout: 15_000,
    });
    expect(await reason.textContent()).to.match(ENDED);
    expect(await reason.textContent()).to.contain('lab training');
    expect(await page.textContent('[data-testid=user]'), "the console's own session holds").to.contain('anadmin');
    expect(failed.filter((line) => line.startsWith('page error'))).to.deep.equal([]);
  });
});

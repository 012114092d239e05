import { expect } from 'chai';
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { TestGateway } from '../../support/TestGateway.js';

function run(file: string, args: readonly string[], timeoutMs: number): Promise<{ stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    execFile(file, [...args], { timeout: timeoutMs, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) =>
      error ? reject(Object.assign(error, { stderr })) : resolve({ stdout, stderr }),
    );
  });
}

function chromiumPath(): string | undefined {
  return [process.env['CHROMIUM'], '/usr/bin/chromium', '/usr/bin/chromium-browser'].find(
    (file) => file && existsSync(file),
  );
}

/** Every URL the page's document refers to (src and href). */
function references(html: string): string[] {
  return [...html.matchAll(/\b(?:src|href)="([^"]+)"/g)].map((match) => match[1]!);
}

/** The URLs of the requests a page on 127.0.0.1 started, from Chromium's net log (URL_REQUEST_START_JOB events). */
function pageRequests(netLogText: string): string[] {
  const log = JSON.parse(netLogText) as {
    constants: { logEventTypes: Record<string, number> };
    events: Array<{ type: number; params?: Record<string, unknown> }>;
  };
  const startJob = log.constants.logEventTypes['URL_REQUEST_START_JOB'];
  return log.events
    .filter(
      (event) =>
        event.type === startJob &&
        String(event.params?.['network_isolation_key'] ?? '').startsWith('http://127.0.0.1 '),
    )
    .map((event) => String(event.params!['url']));
}

describe('Swagger UI at /_sim/docs', function () {
  this.timeout(180_000);
  let gateway: TestGateway;
  let tags: string[];
  before(async () => {
    gateway = await TestGateway.start({ store: 'memory' });
    const document = (await gateway.client().get('/openapi.json', { version: null })).json;
    tags = [
      ...new Set(
        Object.values(document.paths as Record<string, Record<string, { tags: string[] }>>).flatMap((item) =>
          Object.values(item).flatMap((op) => op.tags),
        ),
      ),
    ];
  });
  after(() => gateway.stop());

  it('serves its page and assets from this origin only, under a policy that forbids any other host', async () => {
    const page = await fetch(new URL('/_sim/docs', gateway.baseUrl));
    expect(page.status).to.equal(200);
    expect(page.headers.get('content-type')).to.match(/^text\/html/);
    const csp = page.headers.get('content-security-policy')!;
    expect(csp).to.contain("default-src 'self'").and.contain("script-src 'self'").and.contain("connect-src 'self'");
    const html = await page.text();
    const refs = references(html);
    expect(refs).to.have.length.greaterThan(4);
    for (const ref of refs) {
      expect(ref, ref).to.match(/^\/_sim\/docs\//);
      const asset = await fetch(new URL(ref, gateway.baseUrl));
      expect(asset.status, ref).to.equal(200);
      expect(
        Number(asset.headers.get('content-length') ?? (await asset.arrayBuffer()).byteLength),
        ref,
      ).to.be.greaterThan(0);
    }
    const init = await (await fetch(new URL('/_sim/docs/gwsim-docs.js', gateway.baseUrl))).text();
    expect(init).to.contain('"/openapi.json"').and.contain('"/_sim/openapi.json"').and.contain('validatorUrl: null');
    expect(init).to.not.match(/https?:\/\//);
    // nothing else of the package is served: no source maps, no sample page loading the petstore
    for (const other of [
      'swagger-initializer.js',
      'index.html',
      'swagger-ui-bundle.js.map',
      '../package.json',
      '%2e%2e/package.json',
    ]) {
      expect((await fetch(new URL(`/_sim/docs/${other}`, gateway.baseUrl))).status, other).to.equal(404);
    }
  });

  it('loads in headless Chromium without a request to another host and lists every tag of /openapi.json', async function () {
    const chromium = chromiumPath();
    if (!chromium) this.skip();
    const dir = mkdtempSync(path.join(tmpdir(), 'gwsim-docs-'));
    try {
      const url = `${gateway.baseUrl}/_sim/docs`;
      const flags = [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        `--user-data-dir=${path.join(dir, 'profile')}`,
        // the browser's own background traffic off, and any host but this one unresolvable (nothing can leave)
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-default-apps',
        '--disable-domain-reliability',
        '--disable-client-side-phishing-detection',
        '--disable-features=Translate,OptimizationHints,MediaRouter,AutofillServerCommunication',
        '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1',
        '--virtual-time-budget=20000',
      ];
      // Swagger UI renders sections as they scroll into view: the DOM is read from a window tall enough for all of them
      const tall = '--window-size=1400,40000';
      const netLog = path.join(dir, 'net.json');
      const { stdout: dom } = await run(
        chromium!,
        [...flags, tall, `--log-net-log=${netLog}`, '--dump-dom', url],
        150_000,
      );
      // every tag of the document is a section of the page
      const shown = new Set([...dom.matchAll(/data-tag="([^"]+)"/g)].map((match) => match[1]!.replace(/&amp;/g, '&')));
      expect(tags.length).to.be.greaterThan(5);
      for (const tag of tags) expect(shown.has(tag), `tag '${tag}' on the page`).to.equal(true);
      // the selector offers both documents
      expect(dom)
        .to.contain('Gateway management API (/openapi.json)')
        .and.contain('Simulator control API (/_sim/openapi.json)');
      // every request the page made went to this gateway (the browser's own background requests, which
      // the resolver rules above keep from leaving, are told apart by their network isolation key)
      const requested = pageRequests(readFileSync(netLog, 'utf8'));
      expect(requested)
        .to.include(`${gateway.baseUrl}/openapi.json`)
        .and.include(`${gateway.baseUrl}/_sim/docs/swagger-ui-bundle.js`);
      expect(requested.filter((u) => !u.startsWith(`${gateway.baseUrl}/`))).to.deep.equal([]);

      // the selector's other document: the simulator's endpoints
      const controlUrl = `${url}?urls.primaryName=${encodeURIComponent('Simulator control API (/_sim/openapi.json)')}`;
      const { stdout: controlDom } = await run(chromium!, [...flags, tall, '--dump-dom', controlUrl], 150_000);
      for (const endpoint of ['/_sim/health', '/_sim/ready', '/_sim/metrics'])
        expect(controlDom, endpoint).to.contain(`data-path="${endpoint}"`);

      const shot = path.join(dir, 'docs.png');
      await run(
        chromium!,
        [...flags, '--window-size=1400,1000', '--hide-scrollbars', `--screenshot=${shot}`, url],
        150_000,
      );
      const png = readFileSync(shot);
      expect(png.subarray(1, 4).toString('latin1')).to.equal('PNG');
      expect([png.readUInt32BE(16), png.readUInt32BE(20)]).to.deep.equal([1400, 1000]);
      // a painted page (a blank or error page compresses to a few kilobytes)
      expect(statSync(shot).size).to.be.greaterThan(40_000);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

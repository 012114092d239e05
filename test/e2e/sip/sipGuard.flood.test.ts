import { spawn } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import path from 'node:path';
import { expect } from 'chai';
import type { ApiClient } from '../../support/ApiClient.js';
import { RealTimeClock } from '../../support/RealTimeClock.js';
import { TestGateway } from '../../support/TestGateway.js';
import { ADMIN_PASSWORD } from '../../support/testConfig.js';
import { percentile } from '../../support/sip/apiLatency.js';
import { freeUdpPort } from '../../support/sip/sipp.js';
import { addRegistrar } from '../../acceptance/configuration/nodesSupport.js';
import { createObject } from '../../acceptance/configuration/objectsSupport.js';
import { licenseAndTurnSipOn } from './sipLabSupport.js';
import { GuardPhone, setSip, sipState } from './sipGuardSupport.js';

const DOMAIN = 'phones.test';
const FLOOD = { from: '127.0.0.7', perSecond: 4000, ms: 5000 };
/** The p99 of the API's answers under the flood that the test accepts: generous, the machine is shared. */
const P99_LIMIT_MS = 500;

interface FloodResult {
  readonly sent: number;
  readonly answers: Record<string, number>;
}

/** Runs the REGISTER flood (test/support/sip/registerFlood.ts) as a process of its own; answers what it counted. */
function flood(port: number): Promise<FloodResult> {
  const script = path.join(__dirname, '../../support/sip/registerFlood.js');
  const args = [FLOOD.from, '127.0.0.1', String(port), DOMAIN, 'mallory', String(FLOOD.perSecond), String(FLOOD.ms)];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.once('error', reject);
    child.once('close', (code) => {
      try {
        resolve(JSON.parse(out) as FloodResult);
      } catch {
        reject(new Error(`the flood ended ${code}: ${out} ${err}`));
      }
    });
  });
}

/** GETs /api/version/get one after another (two at a time) until `done` settles; answers the latencies and failures. */
async function readWhile(
  gateway: TestGateway,
  done: Promise<unknown>,
): Promise<{ latencies: number[]; failures: number }> {
  let finished = false;
  void done.finally(() => (finished = true));
  const authorization = `Basic ${Buffer.from(`anadmin:${ADMIN_PASSWORD}`).toString('base64')}`;
  const url = new URL('/api/version/get?version=0', gateway.baseUrl);
  const latencies: number[] = [];
  let failures = 0;
  const worker = async (): Promise<void> => {
    while (!finished) {
      const started = performance.now();
      try {
        const response = await fetch(url, { headers: { authorization } });
        await response.arrayBuffer();
        if (response.status === 200) latencies.push(performance.now() - started);
        else failures += 1;
      } catch {
        failures += 1;
      }
    }
  };
  await Promise.all([worker(), worker()]);
  return { latencies: latencies.sort((a, b) => a - b), failures };
}

/**
 * The API keeps answering while a registrar is flooded with REGISTERs (a guess in every other one): the gateway runs
 * in this process (its SIP and its API share one event loop, harsher than the simulator's thread of a `gwsim
 * serve`), the flood comes from a process of its own at 4,000 REGISTERs a second for 5 s.
 */
describe('the API under a flood of REGISTERs (real SIP)', function () {
  this.timeout(60_000);
  let gateway: TestGateway;
  let admin: ApiClient;
  let port: number;

  before(async () => {
    port = await freeUdpPort();
    gateway = await TestGateway.start({ clock: new RealTimeClock() });
    admin = gateway.admin();
    const directory = await createObject(admin, 'USRDB_DIRECTORY', 'Phone users', {
      users: [{ name: 'alice', phoneNumber: '', extension: '', sipUri: '', emailAddress: '' }],
    });
    await createObject(admin, 'SIPAUTH_STACK', 'alice', { username: 'alice', password: 'Alice-Pw-1' });
    await addRegistrar(admin, {
      displayName: 'Phones',
      udpTcpPort: port,
      tlsPort: 65031,
      sipDomain: DOMAIN,
      sipPhoneRegistrarDirectoryId: directory['id'],
    });
    expect((await admin.post('/api/coreConfig/commit')).status).to.equal(200);
    await licenseAndTurnSipOn(admin);
    await setSip(admin, { registrarGuard: { attemptsUntilBlocked: 5, minDelayMs: 100, maxDelayMs: 400 } });
  });
  after(() => gateway?.stop());

  it('answers every GET with a p99 under 500 ms while the flood is blocked after five guesses; phones still register', async () => {
    const quiet = await readWhile(gateway, new Promise((resolve) => setTimeout(resolve, 1000)));
    const running = flood(port);
    const loaded = await readWhile(gateway, running);
    const result = await running;
    const figures = `quiet p99 ${percentile(quiet.latencies, 0.99).toFixed(1)} ms (${quiet.latencies.length} GETs); under the flood p50 ${percentile(loaded.latencies, 0.5).toFixed(1)} ms, p99 ${percentile(loaded.latencies, 0.99).toFixed(1)} ms (${loaded.latencies.length} GETs); flood ${JSON.stringify(result)}`;
    expect(result.sent, figures).to.be.at.least(FLOOD.perSecond * (FLOOD.ms / 1000) * 0.7);
    expect(result.answers['503'] ?? 0, `the blocked source is refused: ${figures}`).to.be.at.least(result.sent / 4);
    expect(result.answers['403'] ?? 0, `at most the guesses before the block fail: ${figures}`).to.be.at.most(10);
    expect(loaded.failures, figures).to.equal(0);
    expect(loaded.latencies.length, figures).to.be.at.least(50);
    expect(percentile(loaded.latencies, 0.99), figures).to.be.below(P99_LIMIT_MS);

    const guard = (await sipState(admin)).registrarGuard;
    expect(guard.blocks.map((b: any) => `${b.kind} ${b.name}`)).to.deep.equal([`source ${FLOOD.from}`, 'user mallory']);
    const owner = await GuardPhone.open('127.0.0.8', { host: '127.0.0.1', port }, DOMAIN);
    try {
      expect((await owner.register('alice', 'Alice-Pw-1')).last.status, 'a phone elsewhere registers').to.equal(200);
    } finally {
      await owner.close();
    }
  });
});

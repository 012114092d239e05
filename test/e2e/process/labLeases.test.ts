import { expect } from 'chai';
import { ApiClient } from '../../support/ApiClient.js';
import { startTwoProcesses, stopTwoProcesses, type Running, type TwoProcesses } from '../../support/processSupport.js';

const PASSWORD = 'lab-Leases-Pass-1';
const SERVED_BY = 'x-gwsim-served-by';

async function eventually<T>(what: string, limitMs: number, probe: () => Promise<T | undefined>): Promise<T> {
  const until = Date.now() + limitMs;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error(`${what} did not happen within ${limitMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

interface Entry {
  sessionIdentifier: string;
}

/**
 * Two gwsim processes on one PostgreSQL server database, running the demo's traffic: each lab's simulator runs in
 * the one process that holds its lease, the other forwards the lab's live requests there; labs, clocks and
 * traffic changed through one are in force through the other at the next request; and when the process that runs
 * the simulator is killed, the other takes it over within seconds, with no call in the history twice.
 */
describe('labs shared by two gwsim processes on one PostgreSQL server (leases)', function () {
  this.timeout(180_000);
  let processes: TwoProcesses | undefined;
  let first: Running;
  let a: ApiClient;
  let b: ApiClient;

  before(async function () {
    processes = await startTwoProcesses(PASSWORD);
    if (!processes) return this.skip();
    ({ first, a, b } = processes);
  });

  after(() => stopTwoProcesses(processes));

  async function history(client: ApiClient): Promise<Entry[]> {
    const answer = await client.post('/api/callHistory/get', {
      query: { dateFormat: 'ISO-8601' },
      json: { count: 10000 },
    });
    expect(answer.status, answer.text).to.equal(200);
    return answer.json.entries as Entry[];
  }

  it("runs the default lab's simulator in one process and forwards its live requests there from the other", async () => {
    // the demo's traffic runs in the first process (it started first and took every lab)
    const throughA = await eventually('the demo traffic running', 30000, async () => {
      const answer = await a.get('/_sim/labs/default/traffic');
      return answer.json.running === true ? answer : undefined;
    });
    const runner = throughA.headers.get(SERVED_BY);
    expect(runner, 'a live answer names the process that runs the lab').to.be.a('string').and.not.equal('');
    const throughB = await b.get('/_sim/labs/default/traffic');
    expect(throughB.status, throughB.text).to.equal(200);
    expect(
      throughB.headers.get(SERVED_BY),
      "B forwards the lab's traffic request to the process that runs it",
    ).to.equal(runner);
    expect(throughB.json.running).to.equal(true);
    const sessions = await b.post('/api/activeSessions/get', { json: {} });
    expect(sessions.status, sessions.text).to.equal(200);
    expect(sessions.headers.get(SERVED_BY)).to.equal(runner);

    // a faster profile set through B is the one A runs
    const faster = await b.put('/_sim/labs/default/traffic', {
      json: {
        running: true,
        profile: {
          ...throughB.json.profile,
          callsPerSecond: 20,
          holdingTime: { distribution: 'exponential', meanSeconds: 1 },
        },
      },
    });
    expect(faster.status, faster.text).to.equal(200);
    expect((await a.get('/_sim/labs/default/traffic')).json.profile.callsPerSecond).to.equal(20);

    // a session cookie of B works for a forwarded request (B vouches for its user)
    const login = await fetch(`${b.baseUrl}/api/version/get?version=0`, {
      headers: { authorization: `Basic ${Buffer.from(`anadmin:${PASSWORD}`).toString('base64')}` },
    });
    const cookie = login.headers.get('set-cookie')?.split(';')[0];
    expect(cookie, 'B opened a session').to.match(/^JSESSIONID=/);
    const withCookie = await fetch(`${b.baseUrl}/_sim/labs/default/traffic`, { headers: { cookie: cookie! } });
    expect(withCookie.status).to.equal(200);
    expect(withCookie.headers.get(SERVED_BY)).to.equal(runner);

    // a forwarded request with a signature of nobody is refused
    const forged = await fetch(`${a.baseUrl}/_sim/labs/default/traffic`, {
      headers: { 'x-gwsim-forwarded': 'abc.1.YQ.YQ.bad' },
    });
    expect(forged.status).to.equal(401);
  });

  it('sees a lab made, a clock set and a lab removed through the other process at the next request', async () => {
    const made = await a.post('/_sim/labs', { json: { name: 'shared' } });
    expect(made.status, made.text).to.equal(200);
    expect((await b.get('/_sim/labs/shared')).status, 'B knows the lab at once').to.equal(200);
    expect((await b.get('/labs/shared/api/version/get')).status).to.equal(200);

    const frozen = await b.put('/_sim/labs/shared/clock', {
      json: { mode: 'frozen', now: '2031-05-04T09:30:00.000Z' },
    });
    expect(frozen.status, frozen.text).to.equal(200);
    const readThroughA = await a.get('/_sim/labs/shared/clock');
    expect(readThroughA.json.mode).to.equal('frozen');
    expect(readThroughA.json.now).to.equal('2031-05-04T09:30:00.000Z');

    expect((await b.delete('/_sim/labs/shared')).status).to.equal(200);
    expect((await a.get('/_sim/labs/shared')).status, 'A no longer knows it').to.equal(404);
    expect((await a.get('/labs/shared/api/version/get')).status).to.equal(404);
  });

  it('answers the request journal of every process through either, each request once, naming the process that served it', async () => {
    expect((await a.delete('/_sim/labs/default/journal')).status).to.equal(200);
    const cleared = await b.get('/_sim/labs/default/journal');
    expect(cleared.json.entries, "clearing through one process clears every process's journal").to.deep.equal([]);
    expect(cleared.json.processes).to.equal(2);

    expect((await a.get('/api/nodes/get')).status).to.equal(200);
    expect((await b.get('/api/roles/get')).status).to.equal(200);
    // forwarded from B to the process that runs the lab: journaled once, by B
    expect((await b.post('/api/activeSessions/get', { json: {} })).status).to.equal(200);

    for (const client of [a, b]) {
      const journal = await client.get('/_sim/labs/default/journal');
      expect(journal.status, journal.text).to.equal(200);
      const entries = journal.json.entries as Array<{ path: string; process: string }>;
      expect(entries.map((entry) => entry.path)).to.deep.equal([
        '/api/nodes/get',
        '/api/roles/get',
        '/api/activeSessions/get',
      ]);
      expect(entries[0]!.process, 'each entry names the process that served it').to.not.equal(entries[1]!.process);
      expect(entries[2]!.process).to.equal(entries[1]!.process);
    }
    const onlyB = await a.get('/_sim/labs/default/journal', { query: { path: '/api/roles/' } });
    expect(
      onlyB.json.entries.map((entry: { path: string }) => entry.path),
      'the filters apply to every process',
    ).to.deep.equal(['/api/roles/get']);
  });

  it('applies a fault rule added through one process to the requests served by the other, until it is removed through either', async () => {
    const added = await a.post('/_sim/labs/default/faults', {
      json: { match: { operation: 'roles/get', method: 'GET' }, effect: { status: 418, body: { why: 'shared rule' } } },
    });
    expect(added.status, added.text).to.equal(200);
    const throughB = await b.get('/api/roles/get');
    expect(throughB.status, 'B applies the rule A added, at its next request').to.equal(418);
    expect(throughB.json).to.deep.equal({ why: 'shared rule' });
    const listed = await b.get('/_sim/labs/default/faults');
    expect(listed.json.rules.map((rule: { id: string }) => rule.id)).to.deep.equal([added.json.id]);
    expect((await b.delete(`/_sim/labs/default/faults/${added.json.id as string}`)).status).to.equal(200);
    expect((await a.get('/api/roles/get')).status, 'A no longer applies the rule removed through B').to.equal(200);

    const gateway = await b.post('/_sim/labs/default/faults', { json: { effect: { kind: 'monitorUnreachable' } } });
    expect(gateway.status, gateway.text).to.equal(200);
    const version = await a.get('/api/version/get');
    expect(typeof version.json.monitor, 'A switches the gateway fault added through B').to.equal('string');
    expect((await a.delete(`/_sim/labs/default/faults/${gateway.json.id as string}`)).status).to.equal(200);
    expect(typeof (await b.get('/api/version/get')).json.monitor).to.equal('object');
  });

  it('moves the simulator to the other process when the one running it is killed, losing and doubling no call', async () => {
    // the first process took every lab at its start (the second found them held)
    const runner = (await a.get('/_sim/labs/default/traffic')).headers.get(SERVED_BY);
    expect((await b.get('/_sim/labs/default/traffic')).headers.get(SERVED_BY)).to.equal(runner);
    const [killed, survivor] = [first, b];
    const before = await eventually('calls in the history', 30000, async () => {
      const entries = await history(survivor);
      return entries.length >= 20 ? entries : undefined;
    });
    killed.child.kill('SIGKILL');
    await killed.exited;
    const taken = await eventually('the other process taking the lab over', 15000, async () => {
      const answer = await survivor.get('/_sim/labs/default/traffic');
      return answer.status === 200 && answer.headers.get(SERVED_BY) !== runner ? answer : undefined;
    });
    expect(taken.json.running, 'the survivor runs the traffic the lab was running').to.equal(true);
    expect(taken.json.profile.callsPerSecond).to.equal(20);
    const after = await eventually('new calls in the history', 30000, async () => {
      const entries = await history(survivor);
      return entries.length >= before.length + 20 ? entries : undefined;
    });
    const ids = after.map((entry) => entry.sessionIdentifier);
    expect(new Set(ids).size, 'no call is in the history twice').to.equal(ids.length);
    const kept = new Set(ids);
    expect(
      before.every((entry) => kept.has(entry.sessionIdentifier)),
      'every call recorded before the kill is still there',
    ).to.equal(true);
  });
});

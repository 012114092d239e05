import { expect } from 'chai';
import { labPrivateKey, signLicenseFile } from '@gwsim/license-file';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { ApiClient } from '../../support/ApiClient.js';
import { RealTimeClock } from '../../support/RealTimeClock.js';
import { TestGateway } from '../../support/TestGateway.js';
import { freeUdpPort } from '../../support/sip/sipp.js';
import { subTree } from '../../acceptance/configuration/nodesSupport.js';
import type { FarEndMode, TrunkChange } from './suiteCatalog.js';

/** The demo's PBX Berlin listens here once SIP is on; the callers dial into it. */
export const NODE_ADDRESS = '127.0.0.1:5070';
/** A number the demo routes from PBX Berlin to Carrier A (failing over to Carrier B on 408 and 5xx). */
export const CALLED_NUMBER = '4930123456';

/** The repository's root: the nearest folder above this file with a package.json and test/e2e. */
function repositoryRoot(): string {
  let directory = __dirname;
  for (;;) {
    if (existsSync(path.join(directory, 'package.json')) && existsSync(path.join(directory, 'test', 'e2e')))
      return directory;
    const parent = path.dirname(directory);
    if (parent === directory) throw new Error(`no repository root above ${__dirname}`);
    directory = parent;
  }
}

/** ../shared/sip-suites beside the repository (read at run time, never copied into the project). */
export function suitesDirectory(): string {
  return path.resolve(repositoryRoot(), '..', 'shared', 'sip-suites');
}

/**
 * One gateway for the whole run: the demo configuration with real SIP, its traffic stopped (so that activeSessions
 * holds only the suites' calls), both carriers' proxies pointed at one port where each far-end SIPp listens in
 * turn, and the simulator's answering far end ringing about a second.
 */
export class SuiteLab {
  private constructor(
    private readonly gateway: TestGateway,
    readonly admin: ApiClient,
    /** The port every far-end SIPp listens on. */
    readonly farEndPort: number,
    private readonly carrierA: string,
    private readonly carrierB: string,
    private readonly pbx: string,
  ) {}

  static async start(): Promise<SuiteLab> {
    const gateway = await TestGateway.start({
      store: 'memory',
      clock: new RealTimeClock(),
      config: { demo: true, sip: true },
    });
    try {
      const admin = gateway.admin();
      await listening(admin);
      await quietTraffic(admin);
      await lab0Supervision(admin, false);
      await roomForLeftovers(admin);
      const nodes = (await admin.get('/api/nodes/get')).json as { id: string; displayName: string }[];
      const id = (name: string): string => nodes.find((n) => n.displayName === name)!.id;
      const lab = new SuiteLab(gateway, admin, await freeUdpPort(), id('Carrier A'), id('Carrier B'), id('PBX Berlin'));
      await lab.pointCarriersAtFarEnd();
      return lab;
    } catch (error) {
      await gateway.stop().catch(() => undefined);
      throw error;
    }
  }

  /** Both carriers' proxy IRI names the far-end port (committed once for the run). */
  private async pointCarriersAtFarEnd(): Promise<void> {
    for (const node of [this.carrierA, this.carrierB]) {
      const connections = await this.admin.get('/api/nodes/transportConnections/get', { query: { node } });
      expect(connections.status, connections.text).to.equal(200);
      const set = await this.admin.put('/api/objects/set', {
        query: { id: connections.json[0].id },
        json: { proxyIri: `sip:127.0.0.1:${this.farEndPort}` },
      });
      expect(set.status, set.text).to.equal(200);
    }
    await this.commit();
  }

  /**
   * Carrier A's trunk changed as `change` says, committed, and watched (OPTIONS keep-alives, registration) until the
   * function answered is called: it stops watching and puts the configuration back.
   */
  async watchTrunk(change: TrunkChange): Promise<() => Promise<void>> {
    const connection = (await this.admin.get('/api/nodes/transportConnections/get', { query: { node: this.carrierA } }))
      .json[0] as Record<string, any>;
    const objects: Array<{ id: string; set: Readonly<Record<string, unknown>> }> = [];
    if (change.connection) objects.push({ id: connection['id'], set: change.connection });
    if (change.credentials) {
      // objects/get answers an object flat: its parameters and references by name, as strings
      const credentialsId = (await this.admin.get('/api/objects/get', { query: { id: connection['id'] } })).json[
        'credentialsId'
      ] as string;
      objects.push({ id: credentialsId, set: change.credentials });
    }
    const previous: Array<{ id: string; set: Record<string, unknown> }> = [];
    for (const { id, set } of objects) {
      const before = (await this.admin.get('/api/objects/get', { query: { id } })).json as Record<string, unknown>;
      previous.push({ id, set: Object.fromEntries(Object.keys(set).map((name) => [name, before[name]])) });
      const response = await this.admin.put('/api/objects/set', { query: { id }, json: set });
      expect(response.status, response.text).to.equal(200);
    }
    if (objects.length > 0) await this.commit();
    await lab0Supervision(this.admin, true);
    return async () => {
      await lab0Supervision(this.admin, false);
      for (const { id, set } of previous) {
        const response = await this.admin.put('/api/objects/set', { query: { id }, json: set });
        expect(response.status, response.text).to.equal(200);
      }
      if (previous.length > 0) await this.commit();
    };
  }

  async commit(): Promise<void> {
    const response = await this.admin.post('/api/coreConfig/commit');
    expect(response.status, response.text).to.equal(200);
  }

  /** Who answers for each carrier: the SIPp on the far-end port ('real') or the simulator ('answering'). */
  async farEnds(carrierA: FarEndMode, carrierB: FarEndMode): Promise<void> {
    const response = await this.admin.put('/_sim/labs/default/sip', {
      version: null,
      json: { farEnds: { [this.carrierA]: carrierA, [this.carrierB]: carrierB } },
    });
    expect(response.status, response.text).to.equal(200);
  }

  /** PBX Berlin's RTP timeout (seconds, 0 never), committed; answers the value it had. */
  async rtpTimeout(seconds: number): Promise<number> {
    const negotiation = await subTree(this.admin, this.pbx, 'mediaNegotiation');
    const set = await this.admin.put('/api/objects/set', {
      query: { id: negotiation['id'] },
      json: { rtpTimeoutSeconds: seconds },
    });
    expect(set.status, set.text).to.equal(200);
    await this.commit();
    return Number(negotiation['rtpTimeoutSeconds'] ?? 0);
  }

  /** The sessions in activeSessions now: id and the call states of its legs. */
  async sessions(): Promise<Map<string, string>> {
    const response = await this.admin.post('/api/activeSessions/get', {
      query: { dateFormat: 'ISO-8601' },
      json: {},
    });
    expect(response.status, response.text).to.equal(200);
    const sessions = new Map<string, string>();
    for (const session of response.json.activeSessions as any[]) {
      const legs = [session.incoming, ...(session.outgoing as any[])].filter(Boolean);
      sessions.set(session.sessionId, legs.map((leg) => leg.callState).join('/'));
    }
    return sessions;
  }

  /** The sessions not in `before` that are still up after waiting up to `withinMs` for them to end. */
  async leftOver(before: ReadonlyMap<string, string>, withinMs: number): Promise<string[]> {
    const deadline = Date.now() + withinMs;
    for (;;) {
      const added = [...(await this.sessions())].filter(([id]) => !before.has(id));
      if (added.length === 0 || Date.now() > deadline) return added.map(([id, states]) => `${id} (${states})`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }

  stop(): Promise<void> {
    return this.gateway.stop();
  }
}

/** The lab's trunk supervision (OPTIONS keep-alives, registrations of real far ends) on or off. */
async function lab0Supervision(admin: ApiClient, on: boolean): Promise<void> {
  const response = await admin.put('/_sim/labs/default/sip', { version: null, json: { supervision: on } });
  expect(response.status, response.text).to.equal(200);
}

/**
 * A lab license of 500 sessions beside the demo's 30: calls a scenario leaves up (a failure the entry reports)
 * must not exhaust the licensed capacity and turn the next entries' calls into 503s.
 */
async function roomForLeftovers(admin: ApiClient): Promise<void> {
  const license = signLicenseFile(
    {
      identifier: '5e7f1c2a-0000-4000-8000-00000000051f',
      name: 'SIP suites: room for calls left up',
      products: ['gwsim'],
      application: 'gateway',
      requiredSystemIds: [],
      // the lab clock is not the machine's: a window wide enough for either
      validFrom: '2000-01-01T00:00:00Z',
      validUntil: '2099-12-31T23:59:59Z',
      facilities: [{ name: 'telrtSession', value: 500 }],
      constraints: [],
      invalidates: [],
    },
    labPrivateKey(),
  );
  const response = await admin.put('/api/licenses/importFile', {
    file: { name: 'suites.xzlicense', content: license },
  });
  expect(response.status, response.text).to.equal(200);
  const licenses = (await admin.get('/api/licenses/get')).json as { name: string; status: string }[];
  const ours = licenses.find((l) => l.name === 'SIP suites: room for calls left up');
  expect(ours?.status, 'the suites license counts').to.equal('ACTIVE');
}

/** Waits until PBX Berlin listens on 127.0.0.1:5070 (UDP). */
async function listening(admin: ApiClient): Promise<void> {
  for (let i = 0; i < 100; i += 1) {
    const state = await admin.get('/_sim/labs/default/sip', { version: null });
    const listener = (state.json?.listeners as any[] | undefined)?.find(
      (l) => l.nodeName === 'PBX Berlin' && l.port === 5070 && l.transport === 'UDP',
    );
    if (listener?.state === 'listening') return;
    if (listener?.state === 'failed') throw new Error(`PBX Berlin cannot listen on 5070: ${JSON.stringify(listener)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('PBX Berlin does not listen on 127.0.0.1:5070');
}

/**
 * The demo's traffic stopped; the profile the simulator's answering far end plays is the demo's with a ring of
 * one to one and a half seconds (a profile takes effect when traffic starts: started at a negligible rate and
 * stopped at once).
 */
async function quietTraffic(admin: ApiClient): Promise<void> {
  const current = await admin.get('/_sim/labs/default/traffic', { version: null });
  expect(current.status, current.text).to.equal(200);
  const profile = { ...current.json.profile, callsPerSecond: 0.0001, ringTimeSeconds: { min: 1, max: 1.5 } };
  for (const body of [{ running: true, profile }, { running: false }]) {
    const response = await admin.put('/_sim/labs/default/traffic', { version: null, json: body });
    expect(response.status, response.text).to.equal(200);
  }
}

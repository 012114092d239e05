import { expect } from 'chai';
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { promisify } from 'node:util';
import { BatchingMonitorSinks } from '../../../src/contexts/monitoring/history/application/BatchingMonitorSinks.js';
import type { AppConfig } from '../../../src/app/config/AppConfig.js';
import type { ApiClient } from '../../support/ApiClient.js';
import { RealTimeClock } from '../../support/RealTimeClock.js';
import { TestGateway } from '../../support/TestGateway.js';
import { fixture, freeUdpPort, runSipp, type SippResult } from '../../support/sip/sipp.js';
import { until } from '../../support/sip/sipPhone.js';
import { PROFILES, addSystem } from '../../acceptance/configuration/nodesSupport.js';
import { GATE_REFRESH_MS } from '../../../src/contexts/simulation/calls/application/GatewayGates.js';

/** The gates (maintenance mode, the active side, licensed capacity) reach the calls within GATE_REFRESH_MS of the lab's time. */
export const gatesFollow = () => new Promise((resolve) => setTimeout(resolve, GATE_REFRESH_MS + 250));

export const run = promisify(execFile);
export const TSHARK = '/usr/bin/tshark';
export const SIPP = '/usr/bin/sipp';
export const V1 = { version: 1 };
/** The transaction layer's T1 in these tests: Timer B/H (64·T1) after 3.2 s instead of 32 s. */
export const T1_MS = 50;

export interface Entry {
  sessionIdentifier: string;
  inboundNodeId: string;
  outboundNodeId: string | null;
  routeId: string | null;
  inboundSourceDialString: string;
  inboundDestinationDialString: string;
  outboundDestinationDialString: string | null;
  result: string;
  sipStatusCode: number;
  disconnectingSide: string;
}

export interface SipTransportIds {
  pbx: string;
  far: string;
  domain: string;
  route: string;
}

/**
 * A lab for SIPp: a PBX node whose port SIPp calls, a far PBX node whose peer is a SIPp UAS on this machine, a
 * route from one to the other adding a '+', a licence, and SIP on. Registers the before and after hooks of the
 * describe it is called in (skipped without SIPp). `config` adds to the gateway's (the SIP host and what it
 * advertises, say).
 */
export function sipTransportLab(config: Partial<AppConfig> = {}) {
  let gateway: TestGateway;
  let admin: ApiClient;
  let pbxPort: number;
  let farPort: number;
  let uasPort: number;
  let ids: SipTransportIds;

  async function history(filter: Record<string, unknown> = {}): Promise<Entry[]> {
    await gateway.get(BatchingMonitorSinks).flush();
    const response = await admin.post('/api/callHistory/get', {
      query: { dateFormat: 'ISO-8601' },
      json: { count: 10000, ...filter },
    });
    expect(response.status, response.text).to.equal(200);
    return response.json.entries as Entry[];
  }

  /**
   * The history entries matching `which` once `count` of them are there (or what is there after 10 s). SIPp is done
   * when it has the gateway's 200 to its BYE, but the gateway ends the call on its far end's 200 to the BYE it sent
   * on, a moment later: the last calls' entries are written after SIPp exits.
   */
  async function settledHistory(which: (entry: Entry) => boolean, count: number): Promise<Entry[]> {
    let entries: Entry[] = [];
    // past the deadline the caller's assertion names the count found
    await until(
      async () => (entries = (await history()).filter(which)).length >= count,
      `${count} calls in the history`,
      10_000,
    ).catch(() => undefined);
    return entries;
  }

  async function sip(body: Record<string, unknown>): Promise<any> {
    const response = await admin.put('/_sim/labs/default/sip', { version: null, json: body });
    expect(response.status, response.text).to.equal(200);
    return response.json;
  }

  async function commit(): Promise<void> {
    const response = await admin.post('/api/coreConfig/commit');
    expect(response.status, response.text).to.equal(200);
  }

  /** A UAC call (or several) from SIPp to the PBX node's port with the expected final status. */
  function expectStatus(status: number, service = '4930123456', calls = 1): Promise<SippResult> {
    return runSipp({
      scenario: fixture('uac-expect-status'),
      remote: `127.0.0.1:${pbxPort}`,
      service,
      calls,
      keys: { status: String(status), hold_ms: '100' },
      timeoutMs: 60_000,
    });
  }

  before(async function () {
    if (!existsSync(SIPP)) this.skip();
    [pbxPort, farPort, uasPort] = [await freeUdpPort(), await freeUdpPort(), await freeUdpPort()];
    gateway = await TestGateway.start({ clock: new RealTimeClock(), config: { sipT1Ms: T1_MS, ...config } });
    admin = gateway.admin();
    const [pbx] = await addSystem(admin, PROFILES.genericPbx, {
      displayName: 'PBX',
      udpTcpPort: pbxPort,
      tlsPort: 65001,
    });
    const [far] = await addSystem(admin, PROFILES.genericPbx, {
      displayName: 'Far PBX',
      udpTcpPort: farPort,
      tlsPort: 65002,
      remoteSipDomain: { host: '127.0.0.1', port: uasPort, transport: 'UDP' },
    });
    const domain = await admin.post('/api/routingDomains/add', {
      ...V1,
      json: { displayName: 'Main', sourceNodes: [pbx!.id] },
    });
    expect(domain.status, domain.text).to.equal(200);
    const route = await admin.post('/api/routingDomains/routes/add', {
      ...V1,
      query: { routingDomain: 'Main' },
      json: {
        displayName: 'Berlin numbers to the far PBX',
        enabled: true,
        establishment: {
          action: 'ACCEPT',
          routingTargets: [
            {
              destinationNodeId: far!.id,
              routingForwardProfileId: '',
              destinationDialStringRewriting: {
                segments: [
                  {
                    prefix: '+',
                    suffix: '',
                    delLeading: 0,
                    delTrailing: 0,
                    keepLeading: 0,
                    keepTrailing: 0,
                    matchedPart: 0,
                    source: 'MOST_APPROPRIATE',
                  },
                ],
              },
            },
          ],
        },
        filters: [{ sourceNodeIds: [pbx!.id], destinationDialString: { type: 'WILDCARD', wildcardPattern: '49*' } }],
      },
    });
    expect(route.status, route.text).to.equal(200);
    ids = { pbx: pbx!.id, far: far!.id, domain: domain.json.id, route: route.json.id };
    await commit();
    const systemIds = await admin.get('/api/licenses/systemIds/get');
    const lod = await admin.put('/api/licenses/importLod', {
      json: {
        licenseKey: 'GWSIM-LAB30-0000-0002',
        companyName: 'Lab',
        emailAddress: 'lab@example.com',
        licensingDevice: systemIds.json[0].id,
      },
    });
    expect(lod.status, lod.text).to.equal(200);
    // the far ends are SIPp scripts: no keep-alive or registration of the gateway's may meet them
    const state = await sip({ enabled: true, supervision: false });
    expect(
      state.listeners
        .filter((l: any) => l.state === 'listening')
        .map((l: any) => `${l.nodeName} ${l.transport} ${l.port}`),
    ).to.include.members([`PBX UDP ${pbxPort}`, `PBX TCP ${pbxPort}`, `Far PBX UDP ${farPort}`]);
    expect(state.farEnds[ids.far], 'a far end on a loopback address is real').to.equal('real');
  });
  after(() => gateway?.stop());

  return {
    state: () => ({ gateway, admin, pbxPort, farPort, uasPort, ids }),
    history,
    settledHistory,
    sip,
    commit,
    expectStatus,
  };
}

import { expect } from 'chai';
import type { GatewaySchemas } from '@gwsim/client';
import { type SipAddress, type SipResponse } from '@gwsim/sip';
import { createSelfSigned } from '@gwsim/x509';
import { BatchingMonitorSinks } from '../../../src/contexts/monitoring/history/application/BatchingMonitorSinks.js';
import type { ApiClient } from '../../support/ApiClient.js';
import { RealTimeClock } from '../../support/RealTimeClock.js';
import { TestGateway } from '../../support/TestGateway.js';
import { freeUdpPort } from '../../support/sip/sipp.js';
import { SipPhone, sdpAddress, until, type OutgoingCall } from '../../support/sip/sipPhone.js';
import { PROFILES, addSystem, subTree } from '../../acceptance/configuration/nodesSupport.js';
import { licenseAndTurnSipOn } from './sipLabSupport.js';

export const V1 = { version: 1 };
/** The transaction layer's T1 in these tests (Timer B after 3.2 s instead of 32 s). */
export const T1_MS = 50;
export const RTP_FIRST = 40000;
export const RTP_LAST = 49999;
export const PACKETS = 40;

/** The shapes of the answers, as the typed client has them from /openapi.json. */
export type Entry = GatewaySchemas['CallHistoryEntryView'];
export type SessionView = GatewaySchemas['ActiveSessionView'];

/** The route's rewriting: a '+' in front of the called number. */
export const PLUS = {
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
};

export function inRtpRange(sdp: string): void {
  const address = sdpAddress(sdp);
  expect(address.host, sdp).to.equal('127.0.0.1');
  expect(address.port, sdp).to.be.within(RTP_FIRST, RTP_LAST);
}

export interface SipMediaIds {
  pbx: string;
  far: string;
  tlsFar: string;
  ringing: string;
}

/**
 * A lab of real SIP phones around a gateway: a caller, a far end over UDP and one over TLS, a PBX node that
 * listens on UDP and TLS, nodes toward each far end and a ringing SIPp far end, with routes by country code.
 * Registers the before, after and beforeEach hooks of the describe it is called in.
 */
export function sipMediaLab() {
  let gateway: TestGateway;
  let admin: ApiClient;
  let caller: SipPhone;
  let far: SipPhone;
  let tlsFar: SipPhone;
  let pbxPort: number;
  let pbxTlsPort: number;
  let ids: SipMediaIds;
  let uasPort: number;
  const phoneIdentity = createSelfSigned({
    commonName: 'phone.lab.test',
    notBefore: new Date('2025-01-01T00:00:00Z'),
    notAfter: new Date('2030-01-01T00:00:00Z'),
  });
  const nodeIdentity = createSelfSigned({
    commonName: 'pbx.lab.test',
    notBefore: new Date('2025-01-01T00:00:00Z'),
    notAfter: new Date('2030-01-01T00:00:00Z'),
  });

  const pbx = (): SipAddress => ({ transport: 'UDP', host: '127.0.0.1', port: pbxPort });

  async function commit(): Promise<void> {
    const response = await admin.post('/api/coreConfig/commit');
    expect(response.status, response.text).to.equal(200);
  }

  async function history(destination: string): Promise<Entry[]> {
    await gateway.get(BatchingMonitorSinks).flush();
    const response = await admin.post('/api/callHistory/get', {
      query: { dateFormat: 'ISO-8601' },
      json: { count: 10000 },
    });
    expect(response.status, response.text).to.equal(200);
    return (response.json.entries as Entry[]).filter((e) => e.inboundDestinationDialString === destination);
  }

  async function sessions(): Promise<SessionView[]> {
    const response = await admin.post('/api/activeSessions/get', { json: {} });
    expect(response.status, response.text).to.equal(200);
    return response.json.activeSessions as SessionView[];
  }

  async function answered(call: OutgoingCall): Promise<void> {
    await until(() => call.final !== undefined || call.timedOut, 'a final response to the INVITE');
    expect(call.final?.status, JSON.stringify(call.responses.map((r) => r.status))).to.equal(200);
  }

  async function finalOf(call: OutgoingCall): Promise<SipResponse> {
    await until(() => call.final !== undefined || call.timedOut, 'a final response to the INVITE');
    expect(call.timedOut, 'the INVITE got a final response').to.equal(false);
    return call.final!;
  }

  async function route(displayName: string, destinationNodeId: string, pattern: string): Promise<void> {
    const response = await admin.post('/api/routingDomains/routes/add', {
      ...V1,
      query: { routingDomain: 'Main' },
      json: {
        displayName,
        enabled: true,
        establishment: {
          action: 'ACCEPT',
          routingTargets: [{ destinationNodeId, routingForwardProfileId: '', destinationDialStringRewriting: PLUS }],
        },
        filters: [{ sourceNodeIds: [ids.pbx], destinationDialString: { type: 'WILDCARD', wildcardPattern: pattern } }],
      },
    });
    expect(response.status, response.text).to.equal(200);
  }

  before(async function () {
    caller = await SipPhone.open({ t1Ms: T1_MS });
    far = await SipPhone.open({ t1Ms: T1_MS });
    tlsFar = await SipPhone.open({
      transport: 'TLS',
      tls: { key: phoneIdentity.privateKey, cert: phoneIdentity.certificate, rejectUnauthorized: false },
      t1Ms: T1_MS,
    });
    [pbxPort, pbxTlsPort] = [await freeUdpPort(), await freeUdpPort()];
    const [farPort, tlsFarPort] = [await freeUdpPort(), await freeUdpPort()];
    gateway = await TestGateway.start({ clock: new RealTimeClock(), config: { sipT1Ms: T1_MS } });
    admin = gateway.admin();
    const [pbxNode] = await addSystem(admin, PROFILES.genericPbx, {
      displayName: 'PBX',
      udpTcpPort: pbxPort,
      tlsPort: pbxTlsPort,
    });
    const [farNode] = await addSystem(admin, PROFILES.genericPbx, {
      displayName: 'Far PBX',
      udpTcpPort: farPort,
      tlsPort: farPort + 1 > 65535 ? farPort - 1 : farPort + 1,
      remoteSipDomain: { host: '127.0.0.1', port: far.address.port, transport: 'UDP' },
    });
    const [tlsFarNode] = await addSystem(admin, PROFILES.genericPbx, {
      displayName: 'TLS PBX',
      udpTcpPort: tlsFarPort,
      tlsPort: tlsFarPort + 1 > 65535 ? tlsFarPort - 1 : tlsFarPort + 1,
      remoteSipDomain: { host: '127.0.0.1', port: tlsFar.address.port, transport: 'TLS' },
    });
    const ringingPort = await freeUdpPort();
    uasPort = await freeUdpPort();
    const [ringingNode] = await addSystem(admin, PROFILES.genericPbx, {
      displayName: 'Ringing PBX',
      udpTcpPort: ringingPort,
      tlsPort: ringingPort + 1 > 65535 ? ringingPort - 1 : ringingPort + 1,
      remoteSipDomain: { host: '127.0.0.1', port: uasPort, transport: 'UDP' },
    });
    ids = { pbx: pbxNode!.id, far: farNode!.id, tlsFar: tlsFarNode!.id, ringing: ringingNode!.id };
    const domain = await admin.post('/api/routingDomains/add', {
      ...V1,
      json: { displayName: 'Main', sourceNodes: [ids.pbx] },
    });
    expect(domain.status, domain.text).to.equal(200);
    await route('German numbers to the far PBX', ids.far, '49*');
    await route('Polish numbers to the TLS PBX', ids.tlsFar, '48*');
    await route('French numbers to the ringing PBX (SIPp)', ids.ringing, '33*');
    // the PBX node presents a certificate: it listens on its TLS port too
    // (and so does the TLS PBX node: its far end's requests come to its TLS port, which the Contact names)
    for (const node of [ids.pbx, ids.tlsFar]) {
      const upload = await admin.put('/api/nodes/certificates/set', {
        query: { node, mode: 'CERTIFICATES_AND_PRIVATE_KEY' },
        file: { name: 'node.pem', content: `${nodeIdentity.certificate}${nodeIdentity.privateKey}` },
      });
      expect(upload.status, upload.text).to.equal(200);
      const transport = await subTree(admin, node, 'sipTransport');
      const tls = await admin.put('/api/objects/set', { query: { id: transport['id'] }, json: { tlsEnabled: true } });
      expect(tls.status, tls.text).to.equal(200);
    }
    await commit();
    const state = await licenseAndTurnSipOn(admin);
    expect(
      state.listeners.filter((l) => l.state === 'listening').map((l) => `${l.nodeName} ${l.transport} ${l.port}`),
    ).to.include.members([`PBX UDP ${pbxPort}`, `PBX TLS ${pbxTlsPort}`]);
    expect(state.farEnds[ids.far]).to.equal('real');
    expect(state.farEnds[ids.tlsFar]).to.equal('real');
  });

  after(async () => {
    await gateway?.stop();
    await Promise.all([caller?.close(), far?.close(), tlsFar?.close()]);
  });

  beforeEach(() => {
    far.plan = { kind: 'answer' };
  });

  return {
    state: () => ({ phoneIdentity, gateway, admin, caller, far, tlsFar, pbxPort, pbxTlsPort, ids, uasPort }),
    pbx,
    commit,
    history,
    sessions,
    answered,
    finalOf,
    route,
  };
}

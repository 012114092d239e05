import { expect } from 'chai';
import type { ApiClient } from '../../support/ApiClient.js';
import { RealTimeClock } from '../../support/RealTimeClock.js';
import { TestGateway } from '../../support/TestGateway.js';
import { freeUdpRange } from '../../support/udpPorts.js';
import { freeUdpPort, startSipp, type RunningSipp } from '../../support/sip/sipp.js';
import { PROFILES, addSystem, subTree } from '../../acceptance/configuration/nodesSupport.js';
import { createObject } from '../../acceptance/configuration/objectsSupport.js';
import { licenseAndTurnSipOn, routeCalls } from './sipLabSupport.js';

const T1_MS = 50;

/** A gateway whose two nodes draw their media from a small free range of RTP ports, and SIPp answering the far one. */
export interface RangedMediaLab {
  readonly gateway: TestGateway;
  readonly admin: ApiClient;
  readonly uas: RunningSipp;
  /** Where SIPp's UAC calls (the PBX node; 49… is routed to the far PBX, whose peer is the UAS). */
  readonly pbxPort: number;
  readonly range: { readonly first: number; readonly last: number };
}

/**
 * The lab of the media-port tests: a PBX and a far PBX on free ports (TLS on `tlsPorts`), both taking their media
 * ports from one network controller whose range is `rangeSize` free ports, a route 49* between them, committed,
 * licensed, SIP on, and SIPp's UAS behind the far PBX.
 */
export async function rangedMediaLab(rangeSize: number, tlsPorts: readonly [number, number]): Promise<RangedMediaLab> {
  const [pbxPort, farPort, uasPort] = [await freeUdpPort(), await freeUdpPort(), await freeUdpPort()];
  const range = await freeUdpRange(rangeSize);
  const gateway = await TestGateway.start({ clock: new RealTimeClock(), config: { sipT1Ms: T1_MS } });
  const admin = gateway.admin();
  const [pbx] = await addSystem(admin, PROFILES.genericPbx, {
    displayName: 'PBX',
    udpTcpPort: pbxPort,
    tlsPort: tlsPorts[0],
  });
  const [far] = await addSystem(admin, PROFILES.genericPbx, {
    displayName: 'Far PBX',
    udpTcpPort: farPort,
    tlsPort: tlsPorts[1],
    remoteSipDomain: { host: '127.0.0.1', port: uasPort, transport: 'UDP' },
  });
  const controller = await createObject(admin, 'IN_STACK', 'Test media interface', {
    interfaceName: 'eth3',
    ipAddress: '127.0.0.1',
    rtpFirstPort: range.first,
    rtpLastPort: range.last,
  });
  for (const node of [pbx!.id, far!.id]) {
    const negotiation = await subTree(admin, node, 'mediaNegotiation');
    const set = await admin.put('/api/objects/set', {
      query: { id: negotiation['id'] },
      json: { networkControllerId: controller['id'] },
    });
    expect(set.status, set.text).to.equal(200);
  }
  await routeCalls(admin, { displayName: 'To the far PBX', source: pbx!.id, destination: far!.id, pattern: '49*' });
  const commit = await admin.post('/api/coreConfig/commit');
  expect(commit.status, commit.text).to.equal(200);
  await licenseAndTurnSipOn(admin);
  const uas = await startSipp({ scenario: 'uas', localPort: uasPort, timeoutMs: 110_000 });
  return { gateway, admin, uas, pbxPort, range };
}

import { readFileSync } from 'node:fs';
import { LAB_PRIVATE_KEY_FILE, signLicenseFile } from '@gwsim/license-file';
import { freeUdpPort } from '../support/sip/sipp.js';
import { call } from './loadBench.js';

/** Where SIPp's UAC calls the gateway, and where its UAS must answer the calls the gateway passes on. */
export interface SipGatewayPorts {
  /** The PBX node's port on 127.0.0.1 (SIPp's UAC calls it). */
  readonly pbxPort: number;
  /** The far PBX's peer on 127.0.0.1 (SIPp's UAS listens there). */
  readonly uasPort: number;
}

/**
 * Makes a gwsim server a SIP gateway for SIPp, all through the API: two nodes (a PBX whose port SIPp's UAC calls,
 * and a far PBX whose peer is SIPp's UAS), a route between them, a license, and SIP switched on (without the
 * trunks' OPTIONS supervision, which would reach SIPp's UAS as calls).
 */
export async function configureSipGateway(options: {
  readonly url: string;
  readonly authorization: string;
}): Promise<SipGatewayPorts> {
  const [pbxPort, farPort, uasPort] = [await freeUdpPort(), await freeUdpPort(), await freeUdpPort()];
  const pbx = (
    await call(
      options,
      'POST',
      '/api/nodes/addSystem?profile=1d22157e-d6d5-4c79-9c1e-dd47c50e57e1',
      { json: { displayName: 'PBX', udpTcpPort: pbxPort, tlsPort: 65011 } },
      3,
    )
  )[0];
  const far = (
    await call(
      options,
      'POST',
      '/api/nodes/addSystem?profile=1d22157e-d6d5-4c79-9c1e-dd47c50e57e1',
      {
        json: {
          displayName: 'Far PBX',
          udpTcpPort: farPort,
          tlsPort: 65012,
          remoteSipDomain: { host: '127.0.0.1', port: uasPort, transport: 'UDP' },
        },
      },
      3,
    )
  )[0];
  await call(
    options,
    'POST',
    '/api/routingDomains/add',
    { json: { displayName: 'SIP bench', sourceNodes: [pbx.id] } },
    1,
  );
  await call(
    options,
    'POST',
    '/api/routingDomains/routes/add?routingDomain=SIP%20bench',
    {
      json: {
        displayName: 'everything to the far PBX',
        enabled: true,
        establishment: {
          action: 'ACCEPT',
          routingTargets: [{ destinationNodeId: far.id, routingForwardProfileId: '' }],
        },
        filters: [{ sourceNodeIds: [pbx.id], destinationDialString: { type: 'WILDCARD', wildcardPattern: '*' } }],
      },
    },
    1,
  );
  await call(options, 'POST', '/api/coreConfig/commit');
  const now = new Date();
  const license = signLicenseFile(
    {
      identifier: `BENCH-SIP-${now.getTime()}`,
      name: 'sip bench',
      products: ['gwsim'],
      application: 'gateway',
      requiredSystemIds: [],
      validFrom: `${new Date(now.getTime() - 3600_000).toISOString().slice(0, 19)}Z`,
      validUntil: `${new Date(now.getTime() + 86400_000).toISOString().slice(0, 19)}Z`,
      facilities: [{ name: 'telrtSession', value: 100_000 }],
      constraints: [],
      invalidates: [],
    },
    readFileSync(LAB_PRIVATE_KEY_FILE, 'utf8'),
  );
  await call(options, 'PUT', '/api/licenses/importFile', { file: { name: 'bench.xzlicense', content: license } });
  // the far end is SIPp's uas scenario: the gateway's OPTIONS keep-alives would reach it as calls
  await call(options, 'PUT', '/_sim/labs/default/sip', { json: { enabled: true, supervision: false } });
  return { pbxPort, uasPort };
}

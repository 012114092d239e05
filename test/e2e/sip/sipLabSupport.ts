import { expect } from 'chai';
import type { ApiClient } from '../../support/ApiClient.js';

const V1 = { version: 1 };

/** A routing domain "Main" for calls from `source`, with one route sending the numbers `pattern` matches to `destination`. */
export async function routeCalls(
  admin: ApiClient,
  route: { displayName: string; source: string; destination: string; pattern: string },
): Promise<void> {
  const domain = await admin.post('/api/routingDomains/add', {
    ...V1,
    json: { displayName: 'Main', sourceNodes: [route.source] },
  });
  expect(domain.status, domain.text).to.equal(200);
  const added = await admin.post('/api/routingDomains/routes/add', {
    ...V1,
    query: { routingDomain: 'Main' },
    json: {
      displayName: route.displayName,
      enabled: true,
      establishment: {
        action: 'ACCEPT',
        routingTargets: [{ destinationNodeId: route.destination, routingForwardProfileId: '' }],
      },
      filters: [
        { sourceNodeIds: [route.source], destinationDialString: { type: 'WILDCARD', wildcardPattern: route.pattern } },
      ],
    },
  });
  expect(added.status, added.text).to.equal(200);
}

/** The lab licensed: a 30-session lab license on its first system id. */
export async function licenseLab(admin: ApiClient): Promise<void> {
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
}

/**
 * The lab licensed (licenseLab) and its real SIP turned on without trunk supervision, with `setting`'s other members
 * (a portOffset, say): the SIP state answered.
 */
export async function licenseAndTurnSipOn(
  admin: ApiClient,
  setting: Readonly<Record<string, unknown>> = {},
): Promise<{
  listeners: { nodeName: string; transport: string; port: number; state: string }[];
  farEnds: Record<string, string>;
}> {
  await licenseLab(admin);
  const on = await admin.put('/_sim/labs/default/sip', {
    version: null,
    json: { enabled: true, supervision: false, ...setting },
  });
  expect(on.status, on.text).to.equal(200);
  return on.json;
}

/**
 * Builds the demo configuration through the management API, as an operator would, and writes the exported file
 * to demo/gateway.xzconfig. Run after `npm run build`: `node dist/test/tools/buildDemoConfiguration.js`.
 * The file is checked in; this script documents how it was made and rebuilds it when the catalog changes.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { TestGateway } from '../support/TestGateway.js';
import { ADMIN_PASSWORD } from '../support/testConfig.js';
import { PROFILES, addProvider, addSystem } from '../acceptance/configuration/nodesSupport.js';

const V1 = { version: 1 };

async function ok(response: Promise<{ status: number; text: string; json: any }>, what: string): Promise<any> {
  const answer = await response;
  if (answer.status !== 200) throw new Error(`${what}: ${answer.status} ${answer.text}`);
  return answer.json;
}

async function main(): Promise<void> {
  const gateway = await TestGateway.start({ store: 'memory' });
  try {
    const admin = gateway.admin();
    const [pbx] = await addSystem(admin, PROFILES.genericPbx, {
      displayName: 'PBX Berlin',
      udpTcpPort: 5070,
      tlsPort: 5071,
    });
    const [carrierA] = await addProvider(admin, PROFILES.telekomDe, {
      displayName: 'Carrier A',
      credentials: { username: 'acme-trunk', password: 'Demo-Trunk-A-2026!' },
      udpTcpPort: 5080,
      tlsPort: 5081,
    });
    const [carrierB] = await addProvider(admin, PROFILES.genericCarrier, {
      displayName: 'Carrier B',
      credentials: { username: 'acme-backup', password: 'Demo-Trunk-B-2026!' },
      udpTcpPort: 5090,
      tlsPort: 5091,
    });
    const [pbxId, aId, bId] = [pbx!.id, carrierA!.id, carrierB!.id];

    await ok(
      admin.post('/api/routingDomains/add', { ...V1, json: { displayName: 'Main', sourceNodes: [pbxId, aId, bId] } }),
      'routing domain',
    );
    const toE164 = {
      segments: [
        {
          prefix: '+49',
          suffix: '',
          delLeading: 1,
          delTrailing: 0,
          keepLeading: 0,
          keepTrailing: 0,
          matchedPart: 0,
          source: 'MOST_APPROPRIATE',
        },
      ],
    };
    const failover = { telStatusList: ['ERROR'], sipStatusCodes: '408,500-599' };
    await ok(
      admin.post('/api/routingDomains/routes/add', {
        ...V1,
        query: { routingDomain: 'Main' },
        json: {
          displayName: 'National calls via Carrier A, failover to Carrier B',
          enabled: true,
          establishment: {
            action: 'ACCEPT',
            routingTargets: [
              {
                destinationNodeId: aId,
                routingForwardProfileId: '',
                destinationDialStringRewriting: toE164,
                failoverStatusMatch: failover,
              },
              { destinationNodeId: bId, routingForwardProfileId: '', destinationDialStringRewriting: toE164 },
            ],
          },
          filters: [{ sourceNodeIds: [pbxId], destinationDialString: { type: 'WILDCARD', wildcardPattern: '0*' } }],
        },
      }),
      'national route',
    );
    await ok(
      admin.post('/api/routingDomains/routes/add', {
        ...V1,
        query: { routingDomain: 'Main' },
        json: {
          displayName: 'Any other number from the PBX via Carrier A, failover to Carrier B',
          enabled: true,
          establishment: {
            action: 'ACCEPT',
            routingTargets: [
              { destinationNodeId: aId, routingForwardProfileId: '', failoverStatusMatch: failover },
              { destinationNodeId: bId, routingForwardProfileId: '' },
            ],
          },
          filters: [{ sourceNodeIds: [pbxId], destinationDialString: { type: 'WILDCARD', wildcardPattern: '*' } }],
        },
      }),
      'catch-all route',
    );
    await ok(
      admin.post('/api/routingDomains/routes/add', {
        ...V1,
        query: { routingDomain: 'Main' },
        json: {
          displayName: 'Calls from the carriers to the PBX',
          enabled: true,
          establishment: {
            action: 'ACCEPT',
            routingTargets: [{ destinationNodeId: pbxId, routingForwardProfileId: '' }],
          },
          filters: [
            { sourceNodeIds: [aId, bId], destinationDialString: { type: 'WILDCARD', wildcardPattern: '+4930123456*' } },
          ],
        },
      }),
      'inbound route',
    );
    const rewriting = await ok(
      admin.post('/api/dialStringRewriting/add', {
        json: {
          displayName: 'E.164 to national',
          rules: [
            {
              index: 0,
              displayName: 'German numbers',
              comment: '',
              rewriteType: 'prefixAndSuffix',
              prefix: '+49',
              suffix: '',
              deleteLeadingCharacters: 3,
              deleteTrailingCharacters: 0,
              addPrefix: '0',
              addSuffix: '',
              addExtTrailingDigits: 0,
              case: 'unchanged',
              clearDisplayName: false,
              skipRulesBelow: false,
              skipFurtherRules: true,
              applyToSourceDialString: true,
              applyToDestinationDialString: false,
              applyToAllDialStrings: false,
            },
          ],
        },
      }),
      'rewriting',
    );
    for (const id of [aId, bId])
      await ok(
        admin.put('/api/objects/set', { query: { id }, json: { incomingDialStringRewritingId: rewriting.id } }),
        'carrier rewriting',
      );
    await ok(admin.post('/api/coreConfig/commit'), 'commit');

    const exported = await fetch(new URL('/api/coreConfig/get?version=0', gateway.baseUrl), {
      headers: { authorization: `Basic ${Buffer.from(`anadmin:${ADMIN_PASSWORD}`).toString('base64')}` },
    });
    if (!exported.ok) throw new Error(`export: ${exported.status} ${await exported.text()}`);
    const target = path.resolve(__dirname, '../../../demo/gateway.xzconfig');
    writeFileSync(target, Buffer.from(await exported.arrayBuffer()));
    process.stdout.write(`wrote ${target}\n`);
  } finally {
    await gateway.stop();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
});

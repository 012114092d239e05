import { expect } from 'chai';
import { DEFAULT_LAB } from '../../../src/shared/domain/LabId.js';
import { UnitOfWork } from '../../../src/shared/application/UnitOfWork.js';
import { compileRoutingDomain, ConfigurationRepository } from '../../../src/contexts/configuration/index.js';
import { RoutingDomainMapper } from '../../../src/contexts/configuration/routing/domain/RoutingDomainMapper.js';
import type { ApiClient } from '../../support/ApiClient.js';
import { TestGateway } from '../../support/TestGateway.js';
import { durableStores } from '../../support/testStores.js';
import { identity } from './certificatesSupport.js';
import { PROFILES } from './nodesSupport.js';
import { TO_E164 } from './routingSupport.js';

const V1 = { version: 1 };
const CARRIER_PASSWORD = 'Trunk-Secret-4711';
const BACKUP_PASSWORD = 'Backup-Secret-0815';

/** What the operator's configuration reads answer, for comparing it across commit, restart and export/import. */
async function readEverything(admin: ApiClient): Promise<Record<string, unknown>> {
  const get = async (path: string, options: Parameters<ApiClient['get']>[1] = {}) => {
    const response = await admin.get(path, options);
    expect(response.status, `${path}: ${response.text.slice(0, 300)}`).to.equal(200);
    return response.json ?? response.text;
  };
  return {
    nodes: await get('/api/nodes/get'),
    pbxPort: await get('/api/nodes/port/get', { query: { node: 'PBX Berlin' } }),
    carrierConnections: await get('/api/nodes/transportConnections/get', { query: { node: 'Carrier A' } }),
    domains: await get('/api/routingDomains/get'),
    routes: await get('/api/routingDomains/routes/get', { ...V1, query: { routingDomain: 'Main' } }),
    profiles: await get('/api/routingForwardProfiles/get', { query: { completeData: 'true' } }),
    rewritings: await get('/api/dialStringRewriting/get'),
    routers: await get('/api/requestRouters/get'),
    connectors: await get('/api/webserverConnectors/get'),
  };
}

for (const store of durableStores()) {
  describe(`an operator builds a gateway's configuration through the API on ${store.name}`, function () {
    this.timeout(180_000);
    after(() => store.dispose());

    it('nodes from profiles, routing with rewriting and failover, a request router and an HTTPS connector survive commit, restart and export/import', async () => {
      const tls = identity('gateway.acme.example.test');
      let before: Record<string, unknown>;
      let exported: Buffer;
      const first = await TestGateway.start({ config: store.config });
      try {
        const admin = first.admin();
        // 1. a PBX from a system profile, two carriers from provider profiles with credentials
        const pbx = await admin.post('/api/nodes/addSystem', {
          version: 3,
          query: { profile: PROFILES.genericPbx },
          json: { displayName: 'PBX Berlin', udpTcpPort: 5070, tlsPort: 5071 },
        });
        expect(pbx.status, pbx.text).to.equal(200);
        const carrierA = await admin.post('/api/nodes/addProvider', {
          version: 2,
          query: { profile: PROFILES.telekomDe },
          json: {
            displayName: 'Carrier A',
            credentials: { username: 'acme-trunk', password: CARRIER_PASSWORD },
            udpTcpPort: 5080,
            tlsPort: 5081,
          },
        });
        expect(carrierA.status, carrierA.text).to.equal(200);
        const carrierB = await admin.post('/api/nodes/addProvider', {
          version: 2,
          query: { profile: PROFILES.genericCarrier },
          json: {
            displayName: 'Carrier B',
            credentials: { username: 'acme-backup', password: BACKUP_PASSWORD },
            udpTcpPort: 5090,
            tlsPort: 5091,
          },
        });
        expect(carrierB.status, carrierB.text).to.equal(200);
        const [pbxId, carrierAId, carrierBId] = [
          pbx.json[0].id as string,
          carrierA.json[0].id as string,
          carrierB.json[0].id as string,
        ];
        expect(
          ((await admin.get('/api/nodes/get')).json as Array<{ displayName: string }>).map((n) => n.displayName),
        ).to.include.members(['PBX Berlin', 'Carrier A', 'Carrier B']);

        // the carrier's transport connection carries the credentials, never the password
        const [connection] = (await admin.get('/api/nodes/transportConnections/get', { query: { node: 'Carrier A' } }))
          .json as Array<{ id: string }>;
        const credentials = (
          await admin.get('/api/transportConnections/authentication/get', {
            query: { transportConnection: connection!.id },
          })
        ).json;
        expect(credentials).to.include({ authenticationEnabled: true, username: 'acme-trunk' });

        // 2. a forward profile, and a routing domain with two routes: national calls to Carrier A with the
        //    destination rewritten to E.164 and failover to Carrier B; internal extensions to the PBX
        const profile = await admin.post('/api/routingForwardProfiles/add', {
          json: {
            displayName: 'Trunk forwarding',
            earlyMediaPassThrough: true,
            announcementIncoming: false,
            announcementOutgoing: false,
            removeCoreFromSignalingPath: false,
            signalingForwardingFromCallingToCalled: { ADDRESS: true },
            signalingForwardingFromCalledToCalling: { ADDRESS: true, ACTIVE_APPARENT_STATE: true },
          },
        });
        expect(profile.status, profile.text).to.equal(200);
        const domain = await admin.post('/api/routingDomains/add', {
          ...V1,
          json: { displayName: 'Main', sourceNodes: [pbxId, carrierAId, carrierBId] },
        });
        expect(domain.status, domain.text).to.equal(200);
        const national = await admin.post('/api/routingDomains/routes/add', {
          ...V1,
          query: { routingDomain: 'Main', mode: 'establishment' },
          json: {
            displayName: 'national via carriers',
            enabled: true,
            establishment: {
              action: 'ACCEPT',
              routingTargets: [
                {
                  destinationNodeId: carrierAId,
                  routingForwardProfileId: profile.json.id,
                  destinationDialStringRewriting: TO_E164,
                  failoverStatusMatch: { telStatusList: ['ERROR'], sipStatusCodes: '408,480-486,500-599' },
                },
                { destinationNodeId: carrierBId, routingForwardProfileId: '', destinationDialStringRewriting: TO_E164 },
              ],
            },
            filters: [{ sourceNodeIds: [pbxId], destinationDialString: { type: 'WILDCARD', wildcardPattern: '0*' } }],
          },
        });
        expect(national.status, national.text).to.equal(200);
        const internal = await admin.post('/api/routingDomains/routes/add', {
          ...V1,
          query: { routingDomain: 'Main' },
          json: {
            displayName: 'extensions to the PBX',
            enabled: true,
            establishment: {
              action: 'ACCEPT',
              routingTargets: [{ destinationNodeId: pbxId, routingForwardProfileId: '' }],
            },
            filters: [
              {
                sourceNodeIds: [carrierAId, carrierBId],
                destinationDialString: {
                  type: 'EXTENSION_RANGE',
                  extensionRange: {
                    firstExtension: '100',
                    lastExtension: '299',
                    trunk: '+49301234',
                    zeroExtend: false,
                  },
                },
              },
            ],
          },
        });
        expect(internal.status, internal.text).to.equal(200);

        // 3. a dial string rewriting object for calls arriving from the carriers (E.164 to national)
        const rewriting = await admin.post('/api/dialStringRewriting/add', {
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
        });
        expect(rewriting.status, rewriting.text).to.equal(200);
        expect(
          (
            await admin.put('/api/objects/set', {
              query: { id: carrierAId },
              json: { incomingDialStringRewritingId: rewriting.json.id },
            })
          ).status,
        ).to.equal(200);

        // 4. a request router and an HTTPS web server connector
        const router = await admin.post('/api/requestRouters/add', {
          json: {
            requestRouterName: 'Request Router REST',
            routingTargets: ['sip:localhost:5070'],
            useLocalNode: false,
            portOptions: {
              tlsPort: 5101,
              udpTcpPort: 5100,
              tcpPortRange: { firstPort: 9000, lastPort: 12000 },
              udpPortRange: { firstPort: 9000, lastPort: 12000 },
            },
            networkControllerOptions: { createNewNetworkController: true, newNetworkControllerIpAddress: '127.0.0.1' },
          },
        });
        expect(router.status, router.text).to.equal(200);
        expect(router.json.displayName).to.equal('Request Router REST');
        const connectors = await admin.post('/api/webserverConnectors/add', {
          json: {
            displayName: 'HTTPS API',
            httpMode: 'HTTPS',
            port: 8443,
            httpRedirectorPort: 8080,
            requestDomains: ['REST_API', 'GUI'],
            networkOptions: { ipAddress: '' },
            openPortOnDemand: false,
            tlsOptions: {
              certificate: { pem: tls.certificate },
              privateKey: { pem: tls.privateKey },
              demandClientCertificate: false,
              hostnameVerification: false,
            },
          },
        });
        expect(connectors.status, connectors.text).to.equal(200);
        expect(JSON.stringify(connectors.json)).to.not.contain('PRIVATE KEY');

        // 5. commit; the committed routing domain compiles into a plan that routes a call as configured
        const commit = await admin.post('/api/coreConfig/commit');
        expect(commit.status, commit.text).to.equal(200);
        expect((await admin.get('/api/coreConfig/status/get')).json.state).to.equal('COMMITTED');
        const committed = await first
          .get(UnitOfWork)
          .read(() => first.get(ConfigurationRepository).find(DEFAULT_LAB, domain.json.id, 'committed'));
        const main = RoutingDomainMapper.fromObject(committed!);
        const plan = compileRoutingDomain({
          id: main.id,
          sourceNodeIds: main.sourceNodeIds,
          routes: main.routes.map((r) => r.spec),
          pathReplacementRoutes: main.pathReplacementRoutes.map((r) => r.spec),
        });
        const routed = plan.match({ sourceNodeId: pbxId, source: '201', destination: '030555123' })!;
        expect(routed.route.displayName).to.equal('national via carriers');
        expect(routed.targets.map((t) => [t.destinationNodeId, t.dialStrings.destination])).to.deep.equal([
          [carrierAId, '+4930555123'],
          [carrierBId, '+4930555123'],
        ]);
        expect(
          [503, 486, 'ERROR', 404, 'USER_BUSY'].map((status) => routed.targets[0]!.failover(status as never)),
        ).to.deep.equal([true, true, true, false, false]);
        const inbound = plan.match({ sourceNodeId: carrierAId, source: '+4940111', destination: '+49301234150' })!;
        expect(inbound.targets.map((t) => t.destinationNodeId)).to.deep.equal([pbxId]);
        expect(plan.match({ sourceNodeId: carrierAId, source: '+4940111', destination: '+49301234999' })).to.equal(
          undefined,
        );

        before = await readEverything(admin);
        const text = JSON.stringify(before);
        for (const secret of [CARRIER_PASSWORD, BACKUP_PASSWORD, 'PRIVATE KEY']) expect(text).to.not.contain(secret);
        if (!admin.cookie) await admin.get('/api/version/get');
        const download = await fetch(new URL('/api/coreConfig/get?version=0', first.baseUrl), {
          headers: { cookie: `JSESSIONID=${admin.cookie}` },
        });
        expect(download.status).to.equal(200);
        exported = Buffer.from(await download.arrayBuffer());
      } finally {
        await first.stop();
      }

      // 6. a restart keeps everything as it was read
      const again = await TestGateway.start({ config: store.config, keepData: true });
      try {
        const admin = again.admin();
        expect(await readEverything(admin)).to.deep.equal(before);
        expect((await admin.get('/api/coreConfig/status/get')).json.state).to.equal('COMMITTED');
      } finally {
        await again.stop();
      }

      // 7. the exported file, imported into a new gateway, gives the same configuration (after commit)
      const other = await TestGateway.start({ store: 'memory' });
      try {
        const admin = other.admin();
        const imported = await admin.put('/api/coreConfig/set', {
          file: { name: 'walkthrough.xzconfig', content: exported },
        });
        expect(imported.status, imported.text).to.equal(200);
        expect((await admin.post('/api/coreConfig/commit')).status).to.equal(200);
        expect(await readEverything(admin)).to.deep.equal(before);
      } finally {
        await other.stop();
      }
    });
  });
}

import { expect } from 'chai';
import type { ApiClient } from '../../support/ApiClient.js';
import type { TestGateway } from '../../support/TestGateway.js';
import {
  addStandardConnection,
  compact,
  expectError,
  readGraph,
  startTransportGateway,
  type HttpSipNode,
} from './transportSupport.js';

const UNKNOWN_ID = '00000000-0000-4000-8000-00000000beef';

describe('transport connections over HTTP', function () {
  this.timeout(90000);
  let gateway: TestGateway;
  let admin: ApiClient;
  let sip: HttpSipNode;

  before(async () => {
    ({ gateway, admin, sip } = await startTransportGateway());
  });
  after(() => gateway.stop());

  const addStandard = (name: string, extra: Record<string, unknown> = {}): Promise<Record<string, any>> =>
    addStandardConnection(admin, sip, name, extra);

  describe('bad input changes nothing', () => {
    async function refused(
      path: string,
      query: Record<string, string>,
      json: unknown,
      status: number,
      code: string,
      field: string,
    ): Promise<void> {
      const before = await readGraph(admin);
      const response = await admin.put(path, { query, json });
      expectError(response, status, code, { what: `${path} ${JSON.stringify(json).slice(0, 120)}` });
      expect(
        response.json.error.details.map((d: { field: string }) => d.field),
        response.text,
      ).to.include(field);
      expect(await readGraph(admin)).to.deep.equal(before);
    }

    it('refuses invalid URIs naming the field', async () => {
      const node = sip.node['id'];
      await refused(
        '/api/transportConnections/addStandard',
        { displayName: 'bad uri' },
        { sipNodeId: node, proxy: { iri: 'http://proxy.example' } },
        400,
        'TRANSPORT_CONNECTION_INVALID',
        'proxy.iri',
      );
      await refused(
        '/api/transportConnections/addStandard',
        { displayName: 'bad uri' },
        { sipNodeId: node, proxy: { iri: 'sip:host:99999' } },
        400,
        'TRANSPORT_CONNECTION_INVALID',
        'proxy.iri',
      );
      await refused(
        '/api/transportConnections/addStandard',
        { displayName: 'bad uri' },
        { sipNodeId: node, proxy: { iri: 'sip:ok.example' }, registration: { addressOfRecord: 'tel:+49' } },
        400,
        'TRANSPORT_CONNECTION_INVALID',
        'registration.addressOfRecord',
      );
      await refused(
        '/api/transportConnections/addStandard',
        { displayName: 'bad uri' },
        { sipNodeId: node, proxy: { iri: 'sip:ok.example' }, assertedAddress: { uri: 'mailto:x@example' } },
        400,
        'TRANSPORT_CONNECTION_INVALID',
        'assertedAddress.uri',
      );
      await refused(
        '/api/transportConnections/addPlain',
        { displayName: 'bad uri' },
        { sipNodeId: node, destination: { iri: 'sip:bad host' } },
        400,
        'TRANSPORT_CONNECTION_INVALID',
        'destination.iri',
      );
      await refused(
        '/api/transportConnections/addSipRegistrar',
        { displayName: 'bad uri' },
        { sipNodeId: node, registrar: { iri: 'sip:r.example' }, addressOfRecord: 'user@example' },
        400,
        'TRANSPORT_CONNECTION_INVALID',
        'addressOfRecord',
      );
      await refused(
        '/api/transportConnections/addSrvLoadBalancer',
        { displayName: 'bad srv' },
        { sipNodeId: node, domain: 'not a domain' },
        400,
        'TRANSPORT_CONNECTION_INVALID',
        'domain',
      );
    });

    it('refuses wrong types, missing fields, unknown fields and out-of-range values', async () => {
      const node = sip.node['id'];
      await refused(
        '/api/transportConnections/addStandard',
        { displayName: 'bad' },
        { sipNodeId: node, proxy: { iri: 'sip:a.example', options: 'yes' } },
        400,
        'VALIDATION_FAILED',
        'proxy.options',
      );
      await refused(
        '/api/transportConnections/addStandard',
        { displayName: 'bad' },
        { sipNodeId: node },
        400,
        'VALIDATION_FAILED',
        'proxy',
      );
      await refused(
        '/api/transportConnections/addStandard',
        { displayName: 'bad' },
        { sipNodeId: 42, proxy: { iri: 'sip:a.example' } },
        400,
        'VALIDATION_FAILED',
        'sipNodeId',
      );
      await refused(
        '/api/transportConnections/addStandard',
        { displayName: 'bad' },
        { sipNodeId: node, proxy: { iri: 'sip:a.example' }, password: 'x' },
        400,
        'UNKNOWN_FIELD',
        'password',
      );
      await refused(
        '/api/transportConnections/addStandard',
        { displayName: 'bad' },
        { type: 'PLAIN', sipNodeId: node, proxy: { iri: 'sip:a.example' } },
        400,
        'VALIDATION_FAILED',
        'type',
      );
      await refused(
        '/api/transportConnections/addSipRegistrar',
        { displayName: 'bad' },
        { sipNodeId: node, registrar: { iri: 'sip:r.example' }, addressOfRecord: 'sip:a@r.example', expiresSeconds: 5 },
        400,
        'TRANSPORT_CONNECTION_INVALID',
        'expiresSeconds',
      );
      await refused(
        '/api/transportConnections/addSipLoadBalancing',
        { displayName: 'bad' },
        { sipNodeId: node, members: [] },
        400,
        'TRANSPORT_CONNECTION_INVALID',
        'members',
      );
      await refused(
        '/api/transportConnections/addSipLoadBalancing',
        { displayName: 'bad' },
        { sipNodeId: node, members: [{ transportConnectionId: UNKNOWN_ID }] },
        400,
        'TRANSPORT_CONNECTION_INVALID',
        'members[0].transportConnectionId',
      );
      await refused(
        '/api/transportConnections/addStandard',
        { displayName: 'other name' },
        { displayName: 'not the same', sipNodeId: node, proxy: { iri: 'sip:a.example' } },
        400,
        'DISPLAY_NAME_MISMATCH',
        'displayName',
      );
    });

    it('refuses unknown nodes, credentials and conditions in both id shapes, and objects of the wrong sort', async () => {
      for (const id of [UNKNOWN_ID, compact(UNKNOWN_ID)]) {
        await refused(
          '/api/transportConnections/addStandard',
          { displayName: 'orphan' },
          { sipNodeId: id, proxy: { iri: 'sip:a.example' } },
          400,
          'TRANSPORT_CONNECTION_INVALID',
          'sipNodeId',
        );
        await refused(
          '/api/transportConnections/addStandard',
          { displayName: 'orphan' },
          { sipNodeId: sip.node['id'], proxy: { iri: 'sip:a.example' }, credentials: { authenticationProfileId: id } },
          400,
          'TRANSPORT_CONNECTION_INVALID',
          'credentials.authenticationProfileId',
        );
        await refused(
          '/api/transportConnections/addPlain',
          { displayName: 'orphan' },
          { sipNodeId: sip.node['id'], destination: { iri: 'sip:a.example' }, conditionId: id },
          400,
          'TRANSPORT_CONNECTION_INVALID',
          'conditionId',
        );
      }
      await refused(
        '/api/transportConnections/addStandard',
        { displayName: 'orphan' },
        { sipNodeId: sip.transport['id'], proxy: { iri: 'sip:a.example' } },
        400,
        'TRANSPORT_CONNECTION_INVALID',
        'sipNodeId',
      );
    });

    it('refuses a display name another connection (of any kind) has, with 409', async () => {
      await addStandard('taken name');
      await refused(
        '/api/transportConnections/addPlain',
        { displayName: 'taken name' },
        { sipNodeId: sip.node['id'], destination: { iri: 'sip:a.example' } },
        409,
        'DISPLAY_NAME_TAKEN',
        'displayName',
      );
    });
  });
});

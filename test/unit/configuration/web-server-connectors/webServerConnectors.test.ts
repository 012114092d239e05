import { expect } from 'chai';
import { createSelfSigned } from '@gwsim/x509';
import { IndexedGraph } from '../../../../src/contexts/configuration/graph/domain/GraphView.js';
import type { ConfigurationReader } from '../../../../src/contexts/configuration/graph/application/ConfigurationReader.js';
import { AddWebServerConnector } from '../../../../src/contexts/configuration/web-server-connectors/application/AddWebServerConnector.js';
import { ConnectorWrites } from '../../../../src/contexts/configuration/web-server-connectors/application/ConnectorWrites.js';
import { GetWebServerConnectors } from '../../../../src/contexts/configuration/web-server-connectors/application/GetWebServerConnectors.js';
import { RemoveWebServerConnector } from '../../../../src/contexts/configuration/web-server-connectors/application/RemoveWebServerConnector.js';
import { SetWebServerConnectors } from '../../../../src/contexts/configuration/web-server-connectors/application/SetWebServerConnectors.js';
import { checkConnectorSet } from '../../../../src/contexts/configuration/web-server-connectors/domain/ConnectorSet.js';
import { WebServerConnector } from '../../../../src/contexts/configuration/web-server-connectors/domain/WebServerConnector.js';
import { WebServerConnectorMapper } from '../../../../src/contexts/configuration/web-server-connectors/domain/WebServerConnectorMapper.js';
import { DEFAULT_LAB } from '../../../../src/shared/domain/LabId.js';
import { failure, ObjectsHarness } from '../support/ObjectsHarness.js';

function thrown(work: () => unknown): { code: string; details: Array<{ field?: string }> } {
  try {
    work();
  } catch (error) {
    return error as never;
  }
  throw new Error('expected a failure');
}

describe('web server connectors', function () {
  this.timeout(30000);
  const tls = createSelfSigned({ commonName: 'unit.example.test' });
  const other = createSelfSigned({ commonName: 'other.example.test' });

  describe('WebServerConnector', () => {
    it('creates a connector from defaults and the given values, needing a name and a port', () => {
      const connector = WebServerConnector.create('id-1', {
        displayName: ' web ',
        port: 8080,
        requestDomains: ['GUI'],
      });
      expect(connector.snapshot()).to.deep.include({
        displayName: 'web',
        httpMode: 'HTTP',
        port: 8080,
        ipAddress: '',
        httpRedirectorPort: 0,
        privateKey: '',
      });
      expect(
        thrown(() => WebServerConnector.create('id', { requestDomains: ['GUI'] })).details.map((d) => d.field),
      ).to.deep.equal(['displayName', 'port']);
    });

    it('refuses ports out of range, a bad address, no or repeated request domains, a redirector without HTTPS', () => {
      const base = { displayName: 'w', port: 8080, requestDomains: ['GUI' as const] };
      expect(
        thrown(() => WebServerConnector.create('i', { ...base, port: 65536 })).details.map((d) => d.field),
      ).to.deep.equal(['port']);
      expect(
        thrown(() => WebServerConnector.create('i', { ...base, port: 1.5 })).details.map((d) => d.field),
      ).to.deep.equal(['port']);
      expect(
        thrown(() => WebServerConnector.create('i', { ...base, ipAddress: '300.1.1.1' })).details.map((d) => d.field),
      ).to.deep.equal(['networkOptions.ipAddress']);
      expect(
        thrown(() => WebServerConnector.create('i', { ...base, requestDomains: [] })).details.map((d) => d.field),
      ).to.deep.equal(['requestDomains']);
      expect(
        thrown(() => WebServerConnector.create('i', { ...base, requestDomains: ['GUI', 'GUI'] })).details.map(
          (d) => d.field,
        ),
      ).to.deep.equal(['requestDomains[1]']);
      expect(
        thrown(() => WebServerConnector.create('i', { ...base, httpRedirectorPort: 80 })).details.map((d) => d.field),
      ).to.deep.equal(['httpRedirectorPort']);
    });

    it('needs a certificate and its own key with HTTPS, and keeps the key when a change leaves it empty', () => {
      const https = { displayName: 's', port: 8443, requestDomains: ['GUI' as const], httpMode: 'HTTPS' as const };
      expect(thrown(() => WebServerConnector.create('i', https)).details.map((d) => d.field)).to.have.members([
        'tlsOptions.certificate.pem',
        'tlsOptions.privateKey.pem',
      ]);
      expect(
        thrown(() =>
          WebServerConnector.create('i', { ...https, certificate: tls.certificate, privateKey: other.privateKey }),
        ).details.map((d) => d.field),
      ).to.deep.equal(['tlsOptions.privateKey.pem']);
      const secure = WebServerConnector.create('i', {
        ...https,
        certificate: tls.certificate,
        privateKey: tls.privateKey,
        httpRedirectorPort: 8080,
      });
      expect(secure.ports).to.deep.equal([8443, 8080]);
      const moved = secure.apply({ port: 9443, privateKey: '', certificate: '' });
      expect(moved.snapshot().privateKey).to.equal(secure.snapshot().privateKey);
      expect(thrown(() => secure.apply({ certificate: other.certificate })).details.map((d) => d.field)).to.deep.equal([
        'tlsOptions.privateKey.pem',
      ]);
      expect(
        thrown(() => secure.apply({ httpRedirectorPort: 9443, port: 9443 })).details.map((d) => d.field),
      ).to.deep.equal(['httpRedirectorPort']);
    });
  });

  describe('checkConnectorSet', () => {
    const api = WebServerConnector.create('a', { displayName: 'api', port: 8111, requestDomains: ['REST_API'] });
    const gui = WebServerConnector.create('g', { displayName: 'gui', port: 8112, requestDomains: ['GUI'] });

    it('refuses a port used twice and a name used twice, naming the request field', () => {
      const clash = WebServerConnector.create('c', { displayName: 'clash', port: 8111, requestDomains: ['GUI'] });
      const error = thrown(() => checkConnectorSet([api], [api, clash], (id) => (id === 'c' ? '[1]' : '[0]')));
      expect(error.code).to.equal('PORT_IN_USE');
      expect(error.details.map((d) => d.field)).to.deep.equal(['[1].port']);
      const namesake = WebServerConnector.create('n', { displayName: 'gui', port: 8200, requestDomains: ['GUI'] });
      expect(thrown(() => checkConnectorSet([], [gui, namesake], () => '')).code).to.equal('DISPLAY_NAME_TAKEN');
    });

    it('refuses to leave no connector serving REST_API when one did, and allows moving it', () => {
      expect(thrown(() => checkConnectorSet([api, gui], [gui], () => '')).code).to.equal('LAST_API_CONNECTOR');
      expect(
        thrown(() => checkConnectorSet([api], [api.apply({ requestDomains: ['GUI'] })], () => '[0]')).details.map(
          (d) => d.field,
        ),
      ).to.deep.equal(['[0].requestDomains']);
      expect(() =>
        checkConnectorSet([api, gui], [gui.apply({ requestDomains: ['REST_API'] })], () => ''),
      ).to.not.throw();
      expect(() => checkConnectorSet([gui], [gui], () => '')).to.not.throw();
    });
  });

  describe('use cases on the in-memory graph', () => {
    let h: ObjectsHarness;
    let writes: ConnectorWrites;
    let getConnectors: GetWebServerConnectors;

    beforeEach(async () => {
      h = new ObjectsHarness('connectors');
      writes = new ConnectorWrites(h.writes);
      const reader = { working: async () => new IndexedGraph(await h.all()) } as unknown as ConfigurationReader;
      getConnectors = new GetWebServerConnectors(reader);
      await h.seed('HTTP_SERVER', 'REST API and GUI', { port: 8111, requestDomains: ['REST_API', 'GUI'] });
    });

    it('maps an HTTP_SERVER object to the entity and back without loss', async () => {
      const [object] = await h.all();
      const entity = WebServerConnectorMapper.toEntity(object!);
      expect(entity.snapshot()).to.deep.include({
        displayName: 'REST API and GUI',
        port: 8111,
        requestDomains: ['REST_API', 'GUI'],
      });
      expect(WebServerConnectorMapper.toObject(DEFAULT_LAB, entity, object).snapshot()).to.deep.equal(
        object!.snapshot(),
      );
    });

    it('adds, sets and removes through the graph; a request that changes nothing leaves the state as it is', async () => {
      const add = new AddWebServerConnector(writes, h.ids);
      const { added, connectors } = await add.execute(DEFAULT_LAB, {
        displayName: 'gui',
        port: 8112,
        requestDomains: ['GUI'],
      });
      expect(connectors.map((c) => c.id)).to.include(added);
      expect((await h.find(added))!.parameters).to.deep.include({ port: 8112, requestDomains: ['GUI'] });
      expect(await h.status()).to.equal('modified');

      const set = new SetWebServerConnectors(writes, h.ids);
      const current = await getConnectors.execute(DEFAULT_LAB);
      const versions = (await h.all()).map((o) => o.version);
      await set.execute(
        DEFAULT_LAB,
        current.map((c) => ({ id: c.id, values: {} })),
      );
      expect((await h.all()).map((o) => o.version)).to.deep.equal(versions);

      const remove = new RemoveWebServerConnector(writes);
      const remaining = await remove.execute(DEFAULT_LAB, added);
      expect(remaining.map((c) => c.displayName)).to.deep.equal(['REST API and GUI']);
      expect(await h.find(added)).to.equal(undefined);
      const last = await failure(() => remove.execute(DEFAULT_LAB, 'REST API and GUI'));
      expect(last.code).to.equal('LAST_API_CONNECTOR');
    });

    it('names the entry of a set whose connector is invalid, and stores nothing', async () => {
      const set = new SetWebServerConnectors(writes, h.ids);
      const before = await h.state();
      const current = await getConnectors.execute(DEFAULT_LAB);
      const error = await failure(() =>
        set.execute(DEFAULT_LAB, [
          { id: current[0]!.id, values: {} },
          { values: { displayName: 'bad', port: 0, requestDomains: ['GUI'] } },
        ]),
      );
      expect(error.code).to.equal('WEB_SERVER_CONNECTOR_INVALID');
      expect(error.details.map((d) => d.field)).to.deep.equal(['[1].port']);
      expect(await h.state()).to.deep.equal(before);
    });
  });
});

import { X509Certificate, createPrivateKey } from 'node:crypto';
import { expect } from 'chai';
import { SeededIdGenerator } from '../../../src/shared/infrastructure/SeededIdGenerator.js';
import { ObjectRules } from '../../../src/contexts/configuration/graph/domain/ObjectRules.js';
import { SortCatalog } from '../../../src/contexts/configuration/graph/domain/catalog/SortCatalog.js';
import {
  factoryConfiguration,
  REST_API_PORT,
  SIMULATED_INTERFACES,
} from '../../../src/contexts/configuration/revisions/domain/factory/factoryConfiguration.js';
import { apiReachabilityCore } from '../../../src/contexts/configuration/graph/domain/ApiReachability.js';
import { ConfigurationFile } from '../../../src/contexts/configuration/revisions/application/ConfigurationFile.js';

function objects() {
  const ids = new SeededIdGenerator('factory');
  return factoryConfiguration(() => ids.uuid());
}

describe('the factory-default configuration', () => {
  it('satisfies the sort catalog and its own graph, object by object', () => {
    const all = objects();
    const sortOf = new Map(all.map((o) => [o.id, o.sort]));
    for (const object of all)
      expect(
        ObjectRules.check(object, (id) => sortOf.get(id)),
        `${object.sort} '${object.displayName}'`,
      ).to.deep.equal([]);
    const names = all.map((o) => `${o.sort}/${o.displayName}`);
    expect(new Set(names).size).to.equal(names.length);
  });

  it('has a network controller for each simulated interface', () => {
    const controllers = objects().filter((o) => o.sort === 'IN_STACK');
    expect(
      controllers.map((o) => [o.displayName, o.parameters['ipAddress'], o.parameters['subnetPrefixLength']]),
    ).to.deep.equal(SIMULATED_INTERFACES.map((nic) => [nic.name, nic.ipAddress, nic.subnetPrefixLength]));
    expect(controllers.map((o) => o.parameters['interfaceName'])).to.deep.equal(['eth0', 'lo']);
  });

  it('serves this API on a REST web server connector: HTTP, port 8111, REST_API and GUI', () => {
    const connectors = objects().filter(
      (o) => o.sort === 'HTTP_SERVER' && (o.parameters['requestDomains'] as string[]).includes('REST_API'),
    );
    expect(connectors).to.have.length(1);
    expect(connectors[0]!.parameters).to.include({ httpMode: 'HTTP', port: REST_API_PORT });
    expect(connectors[0]!.parameters['requestDomains']).to.deep.equal(['REST_API', 'GUI']);
  });

  it('ships a self-signed certificate with its matching private key, marked private', () => {
    const identity = objects().find((o) => o.sort === 'CRY_X509_STACK')!;
    const certificate = new X509Certificate(identity.parameters['certificate'] as string);
    const key = createPrivateKey(identity.parameters['privateKey'] as string);
    expect(certificate.checkPrivateKey(key)).to.equal(true);
    expect(certificate.subject).to.contain('CN=gateway.gwsim.invalid');
    expect(certificate.issuer).to.equal(certificate.subject);
    expect(certificate.verify(certificate.publicKey)).to.equal(true);
    expect(new Date(certificate.validFrom).getTime()).to.be.lessThan(Date.parse('2025-06-01'));
    expect(identity.parameters['selfSigned']).to.equal(true);
    expect(SortCatalog.privateParameters('CRY_X509_STACK')).to.include('privateKey');
  });

  it('has the default network security profile, media transcoding options and routing forward profile', () => {
    const sorts = objects().map((o) => o.sort);
    for (const sort of [
      'INS_STACK',
      'MEDIA_PUMP_DOMAIN',
      'MNS_FORWARDER_DOMAIN',
      'TELFW_STACK',
      'TELRT_FORWARDER_DOMAIN',
      'IN_QOS_STACK',
      'TEL_STACK',
      'MISC_TIME_REPORTER',
    ]) {
      expect(sorts, sort).to.include(sort);
    }
  });

  it('keeps, on clean, the REST connector with its security profile and digital identity', () => {
    const all = objects();
    const kept = apiReachabilityCore(all);
    expect(
      all
        .filter((o) => kept.has(o.id))
        .map((o) => o.sort)
        .sort(),
    ).to.deep.equal(['CRY_X509_STACK', 'HTTP_SERVER', 'INS_STACK']);
  });

  it('goes through the configuration file and back unchanged', () => {
    const all = objects();
    expect(ConfigurationFile.read(ConfigurationFile.write(all, new Date()))).to.deep.equal(all);
  });
});

import { expect } from 'chai';
import { createSelfSigned, parsePem, toPkcs12 } from '@gwsim/x509';
import { SetNodeCertificates } from '../../../../src/contexts/configuration/certificates/application/SetNodeCertificates.js';
import { GetNodeCertificates } from '../../../../src/contexts/configuration/certificates/application/GetNodeCertificates.js';
import { nodeCertificates } from '../../../../src/contexts/configuration/certificates/application/NodeCertificates.js';
import {
  DigitalIdentity,
  keyTypeOf,
  readCertificateFile,
} from '../../../../src/contexts/configuration/certificates/domain/DigitalIdentity.js';
import { DigitalIdentityMapper } from '../../../../src/contexts/configuration/certificates/domain/DigitalIdentityMapper.js';
import type { ConfigurationReader } from '../../../../src/contexts/configuration/graph/application/ConfigurationReader.js';
import { IndexedGraph } from '../../../../src/contexts/configuration/graph/domain/GraphView.js';
import { DEFAULT_LAB } from '../../../../src/shared/domain/LabId.js';
import { failure, ObjectsHarness, seedNodeGraph } from '../support/ObjectsHarness.js';

function thrown(work: () => unknown): { code: string; details: Array<{ field?: string }> } {
  try {
    work();
  } catch (error) {
    return error as never;
  }
  throw new Error('expected a failure');
}

describe('node certificates', function () {
  this.timeout(30000);
  const ca = createSelfSigned({ commonName: 'Unit CA' });
  const leaf = createSelfSigned({ commonName: 'leaf.example.test', issuer: ca });
  const other = createSelfSigned({ commonName: 'other.example.test' });

  describe('DigitalIdentity', () => {
    const empty = DigitalIdentity.empty('id', 'identity');

    it('takes certificates and key together, setting subject, key type and self-signedness', () => {
      const identity = empty.withMaterial(
        'CERTIFICATES_AND_PRIVATE_KEY',
        parsePem(`${leaf.certificate}${ca.certificate}${leaf.privateKey}`),
      );
      expect(identity.snapshot()).to.deep.include({
        subject: 'CN=leaf.example.test',
        keyType: 'RSA_2048',
        selfSigned: false,
      });
      expect(identity.certificates().map((c) => c.subject)).to.deep.equal(['CN=leaf.example.test', 'CN=Unit CA']);
      expect(identity.hasPrivateKey).to.equal(true);
    });

    it('refuses a key of another certificate in every mode, and a file without the part the mode needs', () => {
      expect(
        thrown(() =>
          empty.withMaterial('CERTIFICATES_AND_PRIVATE_KEY', parsePem(`${leaf.certificate}${other.privateKey}`)),
        ).code,
      ).to.equal('PRIVATE_KEY_MISMATCH');
      const withKey = empty.withMaterial('PRIVATE_KEY_ONLY', parsePem(leaf.privateKey));
      expect(thrown(() => withKey.withMaterial('CERTIFICATES_ONLY', parsePem(other.certificate))).code).to.equal(
        'PRIVATE_KEY_MISMATCH',
      );
      expect(withKey.withMaterial('CERTIFICATES_ONLY', parsePem(leaf.certificate)).certificates()).to.have.length(1);
      const withCertificate = empty.withMaterial('CERTIFICATES_ONLY', parsePem(leaf.certificate));
      expect(thrown(() => withCertificate.withMaterial('PRIVATE_KEY_ONLY', parsePem(other.privateKey))).code).to.equal(
        'PRIVATE_KEY_MISMATCH',
      );
      expect(thrown(() => empty.withMaterial('CERTIFICATES_ONLY', parsePem(leaf.privateKey))).code).to.equal(
        'CERTIFICATE_MISSING',
      );
      expect(thrown(() => empty.withMaterial('PRIVATE_KEY_ONLY', parsePem(leaf.certificate))).code).to.equal(
        'PRIVATE_KEY_MISSING',
      );
    });

    it('reads files into 400s: garbage names the file, a wrong password names the password', () => {
      expect(
        thrown(() => readCertificateFile(Buffer.from('nonsense'), undefined)).details.map((d) => d.field),
      ).to.deep.equal(['file']);
      const p12 = toPkcs12([leaf.certificate], leaf.privateKey, 'right');
      expect(thrown(() => readCertificateFile(p12, 'wrong')).code).to.equal('CERTIFICATE_FILE_PASSWORD');
      expect(readCertificateFile(p12, 'right').privateKey).to.be.a('string');
    });

    it('lists its own certificate with its key first, then the chain without keys; a key alone has no certificate', () => {
      const both = empty.withMaterial(
        'CERTIFICATES_AND_PRIVATE_KEY',
        parsePem(`${leaf.certificate}${ca.certificate}${leaf.privateKey}`),
      );
      expect(
        nodeCertificates(both).map((e) => [e.certificate?.subject, e.privateKey?.keyAlgorithm, e.privateKey?.keyBits]),
      ).to.deep.equal([
        ['CN=leaf.example.test', 'rsa', 2048],
        ['CN=Unit CA', undefined, undefined],
      ]);
      const keyOnly = empty.withMaterial('PRIVATE_KEY_ONLY', parsePem(leaf.privateKey));
      expect(nodeCertificates(keyOnly).map((e) => [e.certificate, e.privateKey?.keyBits])).to.deep.equal([
        [undefined, 2048],
      ]);
      const certificateOnly = empty.withMaterial('CERTIFICATES_ONLY', parsePem(leaf.certificate));
      expect(nodeCertificates(certificateOnly).map((e) => [e.certificate?.subject, e.privateKey])).to.deep.equal([
        ['CN=leaf.example.test', undefined],
      ]);
      expect(nodeCertificates(empty)).to.deep.equal([]);
      expect(nodeCertificates(undefined)).to.deep.equal([]);
    });

    it('names key types the catalog knows, else OTHER', () => {
      expect(keyTypeOf({ keyAlgorithm: 'rsa', keyBits: 4096 })).to.equal('RSA_4096');
      expect(keyTypeOf({ keyAlgorithm: 'ec', curve: 'secp384r1', keyBits: 384 })).to.equal('EC_P384');
      expect(keyTypeOf({ keyAlgorithm: 'rsa', keyBits: 1024 })).to.equal('OTHER');
      expect(keyTypeOf({ keyAlgorithm: 'ed25519' })).to.equal('OTHER');
    });
  });

  describe('use cases on the in-memory graph', () => {
    it('stores into the identity the node uses, and answers nothing readable for legacy PEM', async () => {
      const h = new ObjectsHarness('certificates');
      const graph = await seedNodeGraph(h, 'unit');
      const reader = { working: async () => new IndexedGraph(await h.all()) } as unknown as ConfigurationReader;
      const get = new GetNodeCertificates(reader);
      expect(await get.execute(DEFAULT_LAB, 'unit node')).to.deep.equal([]);
      const set = new SetNodeCertificates(h.writes, h.ids);
      const answer = await set.execute(DEFAULT_LAB, graph.node.id, {
        mode: 'CERTIFICATES_AND_PRIVATE_KEY',
        content: Buffer.from(`${leaf.certificate}${leaf.privateKey}`),
      });
      expect(
        answer.map((c) => [c.certificate?.subject, c.privateKey?.keyAlgorithm, c.privateKey?.keyBits]),
      ).to.deep.equal([['CN=leaf.example.test', 'rsa', 2048]]);
      const stored = DigitalIdentityMapper.toEntity((await h.find(graph.identity.id))!);
      expect(stored.certificates().map((c) => c.subject)).to.deep.equal(['CN=leaf.example.test']);
      expect((await get.execute(DEFAULT_LAB, graph.node.id)).map((c) => c.certificate?.subject)).to.deep.equal([
        'CN=leaf.example.test',
      ]);
      const versions = (await h.all()).map((o) => o.version);
      await set.execute(DEFAULT_LAB, graph.node.id, {
        mode: 'CERTIFICATES_AND_PRIVATE_KEY',
        content: toPkcs12([leaf.certificate], leaf.privateKey, 'pw'),
        password: 'pw',
      });
      expect(
        (await h.all()).map((o) => o.version),
        'the same material again stores nothing',
      ).to.deep.equal(versions);
    });

    it('creates the security profile and identity a node lacks, and changes nothing on a refused upload', async () => {
      const h = new ObjectsHarness('certificates-bare');
      const controller = await h.seed('IN_STACK', 'eth1');
      const transport = await h.seed('SIPST_STACK', 'bare transport', {}, { networkControllerId: [controller.id] });
      const userAgent = await h.seed('SIPUA_STACK', 'bare agent', {}, { sipTransportId: [transport.id] });
      const node = await h.seed('TELSIP_STACK', 'bare node', {}, { sipUserAgentId: [userAgent.id] });
      const set = new SetNodeCertificates(h.writes, h.ids);
      const before = await h.state();
      const refused = await failure(() =>
        set.execute(DEFAULT_LAB, node.id, {
          mode: 'CERTIFICATES_AND_PRIVATE_KEY',
          content: Buffer.from(`${leaf.certificate}${other.privateKey}`),
        }),
      );
      expect(refused.code).to.equal('PRIVATE_KEY_MISMATCH');
      expect(await h.state()).to.deep.equal(before);
      await set.execute(DEFAULT_LAB, 'bare node', {
        mode: 'CERTIFICATES_ONLY',
        content: Buffer.from(leaf.certificate),
      });
      const profileId = (await h.find(transport.id))!.referencesIn('networkSecurityProfileId')[0]!;
      const profile = (await h.find(profileId))!;
      expect(profile.displayName).to.equal('bare node security profile');
      const identity = (await h.find(profile.referencesIn('digitalIdentityId')[0]!))!;
      expect(identity).to.deep.include({ sort: 'CRY_X509_STACK', displayName: 'bare node digital identity' });
      expect(identity.parameters['privateKey']).to.equal('');
    });
  });
});

import { expect } from 'chai';
import type { ApiClient } from '../../support/ApiClient.js';
import type { TestGateway } from '../../support/TestGateway.js';
import { expectError } from '../identity/identitySupport.js';
import { gatewayStores } from '../../integration/configuration/revisionsHarness.js';
import { coreConfigHelpers } from './coreConfigSupport.js';

for (const store of gatewayStores()) {
  describe(`configuration lifecycle over HTTP on ${store.name}`, function () {
    this.timeout(60000);
    let gateway: TestGateway;
    let admin: ApiClient;

    const { status, exported, upload, fileOf } = coreConfigHelpers(() => ({
      gateway,
      admin,
    }));

    beforeEach(async () => {
      gateway = await store.start();
      admin = gateway.admin();
    });
    afterEach(() => gateway?.stop());

    it('refuses malformed files and unknown format versions with a 400 that says what is wrong, changing nothing', async () => {
      const objects = await exported();
      const before = await status();
      const refusals: Array<[Buffer | string, RegExp]> = [
        ['not a configuration', /neither gzip-compressed nor plain JSON/],
        [
          JSON.stringify({ format: 'gwsim-config', formatVersion: 9, exportedAt: '2026-01-01T00:00:00Z', objects: [] }),
          /format version 9 is not supported/,
        ],
        [JSON.stringify({ format: 'something-else', formatVersion: 1 }), /not a gwsim configuration file/],
        [
          fileOf(
            objects.map((o) =>
              o.sort === 'HTTP_SERVER' && o.displayName === 'ACME challenge'
                ? { ...o, parameters: { ...o.parameters, port: 70000 } }
                : o,
            ),
          ),
          /objects\[\d+\]\.port: HTTP_SERVER 'ACME challenge': port must be a port from 1 to 65535/,
        ],
        [fileOf([...objects, { ...objects[0]!, displayName: 'copy' }]), /is already the id of objects\[0\]/],
        [fileOf(objects.filter((o) => o.sort !== 'CRY_X509_STACK')), /refers to object .*, which is not in the file/],
        [
          fileOf(
            objects.filter((o) => o.sort !== 'HTTP_SERVER' && o.sort !== 'INS_STACK' && o.sort !== 'CRY_X509_STACK'),
          ),
          /no web server connector \(HTTP_SERVER\) serves REST_API/,
        ],
        [
          fileOf(objects.map((o) => (o.sort === 'IN_STACK' ? { ...o, displayName: 'same' } : o))),
          /is a IN_STACK of the same name/,
        ],
      ];
      for (const [content, message] of refusals) {
        const response = await upload(content);
        expectError(response, 400, 'CONFIGURATION_FILE_INVALID');
        expect(response.json.error.message).to.match(message);
        expect(response.json.error.details.length).to.be.greaterThan(0);
      }
      expect(await status()).to.deep.equal(before);
      expect(await exported()).to.deep.equal(objects);
    });

    it('lists every problem of a file broken in several ways in one answer: format, catalog, references and names', async () => {
      const objects = await exported();
      const before = await status();
      const acme = objects.findIndex((o) => o.sort === 'HTTP_SERVER' && o.displayName === 'ACME challenge');
      const identity = objects.findIndex((o) => o.sort === 'CRY_X509_STACK');
      const interfaces = objects
        .map((o, i) => [o, i] as const)
        .filter(([o]) => o.sort === 'IN_STACK')
        .map(([, i]) => i);
      expect(interfaces.length).to.be.greaterThan(1);
      const broken: unknown[] = objects.map((o, i) => {
        if (i === acme) return { ...o, parameters: { ...o.parameters, port: 70000 } };
        if (i === identity) return { ...o, colour: 'red' };
        if (i === interfaces[1]) return { ...o, displayName: objects[interfaces[0]!]!.displayName };
        return o;
      });
      broken.push({
        ...objects[acme]!,
        id: '00000000-0000-4000-8000-0000000000b1',
        displayName: 'dangling',
        references: { networkSecurityProfileId: ['00000000-0000-4000-8000-0000000000b2'] },
      });
      const response = await upload(
        JSON.stringify({
          format: 'gwsim-config',
          formatVersion: 1,
          exportedAt: '2026-03-01T08:00:00Z',
          objects: broken,
        }),
      );
      expectError(response, 400, 'CONFIGURATION_FILE_INVALID');
      const fields = (response.json.error.details as Array<{ field: string; rule: string }>).map(
        (d) => `${d.field} ${d.rule}`,
      );
      expect(fields).to.include.members([
        `objects[${identity}].colour format`,
        `objects[${acme}].port port`,
        `objects[${interfaces[1]}].displayName unique`,
        `objects[${objects.length}].references.networkSecurityProfileId[0] format`,
      ]);
      expect(response.json.error.message)
        .to.match(/colour: is not a member/)
        .and.to.match(/port must be a port from 1 to 65535/);
      expect(await status()).to.deep.equal(before);
    });

    it('refuses a set without a file part, and a commitProtection that is not a boolean', async () => {
      expectError(await admin.put('/api/coreConfig/set', { json: {} }), 415);
      expectError(
        await admin.put('/api/coreConfig/set', {
          query: { commitProtection: 'maybe' },
          file: { name: 'x.xzconfig', content: fileOf(await exported()) },
        }),
        400,
        'INVALID_QUERY_PARAMETER',
      );
      expect((await status()).state).to.equal('COMMITTED');
    });
  });
}

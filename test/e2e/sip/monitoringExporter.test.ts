import { expect } from 'chai';
import { createSelfSigned } from '@gwsim/x509';
import { fixture, startSipp, type RunningSipp } from '../../support/sip/sipp.js';
import { until } from '../../support/sip/sipPhone.js';
import { subTree } from '../../acceptance/configuration/nodesSupport.js';
import { strictBreaches } from '../../support/strictShape.js';
import type { ApiClient } from '../../support/ApiClient.js';
import { registrarWithAlice } from './registeredPhone.js';
import { sipTransportLab } from './sipTransportSupport.js';

const INT = 'integer';
const STR = 'string';

/** The node certificate entry a monitoring client binds (the notes: certificate and key nested, dates as strings). */
const CERTIFICATE = {
  certificate: {
    subject: STR,
    issuer: STR,
    serial: STR,
    version: STR,
    validFrom: STR,
    validUntil: STR,
    signingAlgorithm: STR,
    fingerprintAlgorithm: STR,
    fingerprint: STR,
    certificateAuthority: STR,
    usage: [STR],
    extendedUsage: [STR],
    subjectAlternativeNames: [STR],
  },
  privateKey: { keySize: INT, keyType: STR },
};

/** The license a monitoring client binds: dates start with `UTC `, `requiredSystemIds` a string, no null. */
const LICENSE = { id: STR, name: STR, validFrom: STR, status: STR, facilities: [{ name: STR, value: INT }] };

/**
 * What a public Prometheus exporter of the real product does, written from the notes' description of it: every
 * scrape makes four calls (the dashboard, the nodes, each node's certificates, the licenses), each must answer 2xx,
 * and binds the answers strictly (integers never null nor fractions, booleans never null, arrays never null, dates
 * starting `UTC `). Run against a lab with a TLS node, a registrar with a registered phone, and calls in progress.
 */
describe('a monitoring client of the real product scrapes gwsim unchanged', function () {
  this.timeout(120_000);
  const lab = sipTransportLab();
  const running: RunningSipp[] = [];
  after(async () => {
    await Promise.all(running.splice(0).map((sipp) => sipp.stop()));
  });

  /** One call of the exporter: 2xx or the scrape fails; the JSON it binds. */
  async function scrape(admin: ApiClient, path: string, query: Record<string, string> = {}): Promise<any> {
    const answer = await admin.get(path, { query: { version: 0, ...query } });
    expect(answer.status, `${path}: ${answer.text.slice(0, 300)}`).to.be.within(200, 299);
    expect(answer.text, `${path} answers no null`).to.not.match(/:\s*null\b/);
    return answer.json;
  }

  before(async () => {
    const { admin, ids } = lab.state();
    // a TLS node: the PBX gets a certificate and key (the transport's security profile and identity are made for it)
    const identity = createSelfSigned({ commonName: 'pbx.lab.test', dnsNames: ['pbx.lab.test'] });
    const set = await admin.put('/api/nodes/certificates/set', {
      query: { node: ids.pbx, mode: 'CERTIFICATES_AND_PRIVATE_KEY' },
      file: { name: 'pbx.pem', content: `${identity.certificate}${identity.privateKey}` },
    });
    expect(set.status, set.text).to.equal(200);
    const transport = await subTree(admin, ids.pbx, 'sipTransport');
    const tls = await admin.put('/api/objects/set', { query: { id: transport['id'] }, json: { tlsEnabled: true } });
    expect(tls.status, tls.text).to.equal(200);
    // a registrar whose phone registers for real
    await registrarWithAlice(admin, lab, 65031);
    // calls in progress
    const { pbxPort, uasPort } = lab.state();
    running.push(await startSipp({ scenario: fixture('uas-status'), localPort: uasPort, timeoutMs: 60_000 }));
    running.push(
      await startSipp({
        scenario: fixture('uac-expect-status'),
        remote: `127.0.0.1:${pbxPort}`,
        service: '4930123456',
        calls: 3,
        rate: 10,
        keys: { status: '200', hold_ms: '20000' },
        timeoutMs: 60_000,
      }),
    );
    await until(
      async () => ((await admin.post('/api/activeSessions/get', { json: {} })).json.activeSessions ?? []).length === 3,
      'three calls in progress',
      15_000,
    );
  });

  it('makes its four calls, each answered 2xx, bound strictly, with the figures the lab holds', async () => {
    const { admin, ids } = lab.state();
    const dashboard = await scrape(admin, '/api/dashboard/get');
    const nodes = (await scrape(admin, '/api/nodes/get')) as { id: string; displayName: string }[];
    const certificates = new Map<string, unknown[]>();
    for (const node of nodes)
      certificates.set(node.displayName, await scrape(admin, '/api/nodes/certificates/get', { node: node.id }));
    const licenses = (await scrape(admin, '/api/licenses/get')) as Record<string, unknown>[];

    const byName = new Map((dashboard.sipNodes as any[]).map((n) => [n.displayName, n]));
    expect(byName.get('PBX').sessions).to.deep.equal({ incomingCalls: 3, outgoingCalls: 0 });
    expect(byName.get('Far PBX').sessions).to.deep.equal({ incomingCalls: 0, outgoingCalls: 3 });
    expect(byName.get('PBX').localPorts.tls.enabled, 'the PBX listens on TLS with its certificate').to.equal(true);
    expect(byName.get('Phones').registeredClientList.map((c: { user: string }) => c.user)).to.deep.equal(['alice']);

    const pbx = certificates.get('PBX') as any[];
    expect(pbx).to.have.length(1);
    expect(strictBreaches(pbx, [CERTIFICATE])).to.deep.equal([]);
    expect(pbx[0].certificate.validUntil).to.match(/^UTC \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(pbx[0].certificate.subject).to.contain('pbx.lab.test');
    // the dashboard counts the same certificate's whole days to expiry on the lab clock
    const until = Date.parse(`${pbx[0].certificate.validUntil.slice(4).replace(' ', 'T')}Z`);
    const clock = await admin.get('/_sim/labs/default/clock', { version: null });
    const days = Math.floor((until - Date.parse(clock.json.now)) / 86_400_000);
    const listed = (dashboard.certificates as { commonName: string; expiresInDays: number }[]).find(
      (c) => c.commonName === 'pbx.lab.test',
    );
    expect(listed?.expiresInDays).to.be.within(days - 1, days);
    for (const [name, list] of certificates) if (name !== 'PBX') expect(list, name).to.deep.equal([]);

    expect(licenses.length).to.be.greaterThan(0);
    expect(strictBreaches(licenses, [LICENSE])).to.deep.equal([]);
    for (const license of licenses) {
      expect(String(license['validFrom'])).to.match(/^UTC /);
      if ('validUntil' in license) expect(String(license['validUntil'])).to.match(/^UTC /);
      if ('requiredSystemIds' in license) expect(license['requiredSystemIds']).to.be.a('string');
    }
    expect(ids.pbx).to.equal(byName.get('PBX').id);
  });
});

import { expect } from 'chai';
import type { ApiClient } from '../../support/ApiClient.js';
import { expectAllPassed, runSipp, startSipp } from '../../support/sip/sipp.js';
import { sendGarbage } from '../../support/sip/wireAbuse.js';
import { sipTransportLab, gatesFollow, type SipTransportIds } from './sipTransportSupport.js';

/**
 * Real SIP through a lab: SIPp calls a node's port; the call is routed on the committed plan, rewritten, and sent
 * on as a new INVITE from the destination node to its peer — a SIPp UAS on this machine — or answered by the
 * simulated far end. What crossed the wire is in the call and message history; the gates and the faults answer
 * SIPp as they answer synthetic callers; garbage on the port is answered 400 or ignored.
 */
describe('real SIP through a lab (SIPp as caller and far end)', function () {
  this.timeout(300_000);
  const lab = sipTransportLab();
  const { commit, expectStatus } = lab;
  let admin: ApiClient;
  let pbxPort: number;
  let uasPort: number;
  let ids: SipTransportIds;
  before(() => ({ admin, pbxPort, uasPort, ids } = lab.state()));

  it("gives SIPp the status a real gateway gives: 503 in maintenance, 404 without a route, 503 when the route's node is disabled, 503 when a fault takes its trunk down", async () => {
    expect((await admin.put('/api/maintenanceMode/set', { json: { modeActive: true } })).status).to.equal(200);
    await gatesFollow();
    try {
      expectAllPassed(await expectStatus(503), 1);
    } finally {
      expect((await admin.put('/api/maintenanceMode/set', { json: { modeActive: false } })).status).to.equal(200);
      await gatesFollow();
    }
    expectAllPassed(await expectStatus(404, '0800123'), 1);

    const fault = await admin.post('/_sim/labs/default/faults', {
      version: null,
      json: { effect: { kind: 'trunkDown', node: ids.far } },
    });
    expect(fault.status, fault.text).to.equal(200);
    try {
      expectAllPassed(await expectStatus(503), 1);
    } finally {
      expect((await admin.delete(`/_sim/labs/default/faults/${fault.json.id}`, { version: null })).status).to.be.oneOf([
        200, 204,
      ]);
    }

    expect((await admin.put('/api/objects/set', { query: { id: ids.far }, json: { enabled: false } })).status).to.equal(
      200,
    );
    await commit();
    try {
      expectAllPassed(await expectStatus(503), 1);
    } finally {
      expect(
        (await admin.put('/api/objects/set', { query: { id: ids.far }, json: { enabled: true } })).status,
      ).to.equal(200);
      await commit();
    }
  });

  it('answers garbage on the SIP port with 400 or silence, and goes on serving calls and the API', async () => {
    for (const transport of ['UDP', 'TCP'] as const) {
      for (const kind of ['random', 'huge', 'truncated', 'no-via', 'bad-cseq'] as const) {
        const { replies } = await sendGarbage({ host: '127.0.0.1', port: pbxPort }, kind, transport);
        // the largest datagram UDP carries (64 KB) is within the node's maxMessageSize: it is an INVITE like any other
        const answers = transport === 'UDP' && kind === 'huge' ? /^SIP\/2\.0 \d{3} / : /^SIP\/2\.0 (400|413|513) /;
        for (const reply of replies) expect(reply, `${transport} ${kind}`).to.match(answers);
      }
    }
    const uas = await startSipp({ scenario: 'uas', localPort: uasPort, timeoutMs: 60_000 });
    try {
      const result = await runSipp({
        scenario: 'uac',
        remote: `127.0.0.1:${pbxPort}`,
        service: '4930123456',
        calls: 5,
        rate: 5,
        timeoutMs: 30_000,
      });
      expectAllPassed(result, 5);
    } finally {
      await uas.stop();
    }
    expect((await admin.get('/api/version/get')).status).to.equal(200);
  });
});

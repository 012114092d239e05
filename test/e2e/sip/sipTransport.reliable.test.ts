import { expect } from 'chai';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestGateway } from '../../support/TestGateway.js';
import { ADMIN_PASSWORD } from '../../support/testConfig.js';
import { fixture, runSipp, startSipp, type SippResult } from '../../support/sip/sipp.js';
import { sipTransportLab, run, TSHARK, type SipTransportIds } from './sipTransportSupport.js';

function succeeded(result: SippResult, who: string): void {
  expect(result, `${who}: ${result.errors}\n${result.logs}\n${result.stderr}`).to.include({
    exitCode: 0,
    successful: 1,
    failed: 0,
  });
}

/** The SIP messages of a call's pcap (its message history), one line each: to port, method or status, RSeq, RAck, Require. */
async function messagesOf(gateway: TestGateway, sessionIdentifier: string): Promise<string[]> {
  const url = new URL('/api/messageHistory', gateway.baseUrl);
  url.search = new URLSearchParams({
    version: '0',
    filterSessionIdentifier: sessionIdentifier,
    resultFormat: 'pcap',
  }).toString();
  const response = await fetch(url, {
    headers: { authorization: `Basic ${Buffer.from(`anadmin:${ADMIN_PASSWORD}`).toString('base64')}` },
  });
  expect(response.status).to.equal(200);
  const dir = mkdtempSync(path.join(tmpdir(), 'gwsim-prack-'));
  try {
    const file = path.join(dir, 'call.pcap');
    writeFileSync(file, Buffer.from(await response.arrayBuffer()));
    const fields = ['udp.dstport', 'sip.Method', 'sip.Status-Code', 'sip.RSeq', 'sip.RAck', 'sip.Require'];
    const out = await run(TSHARK, [
      '-r',
      file,
      '-T',
      'fields',
      '-E',
      'separator=|',
      ...fields.flatMap((f) => ['-e', f]),
    ]);
    return out.stdout.trim().split('\n');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Reliable provisional responses (RFC 3262) through a lab, hop by hop: a caller with 100rel gets the gateway's 18x
 * reliably and must PRACK it before the 200 comes; a far end's reliable 183 is PRACKed by the gateway once, in its
 * early dialog, and reaches a caller without 100rel as an ordinary 183.
 */
describe('real SIP through a lab: 100rel and PRACK on each leg (SIPp as caller and far end)', function () {
  this.timeout(120_000);
  const lab = sipTransportLab();
  let gateway: TestGateway;
  let pbxPort: number;
  let farPort: number;
  let uasPort: number;
  let ids: SipTransportIds;
  before(() => ({ gateway, pbxPort, farPort, uasPort, ids } = lab.state()));

  it('sends a caller with Supported: 100rel a reliable 180, answers a PRACK naming another RSeq 481, the right one 200, and the 200 only after it', async () => {
    const uas = await startSipp({ scenario: 'uas', localPort: uasPort, calls: 1, timeoutMs: 30_000 });
    const caller = await runSipp({
      scenario: fixture('uac-prack'),
      remote: `127.0.0.1:${pbxPort}`,
      service: '4930123456',
      calls: 1,
      timeoutMs: 30_000,
    });
    await uas.stop();
    succeeded(caller, 'caller');
    expect(caller.logs).to.match(/reliable 180: RSeq \d+, Require 100rel/);
    const [entry] = await lab.settledHistory((e) => e.inboundNodeId === ids.pbx, 1);
    expect(entry).to.include({ result: 'ANSWERED', sipStatusCode: 200 });
  });

  it("PRACKs a far end's reliable 183 once in its early dialog (RAck = RSeq, CSeq, INVITE) and passes it to a caller without 100rel as an ordinary 183", async function () {
    const far = await startSipp({
      scenario: fixture('uas-reliable-183'),
      localPort: uasPort,
      calls: 1,
      timeoutMs: 30_000,
    });
    const caller = await runSipp({
      scenario: 'uac',
      remote: `127.0.0.1:${pbxPort}`,
      service: '4930123456',
      calls: 1,
      timeoutMs: 30_000,
    });
    const farEnd = await far.done;
    succeeded(caller, 'caller');
    succeeded(farEnd, 'far end');
    expect(farEnd.logs).to.match(/INVITE offers 100rel/);
    expect(farEnd.logs).to.match(/PRACK RAck\s+77 (\d+) INVITE \(RSeq 77, INVITE CSeq \1\)/);
    const entries = await lab.settledHistory((e) => e.inboundNodeId === ids.pbx, 2);
    const entry = entries.find((e) => e.result === 'ANSWERED' && e.sipStatusCode === 200)!;
    expect(entry).to.not.equal(undefined);
    if (!existsSync(TSHARK)) this.skip();
    const messages = await messagesOf(gateway, entry.sessionIdentifier);
    const pracks = messages.filter((m) => m.startsWith(`${uasPort}|PRACK|`));
    expect(pracks, messages.join('\n')).to.have.length(1);
    expect(pracks[0]).to.match(/^\d+\|PRACK\|\|\|77 \d+ INVITE\|/);
    // the 183s sent to the caller's port (not the far end's 183 to the gateway, nor anything to the far end)
    const gatewayPorts = [uasPort, farPort, pbxPort].map(String);
    const toCaller = messages.filter((m) => /^\d+\|\|183\|/.test(m) && !gatewayPorts.includes(m.split('|')[0]!));
    expect(toCaller, messages.join('\n')).to.not.have.length(0);
    for (const m of toCaller)
      expect(m, 'the 183 toward a caller without 100rel is not reliable').to.match(/\|183\|\|\|$/);
  });
});

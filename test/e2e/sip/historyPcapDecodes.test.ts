import { expect } from 'chai';
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { BatchingMonitorSinks } from '../../../src/contexts/monitoring/history/application/BatchingMonitorSinks.js';
import type { LabId } from '../../../src/shared/domain/LabId.js';
import { MonitorRecordMother } from '../../support/MonitorRecordMother.js';
import { TestGateway } from '../../support/TestGateway.js';
import { carriedCalls } from '../../acceptance/monitoring/carriedCalls.js';

const run = promisify(execFile);
const TSHARK = '/usr/bin/tshark';

/** tshark's reading of a pcap file: the SIP packets' fields, and the verbose dissection. */
async function tshark(pcap: Buffer, fields: readonly string[]): Promise<{ rows: string[]; verbose: string }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'gwsim-pcap-'));
  try {
    const file = path.join(dir, 'session.pcap');
    writeFileSync(file, pcap);
    const { stdout } = await run(
      TSHARK,
      ['-r', file, '-Y', 'sip', '-T', 'fields', ...fields.flatMap((f) => ['-e', f])],
      { timeout: 30_000 },
    );
    const verbose = await run(TSHARK, ['-r', file, '-V'], { timeout: 30_000, maxBuffer: 32 * 1024 * 1024 });
    return {
      rows: stdout
        .trim()
        .split('\n')
        .map((line) => line.split('\t').filter(Boolean).join(' ')),
      verbose: verbose.stdout,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('the SIP message history as a pcap file, read by tshark', function () {
  this.timeout(180_000);
  before(function () {
    if (!existsSync(TSHARK)) this.skip();
  });

  it('decodes a stored session as SIP, packet for packet, with no warning', async () => {
    const gateway = await TestGateway.start();
    try {
      const session = 'f1c2a3b4-0001-4000-8000-000000000001';
      const sinks = gateway.get(BatchingMonitorSinks);
      sinks.recordMessages('default' as LabId, MonitorRecordMother.messages(session));
      await sinks.flush();
      const pcap = await fetchPcap(gateway, { filterSessionIdentifier: session, filterSystemIdentifier: 'gw-a' });
      const { rows, verbose } = await tshark(pcap, ['ip.src', 'sip.Method', 'sip.Status-Code']);
      expect(rows).to.deep.equal([
        '192.0.2.10 INVITE',
        '192.0.2.1 100',
        '192.0.2.1 180',
        '192.0.2.1 200',
        '192.0.2.10 ACK',
        '192.0.2.10 BYE',
        '192.0.2.1 200',
      ]);
      expect(verbose).to.not.match(/Malformed|Bad checksum|\[incorrect/);
    } finally {
      await gateway.stop();
    }
  });

  it("decodes a simulated call's messages, both legs, one packet per message, with no warning", async () => {
    const { gateway, admin } = await carriedCalls();
    try {
      const { json } = await admin.post('/api/callHistory/get', { json: { count: 1 } });
      const session = json.entries[0].sessionIdentifier as string;
      const details = await admin.get('/api/messageHistory', { query: { filterSessionIdentifier: session } });
      const { rows, verbose } = await tshark(await fetchPcap(gateway, { filterSessionIdentifier: session }), [
        'sip.Method',
        'sip.Status-Code',
      ]);
      expect(rows).to.have.length(details.json.length);
      expect(verbose).to.not.match(/Malformed|Bad checksum|\[incorrect/);
    } finally {
      await gateway.stop();
    }
  });
});

/** The pcap file of messageHistory, as bytes. */
async function fetchPcap(gateway: TestGateway, query: Record<string, string>): Promise<Buffer> {
  const url = new URL('/api/messageHistory', gateway.baseUrl);
  url.search = new URLSearchParams({ version: '0', ...query, resultFormat: 'pcap' }).toString();
  const response = await fetch(url, {
    headers: { authorization: `Basic ${Buffer.from('anadmin:anadmin-test-Pw1!').toString('base64')}` },
  });
  expect(response.status).to.equal(200);
  return Buffer.from(await response.arrayBuffer());
}

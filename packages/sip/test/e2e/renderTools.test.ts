/**
 * The renderers checked by independent tools: tshark decodes the same flow from a pcap of the messages, and
 * Chromium renders the HTML page. Each suite is skipped when its tool is not installed.
 */
import { expect } from 'chai';
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { PcapWriter } from '@gwsim/pcap';
import { flowSteps, renderHtml, type CapturedMessage } from '../../src/index.js';
import { basicCall, T0 } from '../exchange.js';

function run(file: string, args: string[], timeoutMs: number): Promise<{ stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    execFile(
      file,
      args,
      { timeout: timeoutMs, maxBuffer: 64 * 1024 * 1024, encoding: 'utf8' },
      (err, stdout, stderr) => {
        if (err) reject(new Error(`${file} ${args.join(' ')} failed: ${err.message}\n${stderr}`));
        else resolve({ stdout, stderr });
      },
    );
  });
}

function findTool(name: string, usual: string): string | undefined {
  if (existsSync(usual)) return usual;
  for (const dir of (process.env.PATH ?? '').split(':')) {
    if (dir && existsSync(join(dir, name))) return join(dir, name);
  }
  return undefined;
}

/** The call, a TCP and a TLS message (written as UDP frames like every protocol), and a third endpoint. */
function capture(): CapturedMessage[] {
  const call = basicCall();
  const options =
    'OPTIONS sip:gw@192.0.2.20 SIP/2.0\r\nVia: SIP/2.0/TCP 198.51.100.7:5080;branch=z9hG4bKo1\r\n' +
    'Max-Forwards: 70\r\nFrom: <sip:probe@198.51.100.7>;tag=p1\r\nTo: <sip:gw@192.0.2.20>\r\nCall-ID: o1\r\n' +
    'CSeq: 7 OPTIONS\r\nContent-Length: 0\r\n\r\n';
  const optionsOk =
    'SIP/2.0 200 OK\r\nVia: SIP/2.0/TCP 198.51.100.7:5080;branch=z9hG4bKo1\r\n' +
    'From: <sip:probe@198.51.100.7>;tag=p1\r\nTo: <sip:gw@192.0.2.20>;tag=g1\r\nCall-ID: o1\r\n' +
    'CSeq: 7 OPTIONS\r\nContent-Length: 0\r\n\r\n';
  return [
    ...call,
    {
      timestampMicros: T0 + 1_500_000,
      protocol: 'TCP',
      sourceIp: '198.51.100.7',
      sourcePort: 5080,
      destinationIp: '192.0.2.20',
      destinationPort: 5060,
      text: options,
    },
    {
      timestampMicros: T0 + 1_500_731,
      protocol: 'TLS',
      sourceIp: '192.0.2.20',
      sourcePort: 5060,
      destinationIp: '198.51.100.7',
      destinationPort: 5080,
      text: optionsOk,
    },
  ];
}

function epochText(micros: number): string {
  return `${Math.floor(micros / 1e6)}.${String(micros % 1e6).padStart(6, '0')}`;
}

describe('renderers checked by tshark', function () {
  this.timeout(120_000);
  let tshark: string | undefined;
  let dir = '';
  let file = '';

  before(function () {
    tshark = findTool('tshark', '/usr/bin/tshark');
    if (!tshark) this.skip();
    dir = mkdtempSync(join(tmpdir(), 'sip-render-'));
    file = join(dir, 'call.pcap');
    const pcap = new PcapWriter();
    for (const m of capture().sort((a, b) => a.timestampMicros - b.timestampMicros)) {
      pcap.addUdp({
        at: m.timestampMicros / 1000,
        src: { ip: m.sourceIp, port: m.sourcePort },
        dst: { ip: m.destinationIp, port: m.destinationPort },
        payload: m.text,
      });
    }
    writeFileSync(file, pcap.toBuffer());
  });

  after(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('decodes the same sequence as flowSteps: time, from, to, method or status', async () => {
    const { stdout } = await run(
      tshark!,
      [
        '-r',
        file,
        '-Y',
        'sip',
        '-T',
        'fields',
        '-e',
        'frame.time_epoch',
        '-e',
        'ip.src',
        '-e',
        'udp.srcport',
        '-e',
        'ip.dst',
        '-e',
        'udp.dstport',
        '-e',
        'sip.Method',
        '-e',
        'sip.Status-Code',
      ],
      60_000,
    );
    const decoded = stdout
      .trim()
      .split('\n')
      .map((l) => {
        const [time, srcIp, srcPort, dstIp, dstPort, method, status] = l.split('\t');
        // tshark prints nanoseconds: keep microseconds, as captured
        const [sec, frac = ''] = time!.split('.');
        return [
          `${sec}.${frac.padEnd(9, '0').slice(0, 6)}`,
          `${srcIp}:${srcPort}`,
          `${dstIp}:${dstPort}`,
          status ? status : method,
        ];
      });
    const expected = flowSteps(capture()).map((s) => [
      epochText(s.timestampMicros),
      s.from,
      s.to,
      /^\d{3}/.test(s.label) ? s.label.slice(0, 3) : s.label.replace(' (SDP)', ''),
    ]);
    expect(expected).to.have.length(9);
    expect(decoded).to.deep.equal(expected);
  });

  it('finds nothing malformed and no bad checksum in the full dissection', async () => {
    const { stdout } = await run(
      tshark!,
      ['-r', file, '-V', '-o', 'udp.check_checksum:TRUE', '-o', 'ip.check_checksum:TRUE'],
      60_000,
    );
    expect(stdout).to.contain('Session Initiation Protocol (INVITE)');
    expect(stdout).to.not.match(/Malformed/);
    expect(stdout).to.not.match(/Bad checksum|\[incorrect/i);
    expect(stdout).to.match(/\[Checksum Status: Good\]/);
  });
});

describe('renderers checked by Chromium', function () {
  this.timeout(180_000);
  let chromium: string | undefined;
  let dir = '';
  let page = '';

  before(function () {
    chromium = findTool('chromium', '/usr/bin/chromium');
    if (!chromium) this.skip();
    dir = mkdtempSync(join(tmpdir(), 'sip-html-'));
    page = join(dir, 'ladder.html');
    writeFileSync(page, renderHtml(capture(), { title: 'Call <1> & probe' }));
  });

  after(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const flags = [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-dev-shm-usage',
    '--no-first-run',
    '--disable-extensions',
  ];

  it('builds a DOM with one arrow and one details section per message', async () => {
    const { stdout } = await run(chromium!, [...flags, '--dump-dom', pathToFileURL(page).href], 120_000);
    const messages = capture().length;
    // the DOM as Chromium parsed it: every arrow is an SVG link inside the svg, every section in the body
    const arrows = stdout.match(/<a class="arrow [a-z]+" id="step-\d+" href="#msg-\d+">/g) ?? [];
    const sections = stdout.match(/<section class="message" id="msg-\d+">/g) ?? [];
    expect(arrows).to.have.length(messages);
    expect(sections).to.have.length(messages);
    expect(stdout).to.contain('<title>Call &lt;1&gt; &amp; probe</title>');
    const svg = /<svg[\s\S]*?<\/svg>/.exec(stdout)?.[0] ?? '';
    expect((svg.match(/<a class="arrow/g) ?? []).length).to.equal(messages);
  });

  it('paints the ladder: the screenshot is far larger than a blank page', async () => {
    const shot = join(dir, 'ladder.png');
    const blank = join(dir, 'blank.png');
    const blankPage = join(dir, 'blank.html');
    writeFileSync(
      blankPage,
      '<!DOCTYPE html><html><head><meta charset="utf-8"><title>blank</title></head><body></body></html>',
    );
    await run(
      chromium!,
      [...flags, '--hide-scrollbars', `--screenshot=${shot}`, '--window-size=1280,900', pathToFileURL(page).href],
      120_000,
    );
    await run(
      chromium!,
      [...flags, '--hide-scrollbars', `--screenshot=${blank}`, '--window-size=1280,900', pathToFileURL(blankPage).href],
      120_000,
    );
    expect(existsSync(shot)).to.equal(true);
    const size = statSync(shot).size;
    expect(size).to.be.greaterThan(5 * 1024);
    expect(size).to.be.greaterThan(3 * statSync(blank).size);
  });
});

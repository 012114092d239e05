import { expect } from 'chai';
import {
  flowSteps,
  renderHtml,
  renderTextFlow,
  renderTextMessages,
  sipSummary,
  type CapturedMessage,
} from '../src/index.js';
import { basicCall, T0 } from './exchange.js';

function msg(over: Partial<CapturedMessage> & Pick<CapturedMessage, 'text'>): CapturedMessage {
  return {
    timestampMicros: T0,
    protocol: 'UDP',
    sourceIp: '192.0.2.10',
    sourcePort: 5060,
    destinationIp: '192.0.2.20',
    destinationPort: 5060,
    ...over,
  };
}

const OPTIONS =
  'OPTIONS sip:gw@192.0.2.20 SIP/2.0\r\nVia: SIP/2.0/UDP 192.0.2.10;branch=z9hG4bKo1\r\n' +
  'From: <sip:a@192.0.2.10>;tag=1\r\nTo: <sip:gw@192.0.2.20>\r\nCall-ID: o1\r\nCSeq: 7 OPTIONS\r\n\r\n';

describe('renderers: flowSteps', () => {
  it('labels requests by method, responses by status and reason, and marks SDP bodies', () => {
    expect(flowSteps(basicCall()).map((s) => s.label)).to.deep.equal([
      'INVITE (SDP)',
      '100 Trying',
      '180 Ringing',
      '200 OK (SDP)',
      'ACK',
      'BYE',
      '200 OK',
    ]);
  });

  it('orders by capture time and keeps input order for equal times', () => {
    const call = basicCall();
    const shuffled = [call[3]!, call[0]!, call[6]!, call[2]!, call[5]!, call[1]!, call[4]!];
    expect(flowSteps(shuffled)).to.deep.equal(flowSteps(call));
    const a = msg({ text: OPTIONS });
    const b = msg({
      text: OPTIONS.replace('OPTIONS sip', 'INFO sip').replace('7 OPTIONS', '7 INFO'),
      sourcePort: 5070,
    });
    expect(flowSteps([a, b]).map((s) => s.from)).to.deep.equal(['192.0.2.10:5060', '192.0.2.10:5070']);
    expect(flowSteps([b, a]).map((s) => s.from)).to.deep.equal(['192.0.2.10:5070', '192.0.2.10:5060']);
  });

  it('gives from and to as ip:port and keeps the capture time', () => {
    const [first] = flowSteps(basicCall());
    expect(first).to.deep.equal({
      timestampMicros: T0,
      from: '192.0.2.10:5060',
      to: '192.0.2.20:5060',
      label: 'INVITE (SDP)',
    });
  });

  it('labels a message the parser refuses by its start line, or as malformed', () => {
    const steps = flowSteps([
      msg({ text: 'SIP/2.0 486 Busy Here\r\nVia: broken\r\n\r\n' }),
      msg({ text: 'REGISTER sip:x SIP/2.0\r\n\r\n', timestampMicros: T0 + 1 }),
      msg({ text: 'garbage', timestampMicros: T0 + 2 }),
    ]);
    expect(steps.map((s) => s.label)).to.deep.equal(['486 Busy Here', 'REGISTER', '(malformed)']);
  });
});

describe('renderers: sipSummary', () => {
  it('summarises a request and a response', () => {
    const call = basicCall();
    expect(sipSummary(call[0]!.text)).to.deep.equal({
      kind: 'request',
      method: 'INVITE',
      requestUri: 'sip:+4930123@192.0.2.20:5060',
      callId: 'cid-1@192.0.2.10',
      cseq: { seq: 1, method: 'INVITE' },
      sdp: true,
    });
    expect(sipSummary(call[2]!.text)).to.deep.equal({
      kind: 'response',
      status: 180,
      reason: 'Ringing',
      callId: 'cid-1@192.0.2.10',
      cseq: { seq: 1, method: 'INVITE' },
      sdp: false,
    });
  });

  it('answers kind unknown for malformed text instead of throwing', () => {
    const s = sipSummary('INVITE sip:x SIP/2.0\r\nVia: SIP/2.0/UDP h;branch=z9hG4bK1\r\n\r\n');
    expect(s).to.deep.equal({ kind: 'unknown', startLine: 'INVITE sip:x SIP/2.0', error: 'missing From header' });
    expect(sipSummary('').kind).to.equal('unknown');
  });
});

describe('renderers: text ladder', () => {
  it('draws the INVITE/100/180/200/ACK/BYE/200 exchange exactly', () => {
    expect(renderTextFlow(basicCall(), { title: 'Call 1' })).to.equal(
      [
        'Call 1',
        'UTC           192.0.2.10:5060     192.0.2.20:5060',
        '                     |                   |',
        '07:30:00.000         |---INVITE (SDP)--->|',
        '07:30:00.002         |<----100 Trying----|',
        '07:30:00.120         |<---180 Ringing----|',
        '07:30:03.250         |<---200 OK (SDP)---|',
        '07:30:03.261         |--------ACK------->|',
        '07:31:03.000         |<-------BYE--------|',
        '07:31:03.004         |------200 OK------>|',
        '',
      ].join('\n'),
    );
  });

  it('shows times at the given offset and names it', () => {
    const lines = renderTextFlow(basicCall(), { timezoneOffsetSeconds: -5 * 3600 - 1800 }).split('\n');
    expect(lines[0]).to.match(/^UTC-05:30 +192\.0\.2\.10:5060/);
    expect(lines[2]).to.match(/^02:00:00\.000 /);
  });

  it('puts lanes in order of first appearance, draws arrows across lanes and self-messages', () => {
    const proxy = { sourceIp: '198.51.100.7', sourcePort: 5080 };
    const text = renderTextFlow([
      msg({ text: OPTIONS }),
      msg({ text: OPTIONS, timestampMicros: T0 + 1000, ...proxy, destinationIp: '192.0.2.10', destinationPort: 5060 }),
      msg({
        text: OPTIONS,
        timestampMicros: T0 + 2000,
        ...proxy,
        destinationIp: '198.51.100.7',
        destinationPort: 5080,
      }),
      msg({ text: OPTIONS, timestampMicros: T0 + 3000, destinationIp: '198.51.100.7', destinationPort: 5080 }),
    ]);
    expect(text).to.equal(
      [
        'UTC            192.0.2.10:5060     192.0.2.20:5060    198.51.100.7:5080',
        '                      |                   |                   |',
        '07:30:00.000          |------OPTIONS----->|                   |',
        '07:30:00.001          |<---------------OPTIONS----------------|',
        '07:30:00.002          |                   |                   |--OPTIONS--+',
        '07:30:00.003          |----------------OPTIONS--------------->|',
        '',
      ].join('\n'),
    );
  });

  it('widens the lanes for long labels so every label fits between neighbours', () => {
    const text = renderTextFlow([
      msg({ text: OPTIONS }),
      msg({
        text: 'SIP/2.0 503 Service Unavailable Because Everything Is Busy\r\n\r\n',
        timestampMicros: T0 + 1,
        sourceIp: '192.0.2.20',
        destinationIp: '192.0.2.10',
      }),
    ]);
    const line = text.split('\n')[3]!;
    expect(line).to.contain('|<--503 Service Unavailable Because Everything Is Busy--|');
  });

  it('draws nothing but the header for no messages', () => {
    expect(renderTextFlow([])).to.equal('UTC\n\n');
  });
});

describe('renderers: text messages', () => {
  it('prints a header line per message and the message with LF line ends, separated by blank lines', () => {
    const out = renderTextMessages(basicCall());
    const call = basicCall();
    const blocks = out.split('\n\n#');
    expect(blocks).to.have.length(7);
    expect(
      out.startsWith(
        '#1 2026-11-23 07:30:00.000000 UTC received leg 0 UDP 192.0.2.10:5060 -> 192.0.2.20:5060 ' +
          `(${Buffer.byteLength(call[0]!.text)} bytes)\nINVITE sip:+4930123@192.0.2.20:5060 SIP/2.0\nVia: `,
      ),
    ).to.equal(true);
    expect(out).to.not.contain('\r');
    expect(out).to.contain(
      '\n\n#2 2026-11-23 07:30:00.002500 UTC sent leg 0 UDP 192.0.2.20:5060 -> 192.0.2.10:5060 (219 bytes)\nSIP/2.0 100 Trying\n',
    );
    expect(out.endsWith('Content-Length: 0\n')).to.equal(true);
  });

  it('counts bytes, not characters, and omits unknown direction and leg', () => {
    const text = OPTIONS.replace('<sip:a@', '"Zoë" <sip:a@');
    const out = renderTextMessages([msg({ text, protocol: 'TLS' })], { timezoneOffsetSeconds: 3600, title: 'T' });
    expect(out.split('\n').slice(0, 3)).to.deep.equal([
      'T',
      '',
      `#1 2026-11-23 08:30:00.000000 UTC+01:00 TLS 192.0.2.10:5060 -> 192.0.2.20:5060 (${text.length + 1} bytes)`,
    ]);
  });
});

describe('renderers: HTML page', () => {
  it('has one arrow per message, each linking to its own details section', () => {
    const html = renderHtml(basicCall(), { title: 'Call 1' });
    const arrows = [...html.matchAll(/<a class="arrow [a-z]+" id="step-(\d+)" href="#msg-(\d+)">/g)];
    expect(arrows.map((a) => [a[1], a[2]])).to.deep.equal([1, 2, 3, 4, 5, 6, 7].map((n) => [String(n), String(n)]));
    const sections = [...html.matchAll(/<section class="message" id="msg-(\d+)">/g)].map((s) => s[1]);
    expect(sections).to.deep.equal(['1', '2', '3', '4', '5', '6', '7']);
    for (const label of ['INVITE (SDP)', '100 Trying', '180 Ringing', '200 OK (SDP)', 'ACK', 'BYE']) {
      expect(html).to.contain(`>${label}</text></a>`);
    }
    expect(html).to.match(/^<!DOCTYPE html>\n<html lang="en">/);
    expect(html).to.contain('<title>Call 1</title>');
  });

  it('escapes < and & (and quotes) in messages, labels and titles', () => {
    const text = OPTIONS.replace('From: <sip:a@192.0.2.10>', 'From: "A&B <x>" <sip:a@192.0.2.10>');
    const html = renderHtml([msg({ text })], { title: 'R&D <lab>' });
    expect(html).to.contain('From: &quot;A&amp;B &lt;x&gt;&quot; &lt;sip:a@192.0.2.10&gt;');
    expect(html).to.contain('<title>R&amp;D &lt;lab&gt;</title>');
    expect(html).to.not.contain('<x>');
    expect(html).to.not.contain('<lab>');
    const pre = /<pre>([\s\S]*?)<\/pre>/.exec(html)![1]!;
    expect(pre).to.not.match(/<|&(?!amp;|lt;|gt;|quot;|#39;)/);
  });

  it('loads nothing from the network: no http(s) URL in any src or href, no url() or @import in the CSS', () => {
    const html = renderHtml(basicCall());
    const withUrl = renderHtml([
      msg({
        text: OPTIONS.replace(
          'CSeq: 7 OPTIONS\r\n',
          'CSeq: 7 OPTIONS\r\nCall-Info: <https://photos.example/a.png>;purpose=icon\r\n',
        ),
      }),
    ]);
    expect(withUrl).to.contain('Call-Info: &lt;https://photos.example/a.png&gt;;purpose=icon');
    expect([...withUrl.matchAll(/\b(?:src|href)\s*=\s*["']?([^"'\s>]*)/gi)].map((m) => m[1])).to.deep.equal([
      '#msg-1',
      '#step-1',
    ]);
    const refs = [...html.matchAll(/\b(?:src|href|xlink:href)\s*=\s*["']?([^"'\s>]*)/gi)].map((m) => m[1]!);
    expect(refs.length).to.be.greaterThan(0);
    for (const r of refs) expect(r).to.match(/^#(msg|step)-\d+$/);
    expect(html).to.not.match(/https?:\/\//i);
    expect(html).to.not.match(/url\(|@import|<link|<script/i);
  });

  it('lists the header fields of each message', () => {
    const html = renderHtml(basicCall(), { timezoneOffsetSeconds: 7200 });
    expect(html).to.contain('<tr><th>Time</th><td>2026-11-23 09:30:00.000000 UTC+02:00</td></tr>');
    expect(html).to.contain('<tr><th>Direction</th><td>received</td></tr><tr><th>Leg</th><td>0 (inbound)</td></tr>');
    expect(html).to.contain(
      '<tr><th>Call-ID</th><td>cid-1@192.0.2.10</td></tr><tr><th>CSeq</th><td>1 INVITE</td></tr>',
    );
  });
});

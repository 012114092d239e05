import { expect } from 'chai';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { addressOf, checkRequest, parseSipMessage, sdpOf, type SipRequest } from '../src/index.js';
import { GATEWAY } from './gatewayCapabilities.js';
import { suitesDir } from './suites.js';

/** What SIPp puts for its keywords in the messages of a scenario (one call, a UAC at .10 talking to a UAS at .20). */
const KEYWORDS: Record<string, string> = {
  local_ip: '192.0.2.10',
  local_port: '5061',
  remote_ip: '192.0.2.20',
  remote_port: '5060',
  service: '4930123456',
  call_number: '7',
  call_id: '7-4242@192.0.2.10',
  branch: 'z9hG4bK-4242-7-0',
  transport: 'UDP',
  peer_tag_param: ';tag=peer7',
  pid: '4242',
  cseq: '1',
  local_ip_type: '4',
  media_ip: '192.0.2.10',
  media_ip_type: '4',
  media_port: '6000',
  auto_media_port: '6002',
  field0: '127.0.0.1', // siphon-rs proxy_target.csv
  field1: '5070',
  routes: 'Route: <sip:192.0.2.30;lr>', // the whole header line, as SIPp writes it
  next_url: 'sip:4930123456@192.0.2.20:5060',
  authentication:
    'Digest username="sipp", realm="local", nonce="4242", uri="sip:4930123456@192.0.2.20", response="0123456789abcdef0123456789abcdef"',
};

/** What [last_<header>:] gives: the header as the last message received had it. */
const LAST: Record<string, string> = {
  via: 'Via: SIP/2.0/UDP 192.0.2.20:5060;branch=z9hG4bK-last-1;received=192.0.2.20',
  from: 'From: <sip:caller@192.0.2.20>;tag=last7',
  to: 'To: <sip:4930123456@192.0.2.10:5061>;tag=lastto7',
  'call-id': 'Call-ID: last-7@192.0.2.20',
  cseq: 'CSeq: 1 INVITE',
  contact: 'Contact: <sip:caller@192.0.2.20:5060>',
  'record-route': 'Record-Route: <sip:192.0.2.30;lr>',
};

/** Scenarios that send messages broken (on purpose, or by mistake), with what is wrong in them. */
const BROKEN: Record<string, RegExp> = {
  // [local_ip] stands both in the Via (where SIPp writes an IPv6 address in brackets) and in o= and c= (where
  // RFC 4566 wants it bare): one of the two is wrong whatever the address
  'siphon-rs/invite_bye_ipv6.xml': /malformed origin: "o=user1 \d+ \d+ IN IP6 \[2001:db8::10\]"/,
  'pjproject/uas-answer-183-wrong-attr.xml': /malformed SDP line: "1=1"/,
  'siphon-rs/malformed_sdp.xml': /payload type 999/,
  // `Route: [routes]`: SIPp's [routes] is a whole Route header line already, so the value reads `Route: <sip:...>`
  'siphon-rs/route_bye.xml': /malformed Route header/,
};

/** SIPp's keywords for a scenario run over IPv6 (-i with an IPv6 address): addresses in brackets. */
const IPV6: Record<string, string> = { local_ip: '[2001:db8::10]', remote_ip: '[2001:db8::20]', local_ip_type: '6' };

/** The messages of a scenario with SIPp's keywords filled in; those that use regexp captures ([$n]) are left out. */
function messagesOf(xml: string, ipv6: boolean): string[] {
  const messages: string[] = [];
  const keywords = ipv6 ? { ...KEYWORDS, ...IPV6 } : KEYWORDS;
  for (const send of xml.replace(/\r\n/g, '\n').matchAll(/<send[^>]*>\s*<!\[CDATA\[([\s\S]*?)\]\]>/g)) {
    if (send[1].includes('[$')) continue;
    const lines = send[1].replace(/^\s*\n/, '').split('\n');
    const indent = /^[ \t]*/.exec(lines[0])![0];
    let text = lines.map((l) => (l.startsWith(indent) ? l.slice(indent.length) : l.trimStart())).join('\r\n');
    text = text
      .replace(/\[last_([A-Za-z-]+):?\]/g, (_, name: string) => LAST[name.toLowerCase()] ?? `X-Unknown: ${name}`)
      .replace(/\[(\w+)(?:[-+]\d+)?\]/g, (whole, word: string) => keywords[word] ?? whole)
      .replace(/(\r\n)+$/, '\r\n');
    const split = text.indexOf('\r\n\r\n');
    const body = split < 0 ? '' : text.slice(split + 4);
    if (split < 0) text += '\r\n';
    messages.push(text.replace(/\[len\]/, String(Buffer.byteLength(body))));
  }
  return messages;
}

describe('messages of the SIPp scenarios of drachtio-srf, pjproject and siphon-rs', function () {
  if (suitesDir() === undefined) {
    it('are skipped: ../shared/sip-suites is not beside the repository', function () {
      this.skip();
    });
    return;
  }
  for (const folder of ['drachtio-srf', 'pjproject', 'siphon-rs']) {
    it(`parse, with their SDP, for every scenario of ${folder} (but the few broken ones)`, () => {
      const dir = join(suitesDir()!, folder);
      let count = 0;
      for (const file of readdirSync(dir).filter((f) => f.endsWith('.xml'))) {
        const problems: string[] = [];
        for (const text of messagesOf(readFileSync(join(dir, file), 'utf8'), file.includes('ipv6'))) {
          count++;
          const parsed = parseSipMessage(text);
          const sdp = parsed.ok ? sdpOf(parsed.message) : undefined;
          if (!parsed.ok) problems.push(parsed.error.message);
          else if (sdp?.kind === 'malformed') problems.push(sdp.reason);
        }
        const purpose = BROKEN[`${folder}/${file}`];
        if (purpose) {
          expect(problems, file).to.not.be.empty;
          for (const problem of problems) expect(problem, file).to.match(purpose);
        } else expect(problems, file).to.deep.equal([]);
      }
      expect(count).to.be.greaterThan(20);
    });
  }

  /** What the scenarios expect for their first request, as the suites' README reads them for an SBC. */
  const FIRST_ANSWER: Array<[string, number | undefined]> = [
    ['siphon-rs/options.xml', undefined],
    ['siphon-rs/invite.xml', undefined],
    ['siphon-rs/max_forwards_zero.xml', 483],
    ['siphon-rs/unsupported_method.xml', 501],
    ['pjproject/uac-inv-multiple-require.xml', 420],
    ['pjproject/uac-inv-without-sdp.xml', undefined],
    ['drachtio-srf/uac-expect-400-no-contact-header.xml', 400],
    ['drachtio-srf/uac-nosdp.xml', undefined],
    ['drachtio-srf/uac-displayname-from.xml', undefined],
  ];
  it('get from checkRequest the first answer their scenario expects (483, 501, 420, 400, or service)', () => {
    for (const [path, status] of FIRST_ANSWER) {
      const first = messagesOf(readFileSync(join(suitesDir()!, path), 'utf8'), false)[0];
      const parsed = parseSipMessage(first);
      if (!parsed.ok) throw parsed.error;
      expect(checkRequest(parsed.message as SipRequest, GATEWAY)?.status, path).to.equal(status);
    }
  });

  it("keep drachtio's display name in From for the gateway to pass on", () => {
    const path = join(suitesDir()!, 'drachtio-srf', 'uac-displayname-from.xml');
    const parsed = parseSipMessage(messagesOf(readFileSync(path, 'utf8'), false)[0]);
    expect(parsed.ok && addressOf(parsed.message, 'From')).to.deep.include({
      displayName: 'Dave H',
      tag: '4242SIPpTag007',
    });
  });
});

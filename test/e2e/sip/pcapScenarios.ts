import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * SIPp scenarios that play RTP from pcap files (`<exec play_pcap_audio>`), written at run time: SIPp reads the
 * pcap named in the scenario as it loads it, by a literal path, so the scenario names the shared files where they
 * are (never copied). The files are the drachtio-srf suite's, in shared/sip-suites beside the repository
 * (GWSIM_SIP_SUITES names another folder).
 */

/** The folder of the suites' pcap files, or undefined when it is not there. */
export function pcapFolder(): string | undefined {
  let directory = __dirname;
  for (;;) {
    if (existsSync(path.join(directory, 'package.json')) && existsSync(path.join(directory, 'test'))) break;
    const parent = path.dirname(directory);
    if (parent === directory) return undefined;
    directory = parent;
  }
  const suites = process.env['GWSIM_SIP_SUITES'] ?? path.join(directory, '..', 'shared', 'sip-suites');
  const folder = path.join(suites, 'drachtio-srf', 'pcap');
  return existsSync(path.join(folder, 'g711a.pcap')) ? folder : undefined;
}

/** The RTP packets of a pcap file of UDP over IPv4 over Ethernet (libpcap format, either byte order): SSRC and sequence number. */
export function rtpOfPcap(file: string): { readonly ssrc: number; readonly seq: number }[] {
  const bytes = readFileSync(file);
  const magic = bytes.readUInt32LE(0);
  const little = magic === 0xa1b2c3d4 || magic === 0xa1b23c4d;
  const packets: { ssrc: number; seq: number }[] = [];
  for (let at = 24; at + 16 <= bytes.length;) {
    const length = little ? bytes.readUInt32LE(at + 8) : bytes.readUInt32BE(at + 8);
    const frame = at + 16;
    const rtp = frame + 14 + 4 * (bytes[frame + 14]! & 0x0f) + 8; // Ethernet, the IPv4 header's length, UDP
    packets.push({ seq: bytes.readUInt16BE(rtp + 2), ssrc: bytes.readUInt32BE(rtp + 8) });
    at = frame + length;
  }
  return packets;
}

/**
 * What a receiver following RFC 3550 appendix A.3 counts as lost of these pcap files played one after the other:
 * per run of one SSRC, the sequence numbers expected (highest − first + 1) less the packets received (repeats
 * included). The drachtio-srf DTMF files are excerpts of one stream, so the numbers between two of them count as
 * lost. (No wrap of the sequence numbers and no reordering in these files.)
 */
export function sequenceLoss(files: readonly string[]): number {
  let lost = 0;
  let run: { ssrc: number; first: number; highest: number; received: number } | undefined;
  const close = () => {
    if (run) lost += Math.max(0, run.highest - run.first + 1 - run.received);
  };
  for (const { ssrc, seq } of files.flatMap(rtpOfPcap)) {
    if (run?.ssrc !== ssrc) {
      close();
      run = { ssrc, first: seq, highest: seq, received: 0 };
    }
    run.highest = Math.max(run.highest, seq);
    run.received += 1;
  }
  close();
  return lost;
}

/** One step of a scenario's media: play a pcap file, or wait. */
export type MediaStep = { readonly play: string } | { readonly pauseMs: number };

function media(steps: readonly MediaStep[]): string {
  return steps
    .map((step) =>
      'play' in step
        ? `  <nop><action><exec play_pcap_audio="${step.play}"/></action></nop>`
        : `  <pause milliseconds="${step.pauseMs}"/>`,
    )
    .join('\n');
}

const SDP = `v=0
      o=user1 53655765 2353687637 IN IP[local_ip_type] [local_ip]
      s=-
      c=IN IP[media_ip_type] [media_ip]
      t=0 0
      m=audio [media_port] RTP/AVP 8 101
      a=rtpmap:8 PCMA/8000
      a=rtpmap:101 telephone-event/8000
      a=fmtp:101 0-15`;

/** A UAC that calls [service], plays its media steps once answered, then hangs up (BYE, 200). */
export function uacPlaying(steps: readonly MediaStep[]): string {
  return `<?xml version="1.0" encoding="ISO-8859-1" ?>
<scenario name="uac-play-pcap">
  <send retrans="500">
    <![CDATA[

      INVITE sip:[service]@[remote_ip]:[remote_port] SIP/2.0
      Via: SIP/2.0/[transport] [local_ip]:[local_port];branch=[branch]
      From: sipp <sip:sipp@[local_ip]:[local_port]>;tag=[pid]SIPpTag00[call_number]
      To: <sip:[service]@[remote_ip]:[remote_port]>
      Call-ID: [call_id]
      CSeq: 1 INVITE
      Contact: <sip:sipp@[local_ip]:[local_port];transport=[transport]>
      Max-Forwards: 70
      Content-Type: application/sdp
      Content-Length: [len]

      ${SDP}

    ]]>
  </send>
  <recv response="100" optional="true"/>
  <recv response="180" optional="true"/>
  <recv response="200" rrs="true"/>
  <send>
    <![CDATA[

      ACK [next_url] SIP/2.0
      Via: SIP/2.0/[transport] [local_ip]:[local_port];branch=[branch]
      [routes]
      From: sipp <sip:sipp@[local_ip]:[local_port]>;tag=[pid]SIPpTag00[call_number]
      To: <sip:[service]@[remote_ip]:[remote_port]>[peer_tag_param]
      Call-ID: [call_id]
      CSeq: 1 ACK
      Max-Forwards: 70
      Content-Length: 0

    ]]>
  </send>
${media(steps)}
  <send retrans="500">
    <![CDATA[

      BYE [next_url] SIP/2.0
      Via: SIP/2.0/[transport] [local_ip]:[local_port];branch=[branch]
      [routes]
      From: sipp <sip:sipp@[local_ip]:[local_port]>;tag=[pid]SIPpTag00[call_number]
      To: <sip:[service]@[remote_ip]:[remote_port]>[peer_tag_param]
      Call-ID: [call_id]
      CSeq: 2 BYE
      Max-Forwards: 70
      Content-Length: 0

    ]]>
  </send>
  <recv response="200" crlf="true"/>
</scenario>
`;
}

/** A UAS that answers an INVITE 200 with SDP, plays its media steps once ACKed, and answers the caller's BYE. */
export function uasPlaying(steps: readonly MediaStep[]): string {
  return `<?xml version="1.0" encoding="ISO-8859-1" ?>
<scenario name="uas-play-pcap">
  <recv request="INVITE" crlf="true"/>
  <send>
    <![CDATA[

      SIP/2.0 200 OK
      [last_Via:]
      [last_From:]
      [last_To:];tag=[pid]SIPpTag01[call_number]
      [last_Call-ID:]
      [last_CSeq:]
      Contact: <sip:[local_ip]:[local_port];transport=[transport]>
      Content-Type: application/sdp
      Content-Length: [len]

      ${SDP}

    ]]>
  </send>
  <recv request="ACK" crlf="true"/>
${media(steps)}
  <recv request="BYE" timeout="60000"/>
  <send>
    <![CDATA[

      SIP/2.0 200 OK
      [last_Via:]
      [last_From:]
      [last_To:]
      [last_Call-ID:]
      [last_CSeq:]
      Content-Length: 0

    ]]>
  </send>
</scenario>
`;
}

/** Writes a scenario's text to a file of its own and answers its path. */
export function scenarioFile(name: string, text: string): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'sipp-pcap-')), `${name}.xml`);
  writeFileSync(file, text);
  return file;
}

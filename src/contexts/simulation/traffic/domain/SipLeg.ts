import {
  answerOffer, buildAck, buildBye, buildCancel, buildOffer, buildRequest, buildResponse, dialogFromResponse, serializeSdp,
  serializeToString, type CodecName, type NameAddr, type SessionDescription, type SipMessage, type SipRequest, type SipResponse,
} from '@gwsim/sip';
import type { SipMessageEntry } from '../../../monitoring/index.js';
import { hex, mix, streamFor } from './Randomness.js';
import { SIMULATED_CODECS, type SimulatedCodec } from './TrafficProfile.js';

/** One end of a leg: the address packets go to (an IPv4 address), its port, and the host its URIs name. */
export interface LegEndpoint {
  readonly ip: string;
  readonly port: number;
  readonly host: string;
}

/** A SIP dialog of a call: the inbound leg (the far end calls the gateway) or an outbound attempt (the gateway calls). */
export interface LegSpec {
  /** 0 the inbound leg, 1.. the outbound attempts in order (SipMessageEntry.callIndex). */
  readonly index: number;
  readonly sessionIdentifier: string;
  readonly systemIdentifier: string;
  readonly transport: 'UDP' | 'TCP' | 'TLS';
  /** The user agent that sent the INVITE, and the one that received it. */
  readonly caller: LegEndpoint;
  readonly callee: LegEndpoint;
  /** Whether the gateway is the caller (outbound legs) or the callee (the inbound leg). */
  readonly gatewayCalls: boolean;
  readonly fromUser: string;
  readonly toUser: string;
  readonly codec: SimulatedCodec;
  /** Seeds every id of the dialog (Call-ID, tags, branches, SDP session ids and RTP ports). */
  readonly seed: number;
}

const USER_SAFE = /[^A-Za-z0-9\-_.!~*'()&=+$,;?/]/g;
/** A dial string as the user part of a SIP URI: characters outside RFC 3261's user set escaped as %HH. */
export function sipUser(text: string): string {
  const user = text.replace(USER_SAFE, (char) => [...Buffer.from(char, 'utf8')].map((b) => `%${b.toString(16).toUpperCase().padStart(2, '0')}`).join(''));
  return user === '' ? 'anonymous' : user;
}

/**
 * Builds the messages of one leg with @gwsim/sip, deterministically from the leg's seed, so a call keeps no
 * message in memory between its steps: each step builds the INVITE again (the same bytes) and answers it.
 * Both sides are user agents of their own dialog (the gateway is a back-to-back user agent), so no Record-Route.
 */
export class SipLeg {
  private readonly callId: string;
  private readonly fromTag: string;
  private readonly toTag: string;
  private cachedInvite: SipRequest | undefined;

  constructor(readonly spec: LegSpec) {
    this.callId = `${hex(streamFor(spec.seed, 'call-id').bytes(12))}@${spec.caller.host}`;
    this.fromTag = hex(streamFor(spec.seed, 'from-tag').bytes(6));
    this.toTag = hex(streamFor(spec.seed, 'to-tag').bytes(6));
  }

  invite(): SipRequest {
    if (this.cachedInvite) return this.cachedInvite;
    const { caller } = this.spec;
    const sdp = this.offer();
    this.cachedInvite = buildRequest({
      method: 'INVITE', uri: this.requestUri(), via: { transport: this.spec.transport, host: caller.ip, port: caller.port, branch: this.branch('invite') },
      from: this.from(), to: { uri: this.toUri(), params: {} }, callId: this.callId, cseq: 1,
      contact: { uri: `sip:${sipUser(this.spec.fromUser)}@${caller.ip}:${caller.port}`, params: {} },
      userAgent: this.spec.gatewayCalls ? 'gwsim' : undefined, body: serializeSdp(sdp),
    });
    return this.cachedInvite;
  }

  /** 100 Trying, 180 Ringing (with To tag and Contact). */
  provisional(status: 100 | 180): SipResponse {
    if (status === 100) return buildResponse(this.invite(), 100);
    return buildResponse(this.invite(), status, { toTag: this.toTag, contact: this.contact() });
  }

  /** The 200 OK with the SDP answer settling on the leg's codec. */
  ok(): SipResponse {
    const { callee, codec } = this.spec;
    const answer = answerOffer(this.offer(), { preferences: [codec, 'telephone-event'], address: callee.ip, port: this.rtpPort('callee'), sessionId: String(mix(this.spec.seed, 'sdp-answer')) });
    return buildResponse(this.invite(), 200, { toTag: this.toTag, contact: this.contact(), body: serializeSdp(answer) });
  }

  failure(status: number): SipResponse {
    return buildResponse(this.invite(), status, { toTag: this.toTag });
  }

  ackOk(): SipRequest {
    return buildAck(this.invite(), this.ok(), { via: this.callerVia(), branch: this.branch('ack') });
  }

  ackFailure(status: number): SipRequest {
    return buildAck(this.invite(), this.failure(status));
  }

  cancel(): SipRequest {
    return buildCancel(this.invite());
  }

  cancelOk(): SipResponse {
    return buildResponse(this.cancel(), 200, { toTag: this.toTag });
  }

  /** A BYE from the caller (UAC side of the dialog) or from the callee (UAS side, its first own CSeq). */
  bye(byCaller: boolean): SipRequest {
    if (byCaller) return buildBye(dialogFromResponse(this.invite(), this.ok()), { via: this.callerVia(), branch: this.branch('bye') });
    const { caller, callee } = this.spec;
    return buildRequest({
      method: 'BYE', uri: `sip:${sipUser(this.spec.fromUser)}@${caller.ip}:${caller.port}`,
      via: { transport: this.spec.transport, host: callee.ip, port: callee.port, branch: this.branch('bye') },
      from: { uri: this.toUri(), params: { tag: this.toTag } }, to: this.from(), callId: this.callId, cseq: 1,
    });
  }

  byeOk(byCaller: boolean): SipResponse {
    return buildResponse(this.bye(byCaller), 200);
  }

  /** The message as the monitor stores it; `byCaller` says which end sent it. */
  entry(message: SipMessage, atMs: number, byCaller: boolean): SipMessageEntry {
    const { caller, callee, gatewayCalls } = this.spec;
    const from = byCaller ? caller : callee;
    const to = byCaller ? callee : caller;
    return {
      sessionIdentifier: this.spec.sessionIdentifier,
      systemIdentifier: this.spec.systemIdentifier,
      callIndex: this.spec.index,
      timestampMicros: Math.round(atMs * 1000),
      direction: byCaller === gatewayCalls ? 'sent' : 'received',
      protocol: this.spec.transport,
      sourceIpAddress: from.ip,
      sourcePort: from.port,
      destinationIpAddress: to.ip,
      destinationPort: to.port,
      message: serializeToString(message),
    };
  }

  /** The caller's SDP offer: the leg's codec first, the other codecs after it, and telephone-event. */
  private offer(): SessionDescription {
    const { caller, codec } = this.spec;
    const offered: CodecName[] = [codec, ...SIMULATED_CODECS.filter((other) => other !== codec), 'telephone-event'];
    return buildOffer({ codecs: offered, address: caller.ip, port: this.rtpPort('caller'), sessionId: String(mix(this.spec.seed, 'sdp-offer')) });
  }

  private requestUri(): string {
    return `sip:${sipUser(this.spec.toUser)}@${this.spec.callee.host}:${this.spec.callee.port}`;
  }

  private toUri(): string {
    return `sip:${sipUser(this.spec.toUser)}@${this.spec.callee.host}`;
  }

  private from(): NameAddr {
    return { uri: `sip:${sipUser(this.spec.fromUser)}@${this.spec.caller.host}`, params: { tag: this.fromTag } };
  }

  private contact(): NameAddr {
    return { uri: `sip:${sipUser(this.spec.toUser)}@${this.spec.callee.ip}:${this.spec.callee.port}`, params: {} };
  }

  private callerVia() {
    return { transport: this.spec.transport, host: this.spec.caller.ip, port: this.spec.caller.port };
  }

  private branch(label: string): string {
    return `z9hG4bK${hex(streamFor(this.spec.seed, 'branch', label).bytes(8))}`;
  }

  /** An even RTP port from 10000 to 29998. */
  rtpPort(side: 'caller' | 'callee'): number {
    return 10_000 + 2 * (mix(this.spec.seed, 'rtp', side) % 10_000);
  }
}

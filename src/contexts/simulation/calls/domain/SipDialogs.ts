import {
  answerAudio,
  answerOffer,
  buildAck,
  buildBye,
  buildCancel,
  buildOffer,
  buildRequest,
  buildResponse,
  dialogFromResponse,
  header,
  parseNameAddr,
  parseSdp,
  readSdp,
  serializeSdp,
  writeSdp,
  type CodecName,
  type NameAddr,
  type SipRequest,
  type SipResponse,
} from '@gwsim/sip';
import type { PlanNode } from '../../../configuration/index.js';
import { hex, mix, streamFor } from './Randomness.js';
import { SIMULATED_CODECS, type SimulatedCodec } from './TrafficProfile.js';

/** One end of a leg: the address packets go to (an IPv4 address), its port, and the host its URIs name. */
export interface LegEndpoint {
  readonly ip: string;
  readonly port: number;
  readonly host: string;
}

const GATEWAY_SIDES = new WeakMap<PlanNode, LegEndpoint>();
const FAR_ENDS = new WeakMap<PlanNode, LegEndpoint>();

/** Where the gateway sends and receives a node's signalling (one object per node of a plan, shared by its calls). */
export function gatewaySide(node: PlanNode): LegEndpoint {
  let side = GATEWAY_SIDES.get(node);
  if (!side) {
    side = Object.freeze({ ip: node.local.address, port: node.local.port, host: node.hostname || node.local.host });
    GATEWAY_SIDES.set(node, side);
  }
  return side;
}

/** The node's far end; a node without a transport connection talks to a far end on TEST-NET-3 derived from its id. */
export function farEnd(node: PlanNode): LegEndpoint {
  let far = FAR_ENDS.get(node);
  if (!far) {
    if (node.remote) {
      far = Object.freeze({ ip: node.remote.address, port: node.remote.port, host: node.remote.host });
    } else {
      const ip = `203.0.113.${1 + (mix('far-end', node.id) % 254)}`;
      far = Object.freeze({ ip, port: 5060, host: ip });
    }
    FAR_ENDS.set(node, far);
  }
  return far;
}

/**
 * A message built when asked for: only when the monitor keeps messages or a reply is built from it. The builders
 * are pure (every id comes from a seed), so a message built twice has the same bytes.
 */
export type Lazy<T> = () => T;

/**
 * What one side built during the current step of the engine, kept so that the replies built from a message in
 * the same step share it; forgotten when the step ends, so a call in progress holds no message between steps.
 */
export class StepMemo {
  private readonly slots: { clear(): void }[] = [];

  once<T>(build: () => T): Lazy<T> {
    let value: T | undefined;
    const slot = {
      clear: () => {
        value = undefined;
      },
    };
    return () => {
      if (value === undefined) {
        value = build();
        this.slots.push(slot);
      }
      return value;
    };
  }

  forget(): void {
    for (const slot of this.slots) slot.clear();
    this.slots.length = 0;
  }
}

const USER_SAFE = /[^A-Za-z0-9\-_.!~*'()&=+$,;?/]/g;
/** A dial string as the user part of a SIP URI: characters outside RFC 3261's user set escaped as %HH. */
export function sipUser(text: string): string {
  const user = text.replace(USER_SAFE, (char) =>
    [...Buffer.from(char, 'utf8')].map((b) => `%${b.toString(16).toUpperCase().padStart(2, '0')}`).join(''),
  );
  return user === '' ? 'anonymous' : user;
}

/** What one user agent of a dialog needs to build its messages: its own end, its peer's, and the seed of its ids. */
export interface DialogSide {
  readonly transport: 'UDP' | 'TCP' | 'TLS';
  readonly local: LegEndpoint;
  readonly remote: LegEndpoint;
  /** Seeds this side's ids: Call-ID and From tag (caller) or To tag (callee), branches, SDP session ids, RTP ports. */
  readonly seed: number;
}

/** The response with the Contacts of a far end's redirect (the targets it names), when there is one. */
export function redirectedTo(response: SipResponse, redirect: SipResponse | undefined): SipResponse {
  const contacts = redirect?.headers.filter((h) => h.name === 'Contact') ?? [];
  if (contacts.length === 0) return response;
  return { ...response, headers: [...response.headers.filter((h) => h.name !== 'Contact'), ...contacts] };
}

/** A 200 OK to a request the other side sent in the dialog (its BYE, say). */
export function okTo(request: SipRequest, toTag?: string): SipResponse {
  return buildResponse(request, 200, toTag === undefined ? {} : { toTag });
}

/** An even RTP port from 10000 to 29998, drawn from a side's seed. */
export function rtpPort(seed: number, side: 'caller' | 'callee'): number {
  return 10_000 + 2 * (mix(seed, 'rtp', side) % 10_000);
}

function branch(seed: number, label: string): string {
  return `z9hG4bK${hex(streamFor(seed, 'branch', label).bytes(8))}`;
}

/**
 * The calling user agent of a dialog (the caller on the inbound leg, the gateway on an outbound one): builds
 * its INVITE with an SDP offer (the call's codec first, the other codecs, telephone-event), its ACKs, CANCEL
 * and BYE, all from its own seed. Both sides are user agents of their own dialog, so no Record-Route.
 */
export class UacDialog {
  readonly invite: Lazy<SipRequest>;
  /** The SDP offer's text, kept for the dialog's life (a few hundred bytes; building it is most of an INVITE's cost). */
  private offer: string | undefined;

  constructor(
    private readonly side: DialogSide,
    private readonly call: {
      readonly fromUser: string;
      /** The display name of the From (the caller's own, passed on). */
      readonly fromName?: string | undefined;
      readonly toUser: string;
      readonly codec: SimulatedCodec;
      readonly userAgent?: string;
    },
    memo: StepMemo,
  ) {
    this.invite = memo.once(() => this.buildInvite());
  }

  /** The ACK of a final response: a transaction of its own for 2xx, the INVITE's for the others (RFC 3261 17.1.1.3). */
  ack(response: SipResponse): SipRequest {
    if (response.status < 300)
      return buildAck(this.invite(), response, { via: this.via(), branch: branch(this.side.seed, 'ack') });
    return buildAck(this.invite(), response);
  }

  /** CANCEL of the INVITE; a Q.850 cause goes in a Reason header (RFC 3326) when the caller says why. */
  cancel(cause?: { readonly q850: number; readonly text: string }): SipRequest {
    const cancel = buildCancel(this.invite());
    if (cause) cancel.headers.push({ name: 'Reason', value: `Q.850;cause=${cause.q850};text="${cause.text}"` });
    return cancel;
  }

  /** BYE in the dialog the 200 OK established. */
  bye(ok: SipResponse): SipRequest {
    return buildBye(dialogFromResponse(this.invite(), ok), { via: this.via(), branch: branch(this.side.seed, 'bye') });
  }

  private buildInvite(): SipRequest {
    const { local, remote, seed, transport } = this.side;
    const { fromUser, toUser, codec } = this.call;
    if (this.offer === undefined) {
      const offered: CodecName[] = [codec, ...SIMULATED_CODECS.filter((other) => other !== codec), 'telephone-event'];
      this.offer = serializeSdp(
        buildOffer({
          codecs: offered,
          address: local.ip,
          port: rtpPort(seed, 'caller'),
          sessionId: String(mix(seed, 'sdp-offer')),
        }),
      );
    }
    return buildRequest({
      method: 'INVITE',
      uri: `sip:${sipUser(toUser)}@${remote.host}:${remote.port}`,
      via: { transport, host: local.ip, port: local.port, branch: branch(seed, 'invite') },
      from: {
        ...(this.call.fromName === undefined ? {} : { displayName: this.call.fromName }),
        uri: `sip:${sipUser(fromUser)}@${local.host}`,
        params: { tag: hex(streamFor(seed, 'from-tag').bytes(6)) },
      },
      to: { uri: `sip:${sipUser(toUser)}@${remote.host}`, params: {} },
      callId: `${hex(streamFor(seed, 'call-id').bytes(12))}@${local.host}`,
      cseq: 1,
      contact: { uri: `sip:${sipUser(fromUser)}@${local.ip}:${local.port}`, params: {} },
      userAgent: this.call.userAgent,
      body: this.offer,
    });
  }

  private via() {
    return { transport: this.side.transport, host: this.side.local.ip, port: this.side.local.port };
  }
}

/**
 * The called user agent of a dialog (the gateway on the inbound leg, a far end on an outbound one): builds its
 * responses from the INVITE it received (100 without a To tag; 18x and 200 with its tag and Contact; the 200's
 * SDP answer settles on the call's codec with the offer's payload types), its 200s to CANCEL and BYE, and its
 * own BYE (its first CSeq, to the caller's Contact).
 */
export class UasDialog {
  private readonly toTag: string;
  /** The SDP answer's text, kept for the dialog's life (parsing the offer and answering it once). */
  private answer: string | undefined;
  readonly ok: Lazy<SipResponse>;

  constructor(
    private readonly side: DialogSide,
    readonly invite: Lazy<SipRequest>,
    private readonly codec: SimulatedCodec,
    memo: StepMemo,
  ) {
    this.toTag = hex(streamFor(side.seed, 'to-tag').bytes(6));
    this.ok = memo.once(() => {
      const invite = this.invite();
      this.answer ??= this.sdpFor(invite.body);
      return buildResponse(invite, 200, { toTag: this.toTag, contact: this.contact(), body: this.answer });
    });
  }

  /**
   * The SDP of the 200: the answer to the INVITE's offer, or, when the INVITE carried none (a late offer), an offer
   * of the gateway's own whose answer comes in the ACK (RFC 3261 section 13.2.1, RFC 3264 section 5).
   */
  private sdpFor(offer: string): string {
    const { local, seed } = this.side;
    const port = rtpPort(seed, 'callee');
    if (offer === '') {
      const codecs: CodecName[] = [
        this.codec,
        ...SIMULATED_CODECS.filter((other) => other !== this.codec),
        'telephone-event',
      ];
      return serializeSdp(buildOffer({ codecs, address: local.ip, port, sessionId: String(mix(seed, 'sdp-answer')) }));
    }
    const sessionId = String(mix(seed, 'sdp-answer'));
    const preferences: CodecName[] = [this.codec, 'telephone-event'];
    try {
      return serializeSdp(answerOffer(parseSdp(offer), { preferences, address: local.ip, port, sessionId }));
    } catch (error) {
      // an offer beyond the simple model (video, IPv6, several streams, unknown attributes): the audio stream is
      // answered and every other one refused with port 0, in the offer's order (RFC 3264 section 6)
      const read = readSdp(offer);
      if (!read.ok) throw error;
      const others = SIMULATED_CODECS.filter((other) => other !== this.codec);
      const answer = answerAudio(read.sdp, {
        preferences: [this.codec, ...others, 'telephone-event'],
        address: local.ip,
        port,
        sessionId,
        agent: local.host,
      });
      if (!answer.ok) throw new OfferRefused(answer.rejection.detail);
      return writeSdp(answer.answer);
    }
  }

  /** A response to the INVITE: 100 Trying, 18x, the 200 with the answer, or a failure. */
  respond(status: number): SipResponse {
    if (status === 100) return buildResponse(this.invite(), 100);
    if (status === 200) return this.ok();
    if (status < 200) return buildResponse(this.invite(), status, { toTag: this.toTag, contact: this.contact() });
    return buildResponse(this.invite(), status, { toTag: this.toTag });
  }

  /** 200 to the caller's CANCEL or BYE. */
  confirm(request: SipRequest): SipResponse {
    return okTo(request, this.toTag);
  }

  /** The callee's BYE: From and To of the INVITE swapped (its tag on From), to the caller's Contact. */
  bye(): SipRequest {
    const invite = this.invite();
    const { local, transport, seed } = this.side;
    const to = parseNameAddr(header(invite, 'To') ?? '');
    const from: NameAddr = { ...to, params: { ...to.params, tag: this.toTag } };
    return buildRequest({
      method: 'BYE',
      // an RFC 2543 caller may send no Contact: its From's URI is where it can be reached then
      uri: parseNameAddr(header(invite, 'Contact') ?? header(invite, 'From') ?? '').uri,
      via: { transport, host: local.ip, port: local.port, branch: branch(seed, 'bye') },
      from,
      to: parseNameAddr(header(invite, 'From') ?? ''),
      callId: header(invite, 'Call-ID') ?? '',
      cseq: 1,
    });
  }

  private contact(): NameAddr {
    const user = /^sips?:([^@]*)@/.exec(this.invite().uri)?.[1] ?? 'anonymous';
    return { uri: `sip:${user}@${this.side.local.ip}:${this.side.local.port}`, params: {} };
  }
}

/**
 * An offer the simulator cannot answer: no codec it has, no audio stream (RFC 3264 section 6). The call ends with
 * 488 Not Acceptable Here (RFC 3261 section 21.4.26), not as a failure of the gateway.
 */
export class OfferRefused extends Error {
  override readonly name = 'OfferRefused';
}

/** The User-Agent of the gateway's INVITEs. */
const USER_AGENT = 'gwsim';

/** The gateway's side of an outbound attempt's dialog: from the node's address, the caller's display name passed on. */
export function attemptDialog(
  call: {
    readonly seed: number;
    readonly codec: SimulatedCodec;
    readonly arrived: { readonly sourceName?: string };
  },
  node: PlanNode,
  numbers: { readonly source: string; readonly destination: string },
  index: number,
  memo: StepMemo,
): UacDialog {
  return new UacDialog(
    {
      transport: node.local.transport,
      local: gatewaySide(node),
      remote: farEnd(node),
      seed: mix(call.seed, 'leg', index),
    },
    {
      fromUser: numbers.source,
      fromName: call.arrived.sourceName,
      toUser: numbers.destination,
      codec: call.codec,
      userAgent: USER_AGENT,
    },
    memo,
  );
}

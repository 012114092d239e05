import {
  answerOffer,
  buildAck,
  buildBye,
  buildOffer,
  buildRequest,
  buildResponse,
  dialogFromResponse,
  serializeSdp,
  serializeToString,
  type CapturedMessage,
} from '../src/index.js';

export const CALLER = { ip: '192.0.2.10', port: 5060 };
export const GATEWAY = { ip: '192.0.2.20', port: 5060 };
/** 2026-11-23 07:30:00.000000 UTC in microseconds. */
export const T0 = Date.UTC(2026, 10, 23, 7, 30, 0) * 1000;

/**
 * A whole call as the gateway sees it: INVITE with SDP, 100, 180, 200 with SDP, ACK, then the gateway hangs up
 * (BYE, 200). Built with the package's builder, so every message parses.
 */
export function basicCall(): CapturedMessage[] {
  const offer = buildOffer({
    codecs: ['PCMA', 'PCMU', 'telephone-event'],
    address: CALLER.ip,
    port: 40000,
    sessionId: '1001',
  });
  const invite = buildRequest({
    method: 'INVITE',
    uri: 'sip:+4930123@192.0.2.20:5060',
    via: { host: CALLER.ip, port: CALLER.port, branch: 'z9hG4bKinv1' },
    from: { displayName: 'Alice', uri: 'sip:+4940111@192.0.2.10', params: { tag: 'ftag1' } },
    to: { uri: 'sip:+4930123@192.0.2.20', params: {} },
    callId: 'cid-1@192.0.2.10',
    cseq: 1,
    contact: { uri: 'sip:+4940111@192.0.2.10:5060', params: {} },
    userAgent: 'caller',
    body: serializeSdp(offer),
  });
  const contact = { uri: 'sip:gw@192.0.2.20:5060', params: {} };
  const trying = buildResponse(invite, 100);
  const ringing = buildResponse(invite, 180, { toTag: 'ttag1', contact });
  const answer = answerOffer(offer, {
    preferences: ['PCMA', 'telephone-event'],
    address: GATEWAY.ip,
    port: 30000,
    sessionId: '77',
  });
  const ok = buildResponse(invite, 200, { toTag: 'ttag1', contact, body: serializeSdp(answer) });
  const ack = buildAck(invite, ok, { via: { host: CALLER.ip, port: CALLER.port }, branch: 'z9hG4bKack1' });
  // The gateway ends the call: its dialog is the UAS view (local = To, remote = From).
  const callerDialog = dialogFromResponse(invite, ok);
  const gatewayDialog = {
    ...callerDialog,
    local: callerDialog.remote,
    remote: callerDialog.local,
    remoteTarget: 'sip:+4940111@192.0.2.10:5060',
    localSeq: 0,
    routeSet: [],
  };
  const bye = buildBye(gatewayDialog, { via: { host: GATEWAY.ip, port: GATEWAY.port }, branch: 'z9hG4bKbye1' });
  const byeOk = buildResponse(bye, 200);
  const inbound = (text: string, ms: number): CapturedMessage => ({
    timestampMicros: T0 + ms * 1000,
    protocol: 'UDP',
    sourceIp: CALLER.ip,
    sourcePort: CALLER.port,
    destinationIp: GATEWAY.ip,
    destinationPort: GATEWAY.port,
    text,
    direction: 'received',
    callIndex: 0,
  });
  const outbound = (text: string, ms: number): CapturedMessage => ({
    timestampMicros: T0 + ms * 1000,
    protocol: 'UDP',
    sourceIp: GATEWAY.ip,
    sourcePort: GATEWAY.port,
    destinationIp: CALLER.ip,
    destinationPort: CALLER.port,
    text,
    direction: 'sent',
    callIndex: 0,
  });
  return [
    inbound(serializeToString(invite), 0),
    outbound(serializeToString(trying), 2.5),
    outbound(serializeToString(ringing), 120),
    outbound(serializeToString(ok), 3250.125),
    inbound(serializeToString(ack), 3261),
    outbound(serializeToString(bye), 63_000),
    inbound(serializeToString(byeOk), 63_004.75),
  ];
}

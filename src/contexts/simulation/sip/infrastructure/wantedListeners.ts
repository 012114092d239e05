import type { SipAddress, SipTransportName } from '@gwsim/sip';
import type { GatewayPlan, PlanIdentity, PlanNode } from '../../../configuration/index.js';
import type { SipSetting } from '../domain/SipSetting.js';

/** The listener a node asks for: its addresses (`host:port` keys), transports and what opens it. */
export interface WantedListener {
  readonly node: PlanNode;
  readonly keys: string[];
  readonly addresses: SipAddress[];
  /** What the listener is: a change reopens it. */
  readonly signature: string;
  readonly port: number;
  readonly tlsPort: number | undefined;
  /** A WebRTC node's SIP over WebSocket listener: its port (offset), path and the WSS certificate. */
  readonly websocket: { readonly port: number; readonly path: string; readonly identity?: PlanIdentity } | undefined;
  readonly transports: SipTransportName[];
}

/**
 * The listeners the plan asks for: every enabled node with a SIP transport, on its ports plus the lab's offset
 * (UDP and TCP on one, TLS on its own where the node has a certificate); a WebRTC node on its WebSocket stack's port
 * plus the offset, WS or WSS as the stack says (RFC 7118).
 */
export function wantedListeners(plan: GatewayPlan, setting: SipSetting, host: string): WantedListener[] {
  const result: WantedListener[] = [];
  for (const node of plan.nodes.values()) {
    if (!node.enabled) continue;
    const sip = node.sip;
    const port = sip.udpTcpPort + setting.portOffset;
    const tls = sip.tls && sip.identity !== undefined;
    const tlsPort = tls ? sip.tlsPort + setting.portOffset : undefined;
    const ws = sip.websocket;
    const websocket = ws && { port: ws.port + setting.portOffset, path: ws.path, identity: ws.identity };
    const transports: SipTransportName[] = [
      ...(sip.udp ? ['UDP' as const] : []),
      ...(sip.tcp ? ['TCP' as const] : []),
      ...(tls ? ['TLS' as const] : []),
      ...(ws ? [ws.secure ? ('WSS' as const) : ('WS' as const)] : []),
    ];
    if (transports.length === 0 || port > 65535 || (tlsPort ?? 0) > 65535 || (websocket?.port ?? 0) > 65535) continue;
    const keys = [
      ...(sip.udp || sip.tcp ? [`${host}:${port}`] : []),
      ...(tlsPort !== undefined ? [`${host}:${tlsPort}`] : []),
      ...(websocket ? [`${host}:${websocket.port}`] : []),
    ];
    const addresses = transports.map((transport) => ({
      transport,
      host,
      port: transport === 'TLS' ? tlsPort! : transport === 'WS' || transport === 'WSS' ? websocket!.port : port,
    }));
    const signature = JSON.stringify([
      transports,
      port,
      tlsPort,
      sip.maxMessageBytes,
      sip.identity?.certificatePem.length ?? 0,
      websocket && [websocket.port, websocket.path, websocket.identity?.certificatePem.length ?? 0],
    ]);
    result.push({ node, keys, addresses, signature, port, tlsPort, websocket, transports });
  }
  return result;
}

import type { CapturedSipMessage, CommittedGateway } from './api.js';

type GatewayNode = CommittedGateway['nodes'][number];

/** One lane of the ladder: an address and port that sent or received a message of the call, and whose it is. */
export interface Lane {
  /** ip:port ([ip]:port for IPv6). */
  readonly address: string;
  /** The node's name: the gateway's side of a node, or the far end that node talks to; undefined when unknown. */
  readonly node: string | undefined;
  readonly side: 'gateway side' | 'far end' | 'unknown';
  /** The far end's host name, as the node's configuration names it. */
  readonly host?: string;
}

/** One arrow: a message from one lane to another, at its instant of the lab clock. */
export interface LadderStep {
  readonly index: number;
  readonly from: number;
  readonly to: number;
  readonly label: string;
  readonly kind: 'request' | 'provisional' | 'success' | 'failure';
  readonly timestamp: number;
  readonly message: CapturedSipMessage;
}

const address = (ip: string, port: number) => (ip.includes(':') ? `[${ip}]:${port}` : `${ip}:${port}`);

/** The node whose gateway side listens at ip:port: its address and port, else its port alone when one node has it. */
function gatewaySideOf(nodes: readonly GatewayNode[], ip: string, port: number): GatewayNode | undefined {
  const exact = nodes.find((n) => n.local.port === port && (n.local.address === ip || n.local.host === ip));
  if (exact) return exact;
  const byPort = nodes.filter((n) => n.local.port === port);
  return byPort.length === 1 ? byPort[0] : undefined;
}

/** The node whose far end is at ip:port (its address and port, else its address alone). */
function farEndOf(nodes: readonly GatewayNode[], ip: string, port: number): GatewayNode | undefined {
  const at = (n: GatewayNode) => n.remote !== undefined && (n.remote.address === ip || n.remote.host === ip);
  return nodes.find((n) => at(n) && n.remote!.port === port) ?? nodes.find(at);
}

function kindOf(label: string): LadderStep['kind'] {
  const status = /^(\d)\d\d\b/.exec(label);
  if (!status) return 'request';
  return status[1] === '1' ? 'provisional' : status[1] === '2' ? 'success' : 'failure';
}

/**
 * The ladder of a call's messages: one lane per address in the order it first appears, named after the committed
 * node it belongs to. The gateway's end of a message (its destination when received, its source when sent) is the
 * side of the node listening there; the other end is that node's far end (or, when the gateway's end is no node's,
 * the node whose far end has that address). An address no node explains keeps its address as its name.
 */
export function ladderOf(
  messages: readonly CapturedSipMessage[],
  nodes: readonly GatewayNode[],
): { lanes: Lane[]; steps: LadderStep[] } {
  const ordered = messages
    .map((message, i) => ({ message, i }))
    .sort((a, b) => a.message.timestamp - b.message.timestamp || a.i - b.i)
    .map((entry) => entry.message);
  const lanes: Lane[] = [];
  const index = new Map<string, number>();
  const laneOf = (ip: string, port: number, make: () => Omit<Lane, 'address'>): number => {
    const key = address(ip, port);
    const known = index.get(key);
    if (known !== undefined) return known;
    lanes.push({ address: key, ...make() });
    index.set(key, lanes.length - 1);
    return lanes.length - 1;
  };
  const steps = ordered.map((message, n) => {
    const received = message.direction === 'received';
    const [gwIp, gwPort] = received
      ? [message.destinationIpAddress, message.destinationPort]
      : [message.sourceIpAddress, message.sourcePort];
    const [farIp, farPort] = received
      ? [message.sourceIpAddress, message.sourcePort]
      : [message.destinationIpAddress, message.destinationPort];
    const side = gatewaySideOf(nodes, gwIp, gwPort);
    const far = side ?? farEndOf(nodes, farIp, farPort);
    const gatewayLane = () =>
      side ? { node: side.displayName, side: 'gateway side' as const } : { node: undefined, side: 'unknown' as const };
    const farLane = () =>
      far
        ? {
            node: far.displayName,
            side: 'far end' as const,
            ...(far.remote && far.remote.host !== farIp ? { host: far.remote.host } : {}),
          }
        : { node: undefined, side: 'unknown' as const };
    const source = received ? laneOf(farIp, farPort, farLane) : laneOf(gwIp, gwPort, gatewayLane);
    const destination = received ? laneOf(gwIp, gwPort, gatewayLane) : laneOf(farIp, farPort, farLane);
    const label = message.messageType || message.message.split(/\r?\n/, 1)[0]!;
    return {
      index: n,
      from: source,
      to: destination,
      label,
      kind: kindOf(label),
      timestamp: message.timestamp,
      message,
    };
  });
  return { lanes, steps };
}

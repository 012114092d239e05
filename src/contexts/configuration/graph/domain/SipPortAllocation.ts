import type { ConfigObjectSnapshot } from './ConfigObject.js';

export interface PortMove {
  readonly id: string;
  readonly displayName: string;
  readonly parameter: 'udpTcpPort' | 'tlsPort';
  readonly from: number;
  readonly to: number;
}

const LOWEST_FREE_SEARCH = 1024;

/** The listening ports a SIP transport holds: UDP/TCP while UDP or TCP is on, TLS while TLS is on. */
function portsOf(transport: ConfigObjectSnapshot): Array<{ parameter: 'udpTcpPort' | 'tlsPort'; port: number }> {
  const p = transport.parameters;
  const ports: Array<{ parameter: 'udpTcpPort' | 'tlsPort'; port: number }> = [];
  if ((p['udpEnabled'] !== false || p['tcpEnabled'] !== false) && typeof p['udpTcpPort'] === 'number')
    ports.push({ parameter: 'udpTcpPort', port: p['udpTcpPort'] });
  if (p['tlsEnabled'] !== false && typeof p['tlsPort'] === 'number')
    ports.push({ parameter: 'tlsPort', port: p['tlsPort'] });
  return ports;
}

function controllerOf(transport: ConfigObjectSnapshot): string {
  return transport.references['networkControllerId']?.[0] ?? '';
}

function freePort(from: number, used: ReadonlySet<number>): number | undefined {
  for (let port = from + 1; port <= 65535; port += 1) if (!used.has(port)) return port;
  for (let port = LOWEST_FREE_SEARCH; port < from; port += 1) if (!used.has(port)) return port;
  return undefined;
}

/**
 * SIP transports (SIPST_STACK) listening on the same network controller cannot share a port. Given the whole
 * graph as it will be and the transports that may move (the ones being imported), moves each port of a movable
 * transport that collides with a port already taken on its controller to the next free port above it
 * (wrapping to 1024). Fixed transports keep their ports; movable ones are placed in the order given.
 */
export function reassignCollidingSipPorts(
  graph: readonly ConfigObjectSnapshot[],
  movable: readonly string[],
): { readonly updated: ReadonlyMap<string, ConfigObjectSnapshot>; readonly moves: readonly PortMove[] } {
  const transports = graph.filter((o) => o.sort === 'SIPST_STACK');
  const movableSet = new Set(movable);
  const used = new Map<string, Set<number>>();
  const usedOn = (controller: string): Set<number> => {
    let set = used.get(controller);
    if (!set) used.set(controller, (set = new Set()));
    return set;
  };
  for (const fixed of transports.filter((t) => !movableSet.has(t.id))) {
    for (const { port } of portsOf(fixed)) usedOn(controllerOf(fixed)).add(port);
  }
  const updated = new Map<string, ConfigObjectSnapshot>();
  const moves: PortMove[] = [];
  for (const id of movable) {
    const transport = transports.find((t) => t.id === id);
    if (!transport) continue;
    const taken = usedOn(controllerOf(transport));
    let parameters = transport.parameters;
    const own = portsOf(transport);
    for (const { parameter, port } of own) {
      if (!taken.has(port)) {
        taken.add(port);
        continue;
      }
      // The transport's own other port is not free either: moving onto it would only push that one on.
      const to = freePort(port, new Set([...taken, ...own.map((o) => o.port)]));
      if (to === undefined) continue;
      taken.add(to);
      parameters = { ...parameters, [parameter]: to };
      moves.push({ id, displayName: transport.displayName, parameter, from: port, to });
    }
    if (parameters !== transport.parameters) updated.set(id, { ...transport, parameters });
  }
  return { updated, moves };
}

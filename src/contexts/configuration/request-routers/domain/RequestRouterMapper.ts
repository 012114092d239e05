import type { LabId } from '../../../../shared/domain/LabId.js';
import { ConfigObject, DEFAULT_COMMON, type ParameterValue } from '../../graph/domain/ConfigObject.js';
import { ObjectRules } from '../../graph/domain/ObjectRules.js';
import type { ObjectSort } from '../../graph/domain/ObjectSort.js';
import { RequestRouter, type ForwardingMode, type RouterPorts, type SideOptions } from './RequestRouter.js';

export const ROUTER_SORT: ObjectSort = 'SIPPX_STACK';
export const TRANSPORT_SORT: ObjectSort = 'SIPST_STACK';
export const CONTROLLER_SORT: ObjectSort = 'IN_STACK';
/** Metadata key marking the objects a router's add created for it (removed with it while nothing else uses them). */
export const CREATED_FOR = 'requestRouter';

function sideOptions(value: ParameterValue | undefined): SideOptions {
  const record = (value !== null && typeof value === 'object' && !Array.isArray(value) ? value : {}) as {
    readonly [key: string]: ParameterValue;
  };
  return {
    recordRoute: typeof record['recordRoute'] === 'boolean' ? record['recordRoute'] : true,
    topologyHiding: typeof record['topologyHiding'] === 'boolean' ? record['topologyHiding'] : false,
    maxForwards: typeof record['maxForwards'] === 'number' ? record['maxForwards'] : 70,
  };
}

function num(value: ParameterValue | undefined, fallback: number): number {
  return typeof value === 'number' ? value : fallback;
}

function newObject(
  lab: LabId,
  id: string,
  sort: ObjectSort,
  displayName: string,
  parameters: { [name: string]: ParameterValue },
  references: { [slot: string]: readonly string[] },
  routerId: string,
): ConfigObject {
  const completed = ObjectRules.complete(sort, undefined, parameters, references);
  return new ConfigObject(lab, {
    id,
    sort,
    displayName,
    ...completed,
    common: DEFAULT_COMMON,
    note: '',
    metadata: { [CREATED_FOR]: routerId },
    version: 0,
  });
}

/**
 * The one mapping between a request router and the graph: its SIPPX_STACK object, and the SIP transport
 * (SIPST_STACK) and network controller (IN_STACK) an add creates for it, marked in their metadata.
 */
export const RequestRouterMapper = {
  fromObject(object: ConfigObject): RequestRouter {
    const p = object.parameters;
    const targets = p['routingTargets'];
    return RequestRouter.restore({
      id: object.id,
      displayName: object.displayName,
      forwardingMode: (typeof p['forwardingMode'] === 'string'
        ? p['forwardingMode']
        : 'BI_DIRECTIONAL') as ForwardingMode,
      useLocalNode: p['useLocalNode'] === true,
      routingTargets: Array.isArray(targets) ? targets.filter((t): t is string => typeof t === 'string') : [],
      incomingEdgeSipTransportId: object.referencesIn('incomingEdgeSipTransportId')[0],
      outgoingEdgeSipTransportId: object.referencesIn('outgoingEdgeSipTransportId')[0],
      routeConnectionIds: object.referencesIn('transportConnectionIds'),
      operationalStateConditionId: object.referencesIn('operationalStateConditionId')[0],
      udpPortRange: { firstPort: num(p['udpFirstPort'], 9000), lastPort: num(p['udpLastPort'], 12000) },
      primarySideOptions: sideOptions(p['primarySideOptions']),
      secondarySideOptions: sideOptions(p['secondarySideOptions']),
    });
  },

  toObject(lab: LabId, router: RequestRouter, current: ConfigObject | undefined): ConfigObject {
    const s = router.snapshot();
    const completed = ObjectRules.complete(
      ROUTER_SORT,
      current?.snapshot(),
      {
        forwardingMode: s.forwardingMode,
        useLocalNode: s.useLocalNode,
        routingTargets: [...s.routingTargets],
        udpFirstPort: s.udpPortRange.firstPort,
        udpLastPort: s.udpPortRange.lastPort,
        primarySideOptions: { ...s.primarySideOptions },
        secondarySideOptions: { ...s.secondarySideOptions },
      },
      {
        incomingEdgeSipTransportId: s.incomingEdgeSipTransportId ? [s.incomingEdgeSipTransportId] : [],
        outgoingEdgeSipTransportId: s.outgoingEdgeSipTransportId ? [s.outgoingEdgeSipTransportId] : [],
        transportConnectionIds: s.routeConnectionIds,
        operationalStateConditionId: s.operationalStateConditionId ? [s.operationalStateConditionId] : [],
      },
    );
    return new ConfigObject(lab, {
      id: s.id,
      sort: ROUTER_SORT,
      displayName: s.displayName,
      ...completed,
      common: current?.common ?? DEFAULT_COMMON,
      note: current?.note ?? '',
      metadata: current?.metadata ?? {},
      version: current?.version ?? 0,
    });
  },

  /** The SIP transport a new router listens on (UDP, TCP and TLS on the ports given, on the controller given). */
  newTransport(
    lab: LabId,
    id: string,
    displayName: string,
    controllerId: string,
    ports: RouterPorts,
    routerId: string,
  ): ConfigObject {
    return newObject(
      lab,
      id,
      TRANSPORT_SORT,
      displayName,
      {
        udpTcpPort: ports.udpTcpPort,
        tlsPort: ports.tlsPort,
        tcpFirstPort: ports.tcpPortRange.firstPort,
        tcpLastPort: ports.tcpPortRange.lastPort,
      },
      { networkControllerId: [controllerId] },
      routerId,
    );
  },

  /** A new network controller on an IP address, for a router that asks for one. */
  newController(lab: LabId, id: string, displayName: string, ipAddress: string, routerId: string): ConfigObject {
    return newObject(
      lab,
      id,
      CONTROLLER_SORT,
      displayName,
      {
        ipAddress,
        ipVersion: ipAddress.includes(':') ? 'IN_ADDRESS_VERSION_6' : 'IN_ADDRESS_VERSION_4',
      },
      {},
      routerId,
    );
  },

  /** The listening ports a SIP transport holds: UDP/TCP while UDP or TCP is on, TLS while TLS is on. */
  listeningPorts(transport: ConfigObject): Array<{ parameter: 'udpTcpPort' | 'tlsPort'; port: number }> {
    const p = transport.parameters;
    const ports: Array<{ parameter: 'udpTcpPort' | 'tlsPort'; port: number }> = [];
    if ((p['udpEnabled'] !== false || p['tcpEnabled'] !== false) && typeof p['udpTcpPort'] === 'number')
      ports.push({ parameter: 'udpTcpPort', port: p['udpTcpPort'] });
    if (p['tlsEnabled'] !== false && typeof p['tlsPort'] === 'number')
      ports.push({ parameter: 'tlsPort', port: p['tlsPort'] });
    return ports;
  },

  createdFor(object: ConfigObject): string | undefined {
    const value = object.metadata[CREATED_FOR];
    return typeof value === 'string' ? value : undefined;
  },
};

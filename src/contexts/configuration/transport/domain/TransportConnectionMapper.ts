import { DEFAULT_LAB, type LabId } from '../../../../shared/domain/LabId.js';
import { ConfigObject, DEFAULT_COMMON, type ParameterValue } from '../../graph/domain/ConfigObject.js';
import type { GraphView } from '../../graph/domain/GraphView.js';
import { ObjectRules } from '../../graph/domain/ObjectRules.js';
import { NODE_SORTS } from '../../graph/domain/catalog/SortDefinition.js';
import { SortCatalog } from '../../graph/domain/catalog/SortCatalog.js';
import type { AssertedAddress } from './AssertedAddress.js';
import { kindOfSort, SORT_OF_KIND } from './ConnectionKind.js';
import type {
  KindSettings,
  LoadBalancingSettings,
  PlainSettings,
  SrvSettings,
  StandardSettings,
} from './KindSettings.js';
import { TransportConnection } from './TransportConnection.js';

type Parameters = { readonly [name: string]: ParameterValue };

function text(p: Parameters, name: string, fallback = ''): string {
  const value = p[name];
  return typeof value === 'string' ? value : fallback;
}

function flag(p: Parameters, name: string, fallback = false): boolean {
  const value = p[name];
  return typeof value === 'boolean' ? value : fallback;
}

function whole(p: Parameters, name: string, fallback: number): number {
  const value = p[name];
  return typeof value === 'number' ? value : fallback;
}

/** The slot the node sorts list their transport connections in. */
export const NODE_CONNECTIONS_SLOT = 'transportConnectionIds';

function settingsOf(object: ConfigObject): KindSettings {
  const p = object.parameters;
  switch (kindOfSort(object.sort)) {
    case 'STANDARD':
      return {
        kind: 'STANDARD',
        proxy: {
          iri: text(p, 'proxyIri'),
          options: flag(p, 'proxyOptions', true),
          optionsNextHop: flag(p, 'optionsNextHop'),
          omitInitialRouteSet: flag(p, 'omitInitialRouteSet'),
          flow: flag(p, 'flow'),
        },
        authenticationPolicy: text(
          p,
          'authenticationPolicy',
          'ON_CHALLENGE',
        ) as StandardSettings['authenticationPolicy'],
        registration: { sipDomain: text(p, 'registrationSipDomain'), addressOfRecord: text(p, 'addressOfRecord') },
      };
    case 'PLAIN':
      return {
        kind: 'PLAIN',
        destination: {
          iri: text(p, 'destinationIri'),
          transport: text(p, 'transport', 'UDP') as PlainSettings['destination']['transport'],
        },
      };
    case 'SIP_LOAD_BALANCING':
      return {
        kind: 'SIP_LOAD_BALANCING',
        distribution: text(p, 'distribution', 'PRIORITY') as LoadBalancingSettings['distribution'],
        memberIds: object.referencesIn('transportConnectionIds'),
        failoverSipStatusCodes: text(p, 'failoverSipStatusCodes'),
        failoverOnTimeout: flag(p, 'failoverOnTimeout', true),
      };
    case 'SIP_REGISTRATION':
      return {
        kind: 'SIP_REGISTRATION',
        registrar: { iri: text(p, 'registrarIri') },
        addressOfRecord: text(p, 'addressOfRecord'),
        expiresSeconds: whole(p, 'expiresSeconds', 3600),
        contactUser: text(p, 'contactUser'),
      };
    case 'SRV_LOAD_BALANCER':
      return {
        kind: 'SRV_LOAD_BALANCER',
        domain: text(p, 'domain'),
        service: text(p, 'service', '_sip._udp') as SrvSettings['service'],
        refreshSeconds: whole(p, 'refreshSeconds', 300),
      };
    default:
      throw new Error(`${object.sort} is no transport connection sort`);
  }
}

function parametersOf(settings: KindSettings): { [name: string]: ParameterValue } {
  switch (settings.kind) {
    case 'STANDARD':
      return {
        proxyIri: settings.proxy.iri,
        proxyOptions: settings.proxy.options,
        optionsNextHop: settings.proxy.optionsNextHop,
        omitInitialRouteSet: settings.proxy.omitInitialRouteSet,
        flow: settings.proxy.flow,
        authenticationPolicy: settings.authenticationPolicy,
        registrationSipDomain: settings.registration.sipDomain,
        addressOfRecord: settings.registration.addressOfRecord,
      };
    case 'PLAIN':
      return { destinationIri: settings.destination.iri, transport: settings.destination.transport };
    case 'SIP_LOAD_BALANCING':
      return {
        distribution: settings.distribution,
        failoverSipStatusCodes: settings.failoverSipStatusCodes,
        failoverOnTimeout: settings.failoverOnTimeout,
      };
    case 'SIP_REGISTRATION':
      return {
        registrarIri: settings.registrar.iri,
        addressOfRecord: settings.addressOfRecord,
        expiresSeconds: settings.expiresSeconds,
        contactUser: settings.contactUser,
      };
    case 'SRV_LOAD_BALANCER':
      return { domain: settings.domain, service: settings.service, refreshSeconds: settings.refreshSeconds };
  }
}

/**
 * The one mapping between a transport connection and the graph: the connection's own object (one sort per
 * kind) and the node that lists it in its `transportConnectionIds` (its sipNodeId). Credentials are a
 * SIPAUTH_STACK object the connection references through `credentialsId`.
 */
export const TransportConnectionMapper = {
  /** A new connection's settings of a kind as the catalog's defaults give them (what an add request leaves out). */
  defaultSettings<K extends KindSettings['kind']>(kind: K): Extract<KindSettings, { kind: K }> {
    const sort = SORT_OF_KIND[kind];
    const object = ConfigObject.create(DEFAULT_LAB, {
      id: '00000000-0000-0000-0000-000000000000',
      sort,
      displayName: 'defaults',
      parameters: SortCatalog.defaults(sort),
    });
    return settingsOf(object) as Extract<KindSettings, { kind: K }>;
  },

  /** The node listing the connection, the first by sort and name when several do. */
  nodeOf(graph: GraphView, id: string): ConfigObject | undefined {
    return graph
      .referrersOf(id)
      .find((r) => NODE_SORTS.includes(r.sort) && r.referencesIn(NODE_CONNECTIONS_SLOT).includes(id));
  },

  fromGraph(graph: GraphView, object: ConfigObject): TransportConnection {
    const settings = settingsOf(object);
    const p = object.parameters;
    const kind = settings.kind;
    const assertedUri = kind === 'SIP_LOAD_BALANCING' ? '' : text(p, 'assertedAddress');
    const assertedAddress: AssertedAddress | undefined =
      assertedUri === '' ? undefined : { uri: assertedUri, displayName: text(p, 'assertedDisplayName') };
    return TransportConnection.restore({
      id: object.id,
      displayName: object.displayName,
      sipNodeId: TransportConnectionMapper.nodeOf(graph, object.id)?.id,
      conditionId: object.referencesIn('conditionId')[0],
      authenticationEnabled: kind === 'SIP_LOAD_BALANCING' ? false : flag(p, 'authenticationEnabled'),
      credentialsId: kind === 'SIP_LOAD_BALANCING' ? undefined : object.referencesIn('credentialsId')[0],
      assertedAddress,
      settings,
    });
  },

  /** The connection's object: the current one changed (version, common parameters, note kept) or a new one. */
  toObject(lab: LabId, connection: TransportConnection, current: ConfigObject | undefined): ConfigObject {
    const sort = SORT_OF_KIND[connection.kind];
    const parameters = parametersOf(connection.settings);
    const references: { [slot: string]: readonly string[] } = {
      conditionId: connection.conditionId ? [connection.conditionId] : [],
    };
    if (connection.settings.kind === 'SIP_LOAD_BALANCING') {
      references['transportConnectionIds'] = connection.settings.memberIds;
    } else {
      parameters['authenticationEnabled'] = connection.authenticationEnabled;
      parameters['assertedAddress'] = connection.assertedAddress?.uri ?? '';
      parameters['assertedDisplayName'] = connection.assertedAddress?.displayName ?? '';
      references['credentialsId'] = connection.credentialsId ? [connection.credentialsId] : [];
    }
    const completed = ObjectRules.complete(sort, current?.snapshot(), parameters, references);
    return new ConfigObject(lab, {
      id: connection.id,
      sort,
      displayName: connection.displayName,
      ...completed,
      common: current?.common ?? DEFAULT_COMMON,
      note: current?.note ?? '',
      metadata: current?.metadata ?? {},
      version: current?.version ?? 0,
    });
  },

  /** The node with the connection appended to (or taken out of) its transport connections. */
  nodeWith(node: ConfigObject, connectionId: string, present: boolean): ConfigObject | undefined {
    const ids = node.referencesIn(NODE_CONNECTIONS_SLOT);
    if (ids.includes(connectionId) === present) return undefined;
    const changed = node.copy();
    changed.setReferences(
      NODE_CONNECTIONS_SLOT,
      present ? [...ids, connectionId] : ids.filter((id) => id !== connectionId),
    );
    return changed;
  },
};

import type { ConfigObject, ParameterValue } from '../../graph/domain/ConfigObject.js';
import type { GraphView } from '../../graph/domain/GraphView.js';
import { SortCatalog } from '../../graph/domain/catalog/SortCatalog.js';
import type { PlanRegistration, PlanSupervision } from './GatewayPlan.js';

/** A registration's lifetime when its connection gives none (AN_SIPRT_ROUTE has no field for it). */
export const DEFAULT_REGISTRATION_SECONDS = 3600;

/** The user an address of record names when the connection gives neither an AOR nor credentials. */
const DEFAULT_AOR_USER = 'gateway';

function value(object: ConfigObject | undefined, name: string): ParameterValue | undefined {
  return object ? (object.parameters[name] ?? SortCatalog.defaults(object.sort)[name]) : undefined;
}

function text(object: ConfigObject | undefined, name: string): string {
  const found = value(object, name);
  return typeof found === 'string' ? found.trim() : '';
}

/** The host (and port) of a SIP URI: `sip:user@host:5060;x` → `host:5060`. */
function hostOf(uri: string): string {
  return uri
    .replace(/^sips?:/i, '')
    .replace(/^[^@]*@/, '')
    .replace(/[;?].*$/, '');
}

function userOf(uri: string): string {
  const match = /^sips?:([^@;?]+)@/i.exec(uri);
  return match ? decodeURIComponent(match[1]!) : '';
}

/**
 * The registration a transport connection asks for: a standard connection registers where its
 * registrationSipDomain names a domain (RFC 3261 section 10.2: the Request-URI is the registrar's domain), under
 * its addressOfRecord, else under its credentials' user at that domain; a SIP registration object (SIPUA_REGISTRATION)
 * at its registrarIri under its addressOfRecord, for its expiresSeconds.
 */
function registrationOf(graph: GraphView, connection: ConfigObject): PlanRegistration | undefined {
  const credentials = graph.get(connection.referencesIn('credentialsId')[0] ?? '');
  const username = text(credentials, 'username');
  if (connection.sort === 'SIPUA_REGISTRATION') {
    const registrarUri = text(connection, 'registrarIri');
    const addressOfRecord = text(connection, 'addressOfRecord');
    if (!registrarUri || !addressOfRecord) return undefined;
    const expires = value(connection, 'expiresSeconds');
    return {
      registrarUri,
      addressOfRecord,
      expiresSeconds: typeof expires === 'number' ? expires : DEFAULT_REGISTRATION_SECONDS,
      contactUser: text(connection, 'contactUser') || userOf(addressOfRecord) || username || DEFAULT_AOR_USER,
    };
  }
  const registrarUri = text(connection, 'registrationSipDomain');
  if (!registrarUri) return undefined;
  const addressOfRecord =
    text(connection, 'addressOfRecord') || `sip:${username || DEFAULT_AOR_USER}@${hostOf(registrarUri)}`;
  return {
    registrarUri,
    addressOfRecord,
    expiresSeconds: DEFAULT_REGISTRATION_SECONDS,
    contactUser: userOf(addressOfRecord) || username || DEFAULT_AOR_USER,
  };
}

/**
 * How the gateway watches the trunk of a node (see PlanSupervision), from its first transport connection and its
 * user agent: OPTIONS every optionsIntervalSeconds where the connection has proxyOptions on, a registration where it
 * names one.
 */
export function supervisionOf(
  graph: GraphView,
  connection: ConfigObject | undefined,
  userAgent: ConfigObject | undefined,
): PlanSupervision {
  if (!connection) return { keepAliveSeconds: 0, registration: undefined };
  const interval = value(userAgent, 'optionsIntervalSeconds');
  const seconds = typeof interval === 'number' && Number.isInteger(interval) && interval > 0 ? interval : 0;
  const options = connection.sort === 'AN_SIPRT_ROUTE' && value(connection, 'proxyOptions') === true;
  return Object.freeze({
    keepAliveSeconds: options && userAgent ? seconds : 0,
    registration: registrationOf(graph, connection),
  });
}

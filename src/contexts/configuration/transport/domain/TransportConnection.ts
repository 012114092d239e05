import { DomainError, type ErrorDetail } from '../../../../shared/domain/DomainError.js';
import type { ObjectSort } from '../../graph/domain/ObjectSort.js';
import { uriProblem, type UriScheme } from '../../graph/domain/SipUri.js';

export const CONNECTION_KINDS = [
  'STANDARD',
  'PLAIN',
  'SIP_LOAD_BALANCING',
  'SIP_REGISTRATION',
  'SRV_LOAD_BALANCER',
] as const;
export type ConnectionKind = (typeof CONNECTION_KINDS)[number];

/** The sort of the graph each kind is stored as. */
export const SORT_OF_KIND: Readonly<Record<ConnectionKind, ObjectSort>> = {
  STANDARD: 'AN_SIPRT_ROUTE',
  PLAIN: 'SIPRT_PLAIN_ROUTE',
  SIP_LOAD_BALANCING: 'AN_SIPLB_STACK',
  SIP_REGISTRATION: 'SIPUA_REGISTRATION',
  SRV_LOAD_BALANCER: 'SRVLB_STACK',
};

export function kindOfSort(sort: ObjectSort): ConnectionKind | undefined {
  return CONNECTION_KINDS.find((kind) => SORT_OF_KIND[kind] === sort);
}

export const TRANSPORTS = ['UDP', 'TCP', 'TLS'] as const;
export const DISTRIBUTIONS = ['ROUND_ROBIN', 'PRIORITY', 'RANDOM'] as const;
export const SRV_SERVICES = ['_sip._udp', '_sip._tcp', '_sips._tcp'] as const;
export const AUTHENTICATION_POLICIES = ['ON_CHALLENGE', 'ALWAYS'] as const;

const SIP: readonly UriScheme[] = ['sip', 'sips'];
const ASSERTED: readonly UriScheme[] = ['sip', 'sips', 'tel'];
const STATUS_CODES = /^\s*\d{3}(\s*-\s*\d{3})?(\s*,\s*\d{3}(\s*-\s*\d{3})?)*\s*$/;
const HOST_NAME =
  /^(?=.{1,253}$)[A-Za-z0-9_](?:[A-Za-z0-9_-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9_](?:[A-Za-z0-9_-]{0,61}[A-Za-z0-9])?)*\.?$/;

/** An asserted identity (P-Asserted-Identity): a SIP, SIPS or TEL URI with an optional display name. */
export interface AssertedAddress {
  readonly uri: string;
  readonly displayName: string;
}

export interface StandardSettings {
  readonly kind: 'STANDARD';
  readonly proxy: {
    readonly iri: string;
    readonly options: boolean;
    readonly optionsNextHop: boolean;
    readonly omitInitialRouteSet: boolean;
    readonly flow: boolean;
  };
  readonly authenticationPolicy: (typeof AUTHENTICATION_POLICIES)[number];
  /** Registration at `sipDomain` under `addressOfRecord`; both empty: no registration. */
  readonly registration: { readonly sipDomain: string; readonly addressOfRecord: string };
}

export interface PlainSettings {
  readonly kind: 'PLAIN';
  readonly destination: { readonly iri: string; readonly transport: (typeof TRANSPORTS)[number] };
}

export interface LoadBalancingSettings {
  readonly kind: 'SIP_LOAD_BALANCING';
  readonly distribution: (typeof DISTRIBUTIONS)[number];
  /** The balanced connections, in priority order. */
  readonly memberIds: readonly string[];
  readonly failoverSipStatusCodes: string;
  readonly failoverOnTimeout: boolean;
}

export interface RegistrationSettings {
  readonly kind: 'SIP_REGISTRATION';
  readonly registrar: { readonly iri: string };
  readonly addressOfRecord: string;
  readonly expiresSeconds: number;
  readonly contactUser: string;
}

export interface SrvSettings {
  readonly kind: 'SRV_LOAD_BALANCER';
  readonly domain: string;
  readonly service: (typeof SRV_SERVICES)[number];
  readonly refreshSeconds: number;
}

export type KindSettings =
  StandardSettings | PlainSettings | LoadBalancingSettings | RegistrationSettings | SrvSettings;

export interface TransportConnectionState {
  readonly id: string;
  readonly displayName: string;
  /** The node whose transportConnectionIds list the connection; undefined when no node does. */
  readonly sipNodeId: string | undefined;
  readonly conditionId: string | undefined;
  /** Every kind but SIP_LOAD_BALANCING authenticates (with credentials) and may assert an identity. */
  readonly authenticationEnabled: boolean;
  readonly credentialsId: string | undefined;
  readonly assertedAddress: AssertedAddress | undefined;
  readonly settings: KindSettings;
}

/** The kinds that authenticate at their peer and may carry an asserted identity. */
export function authenticates(kind: ConnectionKind): boolean {
  return kind !== 'SIP_LOAD_BALANCING';
}

/** The kinds that register and so have an address of record. */
export function registers(kind: ConnectionKind): boolean {
  return kind === 'STANDARD' || kind === 'SIP_REGISTRATION';
}

function check(detail: ErrorDetail | undefined, into: ErrorDetail[]): void {
  if (detail) into.push(detail);
}

function between(value: number, min: number, max: number, field: string, into: ErrorDetail[]): void {
  if (!Number.isInteger(value) || value < min || value > max)
    into.push({ field, rule: 'range', message: `${field} must be a whole number from ${min} to ${max}, got ${value}` });
}

function oneOf(value: string, allowed: readonly string[], field: string, into: ErrorDetail[]): void {
  if (!allowed.includes(value))
    into.push({ field, rule: 'isIn', message: `${field} must be one of ${allowed.join(', ')}, got '${value}'` });
}

function settingsProblems(id: string, settings: KindSettings): ErrorDetail[] {
  const problems: ErrorDetail[] = [];
  switch (settings.kind) {
    case 'STANDARD':
      check(uriProblem(settings.proxy.iri, 'proxy.iri', SIP), problems);
      oneOf(settings.authenticationPolicy, AUTHENTICATION_POLICIES, 'authenticationPolicy', problems);
      if (settings.registration.sipDomain !== '')
        check(uriProblem(settings.registration.sipDomain, 'registration.sipDomain', SIP), problems);
      if (settings.registration.addressOfRecord !== '')
        check(uriProblem(settings.registration.addressOfRecord, 'registration.addressOfRecord', SIP), problems);
      break;
    case 'PLAIN':
      check(uriProblem(settings.destination.iri, 'destination.iri', SIP), problems);
      oneOf(settings.destination.transport, TRANSPORTS, 'destination.transport', problems);
      break;
    case 'SIP_LOAD_BALANCING':
      oneOf(settings.distribution, DISTRIBUTIONS, 'distribution', problems);
      if (settings.memberIds.length === 0)
        problems.push({
          field: 'members',
          rule: 'minItems',
          message: 'members must name at least one transport connection',
        });
      if (settings.memberIds.length > 256)
        problems.push({
          field: 'members',
          rule: 'maxItems',
          message: 'members may name at most 256 transport connections',
        });
      settings.memberIds.forEach((memberId, index) => {
        const field = `members[${index}].transportConnectionId`;
        if (memberId === id)
          problems.push({ field, rule: 'self', message: `${field}: a load balancer cannot balance over itself` });
        if (settings.memberIds.indexOf(memberId) !== index)
          problems.push({ field, rule: 'unique', message: `${field} names ${memberId} a second time` });
      });
      if (!STATUS_CODES.test(settings.failoverSipStatusCodes) || settings.failoverSipStatusCodes.length > 255) {
        problems.push({
          field: 'failoverSipStatusCodes',
          rule: 'statusCodes',
          message: `failoverSipStatusCodes must be SIP status codes and ranges joined by commas, such as 408,480-486,500-599; got '${settings.failoverSipStatusCodes.slice(0, 60)}'`,
        });
      }
      break;
    case 'SIP_REGISTRATION':
      check(uriProblem(settings.registrar.iri, 'registrar.iri', SIP), problems);
      check(uriProblem(settings.addressOfRecord, 'addressOfRecord', SIP), problems);
      between(settings.expiresSeconds, 60, 86400, 'expiresSeconds', problems);
      if (settings.contactUser.length > 255 || /[\s@:;]/.test(settings.contactUser)) {
        problems.push({
          field: 'contactUser',
          rule: 'userPart',
          message: 'contactUser must be a SIP user part of at most 255 characters, without spaces, @, : or ;',
        });
      }
      break;
    case 'SRV_LOAD_BALANCER':
      if (!HOST_NAME.test(settings.domain))
        problems.push({
          field: 'domain',
          rule: 'hostname',
          message: `domain must be a DNS domain such as example.net, got '${settings.domain.slice(0, 60)}'`,
        });
      oneOf(settings.service, SRV_SERVICES, 'service', problems);
      between(settings.refreshSeconds, 10, 86400, 'refreshSeconds', problems);
      break;
  }
  return problems;
}

function assertedProblems(asserted: AssertedAddress | undefined, field: string): ErrorDetail[] {
  if (!asserted) return [];
  const problems: ErrorDetail[] = [];
  check(uriProblem(asserted.uri, `${field}.uri`, ASSERTED), problems);
  if (asserted.displayName.length > 255 || /["\\\u0000-\u001f]/.test(asserted.displayName)) {
    problems.push({
      field: `${field}.displayName`,
      rule: 'displayName',
      message: `${field}.displayName must be at most 255 characters without quotes, backslashes or control characters`,
    });
  }
  return problems;
}

function invalid(kind: ConnectionKind, problems: readonly ErrorDetail[]): DomainError {
  return DomainError.invalid(
    'TRANSPORT_CONNECTION_INVALID',
    `the ${kind} transport connection is invalid: ${problems.map((p) => p.message).join('; ')}`,
    problems,
  );
}

/**
 * A transport connection of a node: one of five kinds (standard, plain, SIP load balancing, SIP registration,
 * SRV load balancer), each stored as its own sort. The constructor and every mutator check the invariants of
 * the values (URIs of the right schemes, ranges, enumerations, members); whether referenced objects exist is
 * the graph's to say (see the use cases).
 */
export class TransportConnection {
  private state: TransportConnectionState;

  constructor(state: TransportConnectionState) {
    TransportConnection.validate(state);
    this.state = state;
  }

  /**
   * A connection as stored: the catalog accepted its objects, so it is not refused again on reading (objects/set
   * may store what the stricter checks here would refuse); any change through a mutator checks everything.
   */
  static restore(state: TransportConnectionState): TransportConnection {
    const connection = Object.create(TransportConnection.prototype) as TransportConnection;
    connection.state = state;
    return connection;
  }

  private static validate(state: TransportConnectionState): void {
    const problems: ErrorDetail[] = [];
    const name = state.displayName.trim();
    if (name === '')
      problems.push({ field: 'displayName', rule: 'required', message: 'displayName must not be empty' });
    if (name.length > 255)
      problems.push({ field: 'displayName', rule: 'maxLength', message: 'displayName must be at most 255 characters' });
    problems.push(...settingsProblems(state.id, state.settings));
    if (!authenticates(state.settings.kind)) {
      if (state.authenticationEnabled || state.credentialsId)
        problems.push({
          field: 'authenticationEnabled',
          rule: 'kind',
          message: 'a SIP load balancing connection does not authenticate; its members do',
        });
      if (state.assertedAddress)
        problems.push({
          field: 'assertedAddress',
          rule: 'kind',
          message: 'a SIP load balancing connection asserts no identity; its members do',
        });
    }
    if (state.authenticationEnabled && !state.credentialsId) {
      problems.push({
        field: 'authenticationEnabled',
        rule: 'credentials',
        message:
          'authenticationEnabled needs credentials: name an authenticationProfileId or set them with authentication/set',
      });
    }
    problems.push(...assertedProblems(state.assertedAddress, 'assertedAddress'));
    if (problems.length > 0) throw invalid(state.settings.kind, problems);
  }

  private change(next: Partial<TransportConnectionState>): void {
    const state = { ...this.state, ...next };
    TransportConnection.validate(state);
    this.state = state;
  }

  get id(): string {
    return this.state.id;
  }
  get kind(): ConnectionKind {
    return this.state.settings.kind;
  }
  get sort(): ObjectSort {
    return SORT_OF_KIND[this.kind];
  }
  get displayName(): string {
    return this.state.displayName.trim();
  }
  get sipNodeId(): string | undefined {
    return this.state.sipNodeId;
  }
  get conditionId(): string | undefined {
    return this.state.conditionId;
  }
  get authenticationEnabled(): boolean {
    return this.state.authenticationEnabled;
  }
  get credentialsId(): string | undefined {
    return this.state.credentialsId;
  }
  get assertedAddress(): AssertedAddress | undefined {
    return this.state.assertedAddress;
  }
  get settings(): KindSettings {
    return this.state.settings;
  }

  /** The ids the connection refers to, with the request field that names each (for existence checks). */
  references(): Array<{ field: string; id: string; what: 'credentials' | 'condition' | 'member' }> {
    const found: Array<{ field: string; id: string; what: 'credentials' | 'condition' | 'member' }> = [];
    if (this.state.credentialsId)
      found.push({ field: 'credentials.authenticationProfileId', id: this.state.credentialsId, what: 'credentials' });
    if (this.state.conditionId) found.push({ field: 'conditionId', id: this.state.conditionId, what: 'condition' });
    if (this.state.settings.kind === 'SIP_LOAD_BALANCING') {
      this.state.settings.memberIds.forEach((id, index) =>
        found.push({ field: `members[${index}].transportConnectionId`, id, what: 'member' }),
      );
    }
    return found;
  }

  /** Uses these credentials and authenticates with them. */
  authenticateWith(credentialsId: string): void {
    if (!authenticates(this.kind)) throw notApplicable(this, 'authentication');
    this.change({ credentialsId, authenticationEnabled: true });
  }

  /** The asserted identity; an empty URI clears it. */
  assert(address: AssertedAddress): void {
    if (!authenticates(this.kind)) throw notApplicable(this, 'an asserted URI');
    const cleared = address.uri === '';
    if (cleared && address.displayName !== '') {
      throw DomainError.invalid(
        'TRANSPORT_CONNECTION_INVALID',
        'displayName needs a uri: send an empty uri alone to clear the asserted identity',
        [{ field: 'displayName', rule: 'uri', message: 'displayName needs a uri' }],
      );
    }
    try {
      this.change({ assertedAddress: cleared ? undefined : address });
    } catch (error) {
      throw renamed(error, 'assertedAddress.', '');
    }
  }

  /** The asserted identity of a kind that has one ({uri: ''} when none is set). */
  assertedIdentity(): AssertedAddress {
    if (!authenticates(this.kind)) throw notApplicable(this, 'an asserted URI');
    return this.state.assertedAddress ?? { uri: '', displayName: '' };
  }

  /** The address of record of a registering connection (STANDARD: its registration's; SIP_REGISTRATION: its own). */
  get addressOfRecord(): string {
    const settings = this.state.settings;
    if (settings.kind === 'STANDARD') return settings.registration.addressOfRecord;
    if (settings.kind === 'SIP_REGISTRATION') return settings.addressOfRecord;
    throw notApplicable(this, 'an address of record');
  }

  /** Sets the address of record; a STANDARD connection's may be cleared (no registration), a registration's not. */
  registerAs(addressOfRecord: string): void {
    const settings = this.state.settings;
    try {
      if (settings.kind === 'STANDARD')
        this.change({ settings: { ...settings, registration: { ...settings.registration, addressOfRecord } } });
      else if (settings.kind === 'SIP_REGISTRATION') this.change({ settings: { ...settings, addressOfRecord } });
      else throw notApplicable(this, 'an address of record');
    } catch (error) {
      throw renamed(error, settings.kind === 'STANDARD' ? 'registration.addressOfRecord' : 'addressOfRecord', 'uri');
    }
  }

  /** Takes a removed connection out of a load balancer's members. */
  withoutMember(id: string): boolean {
    const settings = this.state.settings;
    if (settings.kind !== 'SIP_LOAD_BALANCING' || !settings.memberIds.includes(id)) return false;
    this.state = {
      ...this.state,
      settings: { ...settings, memberIds: settings.memberIds.filter((member) => member !== id) },
    };
    return true;
  }

  snapshot(): TransportConnectionState {
    return this.state;
  }
}

function notApplicable(connection: TransportConnection, what: string): DomainError {
  return DomainError.conflict(
    'TRANSPORT_CONNECTION_KIND_MISMATCH',
    `${connection.kind} transport connection '${connection.displayName}' (${connection.id}) has no ${what}`,
    [{ field: 'transportConnection', rule: 'kind', message: `a ${connection.kind} connection has no ${what}` }],
  );
}

/** The same error with its fields named as the single-value operations name them (`uri` instead of `proxy.iri`). */
function renamed(error: unknown, from: string, to: string): unknown {
  if (!(error instanceof DomainError) || error.kind !== 'invalid') return error;
  const rename = (text: string): string => (to === '' ? text.split(from).join('') : text.split(from).join(to));
  return new DomainError(
    error.code,
    error.kind,
    rename(error.message),
    error.details.map((d) => ({ ...d, ...(d.field ? { field: rename(d.field) } : {}), message: rename(d.message) })),
  );
}

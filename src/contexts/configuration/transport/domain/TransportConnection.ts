import { DomainError, type ErrorDetail } from '../../../../shared/domain/DomainError.js';
import type { ObjectSort } from '../../graph/domain/ObjectSort.js';
import type { AssertedAddress } from './AssertedAddress.js';
import { assertedAddressProblems } from './assertedAddressProblems.js';
import { authenticates, SORT_OF_KIND, type ConnectionKind } from './ConnectionKind.js';
import type { KindSettings } from './KindSettings.js';
import { settingsProblems } from './settingsProblems.js';

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
    problems.push(...assertedAddressProblems(state.assertedAddress, 'assertedAddress'));
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

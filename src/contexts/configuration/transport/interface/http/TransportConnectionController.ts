import { inject, injectable } from 'inversify';
import type { ClassConstructor } from 'class-transformer';
import { DomainError } from '../../../../../shared/domain/DomainError.js';
import type { OperationRequest } from '../../../../../shared/interface/http/Operation.js';
import { Reply } from '../../../../../shared/interface/http/Reply.js';
import { validateDto } from '../../../../../shared/interface/http/validateDto.js';
import { canonicalObjectId } from '../../../graph/domain/ObjectId.js';
import { AddTransportConnection, type NewTransportConnection } from '../../application/AddTransportConnection.js';
import { GetTransportConnection } from '../../application/GetTransportConnection.js';
import { ListNodeTransportConnections } from '../../application/ListNodeTransportConnections.js';
import { RemoveTransportConnection } from '../../application/RemoveTransportConnection.js';
import { SetConnectionAuthentication } from '../../application/SetConnectionAuthentication.js';
import { SetConnectionUri, type ConnectionUri } from '../../application/SetConnectionUri.js';
import type { AssertedAddress } from '../../domain/AssertedAddress.js';
import type { ConnectionKind } from '../../domain/ConnectionKind.js';
import type { KindSettings } from '../../domain/KindSettings.js';
import { TransportConnectionMapper } from '../../domain/TransportConnectionMapper.js';
import {
  AddPlainConnectionDto,
  AddSipLoadBalancingDto,
  AddSipRegistrarDto,
  AddSrvLoadBalancerDto,
  AddStandardConnectionDto,
  AssertedUriDto,
  CredentialsDto,
  type ConnectionCredentialsDto,
} from './TransportConnectionDtos.js';
import {
  assertedUriView,
  renderConnection,
  renderCredentials,
  renderNodeConnection,
  type AssertedUriView,
  type NodeTransportConnectionView,
  type SipCredentialsView,
  type TransportConnectionView,
} from './TransportConnectionViews.js';

/** An id sent in either shape, in canonical form; anything else as sent (the use case names it as unknown). */
function idOf(text: string | null | undefined): string | undefined {
  if (text === null || text === undefined || text.trim() === '') return undefined;
  return canonicalObjectId(text) ?? text;
}

function given<T>(value: T | null | undefined, fallback: T): T {
  return value === null || value === undefined ? fallback : value;
}

type AnyAddDto =
  | AddStandardConnectionDto
  | AddPlainConnectionDto
  | AddSipLoadBalancingDto
  | AddSipRegistrarDto
  | AddSrvLoadBalancerDto;

function settingsFrom(kind: ConnectionKind, dto: AnyAddDto): KindSettings {
  switch (kind) {
    case 'STANDARD': {
      const d = dto as AddStandardConnectionDto;
      const base = TransportConnectionMapper.defaultSettings('STANDARD');
      return {
        kind,
        authenticationPolicy: given(d.authenticationPolicy, base.authenticationPolicy),
        proxy: {
          iri: d.proxy.iri,
          options: given(d.proxy.options, base.proxy.options),
          optionsNextHop: given(d.proxy.optionsNextHop, base.proxy.optionsNextHop),
          omitInitialRouteSet: given(d.proxy.omitInitialRouteSet, base.proxy.omitInitialRouteSet),
          flow: given(d.proxy.flow, base.proxy.flow),
        },
        registration: {
          sipDomain: given(d.registration?.sipDomain, ''),
          addressOfRecord: given(d.registration?.addressOfRecord, ''),
        },
      };
    }
    case 'PLAIN': {
      const d = dto as AddPlainConnectionDto;
      return {
        kind,
        destination: {
          iri: d.destination.iri,
          transport: given(
            d.destination.transport,
            TransportConnectionMapper.defaultSettings('PLAIN').destination.transport,
          ),
        },
      };
    }
    case 'SIP_LOAD_BALANCING': {
      const d = dto as AddSipLoadBalancingDto;
      const base = TransportConnectionMapper.defaultSettings('SIP_LOAD_BALANCING');
      return {
        kind,
        distribution: given(d.distribution, base.distribution),
        memberIds: d.members.map((m) => idOf(m.transportConnectionId) ?? ''),
        failoverSipStatusCodes: given(d.failoverSipStatusCodes, base.failoverSipStatusCodes),
        failoverOnTimeout: given(d.failoverOnTimeout, base.failoverOnTimeout),
      };
    }
    case 'SIP_REGISTRATION': {
      const d = dto as AddSipRegistrarDto;
      const base = TransportConnectionMapper.defaultSettings('SIP_REGISTRATION');
      return {
        kind,
        registrar: { iri: d.registrar.iri },
        addressOfRecord: d.addressOfRecord,
        expiresSeconds: given(d.expiresSeconds, base.expiresSeconds),
        contactUser: given(d.contactUser, base.contactUser),
      };
    }
    case 'SRV_LOAD_BALANCER': {
      const d = dto as AddSrvLoadBalancerDto;
      const base = TransportConnectionMapper.defaultSettings('SRV_LOAD_BALANCER');
      return {
        kind,
        domain: d.domain,
        service: given(d.service, base.service),
        refreshSeconds: given(d.refreshSeconds, base.refreshSeconds),
      };
    }
  }
}

function assertedFrom(dto: AssertedUriDto | null | undefined): AssertedAddress | undefined {
  if (!dto || dto.uri === '') return undefined;
  return { uri: dto.uri, displayName: given(dto.displayName, '') };
}

const ADD_DTOS: Readonly<Record<ConnectionKind, ClassConstructor<AnyAddDto>>> = {
  STANDARD: AddStandardConnectionDto,
  PLAIN: AddPlainConnectionDto,
  SIP_LOAD_BALANCING: AddSipLoadBalancingDto,
  SIP_REGISTRATION: AddSipRegistrarDto,
  SRV_LOAD_BALANCER: AddSrvLoadBalancerDto,
};

/** The transport connection operations and nodes/transportConnections/get. */
@injectable()
export class TransportConnectionController {
  constructor(
    @inject(GetTransportConnection) private readonly getConnection: GetTransportConnection,
    @inject(ListNodeTransportConnections) private readonly listOfNode: ListNodeTransportConnections,
    @inject(AddTransportConnection) private readonly addConnection: AddTransportConnection,
    @inject(RemoveTransportConnection) private readonly removeConnection: RemoveTransportConnection,
    @inject(SetConnectionAuthentication) private readonly setAuthentication: SetConnectionAuthentication,
    @inject(SetConnectionUri) private readonly setUri: SetConnectionUri,
  ) {}

  async get(request: OperationRequest): Promise<TransportConnectionView> {
    return renderConnection(await this.getConnection.execute(request.lab, request.query.string('id')));
  }

  async ofNode(request: OperationRequest): Promise<NodeTransportConnectionView[]> {
    return (await this.listOfNode.execute(request.lab, request.query.string('node'))).map(renderNodeConnection);
  }

  /** PUT add<Kind>: `displayName` from the query, the kind's shape (without id) in the body. */
  async add(request: OperationRequest, kind: ConnectionKind): Promise<TransportConnectionView> {
    const displayName = request.query.string('displayName');
    const dto = validateDto(ADD_DTOS[kind], request.body);
    if (dto.displayName !== undefined && dto.displayName !== null && dto.displayName.trim() !== displayName.trim()) {
      throw DomainError.invalid(
        'DISPLAY_NAME_MISMATCH',
        "the body's displayName differs from the displayName query parameter; leave it out or send the same name",
        [{ field: 'displayName', rule: 'matches', message: 'displayName must equal the displayName query parameter' }],
      );
    }
    const authenticating = dto as Partial<AddStandardConnectionDto>;
    const credentials = (authenticating.credentials ?? undefined) as ConnectionCredentialsDto | undefined;
    const input: NewTransportConnection = {
      displayName,
      sipNodeId: idOf(dto.sipNodeId),
      conditionId: idOf(dto.conditionId),
      authenticationEnabled: given(authenticating.authenticationEnabled, false),
      credentialsId: credentials ? (idOf(credentials.authenticationProfileId) ?? '') : undefined,
      ...(credentials?.username !== undefined && credentials.username !== null
        ? { credentialsUsername: credentials.username }
        : {}),
      assertedAddress: assertedFrom(authenticating.assertedAddress),
      settings: settingsFrom(kind, dto),
    };
    return renderConnection(await this.addConnection.execute(request.lab, input));
  }

  async remove(request: OperationRequest): Promise<Reply> {
    await this.removeConnection.execute(
      request.lab,
      request.query.string('transportConnection'),
      request.query.boolean('force', false),
    );
    return Reply.empty();
  }

  async authentication(request: OperationRequest): Promise<SipCredentialsView> {
    return renderCredentials(
      await this.getConnection.execute(request.lab, request.query.string('transportConnection')),
    );
  }

  async setAuthenticationOf(request: OperationRequest): Promise<SipCredentialsView> {
    const connection = request.query.string('transportConnection');
    const dto = validateDto(CredentialsDto, request.body);
    return renderCredentials(await this.setAuthentication.execute(request.lab, connection, dto.username, dto.password));
  }

  async uri(request: OperationRequest, which: ConnectionUri): Promise<AssertedUriView> {
    const { connection } = await this.getConnection.execute(request.lab, request.query.string('transportConnection'));
    return which === 'assertedUri'
      ? assertedUriView(connection.assertedIdentity())
      : { uri: connection.addressOfRecord };
  }

  async setUriOf(request: OperationRequest, which: ConnectionUri): Promise<AssertedUriView> {
    const connectionText = request.query.string('transportConnection');
    const dto = validateDto(AssertedUriDto, request.body);
    const connection = await this.setUri.execute(request.lab, connectionText, which, {
      uri: dto.uri,
      displayName: given(dto.displayName, ''),
    });
    return which === 'assertedUri'
      ? assertedUriView(connection.assertedIdentity())
      : { uri: connection.addressOfRecord };
  }
}

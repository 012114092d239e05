import { inject, injectable } from 'inversify';
import { DomainError } from '../../../../../shared/domain/DomainError.js';
import type { OperationRequest } from '../../../../../shared/interface/http/Operation.js';
import { validateDto, validateDtoArray } from '../../../../../shared/interface/http/validateDto.js';
import { AddWebServerConnector } from '../../application/AddWebServerConnector.js';
import { GetWebServerConnectors } from '../../application/GetWebServerConnectors.js';
import { RemoveWebServerConnector } from '../../application/RemoveWebServerConnector.js';
import { SetWebServerConnectors } from '../../application/SetWebServerConnectors.js';
import type { WebServerConnector, WebServerConnectorChanges } from '../../domain/WebServerConnector.js';
import { WebserverConnectorDto } from './WebServerConnectorDtos.js';
import { WebserverConnectorView } from './WebServerConnectorViews.js';

function given<T>(value: T | null | undefined): T | undefined {
  return value === null ? undefined : value;
}

/** The values a DTO sets; null and missing mean "keep" (or the default of a new connector). */
function changesOf(dto: WebserverConnectorDto): WebServerConnectorChanges {
  return {
    displayName: given(dto.displayName),
    httpMode: given(dto.httpMode),
    port: given(dto.port),
    ipAddress: given(dto.networkOptions?.ipAddress),
    requestDomains: given(dto.requestDomains),
    openPortOnDemand: given(dto.openPortOnDemand),
    httpRedirectorPort: given(dto.httpRedirectorPort),
    certificate: given(dto.tlsOptions?.certificate?.pem),
    privateKey: given(dto.tlsOptions?.privateKey?.pem),
    demandClientCertificate: given(dto.tlsOptions?.demandClientCertificate),
    hostnameVerification: given(dto.tlsOptions?.hostnameVerification),
  };
}

function views(connectors: readonly WebServerConnector[]): WebserverConnectorView[] {
  return connectors.map((c) => WebserverConnectorView.of(c));
}

/** webserverConnectors/get, set, add, remove. */
@injectable()
export class WebServerConnectorsController {
  constructor(
    @inject(GetWebServerConnectors) private readonly getConnectors: GetWebServerConnectors,
    @inject(SetWebServerConnectors) private readonly setConnectors: SetWebServerConnectors,
    @inject(AddWebServerConnector) private readonly addConnector: AddWebServerConnector,
    @inject(RemoveWebServerConnector) private readonly removeConnector: RemoveWebServerConnector,
  ) {}

  async get(request: OperationRequest): Promise<WebserverConnectorView[]> {
    return views(await this.getConnectors.execute(request.lab));
  }

  async set(request: OperationRequest): Promise<WebserverConnectorView[]> {
    const dtos = validateDtoArray(WebserverConnectorDto, request.body);
    const entries = dtos.map((dto) => {
      const id = given(dto.id);
      return id === undefined ? { values: changesOf(dto) } : { id, values: changesOf(dto) };
    });
    return views(await this.setConnectors.execute(request.lab, entries));
  }

  async add(request: OperationRequest): Promise<WebserverConnectorView[]> {
    const dto = validateDto(WebserverConnectorDto, request.body);
    if (given(dto.id) !== undefined) {
      throw DomainError.invalid(
        'ID_ASSIGNED_BY_SERVICE',
        'id is assigned by the service: leave it out of an added connector',
        [{ field: 'id', rule: 'absent', message: 'id must be left out' }],
      );
    }
    return views((await this.addConnector.execute(request.lab, changesOf(dto))).connectors);
  }

  async remove(request: OperationRequest): Promise<WebserverConnectorView[]> {
    return views(await this.removeConnector.execute(request.lab, request.query.string('identifier')));
  }
}

import { Type } from 'class-transformer';
import { IsArray, IsBoolean, IsIn, IsInt, IsOptional, IsString, ValidateNested } from 'class-validator';
import {
  HTTP_MODES,
  REQUEST_DOMAINS,
  type HttpMode,
  type RequestDomain,
  type WebServerConnector,
} from '../../domain/WebServerConnector.js';

export class PemView {
  @IsString()
  pem!: string;
}

export class NetworkOptionsView {
  @IsString()
  ipAddress!: string;
}

/** TLS options as answered: the private key's pem is always empty (keys never come back). */
export class TlsOptionsView {
  @ValidateNested()
  @Type(() => PemView)
  privateKey!: PemView;

  @ValidateNested()
  @Type(() => PemView)
  certificate!: PemView;

  @IsBoolean()
  demandClientCertificate!: boolean;

  @IsBoolean()
  hostnameVerification!: boolean;
}

/**
 * WebserverConnector as answered. httpRedirectorPort and tlsOptions come with HTTPS connectors only (as the
 * real product shows them); tlsOptions.privateKey is `{pem: ""}`: the field exists, the key never comes back.
 */
export class WebserverConnectorView {
  @IsString()
  id!: string;

  @IsString()
  displayName!: string;

  @IsIn(HTTP_MODES)
  httpMode!: HttpMode;

  @IsInt()
  port!: number;

  @ValidateNested()
  @Type(() => NetworkOptionsView)
  networkOptions!: NetworkOptionsView;

  @IsArray()
  @IsIn(REQUEST_DOMAINS, { each: true })
  requestDomains!: RequestDomain[];

  @IsBoolean()
  openPortOnDemand!: boolean;

  @IsOptional()
  @IsInt()
  httpRedirectorPort?: number;

  @IsOptional()
  @ValidateNested()
  @Type(() => TlsOptionsView)
  tlsOptions?: TlsOptionsView;

  static of(connector: WebServerConnector): WebserverConnectorView {
    const s = connector.snapshot();
    const view: WebserverConnectorView = {
      id: s.id,
      displayName: s.displayName,
      httpMode: s.httpMode,
      port: s.port,
      networkOptions: { ipAddress: s.ipAddress },
      requestDomains: [...s.requestDomains],
      openPortOnDemand: s.openPortOnDemand,
    };
    if (s.httpMode === 'HTTPS') {
      view.httpRedirectorPort = s.httpRedirectorPort;
      view.tlsOptions = {
        privateKey: { pem: '' },
        certificate: { pem: s.certificate },
        demandClientCertificate: s.demandClientCertificate,
        hostnameVerification: s.hostnameVerification,
      };
    }
    return view;
  }
}

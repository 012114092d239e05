import { Type } from 'class-transformer';
import { IsArray, IsBoolean, IsIn, IsInt, IsOptional, IsString, ValidateNested } from 'class-validator';
import { HTTP_MODES, REQUEST_DOMAINS, type HttpMode, type RequestDomain, type WebServerConnector } from '../../domain/WebServerConnector.js';

/** `{pem}` as sent. An empty or missing pem keeps what the connector holds. */
export class PemDto {
  @IsOptional() @IsString()
  pem?: string | null;
}

export class NetworkOptionsDto {
  /** Local address; empty for every address. */
  @IsOptional() @IsString()
  ipAddress?: string | null;
}

export class TlsOptionsDto {
  @IsOptional() @ValidateNested() @Type(() => PemDto)
  privateKey?: PemDto | null;

  @IsOptional() @ValidateNested() @Type(() => PemDto)
  certificate?: PemDto | null;

  @IsOptional() @IsBoolean()
  demandClientCertificate?: boolean | null;

  @IsOptional() @IsBoolean()
  hostnameVerification?: boolean | null;
}

/**
 * WebserverConnector as sent to set and add. Every field may be left out or null: an existing connector keeps
 * its value, a new one takes the default (HTTP, every address, no redirector, no TLS material) — except
 * displayName and port, which a new connector needs. id: only in set, naming the connector to update.
 */
export class WebserverConnectorDto {
  @IsOptional() @IsString()
  id?: string | null;

  @IsOptional() @IsString()
  displayName?: string | null;

  @IsOptional() @IsIn(HTTP_MODES)
  httpMode?: HttpMode | null;

  @IsOptional() @IsInt()
  port?: number | null;

  @IsOptional() @ValidateNested() @Type(() => NetworkOptionsDto)
  networkOptions?: NetworkOptionsDto | null;

  @IsOptional() @IsArray() @IsIn(REQUEST_DOMAINS, { each: true })
  requestDomains?: RequestDomain[] | null;

  @IsOptional() @IsBoolean()
  openPortOnDemand?: boolean | null;

  /** HTTPS only; 0 for none. */
  @IsOptional() @IsInt()
  httpRedirectorPort?: number | null;

  @IsOptional() @ValidateNested() @Type(() => TlsOptionsDto)
  tlsOptions?: TlsOptionsDto | null;
}

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
  @ValidateNested() @Type(() => PemView)
  privateKey!: PemView;

  @ValidateNested() @Type(() => PemView)
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

  @ValidateNested() @Type(() => NetworkOptionsView)
  networkOptions!: NetworkOptionsView;

  @IsArray() @IsIn(REQUEST_DOMAINS, { each: true })
  requestDomains!: RequestDomain[];

  @IsBoolean()
  openPortOnDemand!: boolean;

  @IsOptional() @IsInt()
  httpRedirectorPort?: number;

  @IsOptional() @ValidateNested() @Type(() => TlsOptionsView)
  tlsOptions?: TlsOptionsView;

  static of(connector: WebServerConnector): WebserverConnectorView {
    const s = connector.snapshot();
    const view: WebserverConnectorView = {
      id: s.id, displayName: s.displayName, httpMode: s.httpMode, port: s.port, networkOptions: { ipAddress: s.ipAddress },
      requestDomains: [...s.requestDomains], openPortOnDemand: s.openPortOnDemand,
    };
    if (s.httpMode === 'HTTPS') {
      view.httpRedirectorPort = s.httpRedirectorPort;
      view.tlsOptions = {
        privateKey: { pem: '' }, certificate: { pem: s.certificate },
        demandClientCertificate: s.demandClientCertificate, hostnameVerification: s.hostnameVerification,
      };
    }
    return view;
  }
}

import { Type } from 'class-transformer';
import { IsArray, IsBoolean, IsIn, IsInt, IsOptional, IsString, ValidateNested } from 'class-validator';
import { HTTP_MODES, REQUEST_DOMAINS, type HttpMode, type RequestDomain } from '../../domain/WebServerConnector.js';

/** `{pem}` as sent. An empty or missing pem keeps what the connector holds. */
export class PemDto {
  @IsOptional()
  @IsString()
  pem?: string | null;
}

export class NetworkOptionsDto {
  /** Local address; empty for every address. */
  @IsOptional()
  @IsString()
  ipAddress?: string | null;
}

export class TlsOptionsDto {
  @IsOptional()
  @ValidateNested()
  @Type(() => PemDto)
  privateKey?: PemDto | null;

  @IsOptional()
  @ValidateNested()
  @Type(() => PemDto)
  certificate?: PemDto | null;

  @IsOptional()
  @IsBoolean()
  demandClientCertificate?: boolean | null;

  @IsOptional()
  @IsBoolean()
  hostnameVerification?: boolean | null;
}

/**
 * WebserverConnector as sent to set and add. Every field may be left out or null: an existing connector keeps
 * its value, a new one takes the default (HTTP, every address, no redirector, no TLS material) — except
 * displayName and port, which a new connector needs. id: only in set, naming the connector to update.
 */
export class WebserverConnectorDto {
  @IsOptional()
  @IsString()
  id?: string | null;

  @IsOptional()
  @IsString()
  displayName?: string | null;

  @IsOptional()
  @IsIn(HTTP_MODES)
  httpMode?: HttpMode | null;

  @IsOptional()
  @IsInt()
  port?: number | null;

  @IsOptional()
  @ValidateNested()
  @Type(() => NetworkOptionsDto)
  networkOptions?: NetworkOptionsDto | null;

  @IsOptional()
  @IsArray()
  @IsIn(REQUEST_DOMAINS, { each: true })
  requestDomains?: RequestDomain[] | null;

  @IsOptional()
  @IsBoolean()
  openPortOnDemand?: boolean | null;

  /** HTTPS only; 0 for none. */
  @IsOptional()
  @IsInt()
  httpRedirectorPort?: number | null;

  @IsOptional()
  @ValidateNested()
  @Type(() => TlsOptionsDto)
  tlsOptions?: TlsOptionsDto | null;
}

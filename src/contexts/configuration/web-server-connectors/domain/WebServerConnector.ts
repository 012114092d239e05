import { joinPem, keyMatchesCertificate, parsePem, X509Error } from '@gwsim/x509';
import { DomainError, type ErrorDetail } from '../../../../shared/domain/DomainError.js';
import { isIpAddress } from '../../graph/domain/catalog/ParameterType.js';

export const HTTP_MODES = ['HTTP', 'HTTPS'] as const;
export type HttpMode = (typeof HTTP_MODES)[number];
export const REQUEST_DOMAINS = ['REST_API', 'GUI', 'ACME'] as const;
export type RequestDomain = (typeof REQUEST_DOMAINS)[number];

const DISPLAY_NAME_MAX = 255;

/** Everything a web server connector (an HTTP_SERVER object) holds. */
export interface WebServerConnectorState {
  readonly id: string;
  readonly displayName: string;
  readonly httpMode: HttpMode;
  readonly port: number;
  /** Local address; empty for every address. */
  readonly ipAddress: string;
  readonly requestDomains: readonly RequestDomain[];
  readonly openPortOnDemand: boolean;
  /** HTTPS: the port that redirects plain HTTP to HTTPS; 0 for none. */
  readonly httpRedirectorPort: number;
  /** TLS certificate (PEM, the server's first, then its chain); empty for none. */
  readonly certificate: string;
  /** TLS private key (unencrypted PKCS#8 PEM); empty for none. Never answered. */
  readonly privateKey: string;
  readonly demandClientCertificate: boolean;
  readonly hostnameVerification: boolean;
}

/**
 * What a request changes in a connector. Left out (undefined) keeps the current value (or the default of a new
 * connector). An empty certificate or private key keeps the current one, so a client that read a connector (whose
 * key is answered empty) and writes it back keeps its key.
 */
export type WebServerConnectorChanges = Partial<Omit<WebServerConnectorState, 'id'>>;

/** A new connector's values before its request's changes. */
export const CONNECTOR_DEFAULTS: Omit<WebServerConnectorState, 'id' | 'displayName' | 'port'> = {
  httpMode: 'HTTP',
  ipAddress: '',
  requestDomains: [],
  openPortOnDemand: false,
  httpRedirectorPort: 0,
  certificate: '',
  privateKey: '',
  demandClientCertificate: false,
  hostnameVerification: false,
};

/**
 * A web server connector: an HTTP or HTTPS listener of the gateway serving the REST API, the GUI or ACME
 * challenges. Its own invariants hold from construction on: a non-empty name, a port from 1 to 65535, an IP
 * address or nothing, one to three distinct request domains, a redirector port (HTTPS only) other than the
 * port, and with HTTPS a certificate and the private key that belongs to it (checked when the TLS material or
 * the mode changes; what is stored was checked when it was written). Invariants across connectors (ports and
 * names unique, the REST API kept reachable) are ConnectorSet's. Problems name the fields of the
 * specification's WebserverConnector (`port`, `networkOptions.ipAddress`, `tlsOptions.privateKey.pem`).
 */
export class WebServerConnector {
  private constructor(private readonly state: WebServerConnectorState) {}

  /**
   * A connector as stored, trusted as the sort catalog let it be written (objects/set may store what this view
   * would refuse, such as no request domain): reads never fail; the next change through `apply` checks everything.
   */
  static restore(state: WebServerConnectorState): WebServerConnector {
    return new WebServerConnector(state);
  }

  /** A new connector with the given id, from the defaults and the request's values. */
  static create(id: string, changes: WebServerConnectorChanges): WebServerConnector {
    const details: ErrorDetail[] = [];
    if (changes.displayName === undefined)
      details.push({ field: 'displayName', rule: 'required', message: 'displayName is required for a new connector' });
    if (changes.port === undefined)
      details.push({ field: 'port', rule: 'required', message: 'port is required for a new connector' });
    throwIfAny(details);
    const blank: WebServerConnectorState = {
      id,
      displayName: changes.displayName!,
      port: changes.port!,
      ...CONNECTOR_DEFAULTS,
    };
    return WebServerConnector.build(blank, changes, true);
  }

  /** This connector with the request's changes (a new object; this one is unchanged). */
  apply(changes: WebServerConnectorChanges): WebServerConnector {
    const tlsTouched =
      (changes.certificate ?? '') !== '' ||
      (changes.privateKey ?? '') !== '' ||
      (changes.httpMode === 'HTTPS' && this.state.httpMode !== 'HTTPS');
    return WebServerConnector.build(this.state, changes, tlsTouched);
  }

  private static build(
    current: WebServerConnectorState,
    changes: WebServerConnectorChanges,
    checkTls: boolean,
  ): WebServerConnector {
    const defined = Object.fromEntries(
      Object.entries(changes).filter(([, v]) => v !== undefined),
    ) as WebServerConnectorChanges;
    const details: ErrorDetail[] = [];
    let certificate = current.certificate;
    let privateKey = current.privateKey;
    if ((defined.certificate ?? '') !== '') {
      const read = readCertificates(defined.certificate!);
      if (typeof read === 'string') certificate = read;
      else details.push(read);
    }
    if ((defined.privateKey ?? '') !== '') {
      const read = readPrivateKey(defined.privateKey!);
      if (typeof read === 'string') privateKey = read;
      else details.push(read);
    }
    const state: WebServerConnectorState = {
      ...current,
      ...defined,
      certificate,
      privateKey,
      displayName: (defined.displayName ?? current.displayName).trim(),
      requestDomains: [...(defined.requestDomains ?? current.requestDomains)],
    };
    details.push(...basicProblems(state));
    if (details.length === 0 && checkTls && state.httpMode === 'HTTPS') details.push(...tlsProblems(state));
    throwIfAny(details);
    return new WebServerConnector(state);
  }

  get id(): string {
    return this.state.id;
  }
  get displayName(): string {
    return this.state.displayName;
  }
  get httpMode(): HttpMode {
    return this.state.httpMode;
  }
  get port(): number {
    return this.state.port;
  }
  get httpRedirectorPort(): number {
    return this.state.httpRedirectorPort;
  }
  get requestDomains(): readonly RequestDomain[] {
    return this.state.requestDomains;
  }

  /** Serves this management API. */
  get servesApi(): boolean {
    return this.state.requestDomains.includes('REST_API');
  }

  /** The ports it listens on: its port and, with HTTPS, its redirector port. */
  get ports(): number[] {
    return this.state.httpMode === 'HTTPS' && this.state.httpRedirectorPort > 0
      ? [this.state.port, this.state.httpRedirectorPort]
      : [this.state.port];
  }

  snapshot(): WebServerConnectorState {
    return this.state;
  }
}

function throwIfAny(details: readonly ErrorDetail[]): void {
  if (details.length > 0) {
    throw DomainError.invalid(
      'WEB_SERVER_CONNECTOR_INVALID',
      `the web server connector is invalid: ${details.map((d) => d.message).join('; ')}`,
      details,
    );
  }
}

function isPort(value: number, allowZero: boolean): boolean {
  return Number.isInteger(value) && value <= 65535 && (value >= 1 || (allowZero && value === 0));
}

function basicProblems(s: WebServerConnectorState): ErrorDetail[] {
  const details: ErrorDetail[] = [];
  if (s.displayName.trim() === '')
    details.push({ field: 'displayName', rule: 'required', message: 'displayName must not be empty' });
  if (s.displayName.length > DISPLAY_NAME_MAX)
    details.push({
      field: 'displayName',
      rule: 'maxLength',
      message: `displayName must be at most ${DISPLAY_NAME_MAX} characters`,
    });
  if (!HTTP_MODES.includes(s.httpMode))
    details.push({ field: 'httpMode', rule: 'isIn', message: `httpMode must be one of ${HTTP_MODES.join(', ')}` });
  if (!isPort(s.port, false))
    details.push({
      field: 'port',
      rule: 'port',
      message: `port must be a whole number from 1 to 65535, got ${s.port}`,
    });
  if (s.ipAddress !== '' && !isIpAddress(s.ipAddress)) {
    details.push({
      field: 'networkOptions.ipAddress',
      rule: 'ipAddress',
      message: 'networkOptions.ipAddress must be an IPv4 or IPv6 address, or empty for every address',
    });
  }
  if (s.requestDomains.length === 0)
    details.push({
      field: 'requestDomains',
      rule: 'required',
      message: `requestDomains must name at least one of ${REQUEST_DOMAINS.join(', ')}`,
    });
  s.requestDomains.forEach((domain, i) => {
    if (!REQUEST_DOMAINS.includes(domain))
      details.push({
        field: `requestDomains[${i}]`,
        rule: 'isIn',
        message: `requestDomains[${i}] must be one of ${REQUEST_DOMAINS.join(', ')}`,
      });
    else if (s.requestDomains.indexOf(domain) !== i)
      details.push({
        field: `requestDomains[${i}]`,
        rule: 'unique',
        message: `requestDomains[${i}] names ${domain} twice`,
      });
  });
  if (!isPort(s.httpRedirectorPort, true)) {
    details.push({
      field: 'httpRedirectorPort',
      rule: 'port',
      message: `httpRedirectorPort must be a whole number from 1 to 65535, or 0 for none, got ${s.httpRedirectorPort}`,
    });
  } else if (s.httpRedirectorPort !== 0 && s.httpMode !== 'HTTPS') {
    details.push({
      field: 'httpRedirectorPort',
      rule: 'httpsOnly',
      message: 'httpRedirectorPort redirects to HTTPS: give it only with httpMode HTTPS (or 0)',
    });
  } else if (s.httpRedirectorPort !== 0 && s.httpRedirectorPort === s.port) {
    details.push({
      field: 'httpRedirectorPort',
      rule: 'distinct',
      message: `httpRedirectorPort must differ from port ${s.port}`,
    });
  }
  return details;
}

function tlsProblems(s: WebServerConnectorState): ErrorDetail[] {
  const details: ErrorDetail[] = [];
  if (s.certificate === '')
    details.push({
      field: 'tlsOptions.certificate.pem',
      rule: 'required',
      message: 'httpMode HTTPS needs tlsOptions.certificate.pem (PEM certificate)',
    });
  if (s.privateKey === '')
    details.push({
      field: 'tlsOptions.privateKey.pem',
      rule: 'required',
      message: 'httpMode HTTPS needs tlsOptions.privateKey.pem (PEM private key of the certificate)',
    });
  if (details.length > 0) return details;
  let leaf: string;
  try {
    leaf = parsePem(s.certificate).certificates[0]!.pem;
  } catch {
    return [
      {
        field: 'tlsOptions.certificate.pem',
        rule: 'certificate',
        message: 'the stored certificate cannot be read: send tlsOptions.certificate.pem with a new one',
      },
    ];
  }
  if (!keyMatchesCertificate(s.privateKey, leaf)) {
    details.push({
      field: 'tlsOptions.privateKey.pem',
      rule: 'matchesCertificate',
      message: 'tlsOptions.privateKey.pem does not belong to the certificate of tlsOptions.certificate.pem',
    });
  }
  return details;
}

function readCertificates(text: string): string | ErrorDetail {
  const field = 'tlsOptions.certificate.pem';
  try {
    const material = parsePem(text);
    if (material.privateKey !== undefined || material.certificates.length === 0) {
      return {
        field,
        rule: 'certificate',
        message: `${field} must hold PEM certificates only (the key goes in tlsOptions.privateKey.pem)`,
      };
    }
    return joinPem(material.certificates);
  } catch (error) {
    if (!(error instanceof X509Error)) throw error;
    return { field, rule: 'certificate', message: `${field} is not a readable PEM certificate (${error.message})` };
  }
}

function readPrivateKey(text: string): string | ErrorDetail {
  const field = 'tlsOptions.privateKey.pem';
  try {
    const material = parsePem(text);
    if (material.privateKey === undefined || material.certificates.length > 0) {
      return {
        field,
        rule: 'privateKey',
        message: `${field} must hold one unencrypted PEM private key and nothing else`,
      };
    }
    return material.privateKey;
  } catch (error) {
    if (!(error instanceof X509Error)) throw error;
    return {
      field,
      rule: 'privateKey',
      message: `${field} is not a readable unencrypted PEM private key (${error.message})`,
    };
  }
}

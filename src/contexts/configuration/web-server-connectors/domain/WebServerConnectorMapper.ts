import { ConfigObject, type ParameterValue } from '../../graph/domain/ConfigObject.js';
import type { LabId } from '../../../../shared/domain/LabId.js';
import { ObjectRules } from '../../graph/domain/ObjectRules.js';
import { WebServerConnector, type HttpMode, type RequestDomain } from './WebServerConnector.js';

export const CONNECTOR_SORT = 'HTTP_SERVER' as const;

function text(value: ParameterValue | undefined, fallback = ''): string {
  return typeof value === 'string' ? value : fallback;
}

function integer(value: ParameterValue | undefined, fallback: number): number {
  return typeof value === 'number' ? value : fallback;
}

function flag(value: ParameterValue | undefined): boolean {
  return value === true;
}

/** The one mapping between HTTP_SERVER objects of the graph and WebServerConnector entities. */
export const WebServerConnectorMapper = {
  toEntity(object: ConfigObject): WebServerConnector {
    const p = object.parameters;
    return WebServerConnector.restore({
      id: object.id,
      displayName: object.displayName,
      httpMode: text(p['httpMode'], 'HTTP') as HttpMode,
      port: integer(p['port'], 0),
      ipAddress: text(p['ipAddress']),
      requestDomains: (Array.isArray(p['requestDomains']) ? p['requestDomains'] : []) as RequestDomain[],
      openPortOnDemand: flag(p['openPortOnDemand']),
      httpRedirectorPort: integer(p['httpRedirectorPort'], 0),
      certificate: text(p['certificate']),
      privateKey: text(p['privateKey']),
      demandClientCertificate: flag(p['demandClientCertificate']),
      hostnameVerification: flag(p['hostnameVerification']),
    });
  },

  /**
   * The object holding the connector: the current one changed (a copy: id, version, references, comment and
   * note kept) or a new one with the catalog's defaults filled.
   */
  toObject(lab: LabId, connector: WebServerConnector, current: ConfigObject | undefined): ConfigObject {
    const s = connector.snapshot();
    const parameters: { [name: string]: ParameterValue } = {
      httpMode: s.httpMode,
      port: s.port,
      ipAddress: s.ipAddress,
      requestDomains: [...s.requestDomains],
      openPortOnDemand: s.openPortOnDemand,
      httpRedirectorPort: s.httpRedirectorPort,
      privateKey: s.privateKey,
      certificate: s.certificate,
      demandClientCertificate: s.demandClientCertificate,
      hostnameVerification: s.hostnameVerification,
    };
    if (current) {
      const next = current.copy();
      next.rename(s.displayName);
      next.setParameters({ ...current.parameters, ...parameters });
      return next;
    }
    const completed = ObjectRules.complete(CONNECTOR_SORT, undefined, parameters, {});
    return ConfigObject.create(lab, { id: s.id, sort: CONNECTOR_SORT, displayName: s.displayName, ...completed });
  },
};

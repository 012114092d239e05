import { DomainError, type ErrorDetail } from '../../../../shared/domain/DomainError.js';
import type { WebServerConnector } from './WebServerConnector.js';

/**
 * The rules across a lab's web server connectors, checked on the whole set a change leaves behind:
 * - display names are unique (409 DISPLAY_NAME_TAKEN), as for every sort of the graph;
 * - every listening port (each connector's port and HTTPS redirector port) is used once (409 PORT_IN_USE),
 *   whatever the connectors' addresses;
 * - while some connector serves REST_API, a change may not leave none (409 LAST_API_CONNECTOR naming the
 *   connector it would cut off): without one the management API is unreachable, and commit would refuse it.
 * `fieldOf(id)` names a connector as the request does (`[2]` in a set, '' for the one of an add).
 */
export function checkConnectorSet(
  before: readonly WebServerConnector[],
  after: readonly WebServerConnector[],
  fieldOf: (id: string) => string,
): void {
  const prefixed = (id: string, field: string): string => {
    const prefix = fieldOf(id);
    return prefix === '' ? field : `${prefix}.${field}`;
  };
  const names = new Map<string, WebServerConnector>();
  for (const connector of after) {
    const holder = names.get(connector.displayName);
    if (holder) {
      const field = prefixed(connector.id, 'displayName');
      throw DomainError.conflict(
        'DISPLAY_NAME_TAKEN',
        `another web server connector (${holder.id}) is already named '${connector.displayName}'`,
        [{ field, rule: 'unique', message: `${field} must be unique among web server connectors` }],
      );
    }
    names.set(connector.displayName, connector);
  }
  const ports = new Map<number, WebServerConnector>();
  const details: ErrorDetail[] = [];
  for (const connector of after) {
    connector.ports.forEach((port, index) => {
      const holder = ports.get(port);
      const field = prefixed(connector.id, index === 0 ? 'port' : 'httpRedirectorPort');
      if (holder && holder !== connector) {
        details.push({
          field,
          rule: 'unique',
          message: `${field}: port ${port} is already used by web server connector '${holder.displayName}' (${holder.id}); choose a free port`,
        });
      }
      if (!holder) ports.set(port, connector);
    });
  }
  if (details.length > 0) throw DomainError.conflict('PORT_IN_USE', details.map((d) => d.message).join('; '), details);
  const servedBefore = before.filter((c) => c.servesApi);
  if (servedBefore.length > 0 && !after.some((c) => c.servesApi)) {
    const last = servedBefore.map((c) => `'${c.displayName}' (${c.id})`).join(', ');
    throw DomainError.conflict(
      'LAST_API_CONNECTOR',
      `web server connector ${last} is the last serving REST_API: keep REST_API on it or on another connector, or the management API becomes unreachable; nothing was changed`,
      servedBefore.map((c) => ({
        field: fieldOf(c.id) === '' ? 'requestDomains' : prefixed(c.id, 'requestDomains'),
        rule: 'apiReachable',
        message: `web server connector '${c.displayName}' must keep serving REST_API`,
      })),
    );
  }
}

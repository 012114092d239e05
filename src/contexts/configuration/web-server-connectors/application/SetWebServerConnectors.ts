import { inject, injectable } from 'inversify';
import { DomainError } from '../../../../shared/domain/DomainError.js';
import { IdGenerator } from '../../../../shared/domain/IdGenerator.js';
import type { LabId } from '../../../../shared/domain/LabId.js';
import { canonicalObjectId } from '../../graph/domain/ObjectId.js';
import { WebServerConnector, type WebServerConnectorChanges } from '../domain/WebServerConnector.js';
import { ConnectorWrites } from './ConnectorWrites.js';

/** One entry of a set request: an existing connector's id (either shape) or none for a new one, and its values. */
export interface ConnectorEntry {
  readonly id?: string;
  readonly values: WebServerConnectorChanges;
}

/**
 * Replaces the lab's connectors with the listed ones: an entry with an id updates that connector (fields left
 * out keep their values, an empty key or certificate keeps the current one), an entry without an id creates
 * one, and connectors not listed are removed. All or nothing. Answers every connector.
 */
@injectable()
export class SetWebServerConnectors {
  constructor(
    @inject(ConnectorWrites) private readonly writes: ConnectorWrites,
    @inject(IdGenerator) private readonly ids: IdGenerator,
  ) {}

  execute(lab: LabId, entries: readonly ConnectorEntry[]): Promise<WebServerConnector[]> {
    const newIds = entries.map((e) => (e.id === undefined ? this.ids.uuid() : undefined));
    return this.writes.change(lab, (before) => {
      const byId = new Map(before.map((c) => [c.id, c]));
      const fields = new Map<string, string>();
      const seen = new Set<string>();
      const after = entries.map((entry, index) => {
        const prefix = `[${index}]`;
        try {
          if (entry.id === undefined) {
            const id = newIds[index]!;
            fields.set(id, prefix);
            return WebServerConnector.create(id, entry.values);
          }
          const id = canonicalObjectId(entry.id);
          const current = id === undefined ? undefined : byId.get(id);
          if (!current) {
            throw new DomainError(
              'WEB_SERVER_CONNECTOR_NOT_FOUND',
              'not_found',
              `${prefix}.id: web server connector '${entry.id}' does not exist; leave id out to create a connector`,
              [{ field: `${prefix}.id`, rule: 'exists', message: `${prefix}.id names no web server connector` }],
            );
          }
          if (seen.has(current.id)) {
            throw DomainError.invalid(
              'DUPLICATE_CONNECTOR',
              `${prefix}.id: web server connector ${current.id} is listed twice`,
              [{ field: `${prefix}.id`, rule: 'unique', message: `${prefix}.id names a connector listed before` }],
            );
          }
          seen.add(current.id);
          fields.set(current.id, prefix);
          return current.apply(entry.values);
        } catch (error) {
          throw prefixed(error, prefix);
        }
      });
      return { after, fieldOf: (id) => fields.get(id) ?? '' };
    });
  }
}

/** The same error with its fields named from the request's array (`[2].port`). */
function prefixed(error: unknown, prefix: string): unknown {
  if (!(error instanceof DomainError) || error.code !== 'WEB_SERVER_CONNECTOR_INVALID') return error;
  const details = error.details.map((d) => ({
    ...d,
    field: `${prefix}.${d.field ?? ''}`,
    message: d.field && d.message.startsWith(d.field) ? `${prefix}.${d.message}` : d.message,
  }));
  return DomainError.invalid(
    error.code,
    `the web server connector ${prefix} is invalid: ${details.map((d) => d.message).join('; ')}`,
    details,
  );
}

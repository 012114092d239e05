import { inject, injectable } from 'inversify';
import { DomainError } from '../../../../shared/domain/DomainError.js';
import { IdGenerator } from '../../../../shared/domain/IdGenerator.js';
import type { LabId } from '../../../../shared/domain/LabId.js';
import { WorkingConfiguration } from '../../graph/application/WorkingConfiguration.js';
import { TransportConnection, type TransportConnectionState } from '../domain/TransportConnection.js';
import { TransportConnectionMapper } from '../domain/TransportConnectionMapper.js';
import {
  checkAgainstCatalog,
  checkNameFree,
  checkReferences,
  detailsOf,
  requireNode,
  type ConnectionDetails,
} from './connectionGraph.js';

/** What an add request asks for: a connection without its id; without `sipNodeId` it is made unattached. */
export interface NewTransportConnection extends Omit<TransportConnectionState, 'id'> {
  /** The user name the request expects the credentials to have (a copy of a read connection carries it). */
  readonly credentialsUsername?: string;
}

/**
 * Creates a transport connection of any kind and appends it to its node's transport connections (last
 * priority), or, without a node, leaves it unattached (as the real product does: routing never chooses it
 * until a node lists it). Refused with nothing stored when a value is invalid, a referenced object (node,
 * credentials, condition, members) is missing or of the wrong sort, or the name is taken by another connection.
 */
@injectable()
export class AddTransportConnection {
  constructor(
    @inject(WorkingConfiguration) private readonly working: WorkingConfiguration,
    @inject(IdGenerator) private readonly ids: IdGenerator,
  ) {}

  execute(lab: LabId, request: NewTransportConnection): Promise<ConnectionDetails> {
    return this.working.run(lab, async () => {
      const graph = await this.working.graph(lab);
      const { credentialsUsername, ...state } = request;
      const connection = new TransportConnection({ ...state, id: this.ids.uuid() });
      const node = request.sipNodeId === undefined ? undefined : requireNode(graph, request.sipNodeId);
      checkReferences(graph, connection);
      if (credentialsUsername !== undefined && connection.credentialsId) {
        const { credentials } = detailsOf(graph, TransportConnectionMapper.toObject(lab, connection, undefined));
        if (credentials && credentials.username !== credentialsUsername) {
          throw DomainError.invalid(
            'TRANSPORT_CONNECTION_INVALID',
            'credentials.username differs from the user name of the credentials named; leave it out or change the credentials with authentication/set',
            [
              {
                field: 'credentials.username',
                rule: 'matches',
                message: `credentials.username must be '${credentials.username}' (the credentials' user name) or left out`,
              },
            ],
          );
        }
      }
      checkNameFree(graph, connection.displayName, connection.id);
      const object = TransportConnectionMapper.toObject(lab, connection, undefined);
      const changedNode = node && TransportConnectionMapper.nodeWith(node, connection.id, true)!;
      checkAgainstCatalog(graph, object);
      await this.working.beforeChange(lab);
      await this.working.save(object, ...(changedNode ? [changedNode] : []));
      const after = await this.working.graph(lab);
      return detailsOf(after, after.get(connection.id)!);
    });
  }
}

import { inject, injectable } from 'inversify';
import { DomainError } from '../../../../shared/domain/DomainError.js';
import type { LabId } from '../../../../shared/domain/LabId.js';
import { WorkingConfiguration } from '../../graph/application/WorkingConfiguration.js';
import type { AssertedAddress } from '../domain/AssertedAddress.js';
import type { TransportConnection } from '../domain/TransportConnection.js';
import { TransportConnectionMapper } from '../domain/TransportConnectionMapper.js';
import { checkAgainstCatalog, detailsOf, resolveConnection } from './connectionGraph.js';

export type ConnectionUri = 'assertedUri' | 'addressOfRecord';

/**
 * Sets a connection's asserted identity (assertedUri: SIP, SIPS or TEL URI with an optional display name; an
 * empty uri clears it) or its address of record (SIP or SIPS URI; STANDARD and SIP_REGISTRATION kinds only).
 * A request that changes nothing stores nothing. Answers the connection as stored.
 */
@injectable()
export class SetConnectionUri {
  constructor(@inject(WorkingConfiguration) private readonly working: WorkingConfiguration) {}

  execute(
    lab: LabId,
    connectionText: string,
    which: ConnectionUri,
    address: AssertedAddress,
  ): Promise<TransportConnection> {
    return this.working.run(lab, async () => {
      const graph = await this.working.graph(lab);
      const object = resolveConnection(graph, connectionText);
      const { connection } = detailsOf(graph, object);
      if (which === 'addressOfRecord' && address.displayName !== '') {
        throw DomainError.invalid(
          'TRANSPORT_CONNECTION_INVALID',
          'an address of record has no display name: send {"uri": "sip:…"} alone',
          [{ field: 'displayName', rule: 'absent', message: 'displayName must be left out for an address of record' }],
        );
      }
      if (which === 'assertedUri') connection.assert(address);
      else connection.registerAs(address.uri);
      const changed = TransportConnectionMapper.toObject(lab, connection, object);
      checkAgainstCatalog(graph, changed);
      if (JSON.stringify(changed.snapshot()) !== JSON.stringify(object.snapshot())) {
        await this.working.beforeChange(lab);
        await this.working.save(changed);
      }
      const after = await this.working.graph(lab);
      return detailsOf(after, after.get(connection.id)!).connection;
    });
  }
}

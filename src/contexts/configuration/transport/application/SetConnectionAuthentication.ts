import { inject, injectable } from 'inversify';
import { IdGenerator } from '../../../../shared/domain/IdGenerator.js';
import type { LabId } from '../../../../shared/domain/LabId.js';
import { WorkingConfiguration } from '../../graph/application/WorkingConfiguration.js';
import { SipCredentials } from '../domain/SipCredentials.js';
import { SipCredentialsMapper } from '../domain/SipCredentialsMapper.js';
import { TransportConnectionMapper } from '../domain/TransportConnectionMapper.js';
import { freeName } from '../../graph/application/viewWrites.js';
import { checkAgainstCatalog, detailsOf, resolveConnection, type ConnectionDetails } from './connectionGraph.js';

/**
 * Sets the user name and password a connection authenticates with and enables its authentication. The
 * connection's own credentials are updated in place; credentials it shares with other objects are left alone
 * and new ones (named after the connection) are created for it. The password is stored, never answered.
 */
@injectable()
export class SetConnectionAuthentication {
  constructor(
    @inject(WorkingConfiguration) private readonly working: WorkingConfiguration,
    @inject(IdGenerator) private readonly ids: IdGenerator,
  ) {}

  execute(lab: LabId, connectionText: string, username: string, password: string): Promise<ConnectionDetails> {
    return this.working.run(lab, async () => {
      const graph = await this.working.graph(lab);
      const object = resolveConnection(graph, connectionText);
      const { connection, credentials: current } = detailsOf(graph, object);
      const ownCredentials =
        current && graph.referrersOf(current.id).every((r) => r.id === connection.id) ? current : undefined;
      const credentials = ownCredentials
        ? ownCredentials.replace(username, password)
        : SipCredentials.of({
            id: this.ids.uuid(),
            displayName: freeName(graph, SipCredentialsMapper.SORT, `${connection.displayName} credentials`),
            username,
            password,
            authorizationUsername: '',
            realm: '',
          });
      connection.authenticateWith(credentials.id);
      const credentialsObject = SipCredentialsMapper.toObject(
        lab,
        credentials,
        ownCredentials ? graph.get(ownCredentials.id) : undefined,
      );
      const connectionObject = TransportConnectionMapper.toObject(lab, connection, object);
      checkAgainstCatalog(graph, credentialsObject, connectionObject);
      const unchanged =
        ownCredentials &&
        sameSnapshot(credentialsObject.snapshot(), graph.get(ownCredentials.id)!.snapshot()) &&
        sameSnapshot(connectionObject.snapshot(), object.snapshot());
      if (!unchanged) {
        await this.working.beforeChange(lab);
        await this.working.save(credentialsObject, connectionObject);
      }
      const after = await this.working.graph(lab);
      return detailsOf(after, after.get(connection.id)!);
    });
  }
}

function sameSnapshot(a: object, b: object): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

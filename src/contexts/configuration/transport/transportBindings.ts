import type { ContainerModuleLoadOptions } from 'inversify';
import { AddTransportConnection } from './application/AddTransportConnection.js';
import { GetTransportConnection } from './application/GetTransportConnection.js';
import { ListNodeTransportConnections } from './application/ListNodeTransportConnections.js';
import { RemoveTransportConnection } from './application/RemoveTransportConnection.js';
import { SetConnectionAuthentication } from './application/SetConnectionAuthentication.js';
import { SetConnectionUri } from './application/SetConnectionUri.js';
import { TransportConnectionController } from './interface/http/TransportConnectionController.js';

/** The transport-connection view's use cases and controller. */
export function bindTransport(bind: ContainerModuleLoadOptions['bind']): void {
  bind(GetTransportConnection).toSelf().inSingletonScope();
  bind(ListNodeTransportConnections).toSelf().inSingletonScope();
  bind(AddTransportConnection).toSelf().inSingletonScope();
  bind(RemoveTransportConnection).toSelf().inSingletonScope();
  bind(SetConnectionAuthentication).toSelf().inSingletonScope();
  bind(SetConnectionUri).toSelf().inSingletonScope();
  bind(TransportConnectionController).toSelf().inSingletonScope();
}

import type { Bind } from 'inversify';
import { AddWebServerConnector } from './application/AddWebServerConnector.js';
import { ConnectorWrites } from './application/ConnectorWrites.js';
import { GetWebServerConnectors } from './application/GetWebServerConnectors.js';
import { RemoveWebServerConnector } from './application/RemoveWebServerConnector.js';
import { SetWebServerConnectors } from './application/SetWebServerConnectors.js';
import { WebServerConnectorsController } from './interface/http/WebServerConnectorsController.js';

/** The web server connectors view's bindings, for ConfigurationModule. */
export function bindWebServerConnectors(bind: Bind): void {
  bind(ConnectorWrites).toSelf().inSingletonScope();
  bind(GetWebServerConnectors).toSelf().inSingletonScope();
  bind(SetWebServerConnectors).toSelf().inSingletonScope();
  bind(AddWebServerConnector).toSelf().inSingletonScope();
  bind(RemoveWebServerConnector).toSelf().inSingletonScope();
  bind(WebServerConnectorsController).toSelf().inSingletonScope();
}

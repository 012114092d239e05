import type { Bind } from 'inversify';
import { GetNodeCertificates } from './application/GetNodeCertificates.js';
import { SetNodeCertificates } from './application/SetNodeCertificates.js';
import { NodeCertificatesController } from './interface/http/NodeCertificatesController.js';

/** The node certificates view's bindings, for ConfigurationModule. */
export function bindCertificates(bind: Bind): void {
  bind(GetNodeCertificates).toSelf().inSingletonScope();
  bind(SetNodeCertificates).toSelf().inSingletonScope();
  bind(NodeCertificatesController).toSelf().inSingletonScope();
}

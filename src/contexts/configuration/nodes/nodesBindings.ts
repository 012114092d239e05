import type { ContainerModuleLoadOptions } from 'inversify';
import { AddProviderNode } from './application/AddProviderNode.js';
import { AddSipPhoneRegistrarNode } from './application/AddSipPhoneRegistrarNode.js';
import { AddSystemNode } from './application/AddSystemNode.js';
import { GetNode } from './application/GetNode.js';
import { GetNodeSubTreeObject } from './application/GetNodeSubTreeObject.js';
import { ListCollabCarrierNodes } from './application/ListCollabCarrierNodes.js';
import { ListNodes } from './application/ListNodes.js';
import { NodeAccess } from './application/NodeAccess.js';
import { NodeWizards } from './application/NodeWizards.js';
import { RemoveNode } from './application/RemoveNode.js';
import { SetNodeEnabled } from './application/SetNodeEnabled.js';
import { SetNodeNetworkSecurityProfile } from './application/SetNodeNetworkSecurityProfile.js';
import { SetNodeOverrideHostname } from './application/SetNodeOverrideHostname.js';
import { SetNodePort } from './application/SetNodePort.js';
import { SetNodeTenantFqdn } from './application/SetNodeTenantFqdn.js';
import { NodesController } from './interface/http/NodesController.js';

/** The nodes view's use cases and controller (ConfigurationModule calls this once). */
export function bindNodes(bind: ContainerModuleLoadOptions['bind']): void {
  for (const useCase of [
    NodeAccess,
    NodeWizards,
    ListNodes,
    ListCollabCarrierNodes,
    GetNode,
    GetNodeSubTreeObject,
    SetNodeEnabled,
    SetNodePort,
    SetNodeOverrideHostname,
    SetNodeNetworkSecurityProfile,
    SetNodeTenantFqdn,
    RemoveNode,
    AddSystemNode,
    AddProviderNode,
    AddSipPhoneRegistrarNode,
    NodesController,
  ] as ReadonlyArray<new (...args: never[]) => unknown>)
    bind(useCase).toSelf().inSingletonScope();
}

import { inject, injectable } from 'inversify';
import { DomainError } from '../../../../../shared/domain/DomainError.js';
import type { OperationRequest } from '../../../../../shared/interface/http/Operation.js';
import { Reply } from '../../../../../shared/interface/http/Reply.js';
import { SerializedAnswers } from '../../../../../shared/interface/http/SerializedAnswers.js';
import { validateDto } from '../../../../../shared/interface/http/validateDto.js';
import { renderObject } from '../../../graph/interface/http/objectRendering.js';
import type { ConfigObjectView } from '../../../graph/interface/http/ConfigObjectViews.js';
import type { NetworkPeer, ProviderProfile, SystemProfile } from '../../../profiles/domain/NodeProfile.js';
import { ProfileCatalog } from '../../../profiles/domain/ProfileCatalog.js';
import { AddProviderNode } from '../../application/AddProviderNode.js';
import { AddSipPhoneRegistrarNode } from '../../application/AddSipPhoneRegistrarNode.js';
import { AddSystemNode } from '../../application/AddSystemNode.js';
import { GetNode } from '../../application/GetNode.js';
import { GetNodeSubTreeObject } from '../../application/GetNodeSubTreeObject.js';
import { ListCollabCarrierNodes } from '../../application/ListCollabCarrierNodes.js';
import { ListNodes, type NodeEntry } from '../../application/ListNodes.js';
import { RemoveNode } from '../../application/RemoveNode.js';
import { SetNodeEnabled } from '../../application/SetNodeEnabled.js';
import { SetNodeNetworkSecurityProfile } from '../../application/SetNodeNetworkSecurityProfile.js';
import { SetNodeOverrideHostname } from '../../application/SetNodeOverrideHostname.js';
import { SetNodePort } from '../../application/SetNodePort.js';
import { SetNodeTenantFqdn } from '../../application/SetNodeTenantFqdn.js';
import type { Node, PortKind } from '../../domain/Node.js';
import type { WizardResult } from '../../domain/NodeWizard.js';
import { NODE_OBJECT_TYPES } from '../../domain/NodeSubTree.js';
import {
  AddProviderProfileDto,
  AddSipPhoneRegistrarProfileDto,
  AddSystemProfileDto,
  type NetworkPeerDto,
} from './NodeDtos.js';
import type { NodeEntryView, ProfileEntryView, ProviderProfileView, SystemProfileView } from './NodeViews.js';

function entry(node: { readonly id: string; readonly displayName: string }): NodeEntryView {
  return { id: node.id, displayName: node.displayName };
}

function systemProfileView(profile: SystemProfile): SystemProfileView {
  const { wizard: _wizard, ...fields } = profile;
  return {
    ...fields,
    routingDomains: [...fields.routingDomains],
    networkPeerWhitelist: fields.networkPeerWhitelist.map((peer) => ({ ...peer, dnsLookup: [...peer.dnsLookup] })),
  };
}

function providerProfileView(profile: ProviderProfile): ProviderProfileView {
  const { wizard: _wizard, ...fields } = profile;
  return {
    ...fields,
    routingDomains: [...fields.routingDomains],
    regions: fields.regions.map((r) => ({ ...r })),
    networkPeerWhitelist: fields.networkPeerWhitelist.map((peer) => ({ ...peer, dnsLookup: [...peer.dnsLookup] })),
  };
}

function created(result: WizardResult): NodeEntryView[] {
  return result.created.map(entry);
}

/** The raw body of port/set and tlsPort/set: a whole number 1–65535. */
function readPort(body: unknown, kind: PortKind): number {
  const text = typeof body === 'string' ? body.trim() : '';
  const port = /^\d{1,5}$/.test(text) ? Number(text) : NaN;
  if (!(port >= 1 && port <= 65535)) {
    throw DomainError.invalid(
      'INVALID_PORT',
      `the raw body must be the new ${kind === 'tlsPort' ? 'TLS' : 'UDP/TCP'} port, a whole number from 1 to 65535, got '${text.slice(0, 40)}'`,
      [{ field: kind, rule: 'port', message: `${kind} must be a whole number from 1 to 65535` }],
    );
  }
  return port;
}

/** A wizard body with its whitelist entries completed (dnsLookup may be left out or null). */
function wizardRequest<T extends { networkPeerWhitelist?: NetworkPeerDto[] | null }>(
  body: T,
): Omit<T, 'networkPeerWhitelist'> & { networkPeerWhitelist: NetworkPeer[] | undefined } {
  return {
    ...body,
    networkPeerWhitelist: body.networkPeerWhitelist?.map((peer) => ({ ...peer, dnsLookup: peer.dnsLookup ?? [] })),
  };
}

function rawText(body: unknown): string {
  return typeof body === 'string' ? body.trim() : '';
}

/** The Nodes operations (certificates and transportConnections are other modules'). */
@injectable()
export class NodesController {
  private readonly lists = new SerializedAnswers<readonly NodeEntry[]>();

  constructor(
    @inject(ListNodes) private readonly listNodes: ListNodes,
    @inject(ListCollabCarrierNodes) private readonly listCarriers: ListCollabCarrierNodes,
    @inject(GetNode) private readonly getNode: GetNode,
    @inject(GetNodeSubTreeObject) private readonly subTreeObject: GetNodeSubTreeObject,
    @inject(SetNodeEnabled) private readonly setEnabled: SetNodeEnabled,
    @inject(SetNodePort) private readonly setPort: SetNodePort,
    @inject(SetNodeOverrideHostname) private readonly setOverrideHostname: SetNodeOverrideHostname,
    @inject(SetNodeNetworkSecurityProfile) private readonly setSecurityProfile: SetNodeNetworkSecurityProfile,
    @inject(SetNodeTenantFqdn) private readonly setTenantFqdn: SetNodeTenantFqdn,
    @inject(RemoveNode) private readonly removeNode: RemoveNode,
    @inject(AddSystemNode) private readonly addSystemNode: AddSystemNode,
    @inject(AddProviderNode) private readonly addProviderNode: AddProviderNode,
    @inject(AddSipPhoneRegistrarNode) private readonly addRegistrarNode: AddSipPhoneRegistrarNode,
  ) {}

  /** NodeEntryView of every node, serialised once per working graph (see SerializedAnswers). */
  async list(request: OperationRequest): Promise<Reply> {
    const nodes = await this.listNodes.entries(request.lab);
    return this.lists.reply(nodes, undefined, () => nodes.map(entry));
  }

  async collabCarriers(request: OperationRequest): Promise<NodeEntryView[]> {
    return (await this.listCarriers.execute(request.lab)).map(entry);
  }

  async enable(request: OperationRequest) {
    await this.setEnabled.execute(request.lab, request.query.string('node'), true);
    return Reply.text('Node enabled');
  }

  async disable(request: OperationRequest) {
    await this.setEnabled.execute(request.lab, request.query.string('node'), false);
    return Reply.text('Node disabled');
  }

  async systemProfiles(request: OperationRequest): Promise<Array<ProfileEntryView | SystemProfileView>> {
    const complete = request.query.boolean('completeData', false);
    return ProfileCatalog.systemProfiles().map((p) => (complete ? systemProfileView(p) : entry(p)));
  }

  async providerProfiles(request: OperationRequest): Promise<Array<ProfileEntryView | ProviderProfileView>> {
    const complete = request.query.boolean('completeData', false);
    return ProfileCatalog.providerProfiles().map((p) => (complete ? providerProfileView(p) : entry(p)));
  }

  async addSystem(request: OperationRequest): Promise<NodeEntryView[]> {
    const profile = request.query.string('profile');
    const body = wizardRequest(validateDto(AddSystemProfileDto, request.body));
    return created(await this.addSystemNode.execute(request.lab, profile, body));
  }

  async addProvider(request: OperationRequest): Promise<NodeEntryView[]> {
    const profile = request.query.string('profile');
    const body = wizardRequest(validateDto(AddProviderProfileDto, request.body));
    return created(await this.addProviderNode.execute(request.lab, profile, body));
  }

  async addSipPhoneRegistrar(request: OperationRequest): Promise<NodeEntryView[]> {
    const body = wizardRequest(validateDto(AddSipPhoneRegistrarProfileDto, request.body));
    return created(await this.addRegistrarNode.execute(request.lab, body));
  }

  async remove(request: OperationRequest) {
    const node = request.query.string('node');
    const force = request.query.boolean('force', false);
    await this.removeNode.execute(request.lab, node, force);
    return Reply.empty();
  }

  async subTree(request: OperationRequest): Promise<ConfigObjectView> {
    const objectType = request.query.enum('objectType', NODE_OBJECT_TYPES);
    return renderObject(await this.subTreeObject.execute(request.lab, request.query.string('node'), objectType));
  }

  async port(request: OperationRequest) {
    return Reply.text(String((await this.node(request)).transport.udpTcpPort));
  }

  async setUdpTcpPort(request: OperationRequest) {
    const node = request.query.string('node');
    await this.setPort.execute(request.lab, node, 'udpTcpPort', readPort(request.body, 'udpTcpPort'));
    return Reply.empty();
  }

  async tlsPort(request: OperationRequest) {
    return Reply.text(String((await this.node(request)).transport.tlsPort));
  }

  async setTlsPort(request: OperationRequest) {
    const node = request.query.string('node');
    await this.setPort.execute(request.lab, node, 'tlsPort', readPort(request.body, 'tlsPort'));
    return Reply.empty();
  }

  async tenantFqdn(request: OperationRequest) {
    return Reply.text((await this.node(request)).tenant.tenantFqdn);
  }

  async setTenantFqdnOf(request: OperationRequest) {
    const node = request.query.string('node');
    await this.setTenantFqdn.execute(request.lab, node, rawText(request.body));
    return Reply.empty();
  }

  async overrideHostname(request: OperationRequest) {
    return Reply.text((await this.node(request)).userAgent.overrideHostname);
  }

  async setOverrideHostnameOf(request: OperationRequest) {
    const node = request.query.string('node');
    await this.setOverrideHostname.execute(request.lab, node, rawText(request.body));
    return Reply.empty();
  }

  async networkSecurityProfile(request: OperationRequest) {
    return Reply.text((await this.node(request)).transport.networkSecurityProfileId);
  }

  async setNetworkSecurityProfileOf(request: OperationRequest) {
    const node = request.query.string('node');
    await this.setSecurityProfile.execute(request.lab, node, rawText(request.body));
    return Reply.empty();
  }

  private node(request: OperationRequest): Promise<Node> {
    return this.getNode.execute(request.lab, request.query.string('node'));
  }
}

import { operation, type QueryParameterSpec } from '../../../../../shared/interface/http/Operation.js';
import { ConfigObjectView } from '../../../graph/interface/http/ConfigObjectViews.js';
import { NODE_OBJECT_TYPES } from '../../domain/NodeSubTree.js';
import { NodesController } from './NodesController.js';
import { AddProviderProfileDto, AddSipPhoneRegistrarProfileDto, AddSystemProfileDto } from './NodeDtos.js';
import { NodeEntryView, ProfileEntryView, ProviderProfileView, SystemProfileView } from './NodeViews.js';

const area = 'Nodes';
const READ = ['API', 'CFG-R'] as const;
const WRITE = ['API', 'CFG-W'] as const;
const NODE: QueryParameterSpec = { name: 'node', type: 'string', required: true, description: 'the node: id (either id shape) or display name' };
const COMPLETE: QueryParameterSpec = { name: 'completeData', type: 'boolean', description: 'true: every field of each profile; false or absent: id and displayName' };

/**
 * 21 of the 24 Nodes operations (certificates/get, certificates/set and transportConnections/get are other
 * modules'). Getters of a single value answer it as text/plain; setters take it as the raw body.
 */
export const nodesOperations = [
  operation({
    area, method: 'GET', path: '/api/nodes/get', version: 0, permissions: READ, body: 'none',
    summary: 'Every node (SIP, collaboration-platform, UCMA, WebRTC, CAPI) as {id, displayName}',
    response: { kind: 'json', shape: NodeEntryView, array: true },
    controller: NodesController, handle: (c, r) => c.list(r),
  }),
  operation({
    area, method: 'POST', path: '/api/nodes/enable', version: 0, permissions: WRITE, body: 'none',
    summary: 'Enable a node', query: [NODE],
    response: { kind: 'text', example: 'Node enabled' },
    controller: NodesController, handle: (c, r) => c.enable(r),
  }),
  operation({
    area, method: 'POST', path: '/api/nodes/disable', version: 0, permissions: WRITE, body: 'none',
    summary: 'Disable a node', query: [NODE],
    response: { kind: 'text', example: 'Node disabled' },
    controller: NodesController, handle: (c, r) => c.disable(r),
  }),
  operation({
    area, method: 'GET', path: '/api/nodes/systemProfiles/get', version: 0, permissions: READ, body: 'none',
    summary: 'The built-in system profiles (PBXs, collaboration platforms)', query: [COMPLETE],
    response: { kind: 'oneOf', of: [{ shape: ProfileEntryView, array: true, when: 'completeData false or absent' }, { shape: SystemProfileView, array: true, when: 'completeData=true' }] },
    controller: NodesController, handle: (c, r) => c.systemProfiles(r),
  }),
  operation({
    area, method: 'GET', path: '/api/nodes/collabTeamsCarriers/get', version: 0, permissions: READ, body: 'none',
    summary: 'The collaboration-platform carrier nodes (TELCOLLAB_STACK with connectivity CARRIER)',
    response: { kind: 'json', shape: NodeEntryView, array: true },
    controller: NodesController, handle: (c, r) => c.collabCarriers(r),
  }),
  operation({
    area, method: 'POST', path: '/api/nodes/addSystem', version: 3, permissions: WRITE, body: 'json',
    summary: 'Create a system node and its sub-graph from a system profile; answers every object created, the node first',
    query: [{ name: 'profile', type: 'string', required: true, description: 'id of a system profile (nodes/systemProfiles/get)' }],
    request: AddSystemProfileDto, response: { kind: 'json', shape: NodeEntryView, array: true },
    controller: NodesController, handle: (c, r) => c.addSystem(r),
  }),
  operation({
    area, method: 'GET', path: '/api/nodes/providerProfiles/get', version: 0, permissions: READ, body: 'none',
    summary: 'The built-in provider profiles (SIP trunk carriers and their regions)', query: [COMPLETE],
    response: { kind: 'oneOf', of: [{ shape: ProfileEntryView, array: true, when: 'completeData false or absent' }, { shape: ProviderProfileView, array: true, when: 'completeData=true' }] },
    controller: NodesController, handle: (c, r) => c.providerProfiles(r),
  }),
  operation({
    area, method: 'POST', path: '/api/nodes/addProvider', version: 2, permissions: WRITE, body: 'json',
    summary: 'Create a provider node and its sub-graph from a provider profile; answers every object created, the node first',
    query: [{ name: 'profile', type: 'string', required: true, description: 'id of a provider profile (nodes/providerProfiles/get)' }],
    request: AddProviderProfileDto, response: { kind: 'json', shape: NodeEntryView, array: true },
    controller: NodesController, handle: (c, r) => c.addProvider(r),
  }),
  operation({
    area, method: 'POST', path: '/api/nodes/addSipPhoneRegistrar', version: 0, permissions: WRITE, body: 'json',
    summary: 'Create a SIP phone registrar node and its sub-graph; answers every object created, the node first',
    request: AddSipPhoneRegistrarProfileDto, response: { kind: 'json', shape: NodeEntryView, array: true },
    controller: NodesController, handle: (c, r) => c.addSipPhoneRegistrar(r),
  }),
  operation({
    area, method: 'DELETE', path: '/api/nodes/remove', version: 0, permissions: WRITE, body: 'none',
    summary: 'Remove a node and its wizard sub-graph; refused (409, referrers named) while referenced unless force=true',
    query: [NODE, { name: 'force', type: 'boolean', description: 'remove even while other objects reference the node (their references dangle; a commit refuses them)' }],
    response: { kind: 'empty' },
    controller: NodesController, handle: (c, r) => c.remove(r),
  }),
  operation({
    area, method: 'GET', path: '/api/nodes/subTreeObject/get', version: 0, permissions: READ, body: 'none',
    summary: 'The object of the node graph an objectType selects, as objects/get shows it',
    query: [NODE, { name: 'objectType', type: 'string', required: true, values: NODE_OBJECT_TYPES, description: 'which object of the node graph' }],
    response: { kind: 'json', shape: ConfigObjectView },
    controller: NodesController, handle: (c, r) => c.subTree(r),
  }),
  operation({
    area, method: 'GET', path: '/api/nodes/port/get', version: 0, permissions: READ, body: 'none',
    summary: 'The UDP/TCP port of the node (text)', query: [NODE],
    response: { kind: 'text', example: '5060' },
    controller: NodesController, handle: (c, r) => c.port(r),
  }),
  operation({
    area, method: 'PUT', path: '/api/nodes/port/set', version: 0, permissions: WRITE, body: 'text',
    summary: 'Set the UDP/TCP port of the node (raw body 1–65535); refused (409) while another listener holds it', query: [NODE],
    response: { kind: 'empty' },
    controller: NodesController, handle: (c, r) => c.setUdpTcpPort(r),
  }),
  operation({
    area, method: 'GET', path: '/api/nodes/tlsPort/get', version: 0, permissions: READ, body: 'none',
    summary: 'The TLS port of the node (text)', query: [NODE],
    response: { kind: 'text', example: '5061' },
    controller: NodesController, handle: (c, r) => c.tlsPort(r),
  }),
  operation({
    area, method: 'PUT', path: '/api/nodes/tlsPort/set', version: 0, permissions: WRITE, body: 'text',
    summary: 'Set the TLS port of the node (raw body 1–65535); refused (409) while another listener holds it', query: [NODE],
    response: { kind: 'empty' },
    controller: NodesController, handle: (c, r) => c.setTlsPort(r),
  }),
  operation({
    area, method: 'GET', path: '/api/nodes/tenants/fqdn/get', version: 0, permissions: READ, body: 'none',
    summary: 'The tenant FQDN of a collaboration-platform node (text); other nodes: 409', query: [NODE],
    response: { kind: 'text', example: 'customer.example.com' },
    controller: NodesController, handle: (c, r) => c.tenantFqdn(r),
  }),
  operation({
    area, method: 'PUT', path: '/api/nodes/tenants/fqdn/set', version: 0, permissions: WRITE, body: 'text',
    summary: 'Set the tenant FQDN of a collaboration-platform node (raw body)', query: [NODE],
    response: { kind: 'empty' },
    controller: NodesController, handle: (c, r) => c.setTenantFqdnOf(r),
  }),
  operation({
    area, method: 'GET', path: '/api/nodes/overrideHostname/get', version: 0, permissions: READ, body: 'none',
    summary: 'The host name or FQDN the node\'s SIP user agent uses instead of its address (text; empty when none)', query: [NODE],
    response: { kind: 'text', example: 'sbc.example.com' },
    controller: NodesController, handle: (c, r) => c.overrideHostname(r),
  }),
  operation({
    area, method: 'PUT', path: '/api/nodes/overrideHostname/set', version: 0, permissions: WRITE, body: 'text',
    summary: 'Set the override host name or FQDN of the node (raw body; empty clears it)', query: [NODE],
    response: { kind: 'empty' },
    controller: NodesController, handle: (c, r) => c.setOverrideHostnameOf(r),
  }),
  operation({
    area, method: 'GET', path: '/api/nodes/networkSecurityProfileName/get', version: 0, permissions: READ, body: 'none',
    summary: 'The id of the node\'s network security profile (text; empty when none)', query: [NODE],
    response: { kind: 'text', example: '3f1c0a9e-5b7d-4c2a-9e1f-0a2b3c4d5e6f' },
    controller: NodesController, handle: (c, r) => c.networkSecurityProfile(r),
  }),
  operation({
    area, method: 'PUT', path: '/api/nodes/networkSecurityProfileName/set', version: 0, permissions: WRITE, body: 'text',
    summary: 'Set the node\'s network security profile (raw body: id or display name of an INS_STACK object)', query: [NODE],
    response: { kind: 'empty' },
    controller: NodesController, handle: (c, r) => c.setNetworkSecurityProfileOf(r),
  }),
];

import { operation, type QueryParameterSpec } from '../../../../../shared/interface/http/Operation.js';
import {
  AddPlainConnectionDto, AddSipLoadBalancingDto, AddSipRegistrarDto, AddSrvLoadBalancerDto, AddStandardConnectionDto, AssertedUriDto, CredentialsDto,
} from './TransportConnectionDtos.js';
import { TransportConnectionController } from './TransportConnectionController.js';
import {
  AssertedUriView, NodeTransportConnectionView, PlainTransportConnectionView, SipCredentialsView, SipLoadBalancingTransportConnectionView,
  SipRegistrationAsTransportConnectionView, SrvLoadBalancerView, StandardTransportConnectionView,
} from './TransportConnectionViews.js';

const area = 'Transport connections';
const CONNECTION: QueryParameterSpec = { name: 'transportConnection', type: 'string', required: true, description: 'the transport connection: id (either shape) or display name' };
const DISPLAY_NAME: QueryParameterSpec = { name: 'displayName', type: 'string', required: true, description: 'display name of the new connection (unique among transport connections)' };

/**
 * The 13 transport-connection operations and nodes/transportConnections/get (area Nodes). Reads answer from
 * memory; every write goes through the working configuration. Shapes and decisions: TRANSPORT_CONNECTIONS.md.
 */
export const transportOperations = [
  operation({
    area: 'Nodes', method: 'GET', path: '/api/nodes/transportConnections/get', version: 0, permissions: ['API', 'CFG-R'], body: 'none',
    summary: 'The transport connections of a node, in priority order',
    query: [{ name: 'node', type: 'string', required: true, description: 'the node: id (either shape) or display name' }],
    response: { kind: 'json', shape: NodeTransportConnectionView, array: true },
    controller: TransportConnectionController, handle: (c, r) => c.ofNode(r),
  }),
  operation({
    area, method: 'GET', path: '/api/transportConnections/get', version: 0, permissions: ['API', 'CFG-R'], body: 'none',
    summary: 'One transport connection of any kind, in its kind\'s shape (type says which)',
    query: [{ name: 'id', type: 'string', required: true, description: 'the transport connection: id (either shape) or display name' }],
    response: {
      kind: 'oneOf', of: [
        { shape: StandardTransportConnectionView, when: 'type STANDARD' },
        { shape: PlainTransportConnectionView, when: 'type PLAIN' },
        { shape: SipLoadBalancingTransportConnectionView, when: 'type SIP_LOAD_BALANCING' },
        { shape: SipRegistrationAsTransportConnectionView, when: 'type SIP_REGISTRATION' },
        { shape: SrvLoadBalancerView, when: 'type SRV_LOAD_BALANCER' },
      ],
    },
    controller: TransportConnectionController, handle: (c, r) => c.get(r),
  }),
  operation({
    area, method: 'PUT', path: '/api/transportConnections/addStandard', version: 0, permissions: ['API', 'CFG-W'], body: 'json',
    summary: 'Add a standard transport connection (proxy, optional registration) to a node',
    query: [DISPLAY_NAME], request: AddStandardConnectionDto, response: { kind: 'json', shape: StandardTransportConnectionView },
    controller: TransportConnectionController, handle: (c, r) => c.add(r, 'STANDARD'),
  }),
  operation({
    area, method: 'PUT', path: '/api/transportConnections/addPlain', version: 0, permissions: ['API', 'CFG-W'], body: 'json',
    summary: 'Add a plain transport connection (straight to a destination) to a node',
    query: [DISPLAY_NAME], request: AddPlainConnectionDto, response: { kind: 'json', shape: PlainTransportConnectionView },
    controller: TransportConnectionController, handle: (c, r) => c.add(r, 'PLAIN'),
  }),
  operation({
    area, method: 'PUT', path: '/api/transportConnections/addSipLoadBalancing', version: 0, permissions: ['API', 'CFG-W'], body: 'json',
    summary: 'Add a SIP load balancing connection over other transport connections to a node',
    query: [DISPLAY_NAME], request: AddSipLoadBalancingDto, response: { kind: 'json', shape: SipLoadBalancingTransportConnectionView },
    controller: TransportConnectionController, handle: (c, r) => c.add(r, 'SIP_LOAD_BALANCING'),
  }),
  operation({
    area, method: 'PUT', path: '/api/transportConnections/addSipRegistrar', version: 0, permissions: ['API', 'CFG-W'], body: 'json',
    summary: 'Add a SIP registration used as a transport connection to a node',
    query: [{ ...DISPLAY_NAME, description: 'display name of the registration (unique among transport connections)' }],
    request: AddSipRegistrarDto, response: { kind: 'json', shape: SipRegistrationAsTransportConnectionView },
    controller: TransportConnectionController, handle: (c, r) => c.add(r, 'SIP_REGISTRATION'),
  }),
  operation({
    area, method: 'PUT', path: '/api/transportConnections/addSrvLoadBalancer', version: 0, permissions: ['API', 'CFG-W'], body: 'json',
    summary: 'Add a DNS SRV load balancer to a node',
    query: [DISPLAY_NAME], request: AddSrvLoadBalancerDto, response: { kind: 'json', shape: SrvLoadBalancerView },
    controller: TransportConnectionController, handle: (c, r) => c.add(r, 'SRV_LOAD_BALANCER'),
  }),
  operation({
    area, method: 'DELETE', path: '/api/transportConnections/remove', version: 0, permissions: ['API', 'CFG-W'], body: 'none',
    summary: 'Remove a transport connection (and take it out of its node); refused while other objects use it unless force',
    query: [CONNECTION, { name: 'force', type: 'boolean', description: 'remove even when other objects refer to it (taken out of their lists; route references are left dangling)' }],
    response: { kind: 'empty' },
    controller: TransportConnectionController, handle: (c, r) => c.remove(r),
  }),
  operation({
    area, method: 'GET', path: '/api/transportConnections/authentication/get', version: 0, permissions: ['API', 'CFG-R'], body: 'none',
    summary: 'Whether and with which credentials a connection authenticates (never the password)',
    query: [CONNECTION], response: { kind: 'json', shape: SipCredentialsView },
    controller: TransportConnectionController, handle: (c, r) => c.authentication(r),
  }),
  operation({
    area, method: 'PUT', path: '/api/transportConnections/authentication/set', version: 0, permissions: ['API', 'CFG-W'], body: 'json',
    summary: 'Set the user name and password a connection authenticates with, and enable authentication',
    query: [CONNECTION], request: CredentialsDto, response: { kind: 'json', shape: SipCredentialsView },
    controller: TransportConnectionController, handle: (c, r) => c.setAuthenticationOf(r),
  }),
  operation({
    area, method: 'GET', path: '/api/transportConnections/assertedUri/get', version: 0, permissions: ['API', 'CFG-R'], body: 'none',
    summary: 'The identity a connection asserts (P-Asserted-Identity)',
    query: [CONNECTION], response: { kind: 'json', shape: AssertedUriView },
    controller: TransportConnectionController, handle: (c, r) => c.uri(r, 'assertedUri'),
  }),
  operation({
    area, method: 'PUT', path: '/api/transportConnections/assertedUri/set', version: 0, permissions: ['API', 'CFG-W'], body: 'json',
    summary: 'Set (or, with an empty uri, clear) the identity a connection asserts',
    query: [CONNECTION], request: AssertedUriDto, response: { kind: 'json', shape: AssertedUriView },
    controller: TransportConnectionController, handle: (c, r) => c.setUriOf(r, 'assertedUri'),
  }),
  operation({
    area, method: 'GET', path: '/api/transportConnections/addressOfRecord/get', version: 0, permissions: ['API', 'CFG-R'], body: 'none',
    summary: 'The address of record a connection registers (standard and SIP registration kinds)',
    query: [CONNECTION], response: { kind: 'json', shape: AssertedUriView },
    controller: TransportConnectionController, handle: (c, r) => c.uri(r, 'addressOfRecord'),
  }),
  operation({
    area, method: 'PUT', path: '/api/transportConnections/addressOfRecord/set', version: 0, permissions: ['API', 'CFG-W'], body: 'json',
    summary: 'Set the address of record a connection registers (a SIP or SIPS URI)',
    query: [CONNECTION], request: AssertedUriDto, response: { kind: 'json', shape: AssertedUriView },
    controller: TransportConnectionController, handle: (c, r) => c.setUriOf(r, 'addressOfRecord'),
  }),
];

import { inject, injectable } from 'inversify';
import { DomainError } from '../../../../shared/domain/DomainError.js';
import { IdGenerator } from '../../../../shared/domain/IdGenerator.js';
import type { LabId } from '../../../../shared/domain/LabId.js';
import { WorkingConfiguration } from '../../graph/application/WorkingConfiguration.js';
import type { ConfigObject } from '../../graph/domain/ConfigObject.js';
import { resolveObject, type GraphView } from '../../graph/domain/GraphView.js';
import { isIpAddress } from '../../graph/domain/catalog/ParameterType.js';
import { checkRouterPorts, RequestRouter, type ForwardingMode, type RouterPorts } from '../domain/RequestRouter.js';
import { CONTROLLER_SORT, RequestRouterMapper, TRANSPORT_SORT } from '../domain/RequestRouterMapper.js';
import { freeName } from '../../graph/application/viewWrites.js';
import { networkOf } from '../../nodes/domain/NodePorts.js';
import { checkAgainstCatalog, checkNameFree, checkPortsFree } from './routerGraph.js';

export type ControllerChoice =
  | { readonly create: true; readonly ipAddress: string }
  /** An existing network controller (id or display name); when omitted, the first by display name. */
  | { readonly create: false; readonly networkController?: string };

export interface NewRequestRouter {
  readonly name: string;
  readonly routingTargets: readonly string[];
  readonly useLocalNode: boolean;
  readonly forwardingMode: ForwardingMode;
  readonly ports: RouterPorts;
  readonly controller: ControllerChoice;
}

/**
 * Creates a request router with its own SIP transport (both edges) on a new or an existing network
 * controller. The transport's ports must be free where it listens: on its controller's address (409
 * SIP_PORT_IN_USE naming the holder; see checkPortsFree). All three objects are stored together or none is.
 */
@injectable()
export class AddRequestRouter {
  constructor(
    @inject(WorkingConfiguration) private readonly working: WorkingConfiguration,
    @inject(IdGenerator) private readonly ids: IdGenerator,
  ) {}

  execute(lab: LabId, request: NewRequestRouter): Promise<RequestRouter> {
    return this.working.run(lab, async () => {
      const graph = await this.working.graph(lab);
      const routerId = this.ids.uuid();
      const transportId = this.ids.uuid();
      checkRouterPorts(request.ports);
      const router = renamedFields(
        () =>
          new RequestRouter({
            id: routerId,
            displayName: request.name,
            forwardingMode: request.forwardingMode,
            useLocalNode: request.useLocalNode,
            routingTargets: request.routingTargets,
            incomingEdgeSipTransportId: transportId,
            outgoingEdgeSipTransportId: transportId,
            routeConnectionIds: [],
            operationalStateConditionId: undefined,
            udpPortRange: request.ports.udpPortRange,
            primarySideOptions: { recordRoute: true, topologyHiding: false, maxForwards: 70 },
            secondarySideOptions: { recordRoute: true, topologyHiding: false, maxForwards: 70 },
          }),
      );
      checkNameFree(graph, router.displayName, router.id, 'requestRouterName');
      const created: ConfigObject[] = [];
      const controllerId = this.controller(lab, graph, request, routerId, created);
      const network =
        request.controller.create === true
          ? { controllerId, ipAddress: request.controller.ipAddress }
          : networkOf(graph, controllerId);
      checkPortsFree(graph, request.ports, network);
      created.push(
        RequestRouterMapper.newTransport(
          lab,
          transportId,
          freeName(graph, TRANSPORT_SORT, `${router.displayName} SIP transport`),
          controllerId,
          request.ports,
          routerId,
        ),
      );
      created.push(RequestRouterMapper.toObject(lab, router, undefined));
      checkAgainstCatalog(graph, ...created);
      await this.working.beforeChange(lab);
      await this.working.save(...created);
      return RequestRouterMapper.fromObject(created[created.length - 1]!);
    });
  }

  private controller(
    lab: LabId,
    graph: GraphView,
    request: NewRequestRouter,
    routerId: string,
    created: ConfigObject[],
  ): string {
    const choice = request.controller;
    if (choice.create) {
      if (!isIpAddress(choice.ipAddress)) {
        throw DomainError.invalid(
          'REQUEST_ROUTER_INVALID',
          `networkControllerOptions.newNetworkControllerIpAddress must be an IPv4 or IPv6 address, got '${choice.ipAddress.slice(0, 60)}'`,
          [
            {
              field: 'networkControllerOptions.newNetworkControllerIpAddress',
              rule: 'ipAddress',
              message: 'networkControllerOptions.newNetworkControllerIpAddress must be an IPv4 or IPv6 address',
            },
          ],
        );
      }
      const controller = RequestRouterMapper.newController(
        lab,
        this.ids.uuid(),
        freeName(graph, CONTROLLER_SORT, `${request.name.trim()} network controller`),
        choice.ipAddress,
        routerId,
      );
      created.push(controller);
      return controller.id;
    }
    if (choice.networkController !== undefined) {
      try {
        return resolveObject(graph, choice.networkController, [CONTROLLER_SORT], 'Network controller').id;
      } catch {
        throw DomainError.invalid(
          'REQUEST_ROUTER_INVALID',
          `networkControllerOptions.networkControllerId: no network controller has the id or name '${choice.networkController.slice(0, 80)}'`,
          [
            {
              field: 'networkControllerOptions.networkControllerId',
              rule: 'exists',
              message: 'networkControllerOptions.networkControllerId must name an existing network controller',
            },
          ],
        );
      }
    }
    const first = graph.ofSort(CONTROLLER_SORT)[0];
    if (!first) {
      throw DomainError.invalid(
        'REQUEST_ROUTER_INVALID',
        'the configuration has no network controller: send networkControllerOptions.createNewNetworkController=true with an address',
        [
          {
            field: 'networkControllerOptions.createNewNetworkController',
            rule: 'required',
            message: 'no network controller exists to use',
          },
        ],
      );
    }
    return first.id;
  }
}

/** The router's own checks name `displayName` and `udpPortRange`; the add request calls them requestRouterName and portOptions.udpPortRange. */
function renamedFields<T>(work: () => T): T {
  try {
    return work();
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    const rename = (text: string): string =>
      text.replace(/\bdisplayName\b/g, 'requestRouterName').replace(/\budpPortRange\b/g, 'portOptions.udpPortRange');
    throw new DomainError(
      error.code,
      error.kind,
      rename(error.message),
      error.details.map((d) => ({ ...d, ...(d.field ? { field: rename(d.field) } : {}), message: rename(d.message) })),
    );
  }
}

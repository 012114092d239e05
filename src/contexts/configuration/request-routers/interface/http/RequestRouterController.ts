import { inject, injectable } from 'inversify';
import type { OperationRequest } from '../../../../../shared/interface/http/Operation.js';
import { Reply } from '../../../../../shared/interface/http/Reply.js';
import { validateDto } from '../../../../../shared/interface/http/validateDto.js';
import { canonicalObjectId } from '../../../graph/domain/ObjectId.js';
import { AddRequestRouter } from '../../application/AddRequestRouter.js';
import { ListRequestRouters } from '../../application/ListRequestRouters.js';
import { RemoveRequestRouter } from '../../application/RemoveRequestRouter.js';
import { SetRequestRouter, type RequestRouterChange } from '../../application/SetRequestRouter.js';
import type { SideOptions } from '../../domain/RequestRouter.js';
import { AddRequestRouterDto, SetRequestRouterDto, type SideOptionsDto } from './RequestRouterDtos.js';
import { renderRouter, type RequestRouterView } from './RequestRouterViews.js';

const DEFAULT_RANGE = { firstPort: 9000, lastPort: 12000 };

/** An id in canonical form when it is one, else as sent (the use case names it as unknown). */
function idOf(text: string): string {
  return canonicalObjectId(text) ?? text;
}

/** Fields sent (not null) only. */
function present<T extends object>(value: T): Partial<{ [K in keyof T]: NonNullable<T[K]> }> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== null && v !== undefined)) as never;
}

function side(dto: SideOptionsDto | null | undefined): Partial<SideOptions> | undefined {
  return dto ? present(dto) : undefined;
}

/** requestRouters/get, add, set, remove. */
@injectable()
export class RequestRouterController {
  constructor(
    @inject(ListRequestRouters) private readonly listRouters: ListRequestRouters,
    @inject(AddRequestRouter) private readonly addRouter: AddRequestRouter,
    @inject(SetRequestRouter) private readonly setRouter: SetRequestRouter,
    @inject(RemoveRequestRouter) private readonly removeRouter: RemoveRequestRouter,
  ) {}

  async get(request: OperationRequest): Promise<RequestRouterView[]> {
    const named = request.query.optionalString('requestRouter');
    return (
      await this.listRouters.execute(request.lab, named === undefined || named.trim() === '' ? undefined : named)
    ).map(renderRouter);
  }

  async add(request: OperationRequest): Promise<RequestRouterView> {
    const dto = validateDto(AddRequestRouterDto, request.body);
    const controller = dto.networkControllerOptions ?? {};
    const router = await this.addRouter.execute(request.lab, {
      name: dto.requestRouterName,
      routingTargets: dto.routingTargets ?? [],
      useLocalNode: dto.useLocalNode ?? false,
      forwardingMode: dto.forwardingMode ?? 'BI_DIRECTIONAL',
      ports: {
        udpTcpPort: dto.portOptions.udpTcpPort,
        tlsPort: dto.portOptions.tlsPort,
        tcpPortRange: dto.portOptions.tcpPortRange ?? DEFAULT_RANGE,
        udpPortRange: dto.portOptions.udpPortRange ?? DEFAULT_RANGE,
      },
      controller: controller.createNewNetworkController
        ? { create: true, ipAddress: controller.newNetworkControllerIpAddress ?? '' }
        : {
            create: false,
            ...(controller.networkControllerId ? { networkController: controller.networkControllerId } : {}),
          },
    });
    return renderRouter(router);
  }

  async set(request: OperationRequest): Promise<RequestRouterView> {
    const routerText = request.query.string('requestRouter');
    const dto = validateDto(SetRequestRouterDto, request.body);
    const reference = (value: string | null | undefined): string | null | undefined =>
      value === undefined ? undefined : value === null ? null : idOf(value);
    const change: RequestRouterChange = {
      ...(dto.id !== undefined && dto.id !== null ? { id: idOf(dto.id) } : {}),
      ...(dto.displayName !== undefined && dto.displayName !== null ? { displayName: dto.displayName } : {}),
      ...(dto.forwardingMode ? { forwardingMode: dto.forwardingMode } : {}),
      ...(dto.useLocalNode !== undefined && dto.useLocalNode !== null ? { useLocalNode: dto.useLocalNode } : {}),
      ...(dto.routingTargets ? { routingTargets: dto.routingTargets } : {}),
      ...(dto.routes ? { routeConnectionIds: dto.routes.map((r) => idOf(r.transportConnectionId)) } : {}),
      incomingEdgeSipTransportId: reference(dto.incomingEdgeSipTransportId),
      outgoingEdgeSipTransportId: reference(dto.outgoingEdgeSipTransportId),
      operationalStateConditionId: reference(dto.operationalStateConditionId),
      ...(dto.udpPortRange ? { udpPortRange: present(dto.udpPortRange) } : {}),
      ...(dto.primarySideOptions ? { primarySideOptions: side(dto.primarySideOptions) } : {}),
      ...(dto.secondarySideOptions ? { secondarySideOptions: side(dto.secondarySideOptions) } : {}),
    };
    return renderRouter(await this.setRouter.execute(request.lab, routerText, change));
  }

  async remove(request: OperationRequest): Promise<Reply> {
    await this.removeRouter.execute(request.lab, request.query.string('requestRouter'));
    return Reply.empty();
  }
}

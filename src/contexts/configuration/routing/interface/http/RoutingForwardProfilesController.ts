import { inject, injectable } from 'inversify';
import type { OperationRequest } from '../../../../../shared/interface/http/Operation.js';
import { validateDto } from '../../../../../shared/interface/http/validateDto.js';
import { AddRoutingForwardProfile } from '../../application/AddRoutingForwardProfile.js';
import { ListRoutingForwardProfiles } from '../../application/ListRoutingForwardProfiles.js';
import { AddRoutingForwardProfileDto, flagsFrom } from './RoutingForwardProfileDtos.js';
import { RoutingForwardProfileView, type RoutingForwardProfileEntryView } from './RoutingForwardProfileViews.js';

/** routingForwardProfiles/get and /add. */
@injectable()
export class RoutingForwardProfilesController {
  constructor(
    @inject(ListRoutingForwardProfiles) private readonly list: ListRoutingForwardProfiles,
    @inject(AddRoutingForwardProfile) private readonly addProfile: AddRoutingForwardProfile,
  ) {}

  /** completeData=true: every profile with its configuration; false or left out: only id and display name. */
  async get(request: OperationRequest): Promise<RoutingForwardProfileView[] | RoutingForwardProfileEntryView[]> {
    const complete = request.query.boolean('completeData', false);
    const profiles = await this.list.execute(request.lab);
    return complete
      ? profiles.map((p) => RoutingForwardProfileView.of(p))
      : profiles.map((p) => ({ id: p.id, displayName: p.displayName }));
  }

  async add(request: OperationRequest): Promise<RoutingForwardProfileView> {
    const dto = validateDto(AddRoutingForwardProfileDto, request.body);
    const calling = flagsFrom(dto.signalingForwardingFromCallingToCalled);
    const called = flagsFrom(dto.signalingForwardingFromCalledToCalling);
    const profile = await this.addProfile.execute(request.lab, {
      displayName: dto.displayName,
      ...(dto.announcementIncoming != null ? { announcementIncoming: dto.announcementIncoming } : {}),
      ...(dto.announcementOutgoing != null ? { announcementOutgoing: dto.announcementOutgoing } : {}),
      ...(dto.earlyMediaPassThrough != null ? { earlyMediaPassThrough: dto.earlyMediaPassThrough } : {}),
      ...(dto.removeCoreFromSignalingPath != null
        ? { removeCoreFromSignalingPath: dto.removeCoreFromSignalingPath }
        : {}),
      ...(calling ? { fromCallingToCalled: calling } : {}),
      ...(called ? { fromCalledToCalling: called } : {}),
    });
    return RoutingForwardProfileView.of(profile);
  }
}

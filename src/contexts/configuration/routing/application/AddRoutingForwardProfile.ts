import { freeName } from '../../graph/application/viewWrites.js';
import { inject, injectable } from 'inversify';
import { IdGenerator } from '../../../../shared/domain/IdGenerator.js';
import type { LabId } from '../../../../shared/domain/LabId.js';
import { WorkingConfiguration } from '../../graph/application/WorkingConfiguration.js';
import { ConfigObject } from '../../graph/domain/ConfigObject.js';
import { ObjectRules } from '../../graph/domain/ObjectRules.js';
import { SortCatalog } from '../../graph/domain/catalog/SortCatalog.js';
import { RoutingForwardProfile } from '../domain/RoutingForwardProfile.js';
import { RoutingForwardProfileMapper } from '../domain/RoutingForwardProfileMapper.js';
import { refuseInvalid, refuseNameTaken } from '../../graph/application/viewWrites.js';

export interface AddRoutingForwardProfileRequest {
  readonly displayName: string;
  /** Left out: the catalog's defaults (earlyMediaPassThrough true, the others false). */
  readonly announcementIncoming?: boolean;
  readonly announcementOutgoing?: boolean;
  readonly earlyMediaPassThrough?: boolean;
  readonly removeCoreFromSignalingPath?: boolean;
  /** The flags forwarded in each direction; left out: the forwarding stack's defaults (ADDRESS). */
  readonly fromCallingToCalled?: readonly string[];
  readonly fromCalledToCalling?: readonly string[];
}

/**
 * Creates a routing forward profile as the real product's wizard does: the TELRT_FORWARDER_DOMAIN, its own
 * telephony forwarding stack (TELFW_STACK, profile STANDARD, named "<name> forwarding") and that stack's media
 * negotiation forwarder (MNS_FORWARDER_DOMAIN, TRANSCODING, "<name> media forwarder") on the lab's first media
 * transcoding options (MEDIA_PUMP_DOMAIN by display name; a new "<name> transcoding options" when there is none).
 * The profile's name must be free (409); the helper objects take the next free name of their sort.
 */
@injectable()
export class AddRoutingForwardProfile {
  constructor(
    @inject(WorkingConfiguration) private readonly working: WorkingConfiguration,
    @inject(IdGenerator) private readonly ids: IdGenerator,
  ) {}

  execute(lab: LabId, request: AddRoutingForwardProfileRequest): Promise<RoutingForwardProfile> {
    return this.working.run(lab, async () => {
      const graph = await this.working.graph(lab);
      const name = request.displayName.trim();
      let transcoding = graph.ofSort('MEDIA_PUMP_DOMAIN')[0];
      const extra: ConfigObject[] = [];
      if (!transcoding && name !== '') {
        transcoding = ConfigObject.create(lab, {
          id: this.ids.uuid(),
          sort: 'MEDIA_PUMP_DOMAIN',
          displayName: freeName(graph, 'MEDIA_PUMP_DOMAIN', `${name} transcoding options`),
          ...ObjectRules.complete('MEDIA_PUMP_DOMAIN', undefined, {}, {}),
        });
        extra.push(transcoding);
      }
      const defaults = SortCatalog.defaults('TELRT_FORWARDER_DOMAIN');
      const stackDefaults = SortCatalog.defaults('TELFW_STACK');
      const flag = (name: keyof AddRoutingForwardProfileRequest): boolean =>
        (request[name] as boolean | undefined) ?? defaults[name] === true;
      const profile = new RoutingForwardProfile({
        id: this.ids.uuid(),
        displayName: request.displayName,
        announcementIncoming: flag('announcementIncoming'),
        announcementOutgoing: flag('announcementOutgoing'),
        earlyMediaPassThrough: flag('earlyMediaPassThrough'),
        removeCoreFromSignalingPath: flag('removeCoreFromSignalingPath'),
        telephonyForwardingStack: {
          id: this.ids.uuid(),
          displayName: freeName(graph, 'TELFW_STACK', `${name} forwarding`),
          profile: 'STANDARD',
          fromCallingToCalled:
            request.fromCallingToCalled ?? (stackDefaults['signalingForwardingFromCallingToCalled'] as string[]),
          fromCalledToCalling:
            request.fromCalledToCalling ?? (stackDefaults['signalingForwardingFromCalledToCalling'] as string[]),
          notifySipInfoFilters: [],
          mediaNegotiationForwarder: {
            id: this.ids.uuid(),
            displayName: freeName(graph, 'MNS_FORWARDER_DOMAIN', `${name} media forwarder`),
            mediaMode: 'TRANSCODING',
            mediaTranscodingOptionsId: transcoding?.id ?? '',
          },
        },
      });
      refuseNameTaken(graph, 'TELRT_FORWARDER_DOMAIN', profile.displayName, profile.id, 'routing forward profile');
      const objects = [...extra, ...RoutingForwardProfileMapper.toNewObjects(lab, profile)];
      refuseInvalid(objects, graph);
      await this.working.beforeChange(lab);
      await this.working.save(...objects);
      return profile;
    });
  }
}

import type { LabId } from '../../../../shared/domain/LabId.js';
import { ConfigObject, type ParameterValue } from '../../graph/domain/ConfigObject.js';
import type { GraphView } from '../../graph/domain/GraphView.js';
import { ObjectRules } from '../../graph/domain/ObjectRules.js';
import {
  RoutingForwardProfile,
  type MediaNegotiationForwarder,
  type TelephonyForwardingStack,
} from './RoutingForwardProfile.js';

function strings(value: ParameterValue | undefined): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

function object(
  lab: LabId,
  sort: 'TELRT_FORWARDER_DOMAIN' | 'TELFW_STACK' | 'MNS_FORWARDER_DOMAIN',
  id: string,
  displayName: string,
  parameters: { [name: string]: ParameterValue },
  references: { [slot: string]: string[] },
): ConfigObject {
  const completed = ObjectRules.complete(sort, undefined, parameters, references);
  return ConfigObject.create(lab, { id, sort, displayName, ...completed });
}

/**
 * The one mapping between a RoutingForwardProfile and its objects: the TELRT_FORWARDER_DOMAIN, the TELFW_STACK it
 * names (telephonyForwardingStackId) and that stack's MNS_FORWARDER_DOMAIN (mediaNegotiationForwarderId).
 */
export const RoutingForwardProfileMapper = {
  fromObjects(profile: ConfigObject, graph: GraphView): RoutingForwardProfile {
    const stackObject = graph.get(profile.referencesIn('telephonyForwardingStackId')[0] ?? '');
    const mediaObject = stackObject && graph.get(stackObject.referencesIn('mediaNegotiationForwarderId')[0] ?? '');
    const media: MediaNegotiationForwarder | undefined = mediaObject && {
      id: mediaObject.id,
      displayName: mediaObject.displayName,
      mediaMode: String(mediaObject.parameters['mediaMode'] ?? 'TRANSCODING'),
      mediaTranscodingOptionsId: mediaObject.referencesIn('mediaTranscodingOptionsId')[0] ?? '',
    };
    const stack: TelephonyForwardingStack | undefined = stackObject && {
      id: stackObject.id,
      displayName: stackObject.displayName,
      profile: String(stackObject.parameters['profile'] ?? 'STANDARD'),
      fromCallingToCalled: strings(stackObject.parameters['signalingForwardingFromCallingToCalled']),
      fromCalledToCalling: strings(stackObject.parameters['signalingForwardingFromCalledToCalling']),
      notifySipInfoFilters: strings(stackObject.parameters['notifySipInfoFilters']),
      ...(media ? { mediaNegotiationForwarder: media } : {}),
    };
    return new RoutingForwardProfile({
      id: profile.id,
      displayName: profile.displayName,
      announcementIncoming: profile.parameters['announcementIncoming'] === true,
      announcementOutgoing: profile.parameters['announcementOutgoing'] === true,
      earlyMediaPassThrough: profile.parameters['earlyMediaPassThrough'] === true,
      removeCoreFromSignalingPath: profile.parameters['removeCoreFromSignalingPath'] === true,
      ...(stack ? { telephonyForwardingStack: stack } : {}),
    });
  },

  /** The objects of a new profile, in the order they must be stored (referenced ones first). */
  toNewObjects(lab: LabId, profile: RoutingForwardProfile): ConfigObject[] {
    const s = profile.state;
    const objects: ConfigObject[] = [];
    const stack = s.telephonyForwardingStack;
    const media = stack?.mediaNegotiationForwarder;
    if (media) {
      objects.push(
        object(
          lab,
          'MNS_FORWARDER_DOMAIN',
          media.id,
          media.displayName,
          { mediaMode: media.mediaMode },
          media.mediaTranscodingOptionsId ? { mediaTranscodingOptionsId: [media.mediaTranscodingOptionsId] } : {},
        ),
      );
    }
    if (stack) {
      objects.push(
        object(
          lab,
          'TELFW_STACK',
          stack.id,
          stack.displayName,
          {
            profile: stack.profile,
            signalingForwardingFromCallingToCalled: [...stack.fromCallingToCalled],
            signalingForwardingFromCalledToCalling: [...stack.fromCalledToCalling],
            notifySipInfoFilters: [...stack.notifySipInfoFilters],
          },
          media ? { mediaNegotiationForwarderId: [media.id] } : {},
        ),
      );
    }
    objects.push(
      object(
        lab,
        'TELRT_FORWARDER_DOMAIN',
        s.id,
        s.displayName,
        {
          announcementIncoming: s.announcementIncoming,
          announcementOutgoing: s.announcementOutgoing,
          earlyMediaPassThrough: s.earlyMediaPassThrough,
          removeCoreFromSignalingPath: s.removeCoreFromSignalingPath,
        },
        stack ? { telephonyForwardingStackId: [stack.id] } : {},
      ),
    );
    return objects;
  },
};

import type { GuardBlock } from '../domain/RegistrarGuard.js';
import { defaultSipSetting, outsidePeersOf } from '../domain/SipSetting.js';
import type { PeerWhitelist } from '../domain/PeerWhitelist.js';
import type {
  SipBlockView,
  SipListenerView,
  SipListeningState,
  SipWhitelistView,
  TrunkView,
} from '../application/SipListening.js';
import { mediaCapacity, readOpenFileLimit } from '../../media/infrastructure/index.js';
import type { LabPeers } from './LabPeers.js';
import type { LabRuntime } from './SipLabs.js';

function whitelistView(whitelist: PeerWhitelist): SipWhitelistView | null {
  return whitelist.enforced ? { name: whitelist.name ?? '', peers: whitelist.describe() } : null;
}

/** A registrar block as the state shows it, with its node's name where the lab's nodes know it. */
export function blockView(block: GuardBlock, peers: LabPeers | undefined): SipBlockView {
  const nodeName = block.nodeId ? peers?.list().find((n) => n.nodeId === block.nodeId)?.nodeName : undefined;
  return {
    kind: block.kind,
    name: block.name,
    ...(block.nodeId !== undefined ? { nodeId: block.nodeId } : {}),
    ...(nodeName !== undefined ? { nodeName } : {}),
    until: new Date(block.until),
    failures: block.failures,
  };
}

/**
 * A lab's real SIP as this process holds it (a lab it has never followed: off, nothing listening): where the
 * listeners bind and the address they name themselves by, the listeners
 * (open and failed, by node name, port and transport), the setting's far ends and outside peers, each node's
 * whitelists and refusals as its plan last gave them, the registrars' guard with its blocks at `now` (the lab
 * clock's), and the trunks watched: toward real far ends (the runtime's) and toward `simulated` ones, by node name.
 */
export function sipStateOf(
  runtime: LabRuntime | undefined,
  hosts: { readonly host: string; readonly advertisedHost: string },
  now: number,
  simulated: readonly TrunkView[] = [],
): SipListeningState {
  const listeners: SipListenerView[] = [];
  for (const listener of runtime?.listeners.values() ?? []) {
    for (const address of listener.addresses) {
      listeners.push({
        nodeId: listener.nodeId,
        nodeName: listener.nodeName,
        transport: address.transport,
        host: address.host,
        port: address.port,
        state: 'listening',
      });
    }
  }
  listeners.push(...(runtime?.failed ?? []));
  listeners.sort(
    (a, b) => a.nodeName.localeCompare(b.nodeName) || a.port - b.port || a.transport.localeCompare(b.transport),
  );
  const setting = runtime?.setting ?? defaultSipSetting(false);
  const guard = runtime?.registrar.guard;
  return {
    enabled: runtime?.enabled ?? false,
    host: hosts.host,
    advertisedHost: hosts.advertisedHost,
    portOffset: setting.portOffset,
    setupTimeoutSeconds: setting.setupTimeoutSeconds,
    listeners,
    farEnds: runtime?.farEnds ?? {},
    outsidePeers: { ...setting.outsidePeers },
    supervision: setting.supervision,
    trunks: [...(runtime?.trunks.views() ?? []), ...simulated].sort((a, b) => a.nodeName.localeCompare(b.nodeName)),
    peers: (runtime?.peers.list() ?? [])
      .map((node) => ({
        nodeId: node.nodeId,
        nodeName: node.nodeName,
        sip: whitelistView(node.sip),
        media: whitelistView(node.media),
        outsidePeers: outsidePeersOf(node.nodeId, setting),
        refused: { ...node.refusals },
      }))
      .sort((a, b) => a.nodeName.localeCompare(b.nodeName)),
    refused: { ...(runtime?.peers.totals ?? { sip: 0, answered: 0, rtp: 0 }) },
    registrarGuard: {
      settings: setting.registrarGuard,
      failedDigests: guard?.failedDigests ?? 0,
      refusedWhileBlocked: guard?.refusedWhileBlocked ?? 0,
      blocks: (guard?.blocks(now) ?? []).map((block) => blockView(block, runtime?.peers)),
    },
    registeredClients: runtime?.registrar.clients() ?? [],
    optionsReceived: Object.fromEntries(
      [...(runtime?.optionsReceived ?? [])].map(([nodeId, counts]) => [nodeId, { ...counts }]),
    ),
    media: {
      ...mediaCapacity(runtime?.mediaRanges ?? [], readOpenFileLimit()),
      refused: runtime?.mediaRefusals.totals() ?? { range: 0, files: 0 },
    },
  };
}

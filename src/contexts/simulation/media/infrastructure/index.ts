/**
 * Media anchoring on real sockets: the port pools of the nodes' RTP ranges, the per-call relay and the SDP rewrite;
 * DTMF seen in the RTP (RFC 4733) and in SIP INFO bodies.
 */
export { sameAddress, type MediaAddress } from './MediaAddress.js';
export { MediaPortPool, type MediaPortPair, type PortRange } from './MediaPortPool.js';
export { MediaPortsUnavailable, outOfFiles } from './MediaPortsUnavailable.js';
export { MediaRefusals, type MediaRefusalCounts } from './MediaRefusals.js';
export { mediaCapacity, pairsOf, readOpenFileLimit, type MediaCapacity, type MediaRangeView } from './mediaCapacity.js';
export { socketBufferSizes, type SocketBufferSizes } from './socketBuffers.js';
export { MediaTimeoutSweep, SHARED_MEDIA_TIMEOUT_SWEEP } from './MediaTimeoutSweep.js';
export { RtpRelay, type MediaCounters, type RelayEvents, type RelayOptions } from './RtpRelay.js';
export type { MediaPorts, MediaRelay, MediaRelays, RemoteAdmission } from './MediaRelays.js';
export { LocalRelays } from './LocalRelays.js';
export { WorkerRelays } from './worker/WorkerRelays.js';
export { RtpStreamStats } from './RtpStreamStats.js';
export { anchorSdp, sdpClockRates, sdpMediaAddress, sdpTelephoneEvents } from './anchorSdp.js';
export { dtmfOfInfo } from './DtmfInfo.js';
export { TelephoneEventDetector, type DetectedDigit } from './TelephoneEvents.js';

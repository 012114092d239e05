import type { Container } from 'inversify';
import { DEFAULT_LAB } from '../../shared/domain/LabId.js';
import { GWSIM_METRICS, Metrics } from '../../shared/application/Metrics.js';
import { LiveSessions, MonitorFigures } from '../../contexts/monitoring/index.js';
import { HepCapture, SipListening, TrafficLabs, type SipListeningState } from '../../contexts/simulation/index.js';

/** The simulator's figures /_sim/metrics shows (the default lab's), as one thread reads them for another. */
export interface SimulatorFigures {
  readonly activeSessions: number;
  readonly callsStarted: number;
  readonly historySize: number;
  readonly sipMessages: number;
  readonly historyBytes: number;
  readonly monitorDropped: number;
  readonly monitorPending: number;
  readonly sipPeerRefusals: number;
  readonly rtpPeerRefusals: number;
  /** Calls refused 503 for want of media ports (no pair left in a range, no file descriptor left). */
  readonly mediaRefused: number;
  readonly registrarFailedDigests: number;
  readonly registrarBlockedRefusals: number;
  readonly registrarBlocks: number;
  readonly trunksDown: number;
  readonly trunksRegistered: number;
  readonly trunkKeepAlives: number;
  readonly trunkKeepAlivesFailed: number;
  /** Every lab's HEP capture: messages sent and dropped since the start. */
  readonly hepSent: number;
  readonly hepDropped: number;
}

/**
 * The simulator's figures of this container, read from the ports the simulation and monitoring contexts already
 * offer (nothing on the call path): calls in progress (LiveSessions), calls started by the default lab's traffic
 * engine (a new engine starts again from 0, which Prometheus's rate() reads as a reset), the monitor's rows
 * held, dropped and waiting (MonitorFigures), what the default lab's whitelists refused and its registrars'
 * guard counted (SipListening's state), and the HEP messages every lab sent and dropped (HepCapture). Undefined for a figure whose port is not bound.
 */
export function readSimulatorFigures(container: Container): () => Partial<SimulatorFigures> {
  const live = container.isBound(LiveSessions) ? container.get(LiveSessions) : undefined;
  const traffic = container.isBound(TrafficLabs) ? container.get(TrafficLabs) : undefined;
  const monitor = container.isBound(MonitorFigures) ? container.get(MonitorFigures) : undefined;
  const sip = container.isBound(SipListening) ? container.get(SipListening) : undefined;
  const hep = container.isBound(HepCapture) ? container.get(HepCapture) : undefined;
  return () => {
    const held = monitor?.of(DEFAULT_LAB);
    const guarded = sip?.state(DEFAULT_LAB);
    return {
      ...(guarded
        ? {
            sipPeerRefusals: guarded.refused.sip,
            rtpPeerRefusals: guarded.refused.rtp,
            mediaRefused: (guarded.media?.refused.range ?? 0) + (guarded.media?.refused.files ?? 0),
            registrarFailedDigests: guarded.registrarGuard.failedDigests,
            registrarBlockedRefusals: guarded.registrarGuard.refusedWhileBlocked,
            registrarBlocks: guarded.registrarGuard.blocks.length,
            ...trunkFigures(guarded.trunks),
          }
        : {}),
      ...(live ? { activeSessions: live.count(DEFAULT_LAB) } : {}),
      ...(hep ? { hepSent: hep.totals().sent, hepDropped: hep.totals().dropped } : {}),
      ...(traffic ? { callsStarted: traffic.state(DEFAULT_LAB).counters?.started ?? 0 } : {}),
      ...(held && monitor
        ? {
            historySize: held.callRecords,
            sipMessages: held.sipMessages,
            historyBytes: held.storedBytes,
            monitorDropped: monitor.droppedRows(),
            monitorPending: monitor.pendingRows(),
          }
        : {}),
    };
  };
}

/** The default lab's watched trunks in four figures: down, registered, keep-alives sent and failed. */
function trunkFigures(
  trunks: SipListeningState['trunks'],
): Pick<SimulatorFigures, 'trunksDown' | 'trunksRegistered' | 'trunkKeepAlives' | 'trunkKeepAlivesFailed'> {
  let trunksDown = 0;
  let trunksRegistered = 0;
  let trunkKeepAlives = 0;
  let trunkKeepAlivesFailed = 0;
  for (const trunk of trunks) {
    if (trunk.state === 'down') trunksDown += 1;
    if (trunk.registration?.state === 'registered') trunksRegistered += 1;
    trunkKeepAlives += trunk.keepAlive?.sent ?? 0;
    trunkKeepAlivesFailed += trunk.keepAlive?.failed ?? 0;
  }
  return { trunksDown, trunksRegistered, trunkKeepAlives, trunkKeepAlivesFailed };
}

/**
 * The simulator's figures at /_sim/metrics, read at each scrape: from this container's ports, or (`figures`, the
 * simulator in a thread of its own) as that thread last told them. Wired here, in the composition root, until the
 * simulation context records through the Metrics port itself.
 */
export function registerSimulatorMetrics(
  container: Container,
  figures: () => Partial<SimulatorFigures> = readSimulatorFigures(container),
): void {
  if (!container.isBound(Metrics)) return;
  const metrics = container.get(Metrics);
  const sample = figures();
  const read = (name: keyof SimulatorFigures) => () => figures()[name] ?? 0;
  if (sample.activeSessions !== undefined)
    metrics.gauge({ ...GWSIM_METRICS.activeSessions, read: read('activeSessions') });
  if (sample.callsStarted !== undefined) metrics.counter({ ...GWSIM_METRICS.calls, read: read('callsStarted') });
  if (sample.historySize !== undefined) {
    metrics.gauge({ ...GWSIM_METRICS.historySize, read: read('historySize') });
    metrics.gauge({ ...GWSIM_METRICS.sipMessages, read: read('sipMessages') });
    metrics.gauge({ ...GWSIM_METRICS.historyBytes, read: read('historyBytes') });
    metrics.counter({ ...GWSIM_METRICS.monitorDropped, read: read('monitorDropped') });
    metrics.gauge({ ...GWSIM_METRICS.monitorPending, read: read('monitorPending') });
  }
  if (sample.sipPeerRefusals !== undefined) {
    metrics.counter({ ...GWSIM_METRICS.sipPeerRefusals, read: read('sipPeerRefusals') });
    metrics.counter({ ...GWSIM_METRICS.rtpPeerRefusals, read: read('rtpPeerRefusals') });
    metrics.counter({ ...GWSIM_METRICS.mediaRefused, read: read('mediaRefused') });
    metrics.counter({ ...GWSIM_METRICS.registrarFailedDigests, read: read('registrarFailedDigests') });
    metrics.counter({ ...GWSIM_METRICS.registrarBlockedRefusals, read: read('registrarBlockedRefusals') });
    metrics.gauge({ ...GWSIM_METRICS.registrarBlocks, read: read('registrarBlocks') });
    metrics.gauge({ ...GWSIM_METRICS.trunksDown, read: read('trunksDown') });
    metrics.gauge({ ...GWSIM_METRICS.trunksRegistered, read: read('trunksRegistered') });
    metrics.counter({ ...GWSIM_METRICS.trunkKeepAlives, read: read('trunkKeepAlives') });
    metrics.counter({ ...GWSIM_METRICS.trunkKeepAlivesFailed, read: read('trunkKeepAlivesFailed') });
  }
  if (sample.hepSent !== undefined) {
    metrics.counter({ ...GWSIM_METRICS.hepSent, read: read('hepSent') });
    metrics.counter({ ...GWSIM_METRICS.hepDropped, read: read('hepDropped') });
  }
}

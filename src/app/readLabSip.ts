import type { Container } from 'inversify';
import { LabDirectory } from '../shared/application/LabDirectory.js';
import { LabLeases } from '../shared/application/LabLeases.js';
import { SipListening, type SipListenerView, type SipMediaState } from '../contexts/simulation/index.js';

/** A lab's real SIP as the process that runs its simulator has it (plain data: it crosses from the simulator's thread). */
export interface LabSip {
  readonly lab: string;
  /** False: its simulator runs in another process (a PostgreSQL server shared), whose log tells its listeners. */
  readonly here: boolean;
  readonly enabled: boolean;
  readonly listeners: readonly SipListenerView[];
  /** The anchored calls its nodes' RTP ranges and the process's open-file limit allow (when its simulator is here). */
  readonly media?: SipMediaState;
}

/** Each lab's real SIP in the container of the process (or thread) that runs the labs' simulators. */
export function readLabSip(container: Container): LabSip[] {
  const leases = container.get(LabLeases);
  const sip = container.get(SipListening);
  return container
    .get(LabDirectory)
    .list()
    .map(({ id }) => {
      if (!leases.holds(id)) return { lab: id, here: false, enabled: false, listeners: [] };
      const state = sip.state(id);
      return {
        lab: id,
        here: true,
        enabled: state.enabled,
        listeners: [...state.listeners],
        ...(state.media ? { media: state.media } : {}),
      };
    });
}

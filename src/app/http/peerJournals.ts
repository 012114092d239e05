import type { Principal } from '../../shared/domain/Principal.js';
import { PeerJournals, type JournalView } from '../../contexts/control/index.js';
import type { LiveForwarding } from './liveForwarding.js';

/** The other processes' journals, asked over HTTP (signed, as the user the asking process authenticated). */
export class HttpPeerJournals extends PeerJournals {
  constructor(private readonly forwarding: LiveForwarding) {
    super();
  }

  async find(
    principal: Principal,
    path: string,
  ): Promise<ReadonlyArray<{ readonly process: string; readonly view: JournalView }>> {
    const answers = await this.forwarding.askPeers('GET', path, principal);
    return answers
      .filter((answer) => answer.status === 200 && answer.json !== undefined)
      .map((answer) => ({ process: answer.process, view: answer.json as JournalView }));
  }

  async clear(principal: Principal, path: string): Promise<void> {
    await this.forwarding.askPeers('DELETE', path, principal);
  }
}

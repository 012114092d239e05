import { randomBytes } from 'node:crypto';
import { injectable } from 'inversify';
import type { LabId } from '../domain/LabId.js';
import { LabLeases, type LeaseHolder, type PeerProcess } from '../application/LabLeases.js';

/**
 * The leases of a process alone on its store (the embedded engine, whose data directory one process locks, and
 * the in-memory stores): it holds every lab, from its start to its end.
 */
@injectable()
export class LocalLabLeases extends LabLeases {
  readonly process = 'local';
  private url: string | undefined;
  private readonly since = new Date();

  holds(_lab: LabId): boolean {
    return true;
  }

  async claim(_lab: LabId): Promise<boolean> {
    return true;
  }

  async holder(_lab: LabId): Promise<LeaseHolder> {
    return { process: this.process, url: this.url, since: this.since };
  }

  private readonly key = randomBytes(32);

  async forwardingKey(): Promise<Buffer> {
    return this.key;
  }

  async peers(): Promise<readonly PeerProcess[]> {
    return [];
  }

  advertise(url: string): void {
    this.url = url;
  }

  onChange(_listener: (lab: LabId, held: boolean) => void | Promise<void>): () => void {
    return () => undefined;
  }
}

import type { LabId } from '../../../../shared/domain/LabId.js';
import type { Session } from './Session.js';

/** Where live sessions are kept. Sessions are deliberately not persisted: a restart ends them all. */
export abstract class SessionRepository {
  abstract add(session: Session): void;
  abstract get(id: string): Session | undefined;
  /** Records activity, which postpones idle expiry. */
  abstract touch(id: string, at: Date): void;
  abstract remove(id: string): void;
  /** Ends every session of the user; answers how many ended. */
  abstract removeAllOf(lab: LabId, userId: string): number;
  /** Ends every session of a lab (the lab was removed); answers how many ended. */
  abstract removeLab(lab: LabId): number;
  /** Ends the sessions last seen before `cutoff`; answers how many ended. */
  abstract removeIdleSince(cutoff: Date): number;
  abstract clear(): void;
  abstract get size(): number;
}

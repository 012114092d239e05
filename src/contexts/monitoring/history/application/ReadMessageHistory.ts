import { inject, injectable } from 'inversify';
import { DomainError } from '../../../../shared/domain/DomainError.js';
import type { LabId } from '../../../../shared/domain/LabId.js';
import type { DtmfEntry } from '../domain/MonitorRecords.js';
import type { StoredMessage } from '../domain/StoredMessage.js';
import { MonitorAvailability } from './MonitorAvailability.js';
import { MonitorRepository } from './MonitorRepository.js';

/**
 * The SIP messages of one session (of one system when asked), in time order. A session the monitor knows
 * neither messages nor a call-history entry of is a 404 naming it; a known call whose messages were not recorded
 * (SIP flow recording off) answers none.
 */
@injectable()
export class ReadMessageHistory {
  constructor(
    @inject(MonitorRepository) private readonly store: MonitorRepository,
    @inject(MonitorAvailability) private readonly availability: MonitorAvailability,
  ) {}

  async execute(lab: LabId, sessionIdentifier: string, systemIdentifier?: string): Promise<StoredMessage[]> {
    this.availability.assertReachable(lab);
    const messages = await this.store.messagesOf(lab, sessionIdentifier, systemIdentifier);
    if (messages.length > 0) return messages;
    if (await this.store.callOf(lab, sessionIdentifier)) return [];
    if (systemIdentifier !== undefined && (await this.store.messagesOf(lab, sessionIdentifier)).length > 0) {
      throw new DomainError(
        'SESSION_NOT_FOUND',
        'not_found',
        `session '${sessionIdentifier}' has no SIP messages of system '${systemIdentifier}'`,
        [
          {
            field: 'filterSystemIdentifier',
            message: `no message of session '${sessionIdentifier}' was carried by system '${systemIdentifier}'`,
          },
        ],
      );
    }
    throw new DomainError(
      'SESSION_NOT_FOUND',
      'not_found',
      `session '${sessionIdentifier}' is not in the monitor (no SIP messages, no call-history entry)`,
      [{ field: 'filterSessionIdentifier', message: `no session '${sessionIdentifier}' is known` }],
    );
  }

  /** The DTMF digits of the session's call-history entry (none while the call is in progress or unknown). */
  async dtmf(lab: LabId, sessionIdentifier: string): Promise<readonly DtmfEntry[]> {
    return (await this.store.callOf(lab, sessionIdentifier))?.dtmf ?? [];
  }
}

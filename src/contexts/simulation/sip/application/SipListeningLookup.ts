import { DomainError } from '../../../../shared/domain/DomainError.js';
import { SipListening } from './SipListening.js';

/**
 * The process's SipListening, looked up when a request needs it rather than when the routes are mounted: the
 * socket adapter is bound by whoever composes the process (and a test may bind a fake after the gateway started).
 * Without one, real SIP is unavailable (503 SIP_UNAVAILABLE).
 */
export class SipListeningLookup {
  constructor(private readonly find: () => SipListening | undefined) {}

  get(): SipListening {
    const found = this.find();
    if (!found)
      throw DomainError.unavailable(
        'SIP_UNAVAILABLE',
        'this gwsim process carries no real SIP (no SIP listening adapter)',
      );
    return found;
  }
}

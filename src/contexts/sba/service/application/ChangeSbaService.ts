import { inject, injectable } from 'inversify';
import { Clock } from '../../../../shared/domain/Clock.js';
import { StaleVersionError } from '../../../../shared/domain/DomainError.js';
import type { LabId } from '../../../../shared/domain/LabId.js';
import { EventBus } from '../../../../shared/application/EventBus.js';
import type { Versioned } from '../../../../shared/application/Setting.js';
import { UnitOfWork } from '../../../../shared/application/UnitOfWork.js';
import type { SbaService } from '../domain/SbaService.js';
import { SbaServiceSetting } from './SbaServiceSetting.js';

/** A change of the SBA service: calls its mutators and answers whether anything changed. */
export type SbaChange = (service: SbaService, now: Date) => boolean;

/**
 * The one write of the SBA service: reads it, applies a change made of the aggregate's own mutators (they check
 * everything, all or nothing), saves only when something changed, and publishes its state events after.
 * The setters (tenant, application, identity, address, secret, log, fingerprint, options, key, certificate)
 * and enable/disable (EnableSbaService, DisableSbaService) go through it.
 */
@injectable()
export class ChangeSbaService {
  constructor(
    @inject(UnitOfWork) private readonly unitOfWork: UnitOfWork,
    @inject(SbaServiceSetting) private readonly services: SbaServiceSetting,
    @inject(EventBus) private readonly events: EventBus,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  /** With `expectedVersion` (an If-Match) it is refused with 409 STALE_VERSION when the service is no longer at that version. */
  async execute(lab: LabId, change: SbaChange, expectedVersion?: number): Promise<Versioned<SbaService>> {
    return this.unitOfWork.write(lab, async () => {
      const current = await this.services.read(lab);
      if (expectedVersion !== undefined && expectedVersion !== current.version)
        throw new StaleVersionError(this.services.definition.what, lab);
      const service = current.value;
      if (!change(service, this.clock.now())) return current;
      const saved = await this.services.save(lab, service, current.version);
      await this.events.publish(service.pullEvents());
      return saved;
    });
  }
}

import { inject, injectable } from 'inversify';
import type { LabId } from '../../../../shared/domain/LabId.js';
import { capacityOf } from '../domain/GatewayLicensing.js';
import { LicenseReader } from './LicenseReader.js';
import { LicensedCapacity } from './LicensedCapacity.js';

/** LicensedCapacity from the lab's licenses, their statuses brought up to the clock first. */
@injectable()
export class EvaluatedLicensedCapacity extends LicensedCapacity {
  constructor(@inject(LicenseReader) private readonly book: LicenseReader) {
    super();
  }

  async facilities(lab: LabId): Promise<ReadonlyMap<string, number>> {
    return capacityOf(await this.book.current(lab));
  }

  async facility(lab: LabId, name: string): Promise<number> {
    return (await this.facilities(lab)).get(name) ?? 0;
  }
}

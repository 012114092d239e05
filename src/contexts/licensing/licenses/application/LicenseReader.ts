import { inject, injectable } from 'inversify';
import { GatewayFaultSwitch, type HeldGatewayFault } from '../../../../shared/application/GatewayFaultSwitch.js';
import type { LabId } from '../../../../shared/domain/LabId.js';
import { License } from '../domain/License.js';
import { LICENSE_STATUS_MACHINE, type LicenseStatus } from '../domain/LicenseStatus.js';
import { LicenseBook } from './LicenseBook.js';

/** The read port of the lab's licenses, statuses as of now: licenses/get and the licensed capacity read it. */
export abstract class LicenseReader {
  abstract current(lab: LabId): Promise<License[]>;
}

/** The status a revoked license reads: the specification's "invalidated by another license" is the one invalid status a license that was sound can take. */
export const REVOKED_STATUS: LicenseStatus = 'INVALIDATED';

/**
 * The gateway fault licenseRevoked: the labs whose licenses the vendor revoked now (while a rule holds). Nothing
 * is written: the stored licenses keep their statuses, so when the rule ends they read as they were.
 */
@injectable()
export class LicenseRevocations extends GatewayFaultSwitch {
  readonly kinds = ['licenseRevoked'] as const;
  private readonly revoked = new Set<LabId>();

  has(lab: LabId): boolean {
    return this.revoked.has(lab);
  }

  hold(lab: LabId, faults: readonly HeldGatewayFault[]): void {
    if (faults.length > 0) this.revoked.add(lab);
    else this.revoked.delete(lab);
  }
}

/**
 * The license book's reads while the lab's licenses are revoked: each license whose status may move to
 * INVALIDATED by the status state machine (a timed status: ACTIVE, VALID_FROM, VALID_UNTIL, SUS_UNTIL) reads
 * INVALIDATED, so it grants nothing (the licensed capacity is 0); licenses already invalid for a reason of their
 * own read as they are. The copies are never stored. Without a revocation the book's licenses pass unchanged.
 */
@injectable()
export class RevocableLicenseReader extends LicenseReader {
  constructor(
    @inject(LicenseBook) private readonly book: LicenseBook,
    @inject(LicenseRevocations) private readonly revocations: LicenseRevocations,
  ) {
    super();
  }

  async current(lab: LabId): Promise<License[]> {
    const licenses = await this.book.current(lab);
    if (!this.revocations.has(lab)) return licenses;
    return licenses.map((license) =>
      LICENSE_STATUS_MACHINE.canTransition(license.status, REVOKED_STATUS)
        ? new License(lab, { ...license.snapshot(), status: REVOKED_STATUS })
        : license,
    );
  }
}

import type { LabId } from '../../../../shared/domain/LabId.js';

export interface LicenseKeyRequest {
  readonly licenseKey: string;
  readonly companyName: string;
  readonly emailAddress: string;
  /** The system id the license is bound to. */
  readonly licensingDevice: string;
}

/** The vendor's license service (license on demand): exchanges a license key for a signed license file. */
export abstract class LicenseService {
  /** The identifier the license of this key gets in this lab; undefined when the key is unknown. */
  abstract identifierFor(lab: LabId, licenseKey: string): string | undefined;
  /** The `.xzlicense` file for the key, bound to the device, valid from `now`. Unknown keys are refused. */
  abstract exchange(lab: LabId, request: LicenseKeyRequest, now: Date): Promise<Buffer>;
}

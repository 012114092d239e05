import { DomainError } from '../../../../shared/domain/DomainError.js';
import type { DomainEvent } from '../../../../shared/domain/DomainEvent.js';
import type { LabId } from '../../../../shared/domain/LabId.js';
import { LICENSE_STATUS_MACHINE, LICENSE_STATUSES, type LicenseStatus } from './LicenseStatus.js';

export interface Facility {
  readonly name: string;
  readonly value: number;
}

/** What a license file says (its signed content), instants as Dates. */
export interface LicenseTerms {
  readonly identifier: string;
  readonly name: string;
  readonly products: readonly string[];
  readonly application: string;
  readonly requiredSystemIds: readonly string[];
  readonly validFrom: Date;
  /** undefined: the license does not expire. */
  readonly validUntil: Date | undefined;
  readonly softwareUpdateServiceUntil: Date | undefined;
  readonly facilities: readonly Facility[];
  readonly constraints: readonly string[];
  readonly invalidates: readonly string[];
}

export interface LicenseStatusChanged extends DomainEvent {
  readonly name: 'LicenseStatusChanged';
  readonly licenseId: string;
  readonly identifier: string;
  readonly from: LicenseStatus;
  readonly to: LicenseStatus;
}

export interface LicenseState {
  readonly id: string;
  readonly terms: LicenseTerms;
  /** Whether the file's signature was made by the trusted vendor key. */
  readonly signatureValid: boolean;
  readonly importedAt: Date;
  /** Its place among the lab's licenses (1, 2, …: import order). */
  readonly position: number;
  readonly status: LicenseStatus;
  /** 0 until first stored. */
  readonly version: number;
}

const validDate = (d: unknown) => d instanceof Date && !Number.isNaN(d.getTime());

/** One imported license of a lab: its terms, whether its signature holds, and its status (a state machine). */
export class License {
  private readonly events: LicenseStatusChanged[] = [];
  private current: LicenseStatus;

  constructor(
    readonly lab: LabId,
    private readonly state: LicenseState,
  ) {
    const t = state.terms;
    const problems: string[] = [];
    if (!state.id) problems.push('id is empty');
    if (!t.identifier.trim()) problems.push('identifier is empty');
    if (!validDate(t.validFrom) || (t.validUntil !== undefined && !validDate(t.validUntil)))
      problems.push('validity is not a time');
    else if (t.validUntil !== undefined && t.validFrom > t.validUntil) problems.push('validUntil is before validFrom');
    if (t.softwareUpdateServiceUntil !== undefined && !validDate(t.softwareUpdateServiceUntil))
      problems.push('softwareUpdateServiceUntil is not a time');
    if (t.facilities.some((f) => !f.name || !Number.isSafeInteger(f.value) || f.value < 0))
      problems.push('a facility is not {name, value ≥ 0}');
    if (!(LICENSE_STATUSES as readonly string[]).includes(state.status))
      problems.push(`status ${state.status} is unknown`);
    if (!Number.isInteger(state.position) || state.position < 1) problems.push('position must be ≥ 1');
    if (problems.length) throw DomainError.invalid('INVALID_LICENSE', `license is invalid: ${problems.join('; ')}`);
    this.current = state.status;
  }

  /** A license just imported: CONFIGURED until evaluated. */
  static imported(
    lab: LabId,
    id: string,
    terms: LicenseTerms,
    signatureValid: boolean,
    at: Date,
    position: number,
  ): License {
    return new License(lab, { id, terms, signatureValid, importedAt: at, position, status: 'CONFIGURED', version: 0 });
  }

  get id(): string {
    return this.state.id;
  }
  get terms(): LicenseTerms {
    return this.state.terms;
  }
  get signatureValid(): boolean {
    return this.state.signatureValid;
  }
  get importedAt(): Date {
    return this.state.importedAt;
  }
  get position(): number {
    return this.state.position;
  }
  get version(): number {
    return this.state.version;
  }
  get status(): LicenseStatus {
    return this.current;
  }

  /** Moves to `to` through the state machine (refused when the table forbids it); one event per change. */
  moveTo(to: LicenseStatus, at: Date): boolean {
    if (to === this.current) return false;
    const from = this.current;
    this.current = LICENSE_STATUS_MACHINE.transition(from, to);
    this.events.push({
      name: 'LicenseStatusChanged',
      lab: this.lab,
      occurredAt: at,
      licenseId: this.id,
      identifier: this.terms.identifier,
      from,
      to,
    });
    return true;
  }

  pullEvents(): LicenseStatusChanged[] {
    return this.events.splice(0);
  }

  snapshot(): LicenseState {
    return { ...this.state, status: this.current };
  }
}

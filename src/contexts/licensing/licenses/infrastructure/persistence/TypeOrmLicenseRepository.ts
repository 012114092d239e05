import { injectable } from 'inversify';
import { StaleVersionError } from '../../../../../shared/domain/DomainError.js';
import type { LabId } from '../../../../../shared/domain/LabId.js';
import { TypeOrmRepository } from '../../../../../shared/infrastructure/persistence/TypeOrmRepository.js';
import { License, type LicenseTerms } from '../../domain/License.js';
import { LicenseRepository } from '../../domain/LicenseRepository.js';
import type { LicenseStatus } from '../../domain/LicenseStatus.js';
import { LicenseRecord } from './LicenseRecord.js';

interface StoredTerms extends Omit<LicenseTerms, 'validFrom' | 'validUntil' | 'softwareUpdateServiceUntil'> {
  readonly validFrom: string;
  readonly validUntil?: string;
  readonly softwareUpdateServiceUntil?: string;
}

function termsToJson(t: LicenseTerms): StoredTerms {
  return {
    ...t,
    validFrom: t.validFrom.toISOString(),
    validUntil: t.validUntil?.toISOString(),
    ...(t.softwareUpdateServiceUntil
      ? { softwareUpdateServiceUntil: t.softwareUpdateServiceUntil.toISOString() }
      : { softwareUpdateServiceUntil: undefined }),
  };
}

function termsFromJson(json: StoredTerms): LicenseTerms {
  return {
    identifier: json.identifier,
    name: json.name,
    products: json.products,
    application: json.application,
    requiredSystemIds: json.requiredSystemIds,
    validFrom: new Date(json.validFrom),
    validUntil: json.validUntil ? new Date(json.validUntil) : undefined,
    softwareUpdateServiceUntil: json.softwareUpdateServiceUntil ? new Date(json.softwareUpdateServiceUntil) : undefined,
    facilities: json.facilities,
    constraints: json.constraints,
    invalidates: json.invalidates,
  };
}

/** TypeORM on PostgreSQL: one row per license; a save checks the version it read. */
@injectable()
export class TypeOrmLicenseRepository extends TypeOrmRepository implements LicenseRepository {
  async list(lab: LabId): Promise<License[]> {
    const records = await this.records(LicenseRecord).find({ where: { labId: lab }, order: { position: 'ASC' } });
    return records.map(
      (r) =>
        new License(lab, {
          id: r.id,
          terms: termsFromJson(r.terms as StoredTerms),
          signatureValid: r.signatureValid,
          importedAt: r.importedAt,
          position: r.position,
          status: r.status as LicenseStatus,
          version: r.version,
        }),
    );
  }

  async save(license: License): Promise<void> {
    const s = license.snapshot();
    const saved: unknown[] =
      license.version === 0
        ? await this.manager.query(
            `INSERT INTO license (lab_id, id, identifier, position, terms, signature_valid, status, imported_at, version)
         VALUES ($1, $2, $3, $4, $5::jsonb, $6, $7, $8, 1) ON CONFLICT DO NOTHING RETURNING id`,
            [
              license.lab,
              s.id,
              s.terms.identifier,
              s.position,
              JSON.stringify(termsToJson(s.terms)),
              s.signatureValid,
              s.status,
              s.importedAt,
            ],
          )
        : await this.manager.query(
            `WITH updated AS (UPDATE license SET status = $3, version = version + 1 WHERE lab_id = $1 AND id = $2 AND version = $4 RETURNING id)
         SELECT id FROM updated`,
            [license.lab, s.id, s.status, license.version],
          );
    if (saved.length !== 1) throw new StaleVersionError('License', license.id);
  }
}

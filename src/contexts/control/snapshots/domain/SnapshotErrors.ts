import { DomainError } from '../../../../shared/domain/DomainError.js';

export function snapshotNotFound(lab: string, name: string, field = 'name'): DomainError {
  const message = `lab '${lab}' has no snapshot '${name}' (GET /_sim/labs/${lab}/snapshots lists them)`;
  return new DomainError('SNAPSHOT_NOT_FOUND', 'not_found', message, [{ field, rule: 'exists', message }]);
}

export function snapshotExists(lab: string, name: string): DomainError {
  return DomainError.conflict(
    'SNAPSHOT_EXISTS',
    `lab '${lab}' has a snapshot '${name}' already: send replace: true to replace it, or choose another name`,
    [{ field: 'name', rule: 'unique', message: `'${name}' is taken (replace: true replaces it)` }],
  );
}

export function invalidDocument(field: string, message: string): DomainError {
  return DomainError.invalid('INVALID_SNAPSHOT_DOCUMENT', `${field}: ${message}`, [
    { field, rule: 'snapshotDocument', message },
  ]);
}

export function snapshotsUnavailable(field = 'name'): DomainError {
  const message = 'the in-memory stores keep no snapshots: run on the embedded engine or a PostgreSQL server';
  return DomainError.conflict('SNAPSHOTS_UNAVAILABLE', message, [{ field, rule: 'available', message }]);
}

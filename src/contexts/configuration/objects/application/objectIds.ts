import { DomainError } from '../../../../shared/domain/DomainError.js';
import { canonicalObjectId } from '../../graph/domain/ObjectId.js';

/** The canonical id of either wire shape; a 400 naming the field for anything else. */
export function requireObjectId(text: string, field = 'id'): string {
  const id = canonicalObjectId(text);
  if (!id) {
    throw DomainError.invalid(
      'OBJECT_ID_INVALID',
      `${field} '${text.slice(0, 80)}' is not an object id (36-character hyphenated or 32 hexadecimal characters)`,
      [{ field, rule: 'objectId', message: `${field} must be an object id` }],
    );
  }
  return id;
}

export function objectNotFound(id: string): DomainError {
  return DomainError.notFound('Object', id);
}

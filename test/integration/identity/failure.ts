import { DomainError } from '../../../src/shared/domain/DomainError.js';

export async function failure(work: () => Promise<unknown>): Promise<DomainError> {
  try {
    await work();
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error('expected a DomainError, nothing was thrown');
}

import { TransactionScope } from './TransactionScope.js';

/** Refuses a write outside a write unit, or inside the write unit of another lab (whose lock it lacks). */
export function requireWriteUnit(lab: string, what: string): void {
  const scope = TransactionScope.current();
  if (!scope || scope.mode !== 'write') throw new Error(`${what} was written outside a write unit`);
  if (scope.lab !== undefined && scope.lab !== lab)
    throw new Error(`${what} of lab '${lab}' was written in the write unit of lab '${scope.lab}'`);
}

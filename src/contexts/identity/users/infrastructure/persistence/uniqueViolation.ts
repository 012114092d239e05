interface PostgresErrorLike {
  code?: unknown;
  constraint?: unknown;
  driverError?: { code?: unknown; constraint?: unknown };
}

/** The constraint a PostgreSQL unique violation (23505) names; undefined for any other error. */
export function uniqueViolation(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const e = error as PostgresErrorLike;
  const code = e.code ?? e.driverError?.code;
  if (code !== '23505') return undefined;
  const constraint = e.constraint ?? e.driverError?.constraint;
  return typeof constraint === 'string' ? constraint : '';
}

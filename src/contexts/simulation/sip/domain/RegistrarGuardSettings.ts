import type { ErrorDetail } from '../../../../shared/domain/DomainError.js';
import { defaultsOf, fieldProblems, integer, type ValuesOf } from '../../../../shared/domain/SettingFields.js';

/**
 * How a lab's phone registrars meet password guessing (the lab's SIP setting `registrarGuard`), in the manner of the
 * API's login policy: failed digests are counted per source address and per user; each failure's answer is held for
 * a delay that doubles per consecutive failure; the attemptsUntilBlocked-th blocks the source (or the user) for
 * blockSeconds. The delay stays below the 32 s a client waits for a final answer (Timer F, 64·T1, RFC 3261 section
 * 17.1.2.2), so the held answer still reaches it.
 */
export const REGISTRAR_GUARD_FIELDS = {
  attemptsUntilBlocked: integer(
    0,
    1000,
    5,
    'consecutive failed digests of one source address, or on one user, that block it (0: never block)',
  ),
  minDelayMs: integer(
    0,
    30_000,
    500,
    'ms the answer to the first failed digest is held; it doubles per consecutive failure (0: no delay)',
  ),
  maxDelayMs: integer(0, 30_000, 8_000, 'ms the held answer never exceeds (below the 32 s a client waits)'),
  blockSeconds: integer(1, 86_400, 900, 'seconds (of the lab clock) a block lasts, unless an administrator lifts it'),
  windowSeconds: integer(
    1,
    86_400,
    900,
    'seconds (of the lab clock) after which failures with no new one are forgotten',
  ),
};

export type RegistrarGuardSettings = ValuesOf<typeof REGISTRAR_GUARD_FIELDS>;
export type RegistrarGuardInput = Partial<Record<keyof RegistrarGuardSettings, unknown>>;

export const DEFAULT_REGISTRAR_GUARD: RegistrarGuardSettings = defaultsOf(REGISTRAR_GUARD_FIELDS);

/**
 * `current` with the fields `input` gives (the others kept), and every rule the result breaks, each naming its
 * field under `registrarGuard.`: each field's bounds, and minDelayMs ≤ maxDelayMs.
 */
export function registrarGuardOf(
  current: RegistrarGuardSettings,
  input: RegistrarGuardInput | undefined,
): { readonly settings: RegistrarGuardSettings; readonly problems: ErrorDetail[] } {
  const merged: Record<string, unknown> = { ...current };
  for (const name of Object.keys(REGISTRAR_GUARD_FIELDS)) {
    const value = input?.[name as keyof RegistrarGuardSettings];
    if (value !== undefined) merged[name] = value;
  }
  const problems = fieldProblems(REGISTRAR_GUARD_FIELDS, merged, 'registrarGuard');
  const settings = merged as RegistrarGuardSettings;
  if (problems.length === 0 && settings.minDelayMs > settings.maxDelayMs) {
    problems.push({
      field: 'registrarGuard.minDelayMs',
      rule: 'minNotAboveMax',
      message: `registrarGuard.minDelayMs (${settings.minDelayMs}) must not exceed registrarGuard.maxDelayMs (${settings.maxDelayMs})`,
    });
  }
  const picked = Object.freeze(
    Object.fromEntries(Object.keys(REGISTRAR_GUARD_FIELDS).map((name) => [name, merged[name]])),
  ) as RegistrarGuardSettings;
  return { settings: picked, problems };
}

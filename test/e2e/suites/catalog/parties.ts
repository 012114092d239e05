import type { Party } from '../suiteCatalog.js';

/** The parties the catalog names often: the project's own simple callers and far ends (test/fixtures/sipp). */

/** A caller that expects `status` as the final answer (a 200 is held `holdMs` and hung up). */
export function expectStatus(status: number, holdMs = 500, more: Partial<Party> = {}): Party {
  return { scenario: 'fixture:uac-expect-status', keys: { status: String(status), hold_ms: String(holdMs) }, ...more };
}

/** A far end that answers every INVITE with `status` (one INVITE per carrier tried: `calls`). */
export function answersStatus(status: number, calls = 1): Party {
  return { scenario: 'fixture:uas-status', keys: { status: String(status) }, calls };
}

/** A caller that cancels once it hears 180 and expects 200 to the CANCEL and 487. */
export const CANCELLER: Party = { scenario: 'fixture:uac-cancel' };

/** A file of the suites folder, as a party. */
export function file(scenario: string, more: Partial<Party> = {}): Party {
  return { scenario, ...more };
}

/** Exit codes of every gwsim command. */
export const EXIT = { ok: 0, failure: 1, usage: 2 } as const;

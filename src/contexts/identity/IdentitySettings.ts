/** What the identity context is configured with; the composition root fills it from the process configuration. */
export class IdentitySettings {
  constructor(
    /** The built-in administrator's password (GWSIM_ADMIN_PASSWORD). */
    readonly adminPassword: string,
    /** log2 of scrypt's cost N for new password hashes (GWSIM_KDF_COST). */
    readonly kdfCost: number,
    /** Minutes of inactivity after which a session ends (GWSIM_SESSION_IDLE_MINUTES). */
    readonly sessionIdleMinutes: number,
  ) {}
}

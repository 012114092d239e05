/**
 * One-way password hashing as a port. Hashes are self-describing strings; verification is constant-time.
 * Plain passwords never leave the process (no logging, no responses).
 */
export abstract class PasswordHasher {
  abstract hash(password: string): Promise<string>;
  abstract verify(password: string, hash: string): Promise<boolean>;
  /**
   * Spends the same effort as a real verification and answers false: used for unknown usernames, so their
   * attempts cost as much as a known user's.
   */
  abstract verifyDummy(password: string): Promise<false>;
  /** True when the hash was made with weaker parameters than new hashes get. */
  abstract needsRehash(hash: string): boolean;
}

import { DomainError, type ErrorDetail } from '../../../../shared/domain/DomainError.js';
import type { LabId } from '../../../../shared/domain/LabId.js';
import { MAX_OBSOLETE_PASSWORDS, type LoginPolicy } from '../../policies/domain/LoginPolicy.js';
import { BuiltInRoles } from '../../roles/domain/BuiltInRoles.js';
import { ACCOUNT_STATE_MACHINE, type AccountState } from './AccountStates.js';
import { copyAccountProps } from './copyAccountProps.js';
import type { LdapLink } from './LdapLink.js';
import { ldapLinkProblems } from './ldapLinkProblems.js';
import { newAccountProps } from './newAccountProps.js';
import type { NewUser } from './NewUser.js';
import { passwordExpiryMove } from './passwordExpiryMove.js';
import type { PasswordChange } from './PasswordChange.js';
import type { UserAccountProps } from './UserAccountProps.js';
import { userFieldProblems } from './userFieldProblems.js';
import type { UserEvent } from './UserEvents.js';

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/** The account's invariants: its fields' form, a way to log in, its directory logins, roles and login bookkeeping. */
function problems(p: UserAccountProps): ErrorDetail[] {
  const details: ErrorDetail[] = [];
  const add = (field: string, rule: string, message: string) => details.push({ field, rule, message });
  if (!p.id) add('id', 'notEmpty', 'id must not be empty');
  details.push(...userFieldProblems(p));
  if (p.loginLocally) {
    if (p.localUsername === undefined)
      add('localUsername', 'required', 'localUsername is required when loginLocally is true');
    if (p.passwordHash === undefined || p.passwordChangedAt === undefined)
      add('localPassword', 'required', 'localPassword is required when loginLocally is true');
  }
  if (p.ldapLogin && p.ldapUsers.length === 0)
    add('ldapAuthentications', 'required', 'ldapAuthentications needs at least one entry when ldapLogin is true');
  details.push(...ldapLinkProblems(p.ldapUsers));
  if (!p.loginLocally && !p.ldapLogin)
    add('loginLocally', 'loginMethod', 'a user needs a way to log in: loginLocally or ldapLogin must be true');
  if (new Set(p.roleIds).size !== p.roleIds.length || p.roleIds.some((id) => !id))
    add('roleIds', 'unique', 'roleIds must be distinct, non-empty ids');
  if (p.roleIds.filter((id) => BuiltInRoles.isBuiltIn(id)).length > 1) {
    add('roleIds', 'oneBuiltInRole', `a user holds at most one built-in role (${BuiltInRoles.ids().join(' or ')})`);
  }
  if (!Number.isInteger(p.failedLogins) || p.failedLogins < 0)
    add('failedLogins', 'min', 'failedLogins must be a whole number ≥ 0');
  if (p.state === 'BLOCKED' && p.blockedUntil === undefined)
    add('blockedUntil', 'required', 'a blocked account needs blockedUntil');
  if (p.obsoletePasswordHashes.length > MAX_OBSOLETE_PASSWORDS)
    add('obsoletePasswordHashes', 'maxItems', `at most ${MAX_OBSOLETE_PASSWORDS} earlier passwords are kept`);
  return details;
}

/**
 * A user account (aggregate root): who may log in, how, with which roles, and the login bookkeeping the
 * login policy works on (failed attempts, blocking, password age and history). Its states follow
 * ACCOUNT_STATE_MACHINE; every transition raises UserAccountStateChanged.
 */
export class UserAccount {
  private readonly events: UserEvent[] = [];

  private constructor(private props: Mutable<UserAccountProps>) {}

  static create(lab: LabId, user: NewUser, now: Date): UserAccount {
    const account = UserAccount.checked(
      newAccountProps(
        {
          lab,
          id: user.id,
          builtIn: false,
          displayName: user.displayName,
          emailAddress: user.emailAddress,
          state: user.enabled ? 'ACTIVE' : 'DISABLED',
          loginLocally: user.loginLocally,
          localUsername: user.localUsername,
          passwordHash: user.passwordHash,
          passwordChangedAt: user.passwordHash ? now : undefined,
          passwordChange: user.passwordChange,
          ldapLogin: user.ldapLogin,
          ldapUsers: user.ldapUsers.map((l) => ({ ...l })),
          roleIds: [...user.roleIds],
          seedFingerprint: undefined,
        },
        now,
      ),
    );
    account.events.push({ name: 'UserAdded', lab, occurredAt: now, userId: user.id });
    return account;
  }

  /** The built-in administrator `username`, seeded from configuration with the ADMINISTRATOR role. */
  static builtInAdministrator(
    lab: LabId,
    id: string,
    username: string,
    passwordHash: string,
    seedFingerprint: string,
    now: Date,
  ): UserAccount {
    const account = UserAccount.checked(
      newAccountProps(
        {
          lab,
          id,
          builtIn: true,
          displayName: username,
          emailAddress: '',
          state: 'ACTIVE',
          loginLocally: true,
          localUsername: username,
          passwordHash,
          passwordChangedAt: now,
          passwordChange: 'NOT_NECESSARY',
          ldapLogin: false,
          ldapUsers: [],
          roleIds: ['ADMINISTRATOR'],
          seedFingerprint,
        },
        now,
      ),
    );
    account.events.push({ name: 'UserAdded', lab, occurredAt: now, userId: id });
    return account;
  }

  /** Rebuilds a stored account, checking every invariant again. */
  static restore(props: UserAccountProps): UserAccount {
    return UserAccount.checked(props);
  }

  private static checked(props: UserAccountProps): UserAccount {
    const details = problems(props);
    if (details.length > 0) {
      throw DomainError.invalid(
        'INVALID_USER',
        `user '${props.displayName}' is invalid: ${details.map((d) => d.message).join('; ')}`,
        details,
      );
    }
    return new UserAccount(copyAccountProps(props));
  }

  /** A copy of everything the account holds (for mappers and views). */
  snapshot(): UserAccountProps {
    return copyAccountProps(this.props);
  }

  get lab(): LabId {
    return this.props.lab;
  }
  get id(): string {
    return this.props.id;
  }
  get builtIn(): boolean {
    return this.props.builtIn;
  }
  get displayName(): string {
    return this.props.displayName;
  }
  get emailAddress(): string {
    return this.props.emailAddress;
  }
  get state(): AccountState {
    return this.props.state;
  }
  get enabled(): boolean {
    return this.props.state !== 'DISABLED';
  }
  get localUsername(): string | undefined {
    return this.props.localUsername;
  }
  get loginLocally(): boolean {
    return this.props.loginLocally;
  }
  get ldapLogin(): boolean {
    return this.props.ldapLogin;
  }
  get ldapUsers(): readonly LdapLink[] {
    return this.props.ldapUsers;
  }
  get roleIds(): readonly string[] {
    return this.props.roleIds;
  }
  get passwordHash(): string | undefined {
    return this.props.passwordHash;
  }
  get failedLogins(): number {
    return this.props.failedLogins;
  }
  get blockedUntil(): Date | undefined {
    return this.props.blockedUntil;
  }
  get lastLogin(): Date | undefined {
    return this.props.lastLogin;
  }
  get lastFailedLogin(): Date | undefined {
    return this.props.lastFailedLogin;
  }
  get passwordChangedAt(): Date | undefined {
    return this.props.passwordChangedAt;
  }
  get seedFingerprint(): string | undefined {
    return this.props.seedFingerprint;
  }
  get version(): number {
    return this.props.version;
  }

  /** Every name this user can be known by at login (its local username and directory names). */
  get loginNames(): string[] {
    const names = this.props.ldapUsers.map((link) => link.name);
    if (this.props.localUsername !== undefined) names.unshift(this.props.localUsername);
    return [...new Set(names)];
  }

  /** Whether `key` names this user: its id or its local username. */
  isKnownAs(key: string): boolean {
    return this.props.id === key || this.props.localUsername === key;
  }

  /** Whether the account's local password may log in with `name`. */
  logsInLocallyAs(name: string): boolean {
    return this.props.loginLocally && this.props.passwordHash !== undefined && this.props.localUsername === name;
  }

  /** The directory logins that may log in with `name`. */
  directoryLoginsAs(name: string): LdapLink[] {
    return this.props.ldapLogin ? this.props.ldapUsers.filter((link) => link.name === name) : [];
  }

  private moveTo(to: AccountState, at: Date): void {
    const from = this.props.state;
    ACCOUNT_STATE_MACHINE.transition(from, to);
    this.props.state = to;
    this.events.push({
      name: 'UserAccountStateChanged',
      lab: this.props.lab,
      occurredAt: at,
      userId: this.props.id,
      from,
      to,
    });
  }

  /** Whether a block has run out at `now`. */
  private blockRanOut(now: Date): boolean {
    return (
      this.props.state === 'BLOCKED' &&
      this.props.blockedUntil !== undefined &&
      this.props.blockedUntil.getTime() <= now.getTime()
    );
  }

  /**
   * Applies what time and the current policy decide: a block that ran out ends (and the failure count starts
   * over), a password past its age expires, an expired password under a relaxed policy is valid again.
   */
  refresh(now: Date, policy: LoginPolicy): void {
    if (this.blockRanOut(now)) {
      this.moveTo('ACTIVE', now);
      this.props.failedLogins = 0;
    }
    const expiryMove = passwordExpiryMove(this.props, now, policy);
    if (expiryMove !== undefined) this.moveTo(expiryMove, now);
  }

  /**
   * The account as time and the policy make it at `now`, leaving this one untouched: itself when `refresh` would
   * change nothing (the common case), else a refreshed copy. For read copies shared by many readers.
   */
  at(now: Date, policy: LoginPolicy): UserAccount {
    if (!this.blockRanOut(now) && passwordExpiryMove(this.props, now, policy) === undefined) return this;
    const copy = new UserAccount(this.snapshot());
    copy.refresh(now, policy);
    copy.pullEvents();
    return copy;
  }

  /** When the next login attempt is allowed after the recent failures; undefined when at once. */
  nextAttemptAllowedAt(policy: LoginPolicy): Date | undefined {
    const delay = policy.delayAfter(this.props.failedLogins);
    if (delay === 0 || !this.props.lastFailedLogin) return undefined;
    return new Date(this.props.lastFailedLogin.getTime() + delay * 1000);
  }

  /** A wrong password: counts it, and blocks the account when the policy says so. */
  recordFailedLogin(now: Date, policy: LoginPolicy): void {
    this.props.failedLogins += 1;
    this.props.lastFailedLogin = now;
    if (
      (this.props.state === 'ACTIVE' || this.props.state === 'PASSWORD_EXPIRED') &&
      policy.blocksAfter(this.props.failedLogins)
    ) {
      this.props.blockedUntil = policy.blockedUntil(now);
      this.moveTo('BLOCKED', now);
    }
  }

  /**
   * A login that passed. `through` says what checked the password: a directory login is not held back by an
   * expired local password (expiry is about the local password only).
   */
  recordSuccessfulLogin(now: Date, through: 'local' | 'directory' = 'local'): void {
    const allowed =
      this.props.state === 'ACTIVE' || (through === 'directory' && this.props.state === 'PASSWORD_EXPIRED');
    if (!allowed) {
      throw DomainError.conflict(
        'ACCOUNT_NOT_ACTIVE',
        `user '${this.props.displayName}' is ${this.props.state} and cannot log in`,
      );
    }
    this.props.failedLogins = 0;
    this.props.lastLogin = now;
  }

  /** The hashes a new password must not match: the current one and the `remembered` most recent earlier ones. */
  passwordHashesToAvoid(remembered: number): string[] {
    const hashes = this.props.passwordHash ? [this.props.passwordHash] : [];
    return [...hashes, ...this.props.obsoletePasswordHashes.slice(0, remembered)];
  }

  /** Sets a new local password (already checked against the policy and history by the caller). */
  changePassword(hash: string, now: Date, passwordChange: PasswordChange): void {
    if (!this.props.loginLocally || !this.props.passwordHash) {
      throw DomainError.invalid(
        'NO_LOCAL_LOGIN',
        `user '${this.props.displayName}' has no local login, so no local password to change`,
      );
    }
    this.retirePassword(this.props.passwordHash);
    this.props.passwordHash = hash;
    this.props.passwordChangedAt = now;
    this.props.passwordChange = passwordChange;
    this.events.push({ name: 'UserPasswordChanged', lab: this.props.lab, occurredAt: now, userId: this.props.id });
    if (this.props.state === 'PASSWORD_EXPIRED') this.moveTo('ACTIVE', now);
  }

  /** Puts `hash` first in the history of earlier passwords, which keeps the MAX_OBSOLETE_PASSWORDS newest. */
  private retirePassword(hash: string): void {
    this.props.obsoletePasswordHashes = [hash, ...this.props.obsoletePasswordHashes].slice(0, MAX_OBSOLETE_PASSWORDS);
  }

  /** Replaces the hash of the same password with a stronger one (no change of password age or history). */
  rehash(hash: string): void {
    this.props.passwordHash = hash;
  }

  /**
   * An administrator lifts a block: the account is active again (or password-expired, as time decides on the next
   * refresh) and the failure count starts over. Answers whether the account was blocked.
   */
  unblock(now: Date): boolean {
    const wasBlocked = this.props.state === 'BLOCKED';
    if (wasBlocked) this.moveTo('ACTIVE', now);
    this.props.blockedUntil = undefined;
    this.props.failedLogins = 0;
    this.props.lastFailedLogin = undefined;
    return wasBlocked;
  }

  disable(now: Date): void {
    this.moveTo('DISABLED', now);
  }

  enable(now: Date): void {
    this.moveTo('ACTIVE', now);
  }

  /**
   * The built-in administrator's configured password changed: it becomes the password (the old one goes to the
   * history), and a block is lifted so the operator can get in.
   */
  resetFromConfiguration(hash: string, fingerprint: string, now: Date): void {
    if (!this.props.builtIn)
      throw DomainError.conflict('NOT_BUILT_IN', 'only the built-in administrator is seeded from configuration');
    if (this.props.passwordHash) this.retirePassword(this.props.passwordHash);
    this.props.passwordHash = hash;
    this.props.passwordChangedAt = now;
    this.props.seedFingerprint = fingerprint;
    this.props.failedLogins = 0;
    if (this.props.state === 'BLOCKED' || this.props.state === 'PASSWORD_EXPIRED') this.moveTo('ACTIVE', now);
    this.events.push({ name: 'UserPasswordChanged', lab: this.props.lab, occurredAt: now, userId: this.props.id });
  }

  /** Marks the account removed (the repository deletes it); built-in accounts cannot be removed. */
  remove(now: Date): void {
    if (this.props.builtIn) {
      throw DomainError.conflict('BUILT_IN_USER', `user '${this.props.displayName}' is built in and cannot be removed`);
    }
    this.events.push({ name: 'UserRemoved', lab: this.props.lab, occurredAt: now, userId: this.props.id });
  }

  pullEvents(): UserEvent[] {
    return this.events.splice(0);
  }
}

import { DomainError, type ErrorDetail } from '../../../../shared/domain/DomainError.js';

export interface SipCredentialsState {
  readonly id: string;
  readonly displayName: string;
  readonly username: string;
  /** Secret: never answered, never logged. */
  readonly password: string;
  readonly authorizationUsername: string;
  readonly realm: string;
}

const CONTROL = /[\u0000-\u001f\u007f]/;

/** Digest credentials a transport connection authenticates with at its peer (a SIPAUTH_STACK object). */
export class SipCredentials {
  private state: SipCredentialsState;

  private constructor(state: SipCredentialsState) {
    this.state = state;
  }

  /** New credentials, or new values for stored ones: a user name and a password are required. */
  static of(state: SipCredentialsState): SipCredentials {
    const problems: ErrorDetail[] = [];
    if (state.username.trim() === '')
      problems.push({ field: 'username', rule: 'required', message: 'username must not be empty' });
    if (state.username.length > 255 || CONTROL.test(state.username))
      problems.push({
        field: 'username',
        rule: 'text',
        message: 'username must be at most 255 characters without control characters',
      });
    if (state.password === '')
      problems.push({ field: 'password', rule: 'required', message: 'password must not be empty' });
    if (state.password.length > 1024)
      problems.push({ field: 'password', rule: 'maxLength', message: 'password must be at most 1024 characters' });
    if (problems.length > 0) {
      throw DomainError.invalid(
        'CREDENTIALS_INVALID',
        `the credentials are invalid: ${problems.map((p) => p.message).join('; ')}`,
        problems,
      );
    }
    return new SipCredentials(state);
  }

  /** Credentials as stored (the catalog accepted them). */
  static restore(state: SipCredentialsState): SipCredentials {
    return new SipCredentials(state);
  }

  get id(): string {
    return this.state.id;
  }
  get displayName(): string {
    return this.state.displayName;
  }
  get username(): string {
    return this.state.username;
  }
  get password(): string {
    return this.state.password;
  }
  get authorizationUsername(): string {
    return this.state.authorizationUsername;
  }
  get realm(): string {
    return this.state.realm;
  }

  /** New user name and password (authorization user name and realm kept). */
  replace(username: string, password: string): SipCredentials {
    return SipCredentials.of({ ...this.state, username, password });
  }
}

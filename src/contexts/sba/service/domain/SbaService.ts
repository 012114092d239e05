import { isIP } from 'node:net';
import { describe, keyMatchesCertificate, publicKeyOf, type KeyMaterial } from '@gwsim/x509';
import { DomainError } from '../../../../shared/domain/DomainError.js';
import type { DomainEvent } from '../../../../shared/domain/DomainEvent.js';
import type { LabId } from '../../../../shared/domain/LabId.js';
import { SBA_MACHINE, SBA_STATES, type SbaState } from './SbaServiceMachine.js';

export const SBA_LOG_LEVELS = ['ERROR', 'WARN', 'INFO', 'DEBUG', 'TRACE'] as const;
export type SbaLogLevel = (typeof SBA_LOG_LEVELS)[number];
export const SBA_FINGERPRINT_SOURCES = ['CUSTOM', 'CERTIFICATE'] as const;
export type SbaFingerprintSource = (typeof SBA_FINGERPRINT_SOURCES)[number];

export const SBA_LOG_DEFAULTS = { level: 'INFO' as SbaLogLevel, directory: 'log/sba', maxArchiveDays: 30 };
export const MAX_ARCHIVE_DAYS = 3650;

export interface SbaLog {
  readonly level: SbaLogLevel;
  readonly directory: string;
  readonly maxArchiveDays: number;
}

export interface SbaFingerprint {
  readonly source: SbaFingerprintSource;
  readonly value: string;
}

/** The outcome of the last status request the service made to the collaboration platform. */
export interface SbaStatusRequest {
  readonly at: Date;
  readonly statusCode: number;
  readonly statusLine: string;
}

/** Everything kept of a lab's SBA service (the secret and the key included: only the store sees them). */
export interface SbaServiceState {
  readonly application?: string;
  readonly identity?: string;
  readonly tenantId?: string;
  readonly secret?: string;
  readonly ipAddress?: string;
  readonly log: SbaLog;
  readonly fingerprint: SbaFingerprint;
  /** Unencrypted PKCS#8 PEM. */
  readonly privateKey?: string;
  readonly certificate?: string;
  readonly enabled: boolean;
  readonly state: SbaState;
  readonly reason?: string;
  readonly lastRequest?: SbaStatusRequest;
}

export interface SbaServiceStateChanged extends DomainEvent {
  readonly name: 'SbaServiceStateChanged';
  readonly from: SbaState;
  readonly to: SbaState;
  readonly reason: string | undefined;
}

/** A part of the options sent by sba/set: members left out stay as they are. */
export interface SbaOptionsChange {
  readonly application?: string;
  readonly identity?: string;
  readonly tenantId?: string;
  readonly secret?: string;
  readonly log?: Partial<SbaLog>;
  readonly fingerprint?: { readonly source: string; readonly value?: string };
}

const FQDN =
  /^(?=.{1,253}$)[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/;
const CONTROL = /[\u0000-\u001f\u007f]/;

function invalid(field: string, rule: string, message: string): DomainError {
  return DomainError.invalid('INVALID_SBA_OPTIONS', message, [{ field, rule, message }]);
}

/** A value of a text setter: not blank, at most `max` characters, no control characters. */
export function sbaText(field: string, value: unknown, max: number): string {
  if (typeof value !== 'string' || value.trim() === '')
    throw invalid(field, 'required', `${field} must be a non-blank text`);
  const trimmed = value.trim();
  if (trimmed.length > max) throw invalid(field, 'maxLength', `${field} must be at most ${max} characters`);
  if (CONTROL.test(trimmed)) throw invalid(field, 'noControl', `${field} must not contain control characters`);
  return trimmed;
}

function checkIdentity(value: unknown, field = 'identity'): string {
  const text = sbaText(field, value, 253);
  if (!FQDN.test(text))
    throw invalid(field, 'isFqdn', `${field} must be a fully qualified domain name such as sba.example.com`);
  return text;
}

function checkIpAddress(value: unknown, field = 'ipAddress'): string {
  const text = sbaText(field, value, 45);
  if (isIP(text) === 0) throw invalid(field, 'isIp', `${field} must be an IPv4 or IPv6 address such as 192.0.2.10`);
  return text;
}

function checkLog(log: Partial<SbaLog>, field = 'log'): SbaLog {
  const level = log.level ?? SBA_LOG_DEFAULTS.level;
  if (!(SBA_LOG_LEVELS as readonly string[]).includes(level)) {
    throw invalid(`${field}.level`, 'isIn', `${field}.level must be one of ${SBA_LOG_LEVELS.join(', ')}`);
  }
  const directory =
    log.directory === undefined ? SBA_LOG_DEFAULTS.directory : sbaText(`${field}.directory`, log.directory, 255);
  const days = log.maxArchiveDays ?? SBA_LOG_DEFAULTS.maxArchiveDays;
  if (!Number.isInteger(days) || days < 1 || days > MAX_ARCHIVE_DAYS) {
    throw invalid(
      `${field}.maxArchiveDays`,
      'range',
      `${field}.maxArchiveDays must be a whole number from 1 to ${MAX_ARCHIVE_DAYS}`,
    );
  }
  return { level, directory, maxArchiveDays: days };
}

/**
 * The collaboration SBA service of a lab: its options (application / client id, identity, tenant, secret,
 * address, log options, fingerprint), its private key and certificate, and its state machine. Every mutator
 * checks what it is given and raises nothing when nothing changes; enable and disable move the machine.
 */
export class SbaService {
  private readonly events: SbaServiceStateChanged[] = [];

  private constructor(
    readonly lab: LabId,
    private current: SbaServiceState,
  ) {}

  static initial(lab: LabId): SbaService {
    return new SbaService(lab, {
      log: { ...SBA_LOG_DEFAULTS },
      fingerprint: { source: 'CUSTOM', value: '' },
      enabled: false,
      state: 'DISABLED',
    });
  }

  /** Rebuilds a kept state, checking it again. */
  static restore(lab: LabId, state: SbaServiceState): SbaService {
    if (!SBA_STATES.includes(state.state)) throw new TypeError(`state '${String(state.state)}' is not an SBA state`);
    if (state.enabled !== (state.state !== 'DISABLED'))
      throw new TypeError('enabled must be false exactly in state DISABLED');
    checkLog(state.log);
    if (!(SBA_FINGERPRINT_SOURCES as readonly string[]).includes(state.fingerprint.source))
      throw new TypeError('fingerprint source unknown');
    if (state.privateKey && state.certificate && !keyMatchesCertificate(state.privateKey, state.certificate)) {
      throw new TypeError('the private key does not belong to the certificate');
    }
    return new SbaService(lab, state);
  }

  get state(): SbaServiceState {
    return this.current;
  }

  /** The parts enable needs that are missing, in a fixed order. */
  get missingParts(): string[] {
    const s = this.current;
    const parts: Array<[string, unknown]> = [
      ['identity', s.identity],
      ['tenantId', s.tenantId],
      ['application', s.application],
      ['secret', s.secret],
      ['privateKey', s.privateKey],
      ['certificate', s.certificate],
    ];
    return parts.filter(([, value]) => value === undefined).map(([name]) => name);
  }

  /** The fingerprint as answered: from the certificate when its source is CERTIFICATE. */
  get fingerprint(): SbaFingerprint {
    return this.current.fingerprint;
  }

  private with(change: Partial<SbaServiceState>): boolean {
    const next = { ...this.current, ...change };
    if (JSON.stringify(next) === JSON.stringify(this.current)) return false;
    this.current = next;
    return true;
  }

  setApplication(value: unknown): boolean {
    return this.with({ application: sbaText('application', value, 255) });
  }

  setTenantId(value: unknown): boolean {
    return this.with({ tenantId: sbaText('tenantId', value, 255) });
  }

  setIdentity(value: unknown): boolean {
    return this.with({ identity: checkIdentity(value) });
  }

  setIpAddress(value: unknown): boolean {
    return this.with({ ipAddress: checkIpAddress(value) });
  }

  setSecret(value: unknown): boolean {
    return this.with({ secret: sbaText('secret', value, 1024) });
  }

  /** Log options; members left out take their defaults (level INFO, maxArchiveDays 30). */
  setLog(log: Partial<SbaLog>): boolean {
    return this.with({ log: checkLog(log) });
  }

  /** CUSTOM takes the value sent; CERTIFICATE takes the stored certificate's SHA-256 fingerprint. */
  setFingerprint(
    fingerprint: { readonly source: string; readonly value?: string },
    certificateFingerprint: string | undefined,
    field = 'fingerprint',
  ): boolean {
    if (!(SBA_FINGERPRINT_SOURCES as readonly string[]).includes(fingerprint.source)) {
      throw invalid(`${field}.source`, 'isIn', `${field}.source must be one of ${SBA_FINGERPRINT_SOURCES.join(', ')}`);
    }
    if (fingerprint.source === 'CERTIFICATE') {
      if (!certificateFingerprint) {
        throw DomainError.conflict(
          'SBA_CERTIFICATE_MISSING',
          `${field}.source CERTIFICATE needs a certificate: upload one with sba/certificate/set first`,
          [{ field: `${field}.source`, rule: 'certificateStored', message: 'no certificate is stored' }],
        );
      }
      return this.with({ fingerprint: { source: 'CERTIFICATE', value: certificateFingerprint } });
    }
    const value = sbaText(`${field}.value`, fingerprint.value, 256);
    return this.with({ fingerprint: { source: 'CUSTOM', value } });
  }

  /** Applies sba/set: all or nothing (checks every member before changing any). */
  applyOptions(change: SbaOptionsChange, certificateFingerprint: string | undefined): boolean {
    const probe = new SbaService(this.lab, this.current);
    if (change.application !== undefined) probe.setApplication(change.application);
    if (change.identity !== undefined) probe.setIdentity(change.identity);
    if (change.tenantId !== undefined) probe.setTenantId(change.tenantId);
    if (change.secret !== undefined) probe.setSecret(change.secret);
    if (change.log !== undefined) probe.setLog(change.log);
    if (change.fingerprint !== undefined) probe.setFingerprint(change.fingerprint, certificateFingerprint);
    return this.with(probe.current);
  }

  /**
   * Stores the private key of an uploaded file. When the file also holds a certificate, the key must belong to
   * it and both are stored; otherwise the key must belong to the stored certificate, if any.
   */
  setPrivateKey(material: KeyMaterial): boolean {
    if (!material.privateKey) {
      throw DomainError.invalid('SBA_KEY_FILE_INVALID', 'the uploaded file holds no private key; nothing was changed', [
        { field: 'file', rule: 'holdsPrivateKey', message: 'file must hold a private key (PEM or PKCS#12)' },
      ]);
    }
    const certificate = material.certificates[0]?.pem ?? this.current.certificate;
    if (certificate && !keyMatchesCertificate(material.privateKey, certificate)) {
      throw DomainError.invalid(
        'SBA_KEY_MISMATCH',
        material.certificates[0]
          ? 'the private key does not belong to the certificate in the same file; nothing was changed'
          : 'the private key does not belong to the stored certificate; upload the key together with its certificate (PEM or PKCS#12) to replace both; nothing was changed',
        [{ field: 'file', rule: 'keyMatchesCertificate', message: 'the key must belong to the certificate' }],
      );
    }
    return this.with({
      privateKey: material.privateKey,
      ...(material.certificates[0] ? { certificate: material.certificates[0].pem } : {}),
    });
  }

  /**
   * Stores the (first) certificate of an uploaded file. A key in the same file must belong to it and is stored
   * too; otherwise the stored key, if any, must belong to it.
   */
  setCertificate(material: KeyMaterial): boolean {
    const certificate = material.certificates[0]?.pem;
    if (!certificate) {
      throw DomainError.invalid(
        'SBA_CERTIFICATE_FILE_INVALID',
        'the uploaded file holds no certificate; nothing was changed',
        [{ field: 'file', rule: 'holdsCertificate', message: 'file must hold a certificate (PEM, DER or PKCS#12)' }],
      );
    }
    const key = material.privateKey ?? this.current.privateKey;
    if (key && !keyMatchesCertificate(key, certificate)) {
      throw DomainError.invalid(
        'SBA_KEY_MISMATCH',
        material.privateKey
          ? 'the private key in the file does not belong to its certificate; nothing was changed'
          : 'the certificate does not belong to the stored private key; upload the certificate together with its key (PEM or PKCS#12) to replace both; nothing was changed',
        [{ field: 'file', rule: 'keyMatchesCertificate', message: 'the certificate must belong to the key' }],
      );
    }
    return this.with({ certificate, ...(material.privateKey ? { privateKey: material.privateKey } : {}) });
  }

  /** The SHA-256 fingerprint of the stored certificate, or undefined. */
  get certificateFingerprint(): string | undefined {
    return this.current.certificate ? describe(this.current.certificate).fingerprint256 : undefined;
  }

  /** The public key of the stored private key (PEM), or undefined. */
  get publicKey(): string | undefined {
    return this.current.privateKey ? publicKeyOf(this.current.privateKey) : undefined;
  }

  private move(to: SbaState, at: Date, reason: string | undefined): void {
    const from = this.current.state;
    SBA_MACHINE.transition(from, to);
    const { reason: _dropped, ...rest } = this.current;
    this.current = { ...rest, state: to, enabled: to !== 'DISABLED', ...(reason !== undefined ? { reason } : {}) };
    this.events.push({ name: 'SbaServiceStateChanged', lab: this.lab, occurredAt: at, from, to, reason });
  }

  /**
   * Enables the service: STARTING, then RUNNING when identity, tenant, application, secret, key and
   * certificate are all present, else ERROR with the missing parts as reason. Enabling again re-checks.
   */
  enable(at: Date): void {
    this.move('STARTING', at, undefined);
    const missing = this.missingParts;
    if (missing.length === 0) {
      this.current = { ...this.current, lastRequest: { at, statusCode: 200, statusLine: 'HTTP/1.1 200 OK' } };
      this.move('RUNNING', at, undefined);
    } else {
      this.current = { ...this.current, lastRequest: { at, statusCode: 400, statusLine: 'HTTP/1.1 400 Bad Request' } };
      this.move('ERROR', at, `missing: ${missing.join(', ')}`);
    }
  }

  /** Disables the service; disabling a disabled service changes nothing. Answers whether it changed. */
  disable(at: Date): boolean {
    if (this.current.state === 'DISABLED') return false;
    this.move('DISABLED', at, undefined);
    return true;
  }

  pullEvents(): SbaServiceStateChanged[] {
    return this.events.splice(0);
  }
}

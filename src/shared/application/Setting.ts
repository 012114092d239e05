import { StaleVersionError } from '../domain/DomainError.js';
import type { LabId } from '../domain/LabId.js';
import type { SettingJson, SettingsRepository } from './SettingsRepository.js';

/** What makes a JSON value of the store a setting: its key, its default, and its codec. */
export interface SettingDefinition<T> {
  /** Unique in the store, `<context>.<setting>`, e.g. `identity.passwordPolicy`; never renamed (stored rows hold it). */
  readonly key: string;
  /** How errors name it, e.g. `Password policy`. */
  readonly what: string;
  /** The value of a lab that never saved it. */
  initial(lab: LabId): T;
  /** Rebuilds the domain object from its stored JSON, checking every invariant again (throws when broken). */
  decode(lab: LabId, json: SettingJson): T;
  encode(value: T): SettingJson;
}

/** A value with the version it was read at or saved as (0: never saved, the default). */
export interface Versioned<T> {
  readonly value: T;
  readonly version: number;
  /** When it was last saved; undefined for a default. */
  readonly updatedAt: Date | undefined;
}

/**
 * Typed access to one setting of the store. Runs inside the caller's unit of work. A context subclasses it once
 * per setting (an injectable token with the definition fixed) or uses it directly.
 */
export class Setting<T> {
  constructor(
    private readonly store: SettingsRepository,
    readonly definition: SettingDefinition<T>,
  ) {}

  async read(lab: LabId): Promise<Versioned<T>> {
    const stored = await this.store.find(lab, this.definition.key);
    if (!stored) return { value: this.definition.initial(lab), version: 0, updatedAt: undefined };
    let value: T;
    try {
      value = this.definition.decode(lab, stored.value);
    } catch (error) {
      // A stored value that breaks the rules is the store's fault, not the caller's: not a 4xx.
      throw new Error(
        `the stored ${this.definition.what.toLowerCase()} of lab '${lab}' (version ${stored.version}) is corrupt: ${(error as Error).message}`,
        { cause: error },
      );
    }
    return { value, version: stored.version, updatedAt: stored.updatedAt };
  }

  /** The stored version (0: never saved), without decoding the value: what an unconditional save builds on. */
  async versionOf(lab: LabId): Promise<number> {
    return (await this.store.find(lab, this.definition.key))?.version ?? 0;
  }

  async get(lab: LabId): Promise<T> {
    return (await this.read(lab)).value;
  }

  /** Saves `value` over version `expectedVersion`; a 409 STALE_VERSION when another save came in between. */
  async save(lab: LabId, value: T, expectedVersion: number): Promise<Versioned<T>> {
    try {
      const stored = await this.store.save(lab, this.definition.key, this.definition.encode(value), expectedVersion);
      return { value, version: stored.version, updatedAt: stored.updatedAt };
    } catch (error) {
      if (error instanceof StaleVersionError) throw new StaleVersionError(this.definition.what, lab);
      throw error;
    }
  }
}

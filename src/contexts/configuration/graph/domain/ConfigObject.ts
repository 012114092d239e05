import { DomainError } from '../../../../shared/domain/DomainError.js';
import type { LabId } from '../../../../shared/domain/LabId.js';
import type { ObjectSort } from './ObjectSort.js';

/** A parameter value of a configuration object: JSON-like, typed (the detached-objects view renders scalars as strings). */
export type ParameterValue =
  string | number | boolean | null | readonly ParameterValue[] | { readonly [key: string]: ParameterValue };

/** The parameters every object carries besides its display name. */
export interface CommonParameters {
  readonly comment: string;
  readonly visible: boolean;
  readonly protected: boolean;
  readonly trMark: boolean;
}

export const DEFAULT_COMMON: CommonParameters = Object.freeze({
  comment: '',
  visible: true,
  protected: false,
  trMark: false,
});

/** Everything that makes up an object, as stored and compared between revisions. */
export interface ConfigObjectSnapshot {
  readonly id: string;
  readonly sort: ObjectSort;
  readonly displayName: string;
  /** Sort-specific parameters (see the sort catalog). */
  readonly parameters: { readonly [name: string]: ParameterValue };
  /** Named reference slots, each an ordered list of referenced object ids (canonical form). */
  readonly references: { readonly [slot: string]: readonly string[] };
  readonly common: CommonParameters;
  /** Free text kept with the object (the real product's metaData.anynodefe.note). */
  readonly note: string;
  /** Administrative metadata (wizard provenance, compatibility markers) kept verbatim. */
  readonly metadata: { readonly [key: string]: ParameterValue };
  /** Optimistic concurrency version of the working copy: 0 for an object never stored. */
  readonly version: number;
}

const DISPLAY_NAME_MAX = 255;

function checkDisplayName(displayName: string): string {
  const trimmed = displayName.trim();
  if (trimmed.length === 0)
    throw DomainError.invalid('DISPLAY_NAME_REQUIRED', 'an object needs a non-empty displayName');
  if (trimmed.length > DISPLAY_NAME_MAX)
    throw DomainError.invalid('DISPLAY_NAME_TOO_LONG', `displayName must be at most ${DISPLAY_NAME_MAX} characters`);
  return trimmed;
}

/**
 * One object of a lab's configuration graph (working revision). Typed aggregates of later areas (nodes,
 * transport connections, routing, …) map to and from these. Mutators validate before they change anything.
 */
export class ConfigObject {
  private state: ConfigObjectSnapshot;

  constructor(
    readonly lab: LabId,
    snapshot: ConfigObjectSnapshot,
  ) {
    this.state = { ...snapshot, displayName: checkDisplayName(snapshot.displayName) };
  }

  static create(
    lab: LabId,
    fields: Omit<ConfigObjectSnapshot, 'version' | 'common' | 'note' | 'metadata' | 'references' | 'parameters'> &
      Partial<Pick<ConfigObjectSnapshot, 'common' | 'note' | 'metadata' | 'references' | 'parameters'>>,
  ): ConfigObject {
    return new ConfigObject(lab, {
      parameters: {},
      references: {},
      common: DEFAULT_COMMON,
      note: '',
      metadata: {},
      ...fields,
      version: 0,
    });
  }

  get id(): string {
    return this.state.id;
  }
  get sort(): ObjectSort {
    return this.state.sort;
  }
  get displayName(): string {
    return this.state.displayName;
  }
  get parameters(): ConfigObjectSnapshot['parameters'] {
    return this.state.parameters;
  }
  get references(): ConfigObjectSnapshot['references'] {
    return this.state.references;
  }
  get common(): CommonParameters {
    return this.state.common;
  }
  get note(): string {
    return this.state.note;
  }
  get metadata(): ConfigObjectSnapshot['metadata'] {
    return this.state.metadata;
  }
  get version(): number {
    return this.state.version;
  }

  /** Every object id this object references, once each, in slot order. */
  referencedIds(): string[] {
    return [...new Set(Object.values(this.state.references).flat())];
  }

  referencesIn(slot: string): readonly string[] {
    return this.state.references[slot] ?? [];
  }

  rename(displayName: string): void {
    this.state = { ...this.state, displayName: checkDisplayName(displayName) };
  }

  setParameters(parameters: ConfigObjectSnapshot['parameters']): void {
    this.state = { ...this.state, parameters: { ...parameters } };
  }

  setParameter(name: string, value: ParameterValue): void {
    this.state = { ...this.state, parameters: { ...this.state.parameters, [name]: value } };
  }

  setReferences(slot: string, ids: readonly string[]): void {
    const references = { ...this.state.references };
    if (ids.length === 0) delete references[slot];
    else references[slot] = [...ids];
    this.state = { ...this.state, references };
  }

  setCommon(common: Partial<CommonParameters>): void {
    this.state = { ...this.state, common: { ...this.state.common, ...common } };
  }

  setNote(note: string): void {
    this.state = { ...this.state, note };
  }

  setMetadata(metadata: ConfigObjectSnapshot['metadata']): void {
    this.state = { ...this.state, metadata: { ...metadata } };
  }

  /** A copy under a new id and name (import CLONE), version 0. */
  cloneAs(id: string, displayName: string): ConfigObject {
    return new ConfigObject(this.lab, { ...this.state, id, displayName, version: 0 });
  }

  /** An independent copy with the same id and version, to change without touching a shared (read) object. */
  copy(): ConfigObject {
    return new ConfigObject(this.lab, this.state);
  }

  snapshot(): ConfigObjectSnapshot {
    return this.state;
  }
}

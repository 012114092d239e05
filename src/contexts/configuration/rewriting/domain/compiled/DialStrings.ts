/**
 * The dial strings of one call as the rewriting engine sees them: immutable values, changed only by making new
 * ones. A dial string is its text (digits, or the user part of a SIP URI), an optional display name and a set of
 * tags (`userIp`, `userPhone`, …) that rules can test and rewrite.
 */
export class DialString {
  readonly tags: ReadonlySet<string>;

  private constructor(
    readonly text: string,
    readonly displayName: string | undefined,
    tags: Iterable<string>,
  ) {
    this.tags = new Set(tags);
    Object.freeze(this);
  }

  static of(text: string, options: { displayName?: string; tags?: Iterable<string> } = {}): DialString {
    return new DialString(text, options.displayName, options.tags ?? []);
  }

  withText(text: string): DialString {
    return text === this.text ? this : new DialString(text, this.displayName, this.tags);
  }

  withoutDisplayName(): DialString {
    return this.displayName === undefined ? this : new DialString(this.text, undefined, this.tags);
  }

  withTags(tags: Iterable<string>): DialString {
    return new DialString(this.text, this.displayName, tags);
  }

  equals(other: DialString): boolean {
    if (this.text !== other.text || this.displayName !== other.displayName || this.tags.size !== other.tags.size)
      return false;
    for (const tag of this.tags) if (!other.tags.has(tag)) return false;
    return true;
  }

  /** `text "display name" [tag1,tag2]`, for traces and test messages. */
  toString(): string {
    const name = this.displayName === undefined ? '' : ` "${this.displayName}"`;
    const tags = this.tags.size ? ` [${[...this.tags].sort().join(',')}]` : '';
    return `${this.text}${name}${tags}`;
  }
}

/** The name of one dial string of a call: its role, diversions numbered from 0 (the first diversion). */
export type DialStringRole = 'source' | 'destination' | 'elin' | 'asserted' | 'transferrer' | `diversions[${number}]`;

export interface DialStringsInit {
  readonly source: DialString;
  readonly destination: DialString;
  readonly elin?: DialString;
  readonly asserted?: DialString;
  readonly transferrer?: DialString;
  /** The call's diversions, the first (oldest) first. */
  readonly diversions?: readonly DialString[];
}

/** The dial string set of one call. Absent dial strings stay absent: no rule creates one. */
export class DialStrings implements DialStringsInit {
  readonly source: DialString;
  readonly destination: DialString;
  readonly elin?: DialString;
  readonly asserted?: DialString;
  readonly transferrer?: DialString;
  readonly diversions: readonly DialString[];

  constructor(init: DialStringsInit) {
    this.source = init.source;
    this.destination = init.destination;
    if (init.elin) this.elin = init.elin;
    if (init.asserted) this.asserted = init.asserted;
    if (init.transferrer) this.transferrer = init.transferrer;
    this.diversions = Object.freeze([...(init.diversions ?? [])]);
    Object.freeze(this);
  }

  /** The roles present in this set, in a fixed order: source, destination, elin, asserted, transferrer, diversions. */
  roles(): DialStringRole[] {
    const roles: DialStringRole[] = ['source', 'destination'];
    if (this.elin) roles.push('elin');
    if (this.asserted) roles.push('asserted');
    if (this.transferrer) roles.push('transferrer');
    this.diversions.forEach((_, index) => roles.push(`diversions[${index}]`));
    return roles;
  }

  get(role: DialStringRole): DialString | undefined {
    const diversion = /^diversions\[(\d+)\]$/.exec(role);
    if (diversion) return this.diversions[Number(diversion[1])];
    return this[role as 'source' | 'destination' | 'elin' | 'asserted' | 'transferrer'];
  }

  /** A copy with the dial strings of `changes` replaced (roles absent from this set are ignored). */
  with(changes: ReadonlyMap<DialStringRole, DialString>): DialStrings {
    if (changes.size === 0) return this;
    const pick = (role: DialStringRole, current: DialString | undefined) =>
      current ? (changes.get(role) ?? current) : undefined;
    return new DialStrings({
      source: pick('source', this.source)!,
      destination: pick('destination', this.destination)!,
      elin: pick('elin', this.elin),
      asserted: pick('asserted', this.asserted),
      transferrer: pick('transferrer', this.transferrer),
      diversions: this.diversions.map((diversion, index) => changes.get(`diversions[${index}]`) ?? diversion),
    });
  }
}

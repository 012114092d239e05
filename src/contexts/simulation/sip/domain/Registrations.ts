/**
 * The bindings of a SIP phone registrar node (RFC 3261 section 10.3): per address-of-record user, the contacts
 * registered with the instant each expires (on the lab clock). Pure: the registrar service checks the request,
 * the credentials and the expiry bounds, then changes the bindings here.
 */
export interface Binding<Address> {
  readonly contact: string;
  readonly address: Address;
  readonly expiresAt: number;
  /** When the REGISTER that made or last renewed it was accepted (ms since the epoch). */
  readonly refreshedAt: number;
  /** The phone's User-Agent header ('' when it sent none). */
  readonly userAgent: string;
  /** The address of record (the user at the registrar's domain). */
  readonly addressOfRecord: string;
}

/** What a REGISTER says of the phone besides its Contact: when it was accepted and the User-Agent it gave. */
export interface BindingFacts {
  readonly refreshedAt: number;
  readonly userAgent: string;
  readonly addressOfRecord: string;
}

export class Registrations<Address> {
  private readonly byUser = new Map<string, Map<string, Binding<Address>>>();

  /** Adds or refreshes a binding (`expiresAt` in ms since the epoch). */
  bind(
    user: string,
    contact: string,
    address: Address,
    expiresAt: number,
    facts: BindingFacts = { refreshedAt: expiresAt, userAgent: '', addressOfRecord: '' },
  ): void {
    let bindings = this.byUser.get(user);
    if (!bindings) {
      bindings = new Map();
      this.byUser.set(user, bindings);
    }
    bindings.set(contact, { contact, address, expiresAt, ...facts });
  }

  /** Removes one binding, or every binding of the user when `contact` is undefined (Contact: * with Expires: 0). */
  unbind(user: string, contact?: string): void {
    if (contact === undefined) this.byUser.delete(user);
    else this.byUser.get(user)?.delete(contact);
  }

  /** Removes every binding whose address `gone` names (a closed flow's). */
  unbindWhere(gone: (address: Address) => boolean): void {
    for (const [user, bindings] of this.byUser) {
      for (const [contact, binding] of bindings) if (gone(binding.address)) bindings.delete(contact);
      if (bindings.size === 0) this.byUser.delete(user);
    }
  }

  /** The user's bindings still valid at `now` (expired ones are dropped). */
  current(user: string, now: number): readonly Binding<Address>[] {
    const bindings = this.byUser.get(user);
    if (!bindings) return [];
    for (const [contact, binding] of bindings) if (binding.expiresAt <= now) bindings.delete(contact);
    if (bindings.size === 0) this.byUser.delete(user);
    return [...bindings.values()];
  }

  /** The most recently refreshed binding of the user (the one that expires last), if any. */
  reach(user: string, now: number): Binding<Address> | undefined {
    return this.current(user, now).reduce<Binding<Address> | undefined>(
      (best, b) => (!best || b.expiresAt > best.expiresAt ? b : best),
      undefined,
    );
  }

  /** Every binding valid at `now`, with its user, users in name order. */
  all(now: number): { readonly user: string; readonly binding: Binding<Address> }[] {
    const found: { readonly user: string; readonly binding: Binding<Address> }[] = [];
    for (const user of [...this.byUser.keys()].sort())
      for (const binding of this.current(user, now)) found.push({ user, binding });
    return found;
  }

  /** How many users have a binding valid at `now`. */
  count(now: number): number {
    let count = 0;
    for (const user of [...this.byUser.keys()]) if (this.current(user, now).length > 0) count += 1;
    return count;
  }
}

/**
 * The expiry a registration gets: what it asked for (the Contact's expires parameter, else the Expires header,
 * else 3600 s), at most the registrar's maximum; 0 removes. Below the minimum (and not 0) it is refused (423,
 * with the minimum in Min-Expires).
 */
export function grantedExpiry(
  asked: number | undefined,
  bounds: { readonly minExpiresSeconds: number; readonly maxExpiresSeconds: number },
): { readonly seconds: number } | { readonly tooBrief: number } {
  const seconds = asked === undefined || !Number.isFinite(asked) || asked < 0 ? 3600 : Math.floor(asked);
  if (seconds === 0) return { seconds: 0 };
  if (seconds < bounds.minExpiresSeconds) return { tooBrief: bounds.minExpiresSeconds };
  return { seconds: Math.min(seconds, bounds.maxExpiresSeconds) };
}

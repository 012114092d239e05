/**
 * Which values of a lab's state are secrets an exported file must not carry in the clear: every non-empty string
 * under a key (a column, or a field of a JSON value at any depth) whose name ends in `secret`, `password`,
 * `passphrase`, `privateKey`/`private_key` or `token` — the configuration's secret parameters (`sharedSecret`,
 * `clientSecret`, `password`, `bindPassword`, the `privateKey` PEMs of certificates and web server connectors), the
 * SBA service's `secret` and `privateKey` — and never a hash (`password_hash`, `obsolete_password_hashes`) nor a
 * setting about passwords (`passwordExpiration`). A rule by name rather than a list of places, so a secret added
 * later under such a name is sealed too (a test holds every secret parameter of the catalog to it).
 */
const SECRET_NAME = /(secret|password|passphrase|private_?key|token)$/i;
const NOT_SECRET = /hash|fingerprint/i;

export function isSecretName(name: string): boolean {
  return SECRET_NAME.test(name) && !NOT_SECRET.test(name);
}

/**
 * Copies `value`, replacing every secret string (by its key's name) with what `seal` makes of it; answers the copy
 * and the paths it sealed. Strings are kept as they are otherwise.
 */
export function mapSecrets<T>(
  value: unknown,
  seal: (secret: string, path: string) => T,
  path = '',
): { value: unknown; sealed: string[] } {
  const sealed: string[] = [];
  const walk = (node: unknown, at: string): unknown => {
    if (Array.isArray(node)) return node.map((item, index) => walk(item, `${at}[${index}]`));
    if (node === null || typeof node !== 'object') return node;
    const copy: Record<string, unknown> = {};
    for (const [key, child] of Object.entries(node as Record<string, unknown>)) {
      const where = at === '' ? key : `${at}.${key}`;
      if (typeof child === 'string' && child !== '' && isSecretName(key)) {
        copy[key] = seal(child, where);
        sealed.push(where);
      } else {
        copy[key] = walk(child, where);
      }
    }
    return copy;
  };
  return { value: walk(value, path), sealed };
}

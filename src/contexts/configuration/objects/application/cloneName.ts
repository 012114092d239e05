const DISPLAY_NAME_MAX = 255;

/**
 * The display name of a clone: `<name> (<cloneComment>)`, "clone" when no comment is given; when that name
 * is taken in the sort, ` 2`, ` 3`, … is added inside the parentheses. Long names are cut to fit 255 characters.
 */
export function cloneName(
  original: string,
  cloneComment: string | undefined,
  taken: (name: string) => boolean,
): string {
  const comment = ((cloneComment ?? '').trim() || 'clone').slice(0, 100);
  for (let n = 1; ; n += 1) {
    const suffix = ` (${comment}${n === 1 ? '' : ` ${n}`})`;
    const name = `${original.slice(0, Math.max(1, DISPLAY_NAME_MAX - suffix.length))}${suffix}`.slice(
      0,
      DISPLAY_NAME_MAX,
    );
    if (!taken(name)) return name;
  }
}

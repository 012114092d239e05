/**
 * What the command line calls the request's fields, query parameters and headers, for one command:
 * `{ portOffset: '--offset', name: '<name>' }`. A name the command has no flag for is left as the server wrote it
 * (a field inside a file the command sends, say).
 */
export type FlagNames = Readonly<Record<string, string>>;

/** The error shape every gwsim endpoint answers with. */
export interface ErrorBody {
  readonly code?: string;
  readonly message?: string;
  readonly details?: ReadonlyArray<{ readonly field?: string; readonly message: string }>;
}

/** Who asked, as a refusal of the credentials says. */
export interface Asker {
  readonly user: string;
  readonly lab: string;
}

/** ` --lab LAB`, or nothing for the default lab. */
function labFlag(lab: string): string {
  return lab === 'default' ? '' : ` --lab ${lab}`;
}

/** The server's hints that speak of the wire, and what the command line says instead (`undefined`: no flag for it). */
const HINTS: ReadonlyArray<readonly [RegExp, (names: FlagNames, ...match: string[]) => string | undefined]> = [
  [/^request body is invalid: /, () => ''],
  [/GET \/_sim\/labs lists the labs/g, () => 'gwsim labs list lists them'],
  [
    /GET \/_sim\/labs\/([^/\s]+)\/snapshots lists them/g,
    (_n, _m, lab) => `gwsim snapshots list${labFlag(lab!)} lists them`,
  ],
  [
    /POST \/_sim\/labs\/([^/\s]+)\/scenario runs one/g,
    (_n, _m, lab) => `gwsim scenario run SCENARIO${labFlag(lab!)} runs one`,
  ],
  [/GET \/_sim\/scenarios/g, () => 'gwsim scenario list'],
  [
    /run the scenario in a lab of its own \(POST \/_sim\/labs \{[^}]*\}\)/g,
    () => 'leave out --lab to run it in a lab of its own',
  ],
  [/a file GET \/_sim\/labs\/\{lab\}\/snapshots\/\{name\} exported/g, () => 'a file gwsim snapshots export wrote'],
  [/send replace: true to replace it/g, (names) => names['replace'] && `use ${names['replace']} to replace it`],
  [/\breplace: true replaces it/g, (names) => names['replace'] && `${names['replace']} replaces it`],
  [
    /in the X-Gwsim-Passphrase header/gi,
    (names) => names['x-gwsim-passphrase'] && `with ${names['x-gwsim-passphrase']}`,
  ],
  [/query parameter '([^']+)'/g, (names, match, name) => names[name!] ?? match],
];

/**
 * A text of the server's in the command line's words: the hints above, and each `;`-separated part that starts
 * with the name of a field the error names (`portOffset must not be greater than 60000`) starting with its flag
 * instead (a part that starts with another word, `lab 'x' has a snapshot 'y' already`, is prose and stays).
 */
export function inFlags(text: string, names: FlagNames, fields: ReadonlySet<string>): string {
  let said = text;
  for (const [pattern, say] of HINTS)
    said = said.replace(pattern, (...match: string[]) => say(names, ...match) ?? match[0]!);
  return said
    .split('; ')
    .map((part) => {
      const field = /^([A-Za-z][\w.[\]-]*)(?=[ :]|$)/.exec(part)?.[1];
      return field !== undefined && fields.has(field) && names[field] !== undefined
        ? `${names[field]}${part.slice(field.length)}`
        : part;
    })
    .join('; ');
}

/** What to do about a refusal of the credentials, in flags and variables. */
function credentialsHint(status: number, asker: Asker): string {
  if (status === 401)
    return ` (gwsim sent user '${asker.user}': give --user and --password, or GWSIM_USER and GWSIM_ADMIN_PASSWORD)`;
  if (status === 403) return ` (user '${asker.user}' of lab '${asker.lab}' may not: --user names another)`;
  return '';
}

/**
 * The lines that tell a refusal: `gwsim: COMMAND: STATUS CODE: message` in the command line's words (with what
 * to do about refused credentials), then each detail the message does not already say, as `flag: message`.
 */
export function refusalInFlags(
  command: string,
  status: number,
  error: ErrorBody | undefined,
  text: string,
  names: FlagNames,
  asker: Asker,
): string[] {
  const fields = new Set((error?.details ?? []).flatMap((detail) => (detail.field ? [detail.field] : [])));
  const message = inFlags(error?.message ?? text, names, fields);
  const lines = [`gwsim: ${command}: ${status} ${error?.code ?? ''}: ${message}${credentialsHint(status, asker)}`];
  for (const detail of error?.details ?? []) {
    const said = inFlags(detail.message, names, fields);
    if (message.includes(said)) continue;
    const field = detail.field === undefined ? undefined : (names[detail.field] ?? detail.field);
    lines.push(`  ${field ? `${field}: ` : ''}${said}`);
  }
  return lines;
}

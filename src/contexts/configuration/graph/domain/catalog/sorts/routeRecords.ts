import type { ErrorDetail } from '../../../../../../shared/domain/DomainError.js';
import type { ParameterValue } from '../../ConfigObject.js';
import type { FieldDefinition, ParameterType } from '../ParameterType.js';
import { f, NODE_SORTS, t } from '../SortDefinition.js';

/**
 * The records of routing (TELRT_STACK routes) and dial string rewriting (TEL_REWRITE_DOMAIN rules), field for
 * field as the specification's "Routing domain" and "DialStringRewriting" resources give them (the plain types
 * are routing/domain/RouteModel.ts and rewriting/domain/RewriteRule.ts). The rules across fields live here,
 * once, so objects/set refuses what the routing and rewriting views refuse.
 */

type Rec = { readonly [key: string]: ParameterValue };

export const MATCHER_TYPES = ['NEVER', 'DIRECTORY', 'EXTENSION_RANGE', 'WILDCARD', 'PLAIN'] as const;
/** The member each matcher type uses (NEVER uses none). */
export const MATCHER_MEMBERS: { readonly [type: string]: string | undefined } = {
  NEVER: undefined,
  DIRECTORY: 'directory',
  EXTENSION_RANGE: 'extensionRange',
  WILDCARD: 'wildcardPattern',
  PLAIN: 'plain',
};
export const SEGMENT_SOURCES = [
  'MOST_APPROPRIATE',
  'SOURCE',
  'DESTINATION',
  'FIRST_DIVERSION',
  'LAST_DIVERSION',
  'TRANSFERRER',
  'NONE',
];
export const TEL_STATUSES = ['USER_BUSY', 'NO_ANSWER', 'REJECTED', 'UNREACHABLE', 'ERROR', 'TIMEOUT', 'NO_CHANNEL'];
export const ROUTE_ACTIONS = ['ACCEPT', 'REJECT', 'IGNORE'];
export const DIAL_STRING_MATCHERS = [
  'sourceDialString',
  'firstDiversionDialString',
  'lastDiversionDialString',
  'destinationDialString',
  'transferrerDialString',
] as const;
export const TARGET_REWRITINGS = [
  'destinationDialStringRewriting',
  'sourceDialStringRewriting',
  'elinDialStringRewriting',
  'assertedDialStringRewriting',
  'transferrerDialStringRewriting',
] as const;

const SIP_STATUS_CODES = /^\s*\d{3}(\s*-\s*\d{3})?(\s*,\s*\d{3}(\s*-\s*\d{3})?)*\s*$/;
const EXTENSION = /^\d{1,32}$/;
/** Text that is more than blanks. */
const nonEmpty = (maxLength: number) =>
  t.string(maxLength, false, /\S/, `non-blank text of at most ${maxLength} characters`);

/** Problems of a SIP status code list ("408,480-486"): codes 100–699, ranges in order. Empty is valid. */
export function sipStatusCodeProblems(text: string, field: string): ErrorDetail[] {
  if (text.trim() === '') return [];
  if (!SIP_STATUS_CODES.test(text)) {
    return [
      {
        field,
        rule: 'sipStatusCodes',
        message: `${field} must be SIP status codes and ranges joined by commas (e.g. "408,480-486"), got ${JSON.stringify(text.slice(0, 40))}`,
      },
    ];
  }
  const problems: ErrorDetail[] = [];
  for (const part of text.split(',')) {
    const [low, high = low] = part.split('-').map((code) => Number(code.trim())) as [number, number?];
    if (low < 100 || high! > 699 || low > 699 || high! < 100)
      problems.push({
        field,
        rule: 'sipStatusCodes',
        message: `${field}: ${part.trim()} is not a SIP status code from 100 to 699`,
      });
    else if (low > high!)
      problems.push({
        field,
        rule: 'sipStatusCodes',
        message: `${field}: the range ${part.trim()} must run from the lower code to the higher`,
      });
  }
  return problems;
}

/** Compares two digit strings as numbers (any length). */
function compareDigits(a: string, b: string): number {
  const x = a.replace(/^0+(?=\d)/, '');
  const y = b.replace(/^0+(?=\d)/, '');
  return x.length !== y.length ? x.length - y.length : x < y ? -1 : x > y ? 1 : 0;
}

function extensionRangeRule(record: Rec, field: string): ErrorDetail[] {
  const first = record['firstExtension'] as string;
  const last = record['lastExtension'] as string;
  const problems: ErrorDetail[] = [];
  for (const [name, value] of [
    ['firstExtension', first],
    ['lastExtension', last],
  ] as const) {
    if (!EXTENSION.test(value))
      problems.push({
        field: `${field}.${name}`,
        rule: 'digits',
        message: `${field}.${name} must be 1 to 32 digits, got ${JSON.stringify(value.slice(0, 40))}`,
      });
  }
  if (problems.length === 0 && compareDigits(first, last) > 0) {
    problems.push({
      field: `${field}.lastExtension`,
      rule: 'order',
      message: `${field}.lastExtension (${last}) must not be below firstExtension (${first})`,
    });
  }
  return problems;
}

/** A matcher carries exactly the member of its type: WILDCARD a non-empty wildcardPattern, DIRECTORY a directory, … */
function matcherRule(record: Rec, field: string): ErrorDetail[] {
  const type = record['type'] as string;
  const member = MATCHER_MEMBERS[type];
  const problems: ErrorDetail[] = [];
  if (member !== undefined && record[member] === undefined) {
    problems.push({
      field: `${field}.${member}`,
      rule: 'required',
      message: `${field}.${member} is required when ${field}.type is ${type}`,
    });
  }
  for (const other of Object.values(MATCHER_MEMBERS)) {
    if (other !== undefined && other !== member && record[other] !== undefined) {
      problems.push({
        field: `${field}.${other}`,
        rule: 'matcherType',
        message: `${field}.${other} belongs to another matcher type; ${field}.type is ${type} (leave it out or change the type)`,
      });
    }
  }
  if (type === 'WILDCARD' && record['wildcardPattern'] === '') {
    problems.push({
      field: `${field}.wildcardPattern`,
      rule: 'required',
      message: `${field}.wildcardPattern must not be empty (use "*" to match anything)`,
    });
  }
  return problems;
}

function failoverRule(record: Rec, field: string): ErrorDetail[] {
  return sipStatusCodeProblems(record['sipStatusCodes'] as string, `${field}.sipStatusCodes`);
}

const SEGMENT = t.record([
  f.field('prefix', t.string(64), '', 'text put before the segment'),
  f.field('suffix', t.string(64), '', 'text put after the segment'),
  f.field('delLeading', t.integer(0, 255), 0, 'characters deleted at the start'),
  f.field('delTrailing', t.integer(0, 255), 0, 'characters deleted at the end'),
  f.field('keepLeading', t.integer(0, 255), 0, 'characters kept from the start (0: all)'),
  f.field('keepTrailing', t.integer(0, 255), 0, 'characters kept from the end (0: all)'),
  f.field('matchedPart', t.integer(0, 32), 0, 'part of the matched dial string taken (0: the whole)'),
  f.field('source', t.enumOf(SEGMENT_SOURCES), 'MOST_APPROPRIATE', 'dial string the segment is taken from'),
]);

const REWRITING = t.record([
  f.field('segments', t.list(SEGMENT, 16), [], 'concatenated segments of the new dial string'),
]);

const FAILOVER = t.record(
  [
    f.field(
      'telStatusList',
      t.list(t.enumOf(TEL_STATUSES), TEL_STATUSES.length),
      [],
      'telephony statuses that try the next target',
    ),
    f.field('sipStatusCodes', t.string(255), '', 'SIP status codes and ranges joined by commas'),
  ],
  failoverRule,
);

const TARGET = t.record([
  f.field('destinationNodeId', t.ref('routeNodeIds', NODE_SORTS, false), '', 'node the session is routed to'),
  f.field(
    'routingForwardProfileId',
    t.ref('routeForwardProfileIds', ['TELRT_FORWARDER_DOMAIN']),
    '',
    'forward profile; empty for the default',
  ),
  ...TARGET_REWRITINGS.map((name) => f.optional(name, REWRITING)),
  f.optional('failoverStatusMatch', FAILOVER, 'when the next target is tried'),
]);

const MATCHER = t.record(
  [
    f.field('type', t.enumOf(MATCHER_TYPES), 'NEVER', 'how the dial string is matched'),
    f.optional('directory', t.list(nonEmpty(255), 1000), 'DIRECTORY: the dial strings that match'),
    f.optional(
      'extensionRange',
      t.record(
        [
          f.field('firstExtension', t.string(32, false), '0'),
          f.field('lastExtension', t.string(32, false), '0'),
          f.field('trunk', t.string(64), '', 'base number the extensions hang off'),
          f.field('zeroExtend', t.boolean(), false, 'zero-extend shorter extensions'),
        ],
        extensionRangeRule,
      ),
      'EXTENSION_RANGE: the range',
    ),
    f.optional('wildcardPattern', t.string(255), 'WILDCARD: * any run, ? one character'),
    f.optional(
      'plain',
      t.record([f.field('prefix', t.string(255), ''), f.field('suffix', t.string(255), '')]),
      'PLAIN: starts with prefix and ends with suffix',
    ),
  ],
  matcherRule,
);

const FILTER = t.record([
  f.field(
    'sourceNodeIds',
    t.list(t.ref('routeFilterNodeIds', NODE_SORTS, false), 256),
    [],
    'only sessions from these nodes (empty: any)',
  ),
  ...DIAL_STRING_MATCHERS.map((name) => f.optional(name, MATCHER)),
]);

/** One route of a routing domain (RouteSpec): an id, filters, and what happens to a matching session. */
export const ROUTE_FIELDS: readonly FieldDefinition[] = [
  f.field(
    'id',
    t.string(
      36,
      true,
      /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
      'a canonical object id (lower-case, hyphenated)',
    ),
    '',
    'assigned by the routing view',
  ),
  f.field('displayName', nonEmpty(255), 'route', 'name of the route'),
  f.field('enabled', t.boolean(), true),
  f.field(
    'establishment',
    t.record([
      f.field('action', t.enumOf(ROUTE_ACTIONS), 'ACCEPT', 'what happens to a matching session'),
      f.field('routingTargets', t.list(TARGET, 32), [], 'tried in order'),
    ]),
    { action: 'ACCEPT', routingTargets: [] },
  ),
  f.field('filters', t.list(FILTER, 64), [], 'the route matches when any filter matches'),
];

export const ROUTE_RECORD: ParameterType = t.record(ROUTE_FIELDS);

/** One rule of a dial string rewriting object (RewriteRuleSpec without its index, which is its position). */
export const REWRITE_RULE_FIELDS: readonly FieldDefinition[] = [
  f.field('displayName', t.string(255), ''),
  f.field('comment', t.string(1024), ''),
  f.field('rewriteType', t.enumOf(['prefixAndSuffix', 'addExt']), 'prefixAndSuffix'),
  f.field('prefix', t.string(64), '', 'match: the dial string starts with'),
  f.field('suffix', t.string(64), '', 'match: the dial string ends with'),
  f.field('deleteLeadingCharacters', t.integer(0, 64), 0),
  f.field('deleteTrailingCharacters', t.integer(0, 64), 0),
  f.field('addPrefix', t.string(64), ''),
  f.field('addSuffix', t.string(64), ''),
  f.field('addExtTrailingDigits', t.integer(0, 32), 0),
  f.field('case', t.enumOf(['unchanged', 'lowercase', 'uppercase']), 'unchanged'),
  f.field('clearDisplayName', t.boolean(), false),
  f.field('skipRulesBelow', t.boolean(), false),
  f.field('skipFurtherRules', t.boolean(), false),
  f.field('applyToSourceDialString', t.boolean(), false),
  f.field('applyToDestinationDialString', t.boolean(), true),
  f.field('applyToAllDialStrings', t.boolean(), false),
  f.optional(
    'matchTags',
    t.record([
      f.field('tagSet', t.list(nonEmpty(64), 64), []),
      f.field('type', t.enumOf(['or', 'and', 'xor', 'none']), 'or'),
    ]),
    'tags the rule looks at',
  ),
  f.optional(
    'tagRewrite',
    t.record([
      f.field(
        'operations',
        t.list(
          t.record([f.field('tag', nonEmpty(64), 'tag'), f.field('type', t.enumOf(['keep', 'delete', 'add']), 'keep')]),
          64,
        ),
        [],
      ),
      f.field('clearTags', t.boolean(), false),
    ]),
    'how the rule changes the tags',
  ),
];

import {
  CONDITION_SORTS,
  DIRECTORY_SORTS,
  f,
  p,
  r,
  sortDefinition,
  t,
  type SortDefinition,
} from '../SortDefinition.js';

const DAYS = ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY'];
const CLOCK_TIME = t.string(5, false, /^([01]\d|2[0-3]):[0-5]\d$/, 'a time of day hh:mm');
const CONDITION_PREDICATES = [
  'COMPOSITE',
  'IS_MAIN_SYSTEM',
  'IS_STANDBY_SYSTEM',
  'IS_SYSTEM_ACTIVE',
  'IS_SYSTEM_NOT_ACTIVE',
  'IS_SYSTEM_INTENT_TO_BECOME_ACTIVE',
  'IS_NOT_SYSTEM_INTENT_TO_BECOME_ACTIVE',
  'NODE_AVAILABLE',
  'ALWAYS',
  'NEVER',
];

const USER_FIELDS = [
  f.field('name', t.string(255, false), 'user'),
  f.field('phoneNumber', t.string(32), ''),
  f.field('extension', t.string(32), ''),
  f.field('sipUri', t.uri(['sip', 'sips'], true), ''),
  f.field('emailAddress', t.string(255), ''),
];

/** Directories of users, conditions (conditions, time ranges, rate limiters) and the time reporter. */
export const DIRECTORY_AND_CONDITION_SORTS: readonly SortDefinition[] = [
  sortDefinition(
    'USRAGG_DIRECTORY',
    'aggregate directory',
    'Looks users up in several directories in order',
    [p.boolean('stopAtFirstMatch', 'stop at the first directory that knows the user', true)],
    [r.many('directoryIds', DIRECTORY_SORTS, 'directories asked, in order')],
  ),
  sortDefinition(
    'CLOUD_ACTIVE_DIRECTORY',
    'cloud directory',
    'Users of a cloud identity directory',
    [
      p.string('tenantId', 'directory tenant id'),
      p.string('userFilter', 'filter of the users read', '', 1024),
      p.integer('refreshMinutes', 'how often users are read', 1, 1440, 60),
    ],
    [r.one('oauthClientId', ['OAUTH_CLIENT'], 'credentials of the directory requests')],
  ),
  sortDefinition('USRDB_DIRECTORY', 'local directory', "Users kept in the gateway's own database", [
    p.list('users', 'the users', t.record(USER_FIELDS), [], 10000),
  ]),
  sortDefinition(
    'USRLDAP_DIRECTORY',
    'LDAP directory',
    'Users read from an LDAP server',
    [
      p.string('userFilter', 'LDAP filter of the users', '(objectClass=person)', 1024),
      p.string('phoneNumberAttribute', 'attribute holding the phone number', 'telephoneNumber', 128),
      p.string('sipUriAttribute', 'attribute holding the SIP URI', 'msRTCSIP-PrimaryUserAddress', 128),
      p.integer('refreshMinutes', 'how often users are read', 1, 1440, 60),
    ],
    [r.one('ldapConnectionId', ['LDAP_CONNECTION'], 'the directory server')],
  ),
  sortDefinition('USRTEL_DIRECTORY', 'telephone number directory', 'Users derived from number ranges', [
    p.list(
      'numberRanges',
      'number ranges',
      t.record([f.field('firstNumber', t.string(32, false), '100'), f.field('lastNumber', t.string(32, false), '199')]),
      [],
      1000,
    ),
  ]),
  sortDefinition(
    'USRT_DIRECTORY',
    'registered users directory',
    'Users currently registered at a registrar',
    [p.boolean('includeExpired', 'keep users whose registration expired', false)],
    [r.one('registrarId', ['TELSIPREG_REGISTRAR'], 'the registrar')],
  ),
  sortDefinition(
    'CS_CONDITION',
    'condition',
    'A state that enables or disables other objects (hot-standby roles, composites)',
    [
      p.enumOf('predicate', 'what the condition tests', CONDITION_PREDICATES, 'COMPOSITE'),
      p.enumOf('operator', 'how operands combine (COMPOSITE)', ['AND', 'OR'], 'AND'),
      p.boolean('invert', 'negate the result', false),
    ],
    [
      r.many('operandIds', CONDITION_SORTS, 'conditions combined (COMPOSITE)'),
      r.one('hotStandbyLinkId', ['IPC_CLIENT', 'IPC_SERVER'], 'hot-standby link for the system-role predicates'),
      r.one('nodeId', ['TELSIP_STACK'], 'node tested by NODE_AVAILABLE'),
    ],
  ),
  sortDefinition('CS_SCHEDULER', 'time range', 'Holds during the given days and times', [
    p.string('timeZone', 'IANA time zone of the ranges', 'UTC', 64),
    p.list(
      'ranges',
      'when the condition holds',
      t.record([
        f.field('days', t.list(t.enumOf(DAYS), 7), DAYS.slice(0, 5)),
        f.field('from', CLOCK_TIME, '08:00'),
        f.field('to', CLOCK_TIME, '17:00'),
      ]),
      [],
      256,
    ),
    p.boolean('invert', 'hold outside the ranges instead', false),
  ]),
  sortDefinition('CS_STUB', 'rate limiter', 'Holds while fewer sessions than allowed started in the interval', [
    p.integer('maxSessions', 'sessions allowed per interval', 1, 1000000, 10),
    p.integer('intervalSeconds', 'length of the interval', 1, 86400, 1),
    p.enumOf('scope', 'what is counted', ['NEW_SESSIONS', 'CONCURRENT_SESSIONS'], 'NEW_SESSIONS'),
  ]),
  sortDefinition(
    'MISC_TIME_REPORTER',
    'time reporter',
    'Reports the gateway time to peers (time announcements, SIP Date)',
    [
      p.string('timeZone', 'IANA time zone reported', 'UTC', 64),
      p.boolean('addDateHeader', 'add a SIP Date header', false),
    ],
  ),
];

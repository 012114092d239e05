import { DomainError } from '../../../../shared/domain/DomainError.js';
import {
  defaultsOf,
  fieldProblems,
  flag,
  integer,
  pickFields,
  type FieldSet,
  type ValuesOf,
} from '../../../../shared/domain/SettingFields.js';

/**
 * MonitorCallHistoryConfig's fields (the specification shows none): whether finished calls are kept, and how
 * many at most. The real product keeps at most 500,000 call-history records by default (allowed 10,000 to
 * 2,147,483,647) and deletes the oldest beyond that; retention does the same here.
 */
export const MONITOR_CALL_HISTORY_FIELDS = {
  enabled: flag(
    true,
    'whether finished calls are kept in the call history (false: new calls are not stored; stored ones stay)',
  ),
  maximumRecords: integer(
    10_000,
    2_147_483_647,
    500_000,
    'the most call-history records kept; the oldest beyond it are deleted (with their SIP messages and recordings) within seconds',
  ),
};

/** MonitorSipFlowConfig's fields (the specification shows none): whether SIP messages are kept, and how much of each. */
export const MONITOR_SIP_FLOW_FIELDS = {
  enabled: flag(
    true,
    'whether the SIP messages of calls are recorded (false: no message is stored; messageHistory finds none for new calls)',
  ),
  maximumMessageLength: integer(
    512,
    65_535,
    16_384,
    'characters kept of each SIP message; a longer one is stored cut and marked truncated',
  ),
};

export type MonitorCallHistoryConfig = ValuesOf<typeof MONITOR_CALL_HISTORY_FIELDS>;
export type MonitorSipFlowConfig = ValuesOf<typeof MONITOR_SIP_FLOW_FIELDS>;

export const DEFAULT_CALL_HISTORY_CONFIG: MonitorCallHistoryConfig = defaultsOf(MONITOR_CALL_HISTORY_FIELDS);
export const DEFAULT_SIP_FLOW_CONFIG: MonitorSipFlowConfig = defaultsOf(MONITOR_SIP_FLOW_FIELDS);

/** Checks a settings value against its fields and keeps exactly the declared ones; a 400 naming each bad field otherwise. */
export function checkedSettings<S extends FieldSet>(
  fields: S,
  what: string,
  code: string,
  values: unknown,
): ValuesOf<S> {
  const details = fieldProblems(fields, values);
  if (details.length > 0)
    throw DomainError.invalid(code, `${what} is invalid: ${details.map((d) => d.message).join('; ')}`, details);
  return pickFields(fields, values as ValuesOf<S>);
}

export function callHistoryConfig(values: unknown): MonitorCallHistoryConfig {
  return checkedSettings(
    MONITOR_CALL_HISTORY_FIELDS,
    'the call history configuration',
    'INVALID_MONITOR_CALL_HISTORY_CONFIG',
    values,
  );
}

export function sipFlowConfig(values: unknown): MonitorSipFlowConfig {
  return checkedSettings(
    MONITOR_SIP_FLOW_FIELDS,
    'the SIP flow configuration',
    'INVALID_MONITOR_SIP_FLOW_CONFIG',
    values,
  );
}

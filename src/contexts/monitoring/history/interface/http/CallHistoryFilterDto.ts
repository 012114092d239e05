import { IsIn, IsInt, IsOptional, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import { JSONSchema } from 'class-validator-jsonschema';
import {
  CALL_RESULTS,
  DIAL_STRING_MATCH_MODES,
  MAX_CALL_HISTORY_COUNT,
  type DialStringMatchMode,
} from '../../domain/CallHistoryQuery.js';
import type { CallResult } from '../../domain/MonitorRecords.js';

const NO_NUL = /^[^\u0000]*$/;
const noNul = () => Matches(NO_NUL, { message: '$property must not contain the NUL character' });

/**
 * callHistory/get's body (the specification names CallHistoryFilter without its fields; these are the
 * simulator's, documented in MONITOR.md). Every field is optional (null is as absent); every condition given
 * must hold.
 */
export class CallHistoryFilterDto {
  @IsOptional()
  @IsString()
  @MaxLength(64)
  @JSONSchema({
    description:
      'calls that started at or after this time (ISO-8601 such as 2026-03-01T08:00:00Z, or UTC yyyy-mm-dd hh:mm:ss)',
  })
  startDateTimeFrom?: string | null;

  @IsOptional()
  @IsString()
  @MaxLength(64)
  @JSONSchema({ description: 'calls that started before this time (same formats)' })
  startDateTimeTo?: string | null;

  @IsOptional()
  @IsString()
  @MaxLength(256)
  @noNul()
  @JSONSchema({ description: 'only this session' })
  sessionIdentifier?: string | null;

  @IsOptional()
  @IsString()
  @MaxLength(256)
  @noNul()
  @JSONSchema({ description: 'only calls carried by this system (of a hot standby pair)' })
  systemIdentifier?: string | null;

  @IsOptional()
  @IsString()
  @MaxLength(256)
  @noNul()
  @JSONSchema({ description: 'matches the inbound OR the outbound source dial string, as dialStringMatchMode says' })
  sourceDialString?: string | null;

  @IsOptional()
  @IsString()
  @MaxLength(256)
  @noNul()
  @JSONSchema({
    description: 'matches the inbound OR the outbound destination dial string, as dialStringMatchMode says',
  })
  destinationDialString?: string | null;

  @IsOptional()
  @IsIn(DIAL_STRING_MATCH_MODES)
  @JSONSchema({
    description: 'how sourceDialString and destinationDialString match: startswith (default), contains or exact',
  })
  dialStringMatchMode?: DialStringMatchMode | null;

  @IsOptional()
  @IsString()
  @MaxLength(256)
  @noNul()
  @JSONSchema({ description: 'calls that entered or left on this node (its id)' })
  nodeId?: string | null;

  @IsOptional()
  @IsString()
  @MaxLength(256)
  @noNul()
  @JSONSchema({ description: 'calls routed by this route (its id)' })
  routeId?: string | null;

  @IsOptional()
  @IsIn(CALL_RESULTS)
  @JSONSchema({ description: 'calls with this outcome' })
  result?: CallResult | null;

  @IsOptional()
  @IsInt()
  @Min(100)
  @Max(699)
  @JSONSchema({ description: 'calls whose caller got this final SIP status' })
  sipStatusCode?: number | null;

  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(2_147_483_647)
  @JSONSchema({ description: 'entries skipped (newest first) before the first answered; default 0' })
  offset?: number | null;

  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(MAX_CALL_HISTORY_COUNT)
  @JSONSchema({ description: `the most entries answered, 1 to ${MAX_CALL_HISTORY_COUNT}; default 100` })
  count?: number | null;
}

import { IsBoolean, IsInt, IsObject, IsOptional, Max, Min } from 'class-validator';
import { JSONSchema } from 'class-validator-jsonschema';
import { FAR_ENDS, MAX_PORT_OFFSET, SETUP_TIMEOUT_BOUNDS } from '../../domain/SipSetting.js';

export const FAR_ENDS_SCHEMA: Parameters<typeof JSONSchema>[0] = {
  type: 'object',
  additionalProperties: { type: 'string', enum: [...FAR_ENDS] },
  description:
    "who answers at each node's far end, by node id: 'real' (SIPp, a softphone), 'simulated' (the traffic profile's outcome mix: busy, failures, ...) or 'answering' (simulated, answers every real caller); a node not listed is real when its far end is a loopback address, answering otherwise",
};

export const SETUP_TIMEOUT_DESCRIPTION =
  'seconds a real call may go without a final answer before the gateway cancels its far end and answers the caller 408 (Timer C; 1 to 3600, default 181)';

/** A change of a lab's SIP setting (`PUT /_sim/labs/{lab}/sip`); a field left out keeps its value. */
export class SipControlDto {
  @IsOptional() @IsBoolean() enabled?: boolean;
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(MAX_PORT_OFFSET)
  @JSONSchema({ description: "added to every node's ports, so that labs on one host listen apart (0 to 60000)" })
  portOffset?: number;
  @IsOptional()
  @IsInt()
  @Min(SETUP_TIMEOUT_BOUNDS.min)
  @Max(SETUP_TIMEOUT_BOUNDS.max)
  @JSONSchema({ description: SETUP_TIMEOUT_DESCRIPTION })
  setupTimeoutSeconds?: number;
  /** The whole map: nodes left out of it go back to the loopback rule. */
  @IsOptional() @IsObject() @JSONSchema(FAR_ENDS_SCHEMA) farEnds?: Record<string, string>;
}

import { IsBoolean, IsInt, IsObject, IsOptional, Max, Min } from 'class-validator';
import { JSONSchema } from 'class-validator-jsonschema';
import { FAR_ENDS, MAX_PORT_OFFSET } from '../../domain/SipSetting.js';

export const FAR_ENDS_SCHEMA: Parameters<typeof JSONSchema>[0] = {
  type: 'object',
  additionalProperties: { type: 'string', enum: [...FAR_ENDS] },
  description:
    "who answers at each node's far end, by node id: 'real' (SIPp, a softphone), 'simulated' (the traffic profile's outcome mix: busy, failures, ...) or 'answering' (simulated, answers every real caller); a node not listed is real when its far end is a loopback address, answering otherwise",
};

/** A change of a lab's SIP setting (`PUT /_sim/labs/{lab}/sip`); a field left out keeps its value. */
export class SipControlDto {
  @IsOptional() @IsBoolean() enabled?: boolean;
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(MAX_PORT_OFFSET)
  @JSONSchema({ description: "added to every node's ports, so that labs on one host listen apart (0 to 60000)" })
  portOffset?: number;
  /** The whole map: nodes left out of it go back to the loopback rule. */
  @IsOptional() @IsObject() @JSONSchema(FAR_ENDS_SCHEMA) farEnds?: Record<string, string>;
}

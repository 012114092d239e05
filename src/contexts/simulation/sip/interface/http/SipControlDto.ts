import { Type } from 'class-transformer';
import { IsBoolean, IsInt, IsObject, IsOptional, Max, Min, ValidateNested } from 'class-validator';
import { JSONSchema } from 'class-validator-jsonschema';
import { FAR_ENDS, MAX_PORT_OFFSET, OUTSIDE_PEERS, SETUP_TIMEOUT_BOUNDS } from '../../domain/SipSetting.js';
import { REGISTRAR_GUARD_FIELDS } from '../../domain/RegistrarGuardSettings.js';

export const FAR_ENDS_SCHEMA: Parameters<typeof JSONSchema>[0] = {
  type: 'object',
  additionalProperties: { type: 'string', enum: [...FAR_ENDS] },
  description:
    "who answers at each node's far end, by node id: 'real' (SIPp, a softphone), 'simulated' (the traffic profile's outcome mix: busy, failures, ...) or 'answering' (simulated, answers every real caller); a node not listed is real when its far end is a loopback address, answering otherwise",
};

export const SUPERVISION_DESCRIPTION =
  "whether the gateway watches the trunks of nodes whose far end is real, as the configuration asks: OPTIONS keep-alives (proxyOptions with the user agent's optionsIntervalSeconds; a trunk found down takes no calls) and registrations (registrationSipDomain); default true. Off: none is sent, and registrations are forgotten without an unregister";
export const SETUP_TIMEOUT_DESCRIPTION =
  'seconds a real call may go without a final answer before the gateway cancels its far end and answers the caller 408 (Timer C; 1 to 3600, default 181)';
export const OUTSIDE_PEERS_SCHEMA: Parameters<typeof JSONSchema>[0] = {
  type: 'object',
  additionalProperties: { type: 'string', enum: [...OUTSIDE_PEERS] },
  description:
    "what each node does with what a peer outside its network peer whitelist sends, by node id: 'drop' (silently: no answer, a connection closed) or 'forbid' (a request answered 403, statelessly); a node not listed drops",
};

/** The documentation of a guard field (its bounds, default and meaning; the domain checks them). */
function guardField(name: keyof typeof REGISTRAR_GUARD_FIELDS): ReturnType<typeof JSONSchema> {
  const field = REGISTRAR_GUARD_FIELDS[name];
  return JSONSchema({ minimum: field.min, maximum: field.max, default: field.default, description: field.description });
}

/** A change of the registrars' guard: a field left out keeps its value. */
export class SipRegistrarGuardDto {
  @IsOptional() @IsInt() @guardField('attemptsUntilBlocked') attemptsUntilBlocked?: number;
  @IsOptional() @IsInt() @guardField('minDelayMs') minDelayMs?: number;
  @IsOptional() @IsInt() @guardField('maxDelayMs') maxDelayMs?: number;
  @IsOptional() @IsInt() @guardField('blockSeconds') blockSeconds?: number;
  @IsOptional() @IsInt() @guardField('windowSeconds') windowSeconds?: number;
}

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
  /** The whole map: nodes left out of it drop. */
  @IsOptional() @IsObject() @JSONSchema(OUTSIDE_PEERS_SCHEMA) outsidePeers?: Record<string, string>;
  @IsOptional()
  @ValidateNested()
  @Type(() => SipRegistrarGuardDto)
  @JSONSchema({
    description:
      "how the lab's phone registrars meet password guessing: failed digests per source address and per user, each failure's answer held (doubling), then a block; fields left out keep their values",
  })
  registrarGuard?: SipRegistrarGuardDto;
  @IsOptional()
  @IsBoolean()
  @JSONSchema({ description: SUPERVISION_DESCRIPTION })
  supervision?: boolean;
}

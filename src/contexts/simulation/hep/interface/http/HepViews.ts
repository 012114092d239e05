import { Type } from 'class-transformer';
import { IsBoolean, IsIn, IsInt, IsOptional, IsString, ValidateNested } from 'class-validator';
import { JSONSchema } from 'class-validator-jsonschema';
import { HEP_TRANSPORTS } from '../../domain/HepSetting.js';

/** How the lab's sender stands with its collector, since the setting last changed. */
export class HepSenderView {
  @IsIn(['connecting', 'connected', 'waiting'])
  @JSONSchema({
    description:
      "'connecting' (messages wait), 'connected' (UDP: its socket bound to the collector's address; TCP: the connection open), 'waiting' (the collector could not be reached: messages are dropped until the next attempt, backing off from 0.5 to 30 s)",
  })
  state!: 'connecting' | 'connected' | 'waiting';
  @IsInt() @JSONSchema({ description: 'messages handed to the socket' }) sent!: number;
  @IsInt()
  @JSONSchema({
    description:
      'messages lost: the collector unreachable, the queue (10,000) or the connection full, a message HEP cannot carry',
  })
  dropped!: number;
  @IsInt() @JSONSchema({ description: 'messages waiting to be sent' }) queued!: number;
  @IsOptional() @IsString() @JSONSchema({ description: 'what went wrong last' }) lastError?: string;
}

/** A lab's HEP: the setting (never its password: whether one is set), and the sender while HEP is on. */
export class HepStateView {
  @IsBoolean() enabled!: boolean;
  @IsString() @JSONSchema({ description: "the collector's address or host name ('' while none is set)" }) host!: string;
  @IsInt() port!: number;
  @IsIn(HEP_TRANSPORTS) transport!: string;
  @IsInt() captureId!: number;
  @IsBoolean()
  @JSONSchema({
    description: 'whether a password (HEP authentication key) is set; the password itself is never answered',
  })
  passwordSet!: boolean;
  @IsOptional()
  @ValidateNested()
  @Type(() => HepSenderView)
  @JSONSchema({ description: 'while HEP is on: how its messages fare' })
  sender?: HepSenderView;
}

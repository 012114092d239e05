import { IsBoolean, IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { JSONSchema } from 'class-validator-jsonschema';
import { HEP_TRANSPORTS, MAX_CAPTURE_ID, MAX_HEP_PASSWORD_LENGTH } from '../../domain/HepSetting.js';

/** A change of a lab's HEP setting (`PUT /_sim/labs/{lab}/hep`); a field left out keeps its value. */
export class HepControlDto {
  @IsOptional()
  @IsBoolean()
  @JSONSchema({ description: 'send every SIP message the lab records (real and synthetic calls) to the collector' })
  enabled?: boolean;

  @IsOptional()
  @IsString()
  @MaxLength(253)
  @JSONSchema({ description: 'the collector: an IP address or a host name (required to turn HEP on)' })
  host?: string;

  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(65535)
  @JSONSchema({ description: "the collector's port (default 9060)" })
  port?: number;

  @IsOptional()
  @IsIn(HEP_TRANSPORTS)
  @JSONSchema({ description: "'udp' (a datagram per message, the default) or 'tcp' (one connection)" })
  transport?: string;

  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(MAX_CAPTURE_ID)
  @JSONSchema({ description: "the capture agent id (HEP chunk 0x000c) Homer shows as the message's node (default 1)" })
  captureId?: number;

  @IsOptional()
  @IsString()
  @MaxLength(MAX_HEP_PASSWORD_LENGTH)
  @JSONSchema({
    writeOnly: true,
    description:
      "the collector's password (HEP's authentication key, chunk 0x000e): stored, never answered; '' removes it",
  })
  password?: string;
}

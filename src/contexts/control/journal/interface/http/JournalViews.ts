import { Type } from 'class-transformer';
import { IsArray, IsInt, IsNumber, IsOptional, IsString, ValidateNested } from 'class-validator';
import { JSONSchema } from 'class-validator-jsonschema';
import { FaultEffectDto } from '../../../faults/interface/http/faultShapes.js';

export class AppliedFaultView {
  @IsString() ruleId!: string;
  @ValidateNested() @Type(() => FaultEffectDto) effect!: FaultEffectDto;
  @IsOptional()
  @IsInt()
  @JSONSchema({ description: 'the latency the rule added to this request (a draw of its distribution), ms' })
  latencyMs?: number;
}

/** One gateway API request. */
export class JournalEntryView {
  @IsInt() @JSONSchema({ description: 'increasing per lab from 1; clearing does not restart it' }) sequence!: number;
  @IsString() @JSONSchema({ description: 'ISO-8601 arrival, on the lab clock' }) time!: string;
  @IsString() method!: string;
  @IsString() @JSONSchema({ description: 'the path, without the query string' }) path!: string;
  @IsOptional()
  @IsString()
  @JSONSchema({
    description: 'the operation reached (nodes/get); absent when none was (unknown path, or a fault answered first)',
  })
  operation?: string;
  @IsOptional()
  @IsInt()
  @JSONSchema({ description: 'absent when no answer was sent (dropped, timed out, or the client left)' })
  status?: number;
  @IsOptional()
  @IsString()
  @JSONSchema({ description: 'the authenticated user, else the user its Basic credentials name' })
  user?: string;
  @IsNumber() @JSONSchema({ description: 'wall time from arrival to the end of its handling, ms' }) latencyMs!: number;
  @IsString() requestId!: string;
  @IsOptional()
  @ValidateNested()
  @Type(() => AppliedFaultView)
  @JSONSchema({ description: 'the fault a rule injected into this request' })
  fault?: AppliedFaultView;
  @IsOptional()
  @IsArray()
  @IsString({ each: true })
  @JSONSchema({ description: 'ids of the gateway-fault rules holding while it was served' })
  gatewayFaults?: string[];
  @IsOptional()
  @IsString()
  @JSONSchema({
    description:
      'the process that served it, when several gwsim processes share a PostgreSQL server (sequence counts per process then)',
  })
  process?: string;
}

export class JournalView {
  @IsString() lab!: string;
  @IsInt() @JSONSchema({ description: 'entries the journal holds at most (GWSIM_JOURNAL_SIZE)' }) capacity!: number;
  @IsInt() @JSONSchema({ description: 'entries it holds now' }) held!: number;
  @IsInt()
  @JSONSchema({ description: 'entries pushed out by newer ones since it was made or cleared' })
  dropped!: number;
  @IsOptional()
  @IsInt()
  @JSONSchema({
    description:
      'how many gwsim processes answered, when several share a PostgreSQL server (capacity, held and dropped are their sums)',
  })
  processes?: number;
  @ValidateNested({ each: true })
  @Type(() => JournalEntryView)
  @JSONSchema({ description: 'the newest matches (at most limit), oldest first' })
  entries!: JournalEntryView[];
}

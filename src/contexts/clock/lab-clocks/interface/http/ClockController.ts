import { inject, injectable } from 'inversify';
import { parse as parseIsoDuration } from 'tinyduration';
import { DomainError } from '../../../../../shared/domain/DomainError.js';
import type { OperationRequest } from '../../../../../shared/interface/http/Operation.js';
import { validateDto } from '../../../../../shared/interface/http/validateDto.js';
import { LabClocks, type LabClockReading } from '../../application/LabClocks.js';
import { AdvanceClockDto, SetClockDto } from './ClockDtos.js';
import type { ClockView } from './ClockView.js';

function invalid(field: string, message: string): DomainError {
  return DomainError.invalid('INVALID_CLOCK', `${field} ${message}`, [{ field, rule: 'clock', message }]);
}

/** An ISO-8601 instant with a date and a time (a zone or Z; without one it is UTC). */
export function parseInstant(field: string, text: string): Date {
  const iso = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(:(\d{2})(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?$/.exec(text.trim());
  const [year, month, day, hour, minute, second] = iso
    ? ([1, 2, 3, 4, 5, 7].map((i) => Number(iso[i] ?? 0)) as [number, number, number, number, number, number])
    : [];
  // Date would roll 2027-02-30 over into March: every part must be in its range.
  const valid =
    iso &&
    month! >= 1 &&
    month! <= 12 &&
    day! >= 1 &&
    day! <= new Date(Date.UTC(year!, month!, 0)).getUTCDate() &&
    hour! <= 23 &&
    minute! <= 59 &&
    second! <= 59;
  const date = valid ? new Date(iso[9] ? text.trim() : `${text.trim()}Z`) : undefined;
  if (!date || Number.isNaN(date.getTime()))
    throw invalid(field, `'${text}' is not an ISO-8601 instant such as 2027-01-01T09:00:00Z`);
  return date;
}

/** An ISO-8601 duration in ms: weeks, days, hours, minutes and seconds (years and months have no fixed length). */
export function parseDuration(field: string, text: string): number {
  let duration;
  try {
    duration = parseIsoDuration(text.trim());
  } catch {
    throw invalid(field, `'${text}' is not an ISO-8601 duration such as PT2H, P1D or PT90S`);
  }
  if (duration.years || duration.months)
    throw invalid(field, 'may not count years or months (their length depends on the date): give days, e.g. P365D');
  const ms =
    ((((duration.weeks ?? 0) * 7 + (duration.days ?? 0)) * 24 + (duration.hours ?? 0)) * 60 + (duration.minutes ?? 0)) *
      60_000 +
    (duration.seconds ?? 0) * 1000;
  if (duration.negative)
    throw invalid(field, 'must be positive: to go back, set the clock to an instant (PUT with now)');
  if (!(ms > 0)) throw invalid(field, 'must be longer than zero');
  return ms;
}

export function clockView(reading: LabClockReading): ClockView {
  return {
    mode: reading.clock.mode,
    rate: reading.clock.rate,
    now: reading.now.toISOString(),
    wall: reading.wall.toISOString(),
    offsetSeconds: Math.round(reading.now.getTime() - reading.wall.getTime()) / 1000,
  };
}

/** The lab clock's control endpoints (`/_sim/labs/{lab}/clock`). */
@injectable()
export class ClockController {
  constructor(@inject(LabClocks) private readonly clocks: LabClocks) {}

  async get(request: OperationRequest): Promise<ClockView> {
    return clockView(this.clocks.reading(request.lab));
  }

  async set(request: OperationRequest): Promise<ClockView> {
    const dto = validateDto(SetClockDto, request.body);
    if (dto.now !== undefined && dto.offsetSeconds !== undefined)
      throw invalid('offsetSeconds', "and now both say where the lab's time goes on from: give one of them");
    const now = dto.now !== undefined ? parseInstant('now', dto.now) : undefined;
    return clockView(
      await this.clocks.setMode(request.lab, dto.mode, {
        ...(dto.scale !== undefined ? { scale: dto.scale } : {}),
        ...(now ? { now } : {}),
        ...(dto.offsetSeconds !== undefined ? { offsetMs: dto.offsetSeconds * 1000 } : {}),
      }),
    );
  }

  async advance(request: OperationRequest): Promise<ClockView> {
    const dto = validateDto(AdvanceClockDto, request.body);
    return clockView(await this.clocks.advance(request.lab, parseDuration('by', dto.by)));
  }
}

import { InvalidField } from './InvalidField.js';
import { TEL_STATUSES, type FailoverStatusMatch, type TelStatus } from '../RouteModel.js';

/** A final status a routing target failed with: a SIP status code (100–699) or a telephony status. */
export type FailureStatus = number | TelStatus;

const LOWEST = 100;
const HIGHEST = 699;

/**
 * A parsed SIP status code list such as `408,480-486,500-599`: codes and inclusive ranges joined by commas
 * (blanks around the items allowed, an empty list names no code). Codes are 100–699; a range runs upwards.
 * Parsing throws an InvalidField naming the faulty item; the plan compiler turns it into a DomainError that
 * names the route and target.
 */
export class SipStatusCodes {
  private readonly codes: Uint8Array;

  private constructor(
    codes: Uint8Array,
    readonly text: string,
  ) {
    this.codes = codes;
  }

  static parse(text: string): SipStatusCodes {
    const codes = new Uint8Array(HIGHEST + 1);
    if (text.trim() !== '') {
      for (const item of text.split(',')) {
        const range = /^\s*(\d{3})\s*(?:-\s*(\d{3})\s*)?$/.exec(item);
        if (!range)
          throw new InvalidField(
            'sipStatusCodes',
            `'${item.trim()}' is not a SIP status code (100-699) or a range of them such as 500-599`,
          );
        const first = Number(range[1]);
        const last = range[2] === undefined ? first : Number(range[2]);
        if (first < LOWEST || last > HIGHEST)
          throw new InvalidField('sipStatusCodes', `'${item.trim()}' is outside the SIP status codes 100-699`);
        if (first > last)
          throw new InvalidField(
            'sipStatusCodes',
            `has the range '${item.trim()}' running downwards; write it as ${last}-${first}`,
          );
        codes.fill(1, first, last + 1);
      }
    }
    return new SipStatusCodes(codes, text);
  }

  has(code: number): boolean {
    return Number.isInteger(code) && code >= LOWEST && code <= HIGHEST && this.codes[code] === 1;
  }
}

/**
 * A target's failoverStatusMatch compiled into a predicate: true when the call, having failed at this target with
 * `status`, goes on to the next target. A SIP code is looked up in sipStatusCodes, a telephony status in
 * telStatusList. A target without a failoverStatusMatch never fails over.
 */
export function compileFailover(match: FailoverStatusMatch | undefined): (status: FailureStatus) => boolean {
  if (!match) return () => false;
  const sip = SipStatusCodes.parse(match.sipStatusCodes);
  match.telStatusList.forEach((status, index) => {
    if (!TEL_STATUSES.includes(status))
      throw new InvalidField(`telStatusList[${index}]`, `'${String(status)}' is not one of ${TEL_STATUSES.join(', ')}`);
  });
  const tel = new Set<string>(match.telStatusList);
  return (status) => (typeof status === 'number' ? sip.has(status) : tel.has(status));
}

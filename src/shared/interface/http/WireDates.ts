/**
 * The real product's date formats on the wire: `XZWO` (the default) gives `UTC 2023-12-31 23:59:59`,
 * `ISO-8601` gives `2023-12-31T23:59:59.000Z`. Chosen per request with the `dateFormat` query parameter.
 */
export type DateFormat = 'XZWO' | 'ISO-8601';

export const DATE_FORMATS: readonly DateFormat[] = ['XZWO', 'ISO-8601'];

function pad(value: number): string {
  return value < 10 ? `0${value}` : String(value);
}

export function formatXzwo(date: Date): string {
  return (
    `UTC ${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())} ` +
    `${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}`
  );
}

const XZWO_PATTERN = /^UTC (\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;

/** Reads either format back; undefined when the text is neither. */
export function parseWireDate(text: string): Date | undefined {
  const match = XZWO_PATTERN.exec(text);
  if (match) {
    const [, y, mo, d, h, mi, s] = match.map(Number) as number[];
    const date = new Date(Date.UTC(y!, mo! - 1, d!, h!, mi!, s!));
    return date.getUTCDate() === d ? date : undefined;
  }
  if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(text)) {
    const date = new Date(text);
    return Number.isNaN(date.getTime()) ? undefined : date;
  }
  return undefined;
}

export class WireDates {
  constructor(readonly format: DateFormat = 'XZWO') {}

  render(date: Date): string;
  render(date: Date | undefined | null): string | undefined;
  render(date: Date | undefined | null): string | undefined {
    if (!date) return undefined;
    return this.format === 'ISO-8601' ? date.toISOString() : formatXzwo(date);
  }
}

/** The periods the call history export offers (form field filterDateTimePeriod), in UTC. */
export const EXPORT_PERIODS = [
  'TODAY',
  'YESTERDAY',
  'THIS_WEEK',
  'LAST_7_DAYS',
  'THIS_MONTH',
  'LAST_MONTH',
  'ALL',
] as const;
export type ExportPeriod = (typeof EXPORT_PERIODS)[number];

const DAY = 86_400_000;

/**
 * The start-time window of a period at `now`: from inclusive, to exclusive (undefined: open). Days, weeks (ISO:
 * from Monday) and months are UTC's; LAST_7_DAYS is the 7 × 24 hours before now.
 */
export function periodWindow(period: ExportPeriod, now: Date): { from?: Date; to?: Date } {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  switch (period) {
    case 'TODAY':
      return { from: new Date(today) };
    case 'YESTERDAY':
      return { from: new Date(today - DAY), to: new Date(today) };
    case 'THIS_WEEK':
      return { from: new Date(today - ((now.getUTCDay() + 6) % 7) * DAY) };
    case 'LAST_7_DAYS':
      return { from: new Date(now.getTime() - 7 * DAY) };
    case 'THIS_MONTH':
      return { from: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)) };
    case 'LAST_MONTH':
      return {
        from: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)),
        to: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)),
      };
    case 'ALL':
      return {};
  }
}

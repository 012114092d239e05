import { expect } from 'chai';
import { EXPORT_PERIODS, periodWindow } from '../../../src/contexts/monitoring/history/domain/ExportPeriod.js';

const iso = (w: { from?: Date; to?: Date }) => ({ from: w.from?.toISOString(), to: w.to?.toISOString() });

describe("the call history export's periods", () => {
  const wednesday = new Date('2026-03-04T15:30:00Z');

  it('are UTC days, ISO weeks from Monday, months, and the 7 × 24 hours before now', () => {
    expect(iso(periodWindow('TODAY', wednesday))).to.deep.equal({ from: '2026-03-04T00:00:00.000Z', to: undefined });
    expect(iso(periodWindow('YESTERDAY', wednesday))).to.deep.equal({
      from: '2026-03-03T00:00:00.000Z',
      to: '2026-03-04T00:00:00.000Z',
    });
    expect(iso(periodWindow('THIS_WEEK', wednesday))).to.deep.equal({
      from: '2026-03-02T00:00:00.000Z',
      to: undefined,
    });
    expect(iso(periodWindow('LAST_7_DAYS', wednesday))).to.deep.equal({
      from: '2026-02-25T15:30:00.000Z',
      to: undefined,
    });
    expect(iso(periodWindow('THIS_MONTH', wednesday))).to.deep.equal({
      from: '2026-03-01T00:00:00.000Z',
      to: undefined,
    });
    expect(iso(periodWindow('LAST_MONTH', wednesday))).to.deep.equal({
      from: '2026-02-01T00:00:00.000Z',
      to: '2026-03-01T00:00:00.000Z',
    });
    expect(iso(periodWindow('ALL', wednesday))).to.deep.equal({ from: undefined, to: undefined });
  });

  it("start a week on Monday also on a Sunday, and reach back over a year's end in January", () => {
    expect(iso(periodWindow('THIS_WEEK', new Date('2026-03-08T23:59:59Z'))).from).to.equal('2026-03-02T00:00:00.000Z');
    expect(iso(periodWindow('THIS_WEEK', new Date('2026-03-09T00:00:00Z'))).from).to.equal('2026-03-09T00:00:00.000Z');
    expect(iso(periodWindow('LAST_MONTH', new Date('2026-01-10T00:00:00Z')))).to.deep.equal({
      from: '2025-12-01T00:00:00.000Z',
      to: '2026-01-01T00:00:00.000Z',
    });
    expect(EXPORT_PERIODS).to.include('THIS_MONTH');
  });
});

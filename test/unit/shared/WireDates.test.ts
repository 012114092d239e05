import { expect } from 'chai';
import { formatXzwo, parseWireDate, WireDates } from '../../../src/shared/interface/http/WireDates.js';

describe('wire dates', () => {
  const instant = new Date(Date.UTC(2023, 11, 31, 23, 59, 59));

  it("render as 'UTC yyyy-mm-dd hh:mm:ss' by default and ISO-8601 on request", () => {
    expect(formatXzwo(instant)).to.equal('UTC 2023-12-31 23:59:59');
    expect(new WireDates().render(instant)).to.equal('UTC 2023-12-31 23:59:59');
    expect(new WireDates('ISO-8601').render(instant)).to.equal('2023-12-31T23:59:59.000Z');
    expect(new WireDates().render(undefined)).to.equal(undefined);
  });

  it('parse back from either format and refuse anything else', () => {
    expect(parseWireDate('UTC 2023-12-31 23:59:59')?.getTime()).to.equal(instant.getTime());
    expect(parseWireDate('2023-12-31T23:59:59Z')?.getTime()).to.equal(instant.getTime());
    for (const bad of ['UTC 2023-02-30 00:00:00', '31.12.2023', 'UTC 2023-12-31', ''])
      expect(parseWireDate(bad), bad).to.equal(undefined);
  });
});

import { expect } from 'chai';
import {
  LICENSE_STATUSES,
  LICENSE_TRANSITIONS,
} from '../../../src/contexts/licensing/licenses/domain/LicenseStatus.js';
import { DomainError } from '../../../src/shared/domain/DomainError.js';
import { license } from './licenseSupport.js';

const AT = new Date('2026-03-01T08:00:00Z');

describe('License status state machine', () => {
  it('has a row for every status of the specification', () => {
    expect(Object.keys(LICENSE_TRANSITIONS).sort()).to.deep.equal([...LICENSE_STATUSES].sort());
  });

  for (const from of LICENSE_STATUSES) {
    for (const to of LICENSE_STATUSES) {
      if (from === to) continue;
      const allowed = LICENSE_TRANSITIONS[from].includes(to);
      it(`${allowed ? 'moves' : 'refuses to move'} ${from} → ${to}`, () => {
        const subject = license({}, from);
        if (allowed) {
          expect(subject.moveTo(to, AT)).to.equal(true);
          expect(subject.status).to.equal(to);
          expect(subject.pullEvents()).to.deep.equal([
            {
              name: 'LicenseStatusChanged',
              lab: subject.lab,
              occurredAt: AT,
              licenseId: subject.id,
              identifier: subject.terms.identifier,
              from,
              to,
            },
          ]);
        } else {
          expect(() => subject.moveTo(to, AT)).to.throw(DomainError, /cannot change/);
          expect(subject.status).to.equal(from);
          expect(subject.pullEvents()).to.deep.equal([]);
        }
      });
    }
  }

  it('raises no event when the status stays', () => {
    const subject = license({}, 'ACTIVE');
    expect(subject.moveTo('ACTIVE', AT)).to.equal(false);
    expect(subject.pullEvents()).to.deep.equal([]);
  });

  it('refuses a license whose validity ends before it starts, or with a negative facility', () => {
    expect(() =>
      license({ validFrom: new Date('2026-02-01T00:00:00Z'), validUntil: new Date('2026-01-01T00:00:00Z') }),
    ).to.throw(DomainError, /validUntil/);
    expect(() => license({ facilities: [{ name: 'telrtSession', value: -1 }] })).to.throw(DomainError, /facility/);
  });
});

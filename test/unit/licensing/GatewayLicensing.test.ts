import { expect } from 'chai';
import {
  capacityOf,
  evaluateLicenses,
  type GatewayFacts,
} from '../../../src/contexts/licensing/licenses/domain/GatewayLicensing.js';
import type { License } from '../../../src/contexts/licensing/licenses/domain/License.js';
import { license } from './licenseSupport.js';

const facts: GatewayFacts = {
  product: 'gwsim',
  application: 'gateway',
  systemIds: ['GW-1', '02:00:00:00:00:01'],
  softwareRelease: new Date('2026-06-01T00:00:00Z'),
};
const NOW = new Date('2026-03-01T08:00:00Z');

function settle(licenses: License[], now = NOW): void {
  const due = evaluateLicenses(licenses, facts, now);
  for (const l of licenses) l.moveTo(due.get(l.id)!, now);
}

describe('license evaluation against the gateway and the clock', () => {
  it('gives each fault its status, in the order signature, product, application, system id', () => {
    const subjects = [
      license(),
      license({}, 'CONFIGURED', false),
      license({ products: ['other'] }),
      license({ application: 'fax' }),
      license({ requiredSystemIds: ['GW-2'] }),
      license({ requiredSystemIds: ['GW-1'] }),
      license({ products: ['other'] }, 'CONFIGURED', false),
    ];
    settle(subjects);
    expect(subjects.map((s) => s.status)).to.deep.equal([
      'ACTIVE',
      'SIGNATURE',
      'PRODUCT',
      'APPLICATION',
      'SYSTEM_ID',
      'ACTIVE',
      'SIGNATURE',
    ]);
  });

  it('keeps a license without validUntil ACTIVE at any time after its start, VALID_FROM before it', () => {
    const forever = license({ validFrom: new Date('2026-04-01T00:00:00Z'), validUntil: undefined });
    settle([forever], new Date('2026-03-01T00:00:00Z'));
    expect(forever.status).to.equal('VALID_FROM');
    for (const at of ['2026-04-01T00:00:00Z', '2099-12-31T23:59:59Z', '2999-01-01T00:00:00Z']) {
      settle([forever], new Date(at));
      expect(forever.status, at).to.equal('ACTIVE');
    }
  });

  it('follows the clock: VALID_FROM before the start, ACTIVE within, VALID_UNTIL after the end; SUS_UNTIL when the update service ended before the release', () => {
    const subject = license({
      validFrom: new Date('2026-04-01T00:00:00Z'),
      validUntil: new Date('2026-04-30T23:59:59Z'),
    });
    settle([subject]);
    expect(subject.status).to.equal('VALID_FROM');
    settle([subject], new Date('2026-04-15T00:00:00Z'));
    expect(subject.status).to.equal('ACTIVE');
    settle([subject], new Date('2026-05-01T00:00:00Z'));
    expect(subject.status).to.equal('VALID_UNTIL');
    const sus = license({ softwareUpdateServiceUntil: new Date('2026-05-01T00:00:00Z') });
    settle([sus]);
    expect(sus.status).to.equal('SUS_UNTIL');
    expect(subject.pullEvents().map((e) => `${e.from}→${e.to}`)).to.deep.equal([
      'CONFIGURED→VALID_FROM',
      'VALID_FROM→ACTIVE',
      'ACTIVE→VALID_UNTIL',
    ]);
  });

  it('invalidates a license named by a later sound one, stays invalidated, and makes mutual invalidation MUTEX', () => {
    const first = license({ identifier: 'first' });
    settle([first]);
    const forged = license({ invalidates: ['first'] }, 'CONFIGURED', false);
    settle([first, forged]);
    expect(first.status).to.equal('ACTIVE');
    const second = license({ identifier: 'second', invalidates: ['first'] });
    settle([first, forged, second]);
    expect([first.status, second.status]).to.deep.equal(['INVALIDATED', 'ACTIVE']);
    settle([first, forged, second], new Date('2027-06-01T00:00:00Z'));
    expect([first.status, second.status]).to.deep.equal(['INVALIDATED', 'VALID_UNTIL']);
    const a = license({ identifier: 'a', invalidates: ['b'] });
    const b = license({ identifier: 'b', invalidates: ['a'] });
    settle([a, b]);
    expect([a.status, b.status]).to.deep.equal(['MUTEX', 'MUTEX']);
  });

  it('keeps a final status', () => {
    const subject = license({}, 'SYSTEM_ID');
    expect(evaluateLicenses([subject], facts, NOW).get(subject.id)).to.equal('SYSTEM_ID');
  });

  it('sums the facilities of ACTIVE licenses only', () => {
    const subjects = [
      license({
        facilities: [
          { name: 'telrtSession', value: 4 },
          { name: 'recSession', value: 2 },
        ],
      }),
      license({ facilities: [{ name: 'telrtSession', value: 30 }] }),
      license({ facilities: [{ name: 'telrtSession', value: 100 }] }, 'CONFIGURED', false),
      license({ facilities: [{ name: 'telrtSession', value: 50 }], validUntil: new Date('2026-02-01T00:00:00Z') }),
    ];
    settle(subjects);
    expect(Object.fromEntries(capacityOf(subjects))).to.deep.equal({ telrtSession: 34, recSession: 2 });
  });
});

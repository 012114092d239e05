import { expect } from 'chai';
import { failsOver, farEndEnding } from '../../../../src/contexts/simulation/calls/domain/CallEndings.js';

/** A target whose failoverStatusMatch names these SIP codes and telephony statuses. */
function target(codes: number[], tel: string[]) {
  return {
    failover: (status: number | string) => (typeof status === 'number' ? codes : tel).includes(status as never),
  };
}

describe("failsOver: whether a far end's failure goes on to the route's next target", () => {
  it('fails over on a code the target names, or on the telephony status the code counts as', () => {
    expect(failsOver(target([503], []), 503)).to.equal(true);
    expect(failsOver(target([], ['USER_BUSY']), 486)).to.equal(true);
    expect(failsOver(target([], ['ERROR']), 500)).to.equal(true);
    expect(failsOver(target([], ['USER_BUSY']), 500)).to.equal(false);
  });

  it('takes a redirect (3xx) as no telephony status: it fails over only where the route names its code', () => {
    expect(failsOver(target([], ['ERROR', 'REJECTED', 'NO_ANSWER']), 302)).to.equal(false);
    expect(failsOver(target([302], []), 302)).to.equal(true);
  });

  it('ends a call whose redirect goes back to the caller with the far end status and cause 23', () => {
    expect(farEndEnding(302)).to.include({ sipStatusCode: 302, q850Cause: 23 });
  });
});

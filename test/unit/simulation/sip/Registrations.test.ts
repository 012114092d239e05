import { expect } from 'chai';
import { grantedExpiry, Registrations } from '../../../../src/contexts/simulation/sip/domain/Registrations.js';

const T0 = Date.parse('2026-03-01T08:00:00Z');

describe('the bindings of a phone registrar (Registrations)', () => {
  it('keeps a binding until its instant, then drops it', () => {
    const bindings = new Registrations<string>();
    bindings.bind('100', 'sip:100@10.0.0.1:5060', 'desk', T0 + 60_000);
    expect(bindings.current('100', T0 + 59_999).map((b) => b.address)).to.deep.equal(['desk']);
    expect(bindings.current('100', T0 + 60_000), 'expired at its instant').to.deep.equal([]);
    expect(bindings.count(T0 + 60_000)).to.equal(0);
  });

  it("reaches the binding that expires last; a refresh replaces the contact's binding", () => {
    const bindings = new Registrations<string>();
    bindings.bind('100', 'sip:100@10.0.0.1', 'desk', T0 + 60_000);
    bindings.bind('100', 'sip:100@10.0.0.2', 'mobile', T0 + 120_000);
    expect(bindings.reach('100', T0)?.address).to.equal('mobile');
    bindings.bind('100', 'sip:100@10.0.0.1', 'desk again', T0 + 180_000);
    expect(bindings.current('100', T0)).to.have.length(2);
    expect(bindings.reach('100', T0)?.address).to.equal('desk again');
    expect(bindings.reach('101', T0)).to.equal(undefined);
  });

  it('removes the bindings made over a flow that closed, of every user, and no other', () => {
    const bindings = new Registrations<string>();
    bindings.bind('100', 'sip:100@a.invalid;transport=ws', 'flow 1', T0 + 60_000);
    bindings.bind('100', 'sip:100@10.0.0.2', 'mobile', T0 + 60_000);
    bindings.bind('101', 'sip:101@b.invalid;transport=ws', 'flow 1', T0 + 60_000);
    bindings.bind('102', 'sip:102@c.invalid;transport=ws', 'flow 2', T0 + 60_000);
    bindings.unbindWhere((address) => address === 'flow 1');
    expect(bindings.all(T0).map(({ user, binding }) => `${user} ${binding.address}`)).to.deep.equal([
      '100 mobile',
      '102 flow 2',
    ]);
  });

  it('removes one contact, or every contact of the user', () => {
    const bindings = new Registrations<string>();
    bindings.bind('100', 'sip:100@10.0.0.1', 'desk', T0 + 60_000);
    bindings.bind('100', 'sip:100@10.0.0.2', 'mobile', T0 + 60_000);
    bindings.bind('101', 'sip:101@10.0.0.3', 'other', T0 + 60_000);
    bindings.unbind('100', 'sip:100@10.0.0.1');
    expect(bindings.current('100', T0).map((b) => b.address)).to.deep.equal(['mobile']);
    bindings.unbind('100');
    expect(bindings.current('100', T0)).to.deep.equal([]);
    expect(bindings.count(T0), 'the other user keeps hers').to.equal(1);
  });
});

describe('the expiry a registration is granted (grantedExpiry)', () => {
  const bounds = { minExpiresSeconds: 60, maxExpiresSeconds: 3600 };

  it('grants what was asked within the bounds, the maximum above them, 3600 s when nothing (or nonsense) was asked', () => {
    expect(grantedExpiry(600, bounds)).to.deep.equal({ seconds: 600 });
    expect(grantedExpiry(60, bounds)).to.deep.equal({ seconds: 60 });
    expect(grantedExpiry(86_400, bounds)).to.deep.equal({ seconds: 3600 });
    expect(grantedExpiry(undefined, bounds)).to.deep.equal({ seconds: 3600 });
    expect(grantedExpiry(Number.NaN, bounds)).to.deep.equal({ seconds: 3600 });
    expect(grantedExpiry(120.7, bounds)).to.deep.equal({ seconds: 120 });
  });

  it('0 removes; below the minimum is too brief, naming the minimum', () => {
    expect(grantedExpiry(0, bounds)).to.deep.equal({ seconds: 0 });
    expect(grantedExpiry(59, bounds)).to.deep.equal({ tooBrief: 60 });
    expect(grantedExpiry(1, bounds)).to.deep.equal({ tooBrief: 60 });
  });
});

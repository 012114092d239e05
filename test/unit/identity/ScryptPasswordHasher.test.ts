import { expect } from 'chai';
import { IdentitySettings } from '../../../src/contexts/identity/IdentitySettings.js';
import { ScryptPasswordHasher } from '../../../src/contexts/identity/users/infrastructure/ScryptPasswordHasher.js';

describe('ScryptPasswordHasher (known matches)', () => {
  const settings = new IdentitySettings('unused-Admin-1', 10, 30);

  it('a password matches the hash it was hashed into, and a wrong one never does, before or after a match', async () => {
    const hasher = new ScryptPasswordHasher(settings);
    const hash = await hasher.hash('right-Password-1');
    expect(await hasher.verify('wrong-Password-1', hash)).to.equal(false);
    expect(await hasher.verify('right-Password-1', hash)).to.equal(true);
    expect(await hasher.verify('right-Password-1', hash)).to.equal(true);
    expect(await hasher.verify('wrong-Password-1', hash)).to.equal(false);
    expect(await hasher.verify('right-Password-1x', hash)).to.equal(false);
  });

  it('a match is known for one hash only: another hash of another password is checked for itself', async () => {
    const hasher = new ScryptPasswordHasher(settings);
    const first = await hasher.hash('first-Password-1');
    const second = await new ScryptPasswordHasher(settings).hash('second-Password-1');
    expect(await hasher.verify('first-Password-1', second)).to.equal(false);
    expect(await hasher.verify('second-Password-1', second)).to.equal(true);
    expect(await hasher.verify('second-Password-1', first)).to.equal(false);
  });

  it('a hasher of another process knows nothing: it verifies with a full derivation and agrees', async () => {
    const hash = await new ScryptPasswordHasher(settings).hash('shared-Password-1');
    const other = new ScryptPasswordHasher(settings);
    expect(await other.verify('shared-Password-1', hash)).to.equal(true);
    expect(await other.verify('shared-Password-2', hash)).to.equal(false);
  });
});

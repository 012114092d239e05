import { randomBytes } from 'node:crypto';
import { hashSecret, needsRehash, verifySecret, type ScryptParameters } from '@gwsim/secret-hash';
import { inject, injectable } from 'inversify';
import { IdentitySettings } from '../../IdentitySettings.js';
import { PasswordHasher } from '../domain/PasswordHasher.js';

/** scrypt through @gwsim/secret-hash, with log2 N = the configured kdfCost (r = 8, p = 1). */
@injectable()
export class ScryptPasswordHasher extends PasswordHasher {
  private readonly parameters: ScryptParameters;
  private dummy: Promise<string> | undefined;

  constructor(@inject(IdentitySettings) settings: IdentitySettings) {
    super();
    this.parameters = Object.freeze({ logN: settings.kdfCost, r: 8, p: 1 });
  }

  hash(password: string): Promise<string> {
    return hashSecret(password, this.parameters);
  }

  verify(password: string, hash: string): Promise<boolean> {
    return verifySecret(password, hash);
  }

  async verifyDummy(password: string): Promise<false> {
    this.dummy ??= hashSecret(randomBytes(16).toString('base64'), this.parameters);
    await verifySecret(password, await this.dummy);
    return false;
  }

  needsRehash(hash: string): boolean {
    return needsRehash(hash, this.parameters);
  }
}

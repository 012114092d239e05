import { randomBytes, randomUUID } from 'node:crypto';
import { injectable } from 'inversify';
import { IdGenerator } from '../domain/IdGenerator.js';

@injectable()
export class CryptoIdGenerator extends IdGenerator {
  uuid(): string {
    return randomUUID();
  }

  token(): string {
    return randomBytes(24).toString('base64url');
  }
}

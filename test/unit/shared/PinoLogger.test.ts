import { expect } from 'chai';
import { QueryFailedError } from 'typeorm';
import { PinoLogger } from '../../../src/shared/infrastructure/PinoLogger.js';

function capturing(): { logger: PinoLogger; lines: () => Array<Record<string, any>>; text: () => string } {
  const written: string[] = [];
  const logger = PinoLogger.create('debug', {
    write: (line: string) => {
      written.push(line);
    },
  });
  return {
    logger,
    lines: () => written.map((line) => JSON.parse(line) as Record<string, any>),
    text: () => written.join(''),
  };
}

const BIND_PASSWORD = 'Ldap-Bind-S3cret!';

/** What TypeORM's PostgreSQL driver throws when a statement fails: statement, parameters and pg's error. */
function databaseError(): QueryFailedError {
  const driverError = Object.assign(new Error(`invalid input syntax for type integer: "${BIND_PASSWORD}"`), {
    code: '22P02',
    detail: `Key (bind_password)=(${BIND_PASSWORD}) already exists.`,
    severity: 'ERROR',
  });
  return new QueryFailedError(
    'INSERT INTO ldap_authority (id, bind_password) VALUES ($1, $2)',
    ['corp', BIND_PASSWORD],
    driverError,
  );
}

describe('PinoLogger', () => {
  it('logs a database error without its statement, parameters, driver detail or a message quoting a value', () => {
    const { logger, lines, text } = capturing();
    logger.child({ requestId: 'r-1' }).error({ err: databaseError() }, 'unhandled error');
    expect(text()).to.not.contain(BIND_PASSWORD);
    const [line] = lines();
    expect(line!['requestId']).to.equal('r-1');
    expect(line!['err']).to.not.have.any.keys('parameters', 'query', 'driverError', 'detail');
    expect(line!['err'].message).to.equal('database query failed (SQLSTATE 22P02)');
    expect(line!['err'].stack)
      .to.match(/^QueryFailedError: database query failed/)
      .and.contain(' at ');
  });

  it('redacts fields named like passwords, secrets and keys at any depth, in fields and in child bindings', () => {
    const { logger, text, lines } = capturing();
    logger.child({ bindPassword: BIND_PASSWORD }).warn(
      {
        user: 'alice',
        body: { ldap: [{ bindPassword: BIND_PASSWORD, sharedSecret: 's1', privateKey: 'k1', name: 'corp' }] },
        localPassword: BIND_PASSWORD,
      },
      'something odd',
    );
    expect(text()).to.not.contain(BIND_PASSWORD).and.not.contain('"s1"').and.not.contain('"k1"');
    const [line] = lines();
    expect(line!['user']).to.equal('alice');
    expect(line!['body'].ldap[0]).to.deep.equal({
      bindPassword: '[redacted]',
      sharedSecret: '[redacted]',
      privateKey: '[redacted]',
      name: 'corp',
    });
  });

  it('keeps an ordinary error whole: message and stack', () => {
    const { logger, lines } = capturing();
    logger.error({ err: new TypeError('x is not a function') }, 'unhandled error');
    expect(lines()[0]!['err']).to.include({ type: 'TypeError', message: 'x is not a function' });
    expect(lines()[0]!['err'].stack).to.contain('TypeError: x is not a function');
  });
});

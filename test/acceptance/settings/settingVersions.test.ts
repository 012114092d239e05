import { expect } from 'chai';
import type { ApiClient, ApiResponse } from '../../support/ApiClient.js';
import { expectError } from '../../support/expectError.js';
import { TestGateway } from '../../support/TestGateway.js';

/** The per-lab settings on the wire: each get answers its version as ETag, each set honours If-Match. */
const SETTINGS = [
  {
    name: 'the password policy',
    get: '/api/passwordPolicy/get',
    set: '/api/passwordPolicy/set',
    method: 'post' as const,
    first: {
      minLength: 8,
      maxLength: 64,
      minDigits: 1,
      minCharacters: 0,
      minLowerCase: 0,
      minUpperCase: 0,
      minSpecial: 0,
      constraintAreas: 0,
      patterns: true,
      blacklist: [{ value: 'gwsim' }],
      addUsernameToBlacklist: false,
    },
    second: {
      minLength: 9,
      maxLength: 64,
      minDigits: 0,
      minCharacters: 0,
      minLowerCase: 0,
      minUpperCase: 0,
      minSpecial: 0,
      constraintAreas: 0,
      patterns: false,
      blacklist: [],
      addUsernameToBlacklist: true,
    },
  },
  {
    name: 'the login policy',
    get: '/api/loginPolicy/get',
    set: '/api/loginPolicy/set',
    method: 'post' as const,
    first: {
      minLoginDelay: 1,
      maxLoginDelay: 8,
      attemptsUntilBlocked: 4,
      showLoginFailureMessage: false,
      passwordExpiration: 30,
      passwordExpirationWarning: 5,
      maxObsoletePasswords: 2,
      passwordUnchangeableMinutes: 0,
    },
    second: {
      minLoginDelay: 0,
      maxLoginDelay: 30,
      attemptsUntilBlocked: 6,
      showLoginFailureMessage: true,
      passwordExpiration: 0,
      passwordExpirationWarning: 14,
      maxObsoletePasswords: 3,
      passwordUnchangeableMinutes: 10,
    },
  },
  {
    name: 'maintenance mode',
    get: '/api/maintenanceMode/get',
    set: '/api/maintenanceMode/set',
    method: 'put' as const,
    first: { modeActive: true },
    second: { modeActive: false },
  },
];

for (const store of ['database', 'memory'] as const) {
  describe(`per-lab settings carry their version as ETag and refuse stale writes (${store} store)`, function () {
    this.timeout(60000);
    let gateway: TestGateway;
    let admin: ApiClient;

    before(async () => {
      gateway = await TestGateway.start({ store });
      admin = gateway.admin();
    });
    after(() => gateway.stop());

    for (const setting of SETTINGS) {
      describe(setting.name, () => {
        const set = (json: unknown, ifMatch?: string) =>
          admin[setting.method](setting.set, {
            json,
            ...(ifMatch === undefined ? {} : { headers: { 'if-match': ifMatch } }),
          });
        const read = () => admin.get(setting.get);
        const expectAnswer = (response: ApiResponse, json: unknown, etag: string) => {
          expect(response.status, response.text).to.equal(200);
          expect([response.json, response.headers.get('etag')]).to.deep.equal([json, etag]);
        };

        it('answers ETag "0" until set; a set without If-Match stays unconditional and answers the next ETag', async () => {
          const initial = await read();
          expect([initial.status, initial.headers.get('etag')]).to.deep.equal([200, '"0"']);
          expectAnswer(await set(setting.first), setting.first, '"1"');
          expectAnswer(await read(), setting.first, '"1"');
          expectAnswer(await set(setting.first), setting.first, '"2"');
        });

        it('takes a set whose If-Match names the current version (strong, weak or bare) and refuses a stale one with 409, keeping the value', async () => {
          const etag = (await read()).headers.get('etag')!;
          const version = Number(JSON.parse(etag));
          expectAnswer(await set(setting.second, etag), setting.second, `"${version + 1}"`);
          expectAnswer(await set(setting.first, `W/"${version + 1}"`), setting.first, `"${version + 2}"`);
          expectAnswer(await set(setting.second, String(version + 2)), setting.second, `"${version + 3}"`);
          expectError(await set(setting.first, etag), 409, 'STALE_VERSION');
          expectError(await set(setting.first, '"999"'), 409, 'STALE_VERSION');
          expectAnswer(await read(), setting.second, `"${version + 3}"`);
        });

        it('lets exactly one of two sets holding the same ETag through', async () => {
          const etag = (await read()).headers.get('etag')!;
          const answers = await Promise.all([set(setting.first, etag), set(setting.second, etag)]);
          expect(answers.map((a) => a.status).sort()).to.deep.equal([200, 409]);
          const winner = answers.find((a) => a.status === 200)!;
          expectAnswer(await read(), winner.json, winner.headers.get('etag')!);
        });

        it('refuses an If-Match that is no ETag with 400 INVALID_IF_MATCH, changing nothing', async () => {
          const before = await read();
          for (const header of ['*', 'abc', '"1", "2"', '"-1"']) {
            const refused = await set(setting.first, header);
            expectError(refused, 400, 'INVALID_IF_MATCH');
            expect(refused.json.error.details[0].field).to.equal('If-Match');
          }
          expectAnswer(await read(), before.json, before.headers.get('etag')!);
        });
      });
    }
  });
}

import { expect } from 'chai';
import { injectable } from 'inversify';
import { OPERATIONS } from '../../../src/app/operations.js';
import { operation } from '../../../src/shared/interface/http/Operation.js';
import { Reply } from '../../../src/shared/interface/http/Reply.js';
import type { OperationDefinition } from '../../../src/shared/interface/http/Operation.js';
import { grants, PERMISSION_CODES, requirementOf, type PermissionCode } from '../../../src/shared/domain/Permission.js';
import type { ApiClient } from '../../support/ApiClient.js';
import { TestGateway } from '../../support/TestGateway.js';
import { addLocalUser, addRole, expectError, permissionsFor } from './identitySupport.js';

/**
 * For every permission code: an operation of the table that needs it; a user whose custom role grants exactly
 * that operation's permissions gets past the permission check (whatever the operation then says about the
 * missing input, it is not 403), and a user whose role lacks only that code gets 403 naming it.
 */
function candidateFor(code: PermissionCode): OperationDefinition | undefined {
  const candidates = [...OPERATIONS, ...PROBES]
    .filter((op) => op.permissions.includes(code))
    .filter((op) => !grants(permissionsFor(op.permissions.filter((c) => c !== code)), code));
  const score = (op: OperationDefinition) =>
    (PROBES.includes(op) ? 100 : 0) +
    (op.method === 'GET' ? 0 : 10) +
    (op.path.endsWith('/get') ? 0 : 5) +
    op.permissions.length;
  return [...candidates].sort((a, b) => score(a) - score(b))[0];
}

/**
 * Codes that no operation of the table needs yet (their areas come later) are checked through a probe
 * operation mounted for this test only: API plus the code, answered by the real identity context's principal.
 */
@injectable()
class PermissionProbe {
  async answer() {
    return Reply.text('granted');
  }
}

const PROBES: OperationDefinition[] = PERMISSION_CODES.filter(
  (code) => code !== 'API' && !OPERATIONS.some((op) => op.permissions.includes(code)),
).map((code) =>
  operation({
    area: 'test',
    method: 'GET',
    path: `/api/test/probe/${code}`,
    version: 0,
    permissions: ['API', code],
    body: 'none',
    summary: `needs ${code}`,
    controller: PermissionProbe,
    handle: (c) => c.answer(),
  }),
);

describe('custom roles grant exactly their permissions, for every permission code', function () {
  this.timeout(120000);
  let gateway: TestGateway;
  let admin: ApiClient;

  before(async () => {
    gateway = await TestGateway.start({ extraOperations: { operations: PROBES, controllers: [PermissionProbe] } });
    admin = gateway.admin();
  });
  after(() => gateway.stop());

  for (const code of PERMISSION_CODES) {
    const op = candidateFor(code);
    if (!op) throw new Error(`no operation or probe requires ${code}`);
    it(`${code} (via ${op.method} ${op.path}): granted → not 403, withheld → 403`, async () => {
      const slug = code.toLowerCase().replace('-', '_');
      const password = `Perm-${slug}-Pw-8`;
      await addRole(admin, `with_${slug}`, permissionsFor(op.permissions));
      await addRole(admin, `without_${slug}`, permissionsFor(op.permissions.filter((c) => c !== code)));
      await addLocalUser(admin, `with_${slug}`, password, { roleIds: [`with_${slug}`] });
      await addLocalUser(admin, `without_${slug}`, password, { roleIds: [`without_${slug}`] });

      const granted = await gateway
        .client(`with_${slug}`, password)
        .request(op.method, op.path, { version: op.version });
      expect(
        granted.status,
        `${op.method} ${op.path} with ${op.permissions.join(', ')}: ${granted.text.slice(0, 300)}`,
      ).to.not.be.oneOf([401, 403]);
      expect(granted.status, `${op.method} ${op.path}: ${granted.text.slice(0, 300)}`).to.be.below(500);

      const withheld = await gateway
        .client(`without_${slug}`, password)
        .request(op.method, op.path, { version: op.version });
      expectError(withheld, 403, 'PERMISSION_DENIED');
      expect(
        withheld.json.error.details.map((d: { field: string; rule: string }) => `${d.field}: ${d.rule}`),
        `${op.method} ${op.path}`,
      ).to.deep.equal([`${requirementOf(code).field}: ${requirementOf(code).level}`]);
    });
  }

  it('tells which operation stood for each code', () => {
    const chosen = PERMISSION_CODES.map((code) => [code, candidateFor(code)] as const);
    for (const [code, op] of chosen) {
      if (op) expect(op.permissions, code).to.include(code);
    }
    expect(chosen.filter(([, op]) => op).length).to.be.greaterThan(0);
  });
});

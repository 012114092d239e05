import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import { OPERATIONS } from '../../../src/app/operations.js';
import { PERMISSION_CODES } from '../../../src/shared/domain/Permission.js';

/** The specification's list of operations (area, method, path, version), kept beside the tests. */
const SPEC = readFileSync(path.resolve(__dirname, '../../../../test/support/operations.tsv'), 'utf8')
  .trim()
  .split('\n')
  .slice(1)
  .map((line) => {
    const [area, method, opPath, version] = line.split('\t') as [string, string, string, string];
    return { area, method, path: opPath, version: Number(version) };
  });

/** The permissions each operation requires, from the specification's endpoint tables. */
const PERMISSIONS = new Map(
  readFileSync(path.resolve(__dirname, '../../../../test/support/operation-permissions.tsv'), 'utf8')
    .trim()
    .split('\n')
    .slice(1)
    .map((line) => {
      const [method, opPath, codes] = line.split('\t') as [string, string, string];
      return [`${method} ${opPath}`, codes.split(',').sort()] as const;
    }),
);

/** What the landed issues promise, by area of the specification. */
const PROMISED_AREAS = ['Version and system', 'Users, roles, policies', 'Configuration lifecycle', 'Detached objects'];

/** The operations beyond the specification and the permissions the real product's notes give them. */
const BEYOND: Readonly<Record<string, readonly string[]>> = { 'GET /api/dashboard/get': ['API', 'MON-R'] };

describe('the operation table', () => {
  it("serves the operations beyond the specification that the real product's clients call, with their permissions", () => {
    const beyond = OPERATIONS.filter((op) => op.beyondSpecification !== undefined);
    expect(beyond.map((op) => `${op.method} ${op.path}`).sort()).to.deep.equal(Object.keys(BEYOND).sort());
    for (const op of beyond) expect([...op.permissions].sort()).to.deep.equal([...BEYOND[`${op.method} ${op.path}`]!]);
  });

  it('lists the 141 operations of the specification in its reference copy', () => {
    expect(SPEC).to.have.length(141);
  });

  it('serves only operations of the specification, each at its method, path and version, but those marked beyond it', () => {
    for (const op of OPERATIONS) {
      if (op.beyondSpecification !== undefined) {
        const listed = SPEC.some((s) => s.path === op.path && s.method === op.method);
        expect(listed, `${op.method} ${op.path} is marked beyond the specification but is in it`).to.equal(false);
        continue;
      }
      const spec = SPEC.find((s) => s.path === op.path && s.method === op.method);
      expect(spec, `${op.method} ${op.path} is not in the specification`).to.not.equal(undefined);
      expect(op.version, `${op.method} ${op.path}`).to.equal(spec!.version);
    }
  });

  it('serves every operation of the areas built so far', () => {
    const served = new Set(OPERATIONS.map((op) => `${op.method} ${op.path}`));
    const missing = SPEC.filter((s) => PROMISED_AREAS.includes(s.area)).filter(
      (s) => !served.has(`${s.method} ${s.path}`),
    );
    expect(missing.map((s) => `${s.method} ${s.path}`)).to.deep.equal([]);
  });

  it('requires exactly the permissions the specification lists for each operation', () => {
    expect(PERMISSIONS.size).to.equal(141);
    for (const op of OPERATIONS.filter((o) => o.beyondSpecification === undefined)) {
      expect([...op.permissions].sort(), `${op.method} ${op.path}`).to.deep.equal(
        PERMISSIONS.get(`${op.method} ${op.path}`),
      );
    }
  });

  it('gives every operation at least one known permission code and a summary', () => {
    for (const op of OPERATIONS) {
      expect(op.permissions.length, `${op.method} ${op.path}`).to.be.greaterThan(0);
      for (const code of op.permissions) expect(PERMISSION_CODES, `${op.method} ${op.path}`).to.include(code);
      expect(op.summary.length, `${op.method} ${op.path}`).to.be.greaterThan(0);
    }
  });
});

import { expect } from 'chai';
import {
  grants,
  missingPermissions,
  NO_PERMISSIONS,
  PERMISSION_CODES,
  requirementOf,
  type PermissionSet,
} from '../../../src/shared/domain/Permission.js';

describe('permission codes', () => {
  it('are granted by nothing in a role without permissions', () => {
    for (const code of PERMISSION_CODES) expect(grants(NO_PERMISSIONS, code), code).to.equal(false);
  });

  it('each need exactly its field: READ_WRITE_ACCESS implies READ_ACCESS, never the reverse', () => {
    for (const code of PERMISSION_CODES) {
      const { field } = requirementOf(code);
      const graded = code.endsWith('-R') || code.endsWith('-W');
      const top = { ...NO_PERMISSIONS, [field]: graded ? 'READ_WRITE_ACCESS' : 'ACCESS' } as PermissionSet;
      expect(grants(top, code), code).to.equal(true);
      if (graded) {
        const read = { ...NO_PERMISSIONS, [field]: 'READ_ACCESS' } as PermissionSet;
        expect(grants(read, code), `${code} with READ_ACCESS`).to.equal(code.endsWith('-R'));
      }
      const others = PERMISSION_CODES.filter((other) => requirementOf(other).field !== field);
      expect(missingPermissions(top, others)).to.deep.equal(others);
    }
  });
});

import { expect } from 'chai';
import { DomainError } from '../../../src/shared/domain/DomainError.js';
import { DEFAULT_LAB } from '../../../src/shared/domain/LabId.js';
import { grants, NO_PERMISSIONS, PERMISSION_CODES, type PermissionSet } from '../../../src/shared/domain/Permission.js';
import { BuiltInRoles } from '../../../src/contexts/identity/roles/domain/BuiltInRoles.js';
import { Role } from '../../../src/contexts/identity/roles/domain/Role.js';
import { unionOfPermissions } from '../../../src/contexts/identity/roles/domain/unionOfPermissions.js';

describe('roles', () => {
  it('ADMINISTRATOR grants every permission code, and mediaRecording is NO_ACCESS', () => {
    const admin = BuiltInRoles.find(DEFAULT_LAB, 'ADMINISTRATOR')!;
    for (const code of PERMISSION_CODES) expect(grants(admin.permissions, code), code).to.equal(true);
    expect(admin.permissions.mediaRecording).to.equal('NO_ACCESS');
    expect(admin.permissions.backends).to.equal('READ_WRITE_ACCESS');
  });

  it('CALL_HISTORY_EXPORTER grants only API and MON-R', () => {
    const exporter = BuiltInRoles.find(DEFAULT_LAB, 'CALL_HISTORY_EXPORTER')!;
    expect(PERMISSION_CODES.filter((code) => grants(exporter.permissions, code))).to.deep.equal(['API', 'MON-R']);
    expect(exporter.permissions).to.deep.equal({ ...NO_PERMISSIONS, api: 'ACCESS', monitoringMode: 'READ_ACCESS' });
  });

  it('unite to the highest level per field', () => {
    const a = {
      ...NO_PERMISSIONS,
      api: 'ACCESS',
      monitoringMode: 'READ_ACCESS',
      configurationMode: 'READ_WRITE_ACCESS',
    } as PermissionSet;
    const b = {
      ...NO_PERMISSIONS,
      tracing: 'ACCESS',
      monitoringMode: 'READ_WRITE_ACCESS',
      configurationMode: 'READ_ACCESS',
    } as PermissionSet;
    expect(unionOfPermissions([a, b])).to.deep.equal({
      ...NO_PERMISSIONS,
      api: 'ACCESS',
      tracing: 'ACCESS',
      monitoringMode: 'READ_WRITE_ACCESS',
      configurationMode: 'READ_WRITE_ACCESS',
    });
    expect(unionOfPermissions([])).to.deep.equal(NO_PERMISSIONS);
  });

  it('refuse an empty id, a control character and a permission value the field cannot take, naming each', () => {
    let error: unknown;
    try {
      Role.create(DEFAULT_LAB, ' ', 'bad\u0001name', {
        ...NO_PERMISSIONS,
        api: 'READ_ACCESS',
        backends: 'ACCESS',
      } as unknown as PermissionSet);
    } catch (e) {
      error = e;
    }
    expect(error).to.be.instanceOf(DomainError);
    expect((error as DomainError).details.map((d) => d.field)).to.have.members([
      'id',
      'displayName',
      'permissions.api',
      'permissions.backends',
    ]);
  });

  it('are named by id or display name', () => {
    const role = Role.create(DEFAULT_LAB, 'ops', 'Operators', NO_PERMISSIONS);
    expect(role.isNamed('ops')).to.equal(true);
    expect(role.isNamed('Operators')).to.equal(true);
    expect(role.isNamed('operators')).to.equal(false);
  });
});

import 'reflect-metadata';
import Ajv from 'ajv';
import { expect } from 'chai';
const { defaultMetadataStorage } =
  require('class-transformer/cjs/storage') as typeof import('class-transformer/types/storage');
import { validationMetadatasToSchemas } from 'class-validator-jsonschema';
import { WireDates } from '../../../src/shared/interface/http/WireDates.js';
import { identityOperations } from '../../../src/contexts/identity/identityOperations.js';
import { LdapAuthorityView } from '../../../src/contexts/identity/directory/interface/http/LdapAuthorityView.js';
import { SIMULATED_AUTHORITIES } from '../../../src/contexts/identity/directory/infrastructure/SimulatedLdapDirectory.js';
import { LoginPolicy } from '../../../src/contexts/identity/policies/domain/LoginPolicy.js';
import { RoleView } from '../../../src/contexts/identity/roles/interface/http/RoleView.js';
import { UserAccount } from '../../../src/contexts/identity/users/domain/UserAccount.js';
import { UserView } from '../../../src/contexts/identity/users/interface/http/UserView.js';
import { DEFAULT_LAB } from '../../../src/shared/domain/LabId.js';
import { RoleMother, T0, UserMother } from './support/IdentityMother.js';

/**
 * The response classes are the schemas of /openapi.json (class-validator-jsonschema). Every answer the mapping
 * can give must match its class's schema exactly: no member the class does not declare (additionalProperties
 * is switched off here), every required one present, each of the declared type.
 */
describe('identity answers match the response shapes their operations declare', () => {
  const definitions = validationMetadatasToSchemas({
    classTransformerMetadataStorage: defaultMetadataStorage,
    refPointerPrefix: '#/definitions/',
  });
  const strict = Object.fromEntries(
    Object.entries(definitions).map(([name, schema]) => [name, { ...schema, additionalProperties: false }]),
  );
  const ajv = new Ajv({ allErrors: true });
  ajv.addSchema({ $id: 'identity', definitions: strict });
  const check = (shape: string, value: unknown) => {
    const validate = ajv.getSchema(`identity#/definitions/${shape}`)!;
    expect(validate(JSON.parse(JSON.stringify(value))), JSON.stringify(validate.errors)).to.equal(true);
  };

  it('declares a request and response shape on every identity operation outside the policies', () => {
    for (const op of identityOperations.filter((o) => !/Policy/.test(o.path))) {
      expect(op.response, op.path).to.not.equal(undefined);
      if (op.body === 'json') expect(op.request, op.path).to.not.equal(undefined);
    }
    const shapes = identityOperations
      .map((o) => (o.response?.kind === 'json' ? o.response.shape : undefined))
      .filter(Boolean);
    expect(shapes).to.include.members([UserView, RoleView, LdapAuthorityView]);
  });

  it('describes nested and optional members of a user', () => {
    const user = definitions['UserView']!;
    expect(user.required).to.deep.equal(['displayName', 'enabled']);
    expect(user.properties!['ldapUsers']).to.deep.equal({
      type: 'array',
      items: { $ref: '#/definitions/LdapUserView' },
    });
    expect(user.properties!['local']).to.deep.equal({ $ref: '#/definitions/LocalLoginView' });
    expect(definitions['LdapUserView']!.required).to.deep.equal(['name', 'ldapAuthorityId']);
  });

  it('a full user, a blocked directory user, the built-in administrator: every form of UserView', () => {
    const dates = new WireDates();
    const local = UserMother.with({ roleIds: ['ADMINISTRATOR', 'reader'], emailAddress: 'a@b.test' });
    local.recordSuccessfulLogin(T0);
    check('UserView', UserView.of(local, dates));
    const policy = LoginPolicy.of(DEFAULT_LAB, { ...LoginPolicy.initial(DEFAULT_LAB).values, attemptsUntilBlocked: 1 });
    const directory = UserMother.with({
      loginLocally: false,
      localUsername: undefined,
      passwordHash: undefined,
      ldapLogin: true,
      ldapUsers: [{ name: 'bob', ldapAuthorityId: '5f0c1e2a-7b3d-4c8e-9a61-2d4f8b0e1a01' }],
    });
    directory.recordFailedLogin(T0, policy);
    const blocked = UserView.of(directory, new WireDates('ISO-8601'));
    expect(blocked).to.include.keys('blockedUntil', 'lastFailedLogin');
    check('UserView', blocked);
    const admin = UserAccount.builtInAdministrator(DEFAULT_LAB, 'admin-id', 'anadmin', 'scrypt$h', 'scrypt$f', T0);
    check('UserView', UserView.of(admin, dates));
    expect(Object.keys(UserView.of(admin, dates))).to.deep.equal(['displayName', 'enabled']);
  });

  it('roles and directory authorities', () => {
    check('RoleView', RoleView.of(RoleMother.with('reader', { monitoringMode: 'READ_ACCESS' })));
    for (const authority of SIMULATED_AUTHORITIES) check('LdapAuthorityView', LdapAuthorityView.of(authority));
  });
});

import { operation } from '../../shared/interface/http/Operation.js';
import { LdapAuthoritiesController } from './directory/interface/http/LdapAuthoritiesController.js';
import { LdapAuthorityView } from './directory/interface/http/LdapAuthorityView.js';
import { PoliciesController } from './policies/interface/http/PoliciesController.js';
import { RoleDto } from './roles/interface/http/RoleDto.js';
import { LoginPolicyView, PasswordPolicyView } from './policies/interface/http/PolicyViews.js';
import { LoginPolicyDto, PasswordPolicyDto } from './policies/interface/http/PolicyDtos.js';
import { RolesController } from './roles/interface/http/RolesController.js';
import { RoleView } from './roles/interface/http/RoleView.js';
import { AddUserDto } from './users/interface/http/AddUserDto.js';
import { UsersController } from './users/interface/http/UsersController.js';
import { UserView } from './users/interface/http/UserView.js';

const area = 'Users, roles, policies';

/** The identity operations, permissions exactly as the specification's table (role add/remove: UM-W only). */
export const identityOperations = [
  operation({
    area,
    method: 'GET',
    path: '/api/users/get',
    version: 0,
    permissions: ['API', 'UM-R'],
    body: 'none',
    summary: 'All users (CustomUserOptions; the built-in administrator in reduced form)',
    response: { kind: 'json', shape: UserView, array: true },
    controller: UsersController,
    handle: (c, r) => c.get(r),
  }),
  operation({
    area,
    method: 'POST',
    path: '/api/users/add',
    version: 0,
    permissions: ['API', 'UM-W'],
    body: 'json',
    summary: 'Create a user from AddUserData; answers the user (CustomUserOptions)',
    request: AddUserDto,
    response: { kind: 'json', shape: UserView },
    controller: UsersController,
    handle: (c, r) => c.add(r),
  }),
  operation({
    area,
    method: 'DELETE',
    path: '/api/users/remove',
    version: 0,
    permissions: ['API', 'UM-W'],
    body: 'none',
    summary: 'Remove the user named by ?user= (id or name); answers an empty 200 and ends its sessions',
    query: [
      { name: 'user', type: 'string', required: true, description: 'id, local username or display name of the user' },
    ],
    response: { kind: 'empty' },
    controller: UsersController,
    handle: (c, r) => c.remove(r),
  }),
  operation({
    area,
    method: 'POST',
    path: '/api/users/changePassword',
    version: 0,
    permissions: ['API', 'UM-W'],
    body: 'none',
    summary:
      "Set a local password (query: user, oldPassword, newPassword, passwordChange); one's own needs oldPassword, an administrator setting another user's does not and lifts its block; answers a text confirmation",
    query: [
      { name: 'user', type: 'string', required: true, description: 'the user (id or name)' },
      {
        name: 'oldPassword',
        type: 'string',
        description:
          "the current password: required to change one's own password; not looked at when an administrator sets another user's password (which also lifts its block)",
      },
      {
        name: 'newPassword',
        type: 'string',
        required: true,
        description: 'the new password (checked against the password policy and history)',
      },
      {
        name: 'passwordChange',
        type: 'string',
        values: ['NOT_NECESSARY', 'REQUIERED', 'RECOMMENDED'],
        description: 'whether and when the password must change next',
      },
    ],
    response: { kind: 'text', example: "Password of user 'jdoe' changed" },
    controller: UsersController,
    handle: (c, r) => c.changePasswordOf(r),
  }),
  operation({
    area,
    method: 'GET',
    path: '/api/users/ldapAuthorities/get',
    version: 0,
    permissions: ['API', 'UM-R'],
    body: 'none',
    summary: 'The directory (LDAP) authorities users can log in through',
    response: { kind: 'json', shape: LdapAuthorityView, array: true },
    controller: LdapAuthoritiesController,
    handle: (c) => c.get(),
  }),
  operation({
    area,
    method: 'GET',
    path: '/api/passwordPolicy/get',
    version: 0,
    permissions: ['API', 'UM-R'],
    body: 'none',
    summary: 'The password policy; its version as ETag',
    response: { kind: 'json', shape: PasswordPolicyView },
    controller: PoliciesController,
    handle: (c, r) => c.passwordPolicy(r),
  }),
  operation({
    area,
    method: 'POST',
    path: '/api/passwordPolicy/set',
    version: 0,
    permissions: ['API', 'UM-W'],
    body: 'json',
    summary:
      'Replace the password policy (applies at once; If-Match: 409 STALE_VERSION when it changed since); answers it with its new ETag',
    request: PasswordPolicyDto,
    response: { kind: 'json', shape: PasswordPolicyView },
    controller: PoliciesController,
    handle: (c, r) => c.changePasswordPolicy(r),
  }),
  operation({
    area,
    method: 'GET',
    path: '/api/loginPolicy/get',
    version: 0,
    permissions: ['API', 'UM-R'],
    body: 'none',
    summary: 'The login policy; its version as ETag',
    response: { kind: 'json', shape: LoginPolicyView },
    controller: PoliciesController,
    handle: (c, r) => c.loginPolicy(r),
  }),
  operation({
    area,
    method: 'POST',
    path: '/api/loginPolicy/set',
    version: 0,
    permissions: ['API', 'UM-W'],
    body: 'json',
    summary:
      'Replace the login policy (applies to every later login; If-Match: 409 STALE_VERSION when it changed since); answers it with its new ETag',
    request: LoginPolicyDto,
    response: { kind: 'json', shape: LoginPolicyView },
    controller: PoliciesController,
    handle: (c, r) => c.changeLoginPolicy(r),
  }),
  operation({
    area,
    method: 'GET',
    path: '/api/roles/get',
    version: 0,
    permissions: ['API', 'UM-R'],
    body: 'none',
    summary: 'The custom roles (built-in roles are not listed)',
    response: { kind: 'json', shape: RoleView, array: true },
    controller: RolesController,
    handle: (c, r) => c.get(r),
  }),
  operation({
    area,
    method: 'PUT',
    path: '/api/roles/add',
    version: 0,
    permissions: ['UM-W'],
    body: 'json',
    summary: 'Add a custom role with a caller-chosen id and the full permission object',
    request: RoleDto,
    response: { kind: 'json', shape: RoleView },
    controller: RolesController,
    handle: (c, r) => c.add(r),
  }),
  operation({
    area,
    method: 'DELETE',
    path: '/api/roles/remove',
    version: 0,
    permissions: ['UM-W'],
    body: 'none',
    summary: 'Remove the custom role named by ?role= (id or display name); answers the remaining roles',
    query: [{ name: 'role', type: 'string', required: true, description: 'id or display name of the custom role' }],
    response: { kind: 'json', shape: RoleView, array: true },
    controller: RolesController,
    handle: (c, r) => c.remove(r),
  }),
];

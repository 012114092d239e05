import { expect } from 'chai';
import {
  NO_PERMISSIONS,
  requirementOf,
  type PermissionCode,
  type PermissionSet,
} from '../../../src/shared/domain/Permission.js';
import type { ApiClient, ApiResponse } from '../../support/ApiClient.js';

const RANK: Record<string, number> = { NO_ACCESS: 0, ACCESS: 1, READ_ACCESS: 1, READ_WRITE_ACCESS: 2 };

/** The smallest permission object that grants every code given. */
export function permissionsFor(codes: readonly PermissionCode[]): PermissionSet {
  const result: Record<string, string> = { ...NO_PERMISSIONS };
  for (const code of codes) {
    const { field, level } = requirementOf(code);
    if (RANK[level]! > RANK[result[field]!]!) result[field] = level;
  }
  return result as unknown as PermissionSet;
}

export { expectError } from '../../support/expectError.js';

/** The fields an error's details name. */
export function detailFields(response: ApiResponse): string[] {
  return (response.json?.error?.details ?? []).map((d: { field?: string }) => d.field);
}

export async function addRole(
  admin: ApiClient,
  id: string,
  permissions: PermissionSet,
  displayName = id,
): Promise<void> {
  const response = await admin.put('/api/roles/add', { json: { id, displayName, permissions } });
  expect(response.status, response.text).to.equal(200);
}

export async function addLocalUser(
  admin: ApiClient,
  username: string,
  password: string,
  extra: Record<string, unknown> = {},
): Promise<any> {
  const response = await admin.post('/api/users/add', {
    json: {
      displayName: username,
      loginLocally: true,
      localUsername: username,
      localPassword: password,
      enabled: true,
      ldapLogin: null,
      roleIds: [],
      ...extra,
    },
  });
  expect(response.status, response.text).to.equal(200);
  return response.json;
}

/**
 * Sets the login policy to `base` with `values` over it (a 200 is asserted): suites read `base` once and put it
 * back after each test with `set({})`.
 */
export function loginPolicySetter(admin: ApiClient, base: () => Record<string, unknown>) {
  return async (values: Record<string, unknown>): Promise<void> => {
    const response = await admin.post('/api/loginPolicy/set', { json: { ...base(), ...values } });
    expect(response.status, response.text).to.equal(200);
  };
}

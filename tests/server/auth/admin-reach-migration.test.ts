// Migration 0016: Administrator roles made before it lose every grant on a company's data and
// keep the admin area's; company roles keep theirs.
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { up } from '../../../src/server/db/migrations/0016_admin_reach';
import type { HttpMethod, PermissionEntry, Scope } from '../../../src/shared/scopes';
import { addCompanyWithRoles, addRole, ownerSql } from '../../support/identity-fixtures';
import { createTestApp, type TestApp } from '../../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const entries = (endpoints: string[], type: Scope, methods: HttpMethod[] = ['GET', 'POST', 'PUT', 'DELETE']): PermissionEntry[] =>
  endpoints.flatMap((endpoint) => methods.map((method) => ({ endpoint, method, type })));
const grantsOf = async (roleId: string) =>
  (
    await ownerSql<{ grant: string }>(
      t,
      sql`select endpoint || ' ' || method || ' ' || type as grant from role_permissions where role_id = ${roleId} order by 1`,
    )
  ).map((row) => row.grant);

describe('migration 0016', () => {
  it('takes company data away from an Administrator role that has it and leaves the admin area', async () => {
    const companyData = ['/api/user-personal-details', '/api/user-notes', '/api/user-pay-rate', '/api/user-basic', '/api/company-settings'];
    const adminArea = ['/api/alerts', '/api/companies', '/api/access-requests', '/api/article'];
    const roleId = await addRole(t, {
      companyId: null,
      template: {
        name: 'Administrator',
        docsOnly: false,
        permissions: entries(
          [...companyData, '/api/user-absence', '/api/leave-type', '/api/company-notes', '/api/contact-us'],
          'global',
        ).concat(entries(adminArea, 'global', ['GET'])),
      },
    });
    const company = await addCompanyWithRoles(t);
    const ownerRole = company.roles.get('Owner') ?? '';
    const ownerBefore = await grantsOf(ownerRole);
    expect(ownerBefore).toContain('/api/user-personal-details GET company');

    await up(t.database.ownerDb as unknown as Kysely<unknown>);

    expect(await grantsOf(roleId)).toEqual([
      '/api/access-requests GET global',
      '/api/alerts GET global',
      '/api/article GET global',
      '/api/companies GET global',
      '/api/contact-us GET global',
    ]);
    expect(await grantsOf(ownerRole)).toEqual(ownerBefore);
  });
});

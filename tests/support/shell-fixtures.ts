// A company with the default roles and departments, and people in it signed in for real,
// for the shell's API suites (alerts, contact-us, settings, profile images).
import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import { createCompany, createDepartment, createRole, createUser } from '../../src/modules/auth/server/accounts.queries';
import { ADMINISTRATOR_ROLE, DEFAULT_COMPANY_ROLES } from '../../src/modules/auth/server/default-roles';
import { hashPassword } from '../../src/modules/auth/server/passwords';
import { withSystem } from '../../src/server/db/database';
import { FIXTURE_PASSWORD, postLogin } from './identity-fixtures';
import type { TestApp } from './test-app';

export type RoleName = 'Owner' | 'Manager' | 'Employee' | 'Docs only' | 'Administrator';
export type ShellCompany = { companyId: string | null; roles: Map<string, string>; departments: Record<string, string> };
export type Person = { id: string; email: string; companyId: string | null; headers: { authorization: string } };

let passwordHash: Promise<string> | undefined;

/** A company with every default role and the named departments; `null` for the administrators' side. */
export async function addShellCompany(t: TestApp, departments: string[] = ['Office', 'Operations']): Promise<ShellCompany> {
  return withSystem(t.database.ownerDb, async (trx) => {
    const companyId = await createCompany(trx, { name: `Company ${randomBytes(4).toString('hex')}` });
    const roles = new Map<string, string>();
    for (const template of DEFAULT_COMPANY_ROLES) roles.set(template.name, await createRole(trx, { companyId, template }));
    const ids: Record<string, string> = {};
    for (const name of departments) ids[name] = await createDepartment(trx, { companyId, name });
    return { companyId, roles, departments: ids };
  });
}

export async function addAdministrators(t: TestApp): Promise<ShellCompany> {
  const roleId = await withSystem(t.database.ownerDb, (trx) => createRole(trx, { companyId: null, template: ADMINISTRATOR_ROLE }));
  return { companyId: null, roles: new Map([[ADMINISTRATOR_ROLE.name, roleId]]), departments: {} };
}

/** A person with `role`, signed in through POST /api/login. */
export async function addPerson(
  t: TestApp,
  company: ShellCompany,
  options: { role: RoleName; department?: string; authorisedContact?: boolean; firstName?: string },
): Promise<Person> {
  passwordHash ??= hashPassword(FIXTURE_PASSWORD);
  const hash = await passwordHash;
  const email = `person-${randomBytes(5).toString('hex')}@example.test`;
  const id = await withSystem(t.database.ownerDb, (trx) =>
    createUser(trx, {
      companyId: company.companyId,
      email,
      firstName: options.firstName ?? options.role.split(' ')[0]!,
      surname: 'Tester',
      passwordHash: hash,
      status: 'active',
      roleId: company.roles.get(options.role) ?? null,
      departmentId: options.department ? (company.departments[options.department] ?? null) : null,
      authorisedContact: options.authorisedContact ?? false,
    }),
  );
  const res = await postLogin(t, { email });
  expect(res.statusCode, res.body).toBe(200);
  return { id, email, companyId: company.companyId, headers: { authorization: `Bearer ${res.json<{ auth_token: string }>().auth_token}` } };
}

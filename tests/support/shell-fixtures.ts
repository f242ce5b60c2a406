// A company with the default roles and departments, and people in it signed in for real,
// for the shell's API suites (alerts, contact-us, settings, profile images).
import { PRODUCT_ROLES } from '../../src/app/server/modules';
import { addCompanyWithRoles, addRole, addUser, bearer, inCompany, signIn, type CompanyFixture } from './identity-fixtures';
import type { TestApp } from './test-app';

export type RoleName = 'Owner' | 'HR admin' | 'Manager' | 'Employee' | 'Docs only' | 'Administrator';
/** A company's fixture, or the administrators' side (no company, the global role). */
export type ShellCompany = Omit<CompanyFixture, 'companyId'> & { companyId: string | null };
export type Person = { id: string; email: string; companyId: string | null; headers: { authorization: string } };

/** A company with every default role and the named departments. */
export function addShellCompany(t: TestApp, departments: string[] = ['Office', 'Operations']): Promise<ShellCompany> {
  return addCompanyWithRoles(t, { departments });
}

export async function addAdministrators(t: TestApp): Promise<ShellCompany> {
  const roleId = await addRole(t, { companyId: null, template: PRODUCT_ROLES.administrator });
  return { companyId: null, roles: new Map([[PRODUCT_ROLES.administrator.name, roleId]]), departments: {} };
}

/** A person with `role`, signed in through POST /api/login. */
export async function addPerson(
  t: TestApp,
  company: ShellCompany,
  options: { role: RoleName; department?: string; authorisedContact?: boolean; firstName?: string },
): Promise<Person> {
  const roleId = company.roles.get(options.role) ?? null;
  const user = await addUser(t, {
    company: company.companyId ? inCompany({ ...company, companyId: company.companyId }, options.role) : null,
    ...(company.companyId ? {} : roleId ? { roleId } : {}),
    departmentId: options.department ? (company.departments[options.department] ?? null) : null,
    authorisedContact: options.authorisedContact ?? false,
    firstName: options.firstName ?? options.role.split(' ')[0] ?? options.role,
    surname: 'Tester',
  });
  return { ...user, headers: bearer(await signIn(t, user)) };
}
